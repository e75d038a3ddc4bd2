"""Registration from a rating list, rating updates, check-in and entry fees — through the
real ``hakem`` command, as an organiser would do it on the evening."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.ratings.kind import kind_for_time_control
from tests.ratinglist_builder import fide_txt, zipped

LIST = [
    dict(ID="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM", SRtng=2830, RRtng=2820,
         BRtng=2880, B_day=1990),
    dict(ID="34100001", Name="Ozturk, Ayse", Fed="TUR", Sex="F", Tit="IM", WTit="WGM", SRtng=2405,
         RRtng=2390, B_day=2001),
    dict(ID="34100002", Name="Kaya, Can", Fed="TUR", Sex="M", SRtng=1811, RRtng=1790, B_day=2010),
]


def hakem(data: Path, *args: object, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HAKEM_DATA": str(data), "HAKEM_USER": "arbiter"}
    proc = subprocess.run([sys.executable, "-m", "tui.launch", *map(str, args)], check=False, capture_output=True,
                          text=True, env=env, timeout=120)
    if check and proc.returncode != 0:
        raise AssertionError(f"hakem {' '.join(map(str, args))} -> {proc.returncode}: {proc.stderr}")
    assert "Traceback" not in proc.stderr
    return proc


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def players(data: Path, tid: str) -> list[dict[str, object]]:
    return json.loads(hakem(data, "players", "list", tid, "--format", "json").stdout)["players"]


@pytest.mark.parametrize(("control", "kind"), [
    ("90+30", "standard"), ("60", "standard"), ("45+15", "standard"), ("15+10", "rapid"),
    ("25", "rapid"), ("10", "blitz"), ("3+2", "blitz"), ("5+5", "blitz"), ("", None), ("G/90", None)])
def test_rating_kind_from_the_time_control(control: str, kind: str) -> None:
    # FIDE Laws: the time for 60 moves (base + 60 × increment) decides; rapid > 10 and < 60 min.
    assert kind_for_time_control(control) == kind


def test_register_by_fide_id_takes_the_event_kinds_rating(tmp_path: Path, data: Path) -> None:
    source = zipped(tmp_path / "standard_dec26frl.zip", "players_list_foa.txt", fide_txt(LIST))
    out = hakem(data, "lists", "import", source).stdout
    assert "3 players" in out and "2026-12" in out
    tid = hakem(data, "new", "Rapid Evening", "--rounds", "5", "--time-control", "15+10").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--fide-id", "34100001")
    hakem(data, "players", "add", tid, "--fide-id", "34100002", "--club", "Ankara SK")
    [ayse, can] = sorted(players(data, tid), key=lambda p: p["fide_id"])
    assert (ayse["name"], ayse["rating"], ayse["title"], ayse["federation"], ayse["birth"]) == (
        "Ozturk, Ayse", 2390, "IM", "TUR", "2001")
    assert (can["name"], can["rating"], can["club"]) == ("Kaya, Can", 1790, "Ankara SK")
    from core.store import Store

    t = Store(data).load(tid).tournament
    assert t.options["rating_list"] == {"name": "fide", "format": "fide", "date": "2026-12"}
    missing = hakem(data, "players", "add", tid, "--fide-id", "999", check=False)
    assert missing.returncode == 3 and "FIDE id 999 is not in rating list 'fide'" in missing.stderr
    assert len(players(data, tid)) == 2


def test_update_ratings_before_round_one_only(tmp_path: Path, data: Path) -> None:
    hakem(data, "lists", "import", zipped(tmp_path / "a.zip", "players_list_foa.txt", fide_txt(LIST)),
          "--date", "2026-11")
    tid = hakem(data, "new", "Open", "--rounds", "5").stdout.split()[-1]
    for fide_id in ("1503014", "34100001", "34100002"):
        hakem(data, "players", "add", tid, "--fide-id", fide_id)
    newer = [dict(p) for p in LIST]
    newer[2]["SRtng"] = 1850
    newer[1]["Tit"] = "GM"
    hakem(data, "lists", "import", zipped(tmp_path / "b.zip", "players_list_foa.txt", fide_txt(newer)),
          "--date", "2026-12")
    dry = hakem(data, "players", "update-ratings", tid, "--dry-run").stdout
    assert "rating 1811 → 1850" in dry and "title IM → GM" in dry and "nothing saved" in dry
    assert {p["rating"] for p in players(data, tid)} == {2830, 2405, 1811}
    out = hakem(data, "players", "update-ratings", tid).stdout
    assert "2 player(s) changed from list 'fide' (2026-12)" in out
    assert {p["rating"] for p in players(data, tid)} == {2830, 2405, 1850}
    hakem(data, "round", "pair", tid)
    late = hakem(data, "players", "update-ratings", tid, check=False)
    assert late.returncode == 3 and "only before round 1" in late.stderr


def test_checkin_absent_players_are_not_paired_and_late_arrivals_play_next_round(data: Path) -> None:
    tid = hakem(data, "new", "Blitz", "--rounds", "3").stdout.split()[-1]
    for name, rating in (("A, A", 2000), ("B, B", 1900), ("C, C", 1800), ("D, D", 1700), ("E, E", 1600)):
        hakem(data, "players", "add", tid, "--name", name, "--rating", rating)
    hakem(data, "checkin", tid, "--open")
    out = hakem(data, "checkin", tid, "1", "2", "3,4").stdout
    assert "4 of 5 present (check-in open)" in out
    shown = json.loads(hakem(data, "round", "pair", tid, "--format", "json").stdout)
    paired = {b["white"] for b in shown["boards"]} | {b["black"] for b in shown["boards"]}
    # numbers are by rating: E (1600) is number 5 and was not checked in
    assert paired == {1, 2, 3, 4}
    assert [(b["pno"], b["kind"]) for b in shown["byes"]] == [(5, "zero")]
    for board in shown["boards"]:
        hakem(data, "result", tid, 1, board["board"], "1-0")
    hakem(data, "checkin", tid, "5")
    hakem(data, "checkin", tid, "2", "--absent")
    second = json.loads(hakem(data, "round", "pair", tid, "--format", "json").stdout)
    paired = {b["white"] for b in second["boards"]} | {b["black"] for b in second["boards"]}
    assert paired == {1, 3, 4, 5} and [(b["pno"], b["kind"]) for b in second["byes"]] == [(2, "zero")]


def test_entry_fees_and_totals(data: Path) -> None:
    tid = hakem(data, "new", "Open", "--rounds", "5").stdout.split()[-1]
    for name in ("Kaya, Can", "Ali, Veli", "Bauer, Max"):
        hakem(data, "players", "add", tid, "--name", name)
    hakem(data, "fees", tid, "--set", "10", "--currency", "eur")
    hakem(data, "fees", tid, "--player", "1", "--due", "0")       # e.g. a titled player plays free
    hakem(data, "fees", tid, "--player", "2", "--paid")           # paid in full
    out = hakem(data, "fees", tid, "--player", "3", "--paid", "4").stdout
    # due 0 + 10 + 10 = 20; paid 10 + 4 = 14; owed 0 + 0 + 6 = 6
    assert "fees due 20 EUR, paid 14 EUR, owed 6 EUR" in out
    assert "owes 6 EUR" in out
    bad = hakem(data, "fees", tid, "--set", "ten", check=False)
    assert bad.returncode == 3 and "amount 'ten' is not a number" in bad.stderr
