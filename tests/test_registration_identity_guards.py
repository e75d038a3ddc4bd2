"""Registration and rating updates from a list, as an organiser meets them (issue 29,
fresh-eyes test): one id is one player, the rating for pairing follows the organiser's
choice both ways, the time-control code decides the event's kind."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.ratings.kind import kind_for_time_control_code
from tests.ratinglist_builder import egd_line, fide_txt
from tests.test_ratinglists_registration import hakem, players

LIST = [
    dict(ID="34100001", Name="Ozturk, Ayse", Fed="TUR", Sex="F", Tit="IM", SRtng=2455, B_day=2001),
    dict(ID="34100002", Name="Kaya, Can", Fed="TUR", Sex="M", SRtng=1700, RRtng=1661, BRtng=1640, B_day=2010),
]


def _event(tmp_path: Path, *options: str) -> tuple[Path, str]:
    data = tmp_path / "data"
    (tmp_path / "fide.txt").write_text(fide_txt(LIST), encoding="utf-8")
    hakem(data, "lists", "import", tmp_path / "fide.txt", "--format", "fide", "--date", "2026-12")
    return data, hakem(data, "new", "Open", "--rounds", "5", *options).stdout.split()[-1]


# -- item 3: an id registered once -----------------------------------------------------------
def test_a_fide_id_is_registered_once(tmp_path: Path) -> None:
    data, tid = _event(tmp_path)
    hakem(data, "players", "add", tid, "--fide-id", "34100001")
    for extra in ((), ("--name", "Öztürk, Ayşe")):
        proc = hakem(data, "players", "add", tid, "--fide-id", "34100001", *extra, check=False)
        assert proc.returncode == 3
        assert "FIDE id 34100001 is already registered: number 1, Ozturk, Ayse" in proc.stderr
    # typed by hand, without the list, the same
    proc = hakem(data, "players", "add", tid, "--name", "Other, One", "--fide-id", "34100001", check=False)
    assert proc.returncode == 3 and "already registered" in proc.stderr
    assert len(players(data, tid)) == 1


def test_a_national_id_with_its_club_key_and_an_egd_pin_are_registered_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    tid = hakem(data, "new", "Open", "--rounds", "5").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--name", "Müller, Hans", "--national-id", "C0327-1086")
    proc = hakem(data, "players", "add", tid, "--name", "Müller, Hanna", "--national-id", "c0327-1086", check=False)
    assert proc.returncode == 3 and "national id C0327-1086 is already registered: number 1, Müller, Hans" in proc.stderr
    hakem(data, "players", "add", tid, "--name", "Müller, Hanna", "--national-id", "B0101-1086")  # another club
    (tmp_path / "egd.txt").write_text("European Go Database - all players (28 Nov 2026 09:00)\n"
                                      + egd_line("12345678", "Kovacs", "Peter", "HU", "Bud", "2d", 2210) + "\n",
                                      encoding="iso-8859-15")
    hakem(data, "lists", "import", tmp_path / "egd.txt", "--format", "egd")
    go = hakem(data, "new", "Go", "--rounds", "5", "--system", "mcmahon").stdout.split()[-1]
    hakem(data, "players", "add", go, "--egd-pin", "12345678")
    proc = hakem(data, "players", "add", go, "--egd-pin", "12345678", check=False)
    assert proc.returncode == 3 and "EGD pin 12345678 is already registered: number 1, Kovacs, Peter" in proc.stderr


# -- item 4: the rating for pairing, switched both ways --------------------------------------
def test_switching_the_rating_for_pairing_retakes_the_ratings_both_ways(tmp_path: Path) -> None:
    # Rapid event (15+10): by default the IM without a rapid rating is seeded by his standard
    # 2455; "kind" (the event's kind only) leaves him unrated (0) below Kaya's rapid 1661.
    data, tid = _event(tmp_path, "--time-control", "15+10")
    hakem(data, "players", "add", tid, "--fide-id", "34100001")
    hakem(data, "players", "add", tid, "--fide-id", "34100002")
    assert {p["name"]: (p["rating"], p["pno"]) for p in players(data, tid)} == {
        "Ozturk, Ayse": (2455, 1), "Kaya, Can": (1661, 2)}
    out = hakem(data, "players", "update-ratings", tid, "--rating-for-pairing", "kind").stdout
    assert "1 player(s) changed" in out
    assert {p["name"]: (p["rating"], p["pno"]) for p in players(data, tid)} == {
        "Ozturk, Ayse": (0, 2), "Kaya, Can": (1661, 1)}
    out = hakem(data, "players", "update-ratings", tid, "--rating-for-pairing", "rapid-standard").stdout
    assert "1 player(s) changed" in out
    assert {p["name"]: (p["rating"], p["pno"]) for p in players(data, tid)} == {
        "Ozturk, Ayse": (2455, 1), "Kaya, Can": (1661, 2)}


# -- item 5: the kind from the time-control code ---------------------------------------------
@pytest.mark.parametrize(("code", "kind"), [
    # TRF-2026 record 222: seconds; time for 60 moves = base + 60 × increment
    ("180+2", "blitz"),            # 180 s + 120 s = 5 min
    ("300+5", "blitz"),            # 300 + 300 = 10 min: blitz is 10 minutes or less (B.1)
    ("300+6", "rapid"),            # 300 + 360 = 11 min
    ("900+10", "rapid"),           # 15 + 10 = 25 min
    ("3000+10", "standard"),       # 50 + 10 = 60 min: rapid is less than 60 (A.1)
    ("5400+30", "standard"),
    ("40/6000+30:900+30", "standard"),
    ("W300-B240", "blitz"),
    ("", None), ("abc", None),
])
def test_the_kind_of_a_time_control_code(code: str, kind: str | None) -> None:
    assert kind_for_time_control_code(code) == kind


def test_an_event_given_only_a_code_is_seeded_by_its_kind(tmp_path: Path) -> None:
    data, tid = _event(tmp_path, "--time-control-code", "180+2")
    hakem(data, "players", "add", tid, "--fide-id", "34100002")
    assert [p["rating"] for p in players(data, tid)] == [1640]   # Kaya's blitz rating, not standard 1700


# -- item 9: the renumbering, one line a player ----------------------------------------------
def test_the_renumbering_is_printed_one_line_a_player(tmp_path: Path) -> None:
    data, tid = _event(tmp_path, "--time-control", "15+10")
    hakem(data, "players", "add", tid, "--fide-id", "34100001")
    hakem(data, "players", "add", tid, "--fide-id", "34100002")
    out = hakem(data, "players", "update-ratings", tid, "--rating-for-pairing", "kind").stdout
    moved = [line for line in out.splitlines() if re.match(r"^ +\d+ → +\d+  ", line)]
    assert moved == ["    2 →   1  Kaya, Can", "    1 →   2  Ozturk, Ayse"]
