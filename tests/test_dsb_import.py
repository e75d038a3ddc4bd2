"""The DSB's list, club player lists, and which rating seeds a rapid event (issue 29, item 7).

* The DSB's DWZ list export names the club code ``VKZ`` (older editions ``ZPS``); a membership
  number is unique only within its club, so the national id is club code and number,
  ``C0327-1086``, as the DSB writes it, and a bare number that several players share is
  refused with the candidates named.
* A club's spreadsheet ``Name;Vorname;Verein;DWZ;Geburtsjahr``: ``Name`` is the surname,
  ``Vorname`` the first name; both are kept (``Surname, First``), the birth year too, and a
  column hakem cannot store is named.
* A rapid event seeds a player without a rapid rating by his standard rating unless the
  organiser chose "the event's kind only" (Swiss-Manager offers the same choices).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from core.store import Store
from tests.ratinglist_builder import DSB_COLUMNS, dsb_csv, fide_txt
from tests.test_ratinglists_registration import hakem, players

DSB = [
    {"ID": 10001, "VKZ": "C0327", "Mgl-Nr": "1086", "Status": "A", "Spielername": "Müller,Hans",
     "Geschlecht": "M", "Geburtsjahr": 1965, "DWZ": 1876, "FIDE-Elo": 1902, "FIDE-ID": 4612345, "FIDE-Land": "GER"},
    {"ID": 10002, "VKZ": "B0101", "Mgl-Nr": "1086", "Status": "A", "Spielername": "Weiß,Grete",
     "Geschlecht": "W", "Geburtsjahr": 2003, "DWZ": 1540},
    {"ID": 10003, "VKZ": "M0815", "Mgl-Nr": "1086", "Status": "P", "Spielername": "Schulz,Otto",
     "Geschlecht": "M", "Geburtsjahr": 1950, "DWZ": 1302},
    {"ID": 10004, "VKZ": "C0327", "Mgl-Nr": "1087", "Status": "A", "Spielername": "Kaya,Can",
     "Geschlecht": "M", "Geburtsjahr": 2010, "DWZ": 1411},
]


def _dsb(tmp_path: Path, columns: tuple[str, ...] = DSB_COLUMNS) -> Path:
    source = tmp_path / "spieler.csv"
    source.write_bytes(dsb_csv(DSB, columns).encode("cp1252"))
    return source


def test_the_dsb_national_id_is_club_code_and_member_number(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = hakem(data, "lists", "import", _dsb(tmp_path))
    assert "Rating list 'dsb': 4 players" in done.stdout
    # the columns the DSB layout leaves out are named (the person number, eligibility, ...)
    assert "column(s) not read: ID, Spielberechtigung, Letzte-Auswertung, Index" in done.stderr
    found = hakem(data, "lists", "search", "c0327-108", "--list", "dsb").stdout  # type-ahead by id
    assert "Müller, Hans" in found and "Kaya, Can" in found and "Weiß" not in found
    tid = hakem(data, "new", "Stadtmeisterschaft", "--rounds", "7").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--national-id", "b0101-1086")  # as typed in a hurry
    t = Store(data).load(tid).tournament
    [grete] = t.players
    assert (grete.name, grete.national_id, grete.national_rating, grete.club, grete.birth) == (
        "Weiß, Grete", "B0101-1086", 1540, "B0101", "2003")


def test_a_bare_member_number_is_refused_with_the_candidates(tmp_path: Path) -> None:
    data = tmp_path / "data"
    hakem(data, "lists", "import", _dsb(tmp_path))
    tid = hakem(data, "new", "Stadtmeisterschaft", "--rounds", "7").stdout.split()[-1]
    refused = hakem(data, "players", "add", tid, "--national-id", "1086", check=False)
    assert refused.returncode == 3 and refused.stderr.count("\n") == 1
    for candidate in ("C0327-1086 Müller, Hans", "B0101-1086 Weiß, Grete", "M0815-1086 Schulz, Otto"):
        assert candidate in refused.stderr
    assert "Kaya" not in refused.stderr
    assert Store(data).load(tid).tournament.players == ()
    hakem(data, "players", "add", tid, "--national-id", "C0327-1087")  # the whole id: registered
    assert [p["name"] for p in players(data, tid)] == ["Kaya, Can"]


def test_an_older_edition_names_the_club_code_zps(tmp_path: Path) -> None:
    data = tmp_path / "data"
    older = tuple("ZPS" if c == "VKZ" else c for c in DSB_COLUMNS if c != "ID")
    rows = [{("ZPS" if k == "VKZ" else k): v for k, v in row.items()} for row in DSB]
    source = tmp_path / "spieler.csv"
    source.write_bytes(dsb_csv(rows, older).encode("cp1252"))
    hakem(data, "lists", "import", source)
    tid = hakem(data, "new", "Open", "--rounds", "5").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--national-id", "C0327-1086")
    assert [p["name"] for p in players(data, tid)] == ["Müller, Hans"]


def test_a_dsb_list_without_its_club_code_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    source = _dsb(tmp_path, tuple(c for c in DSB_COLUMNS if c != "VKZ"))
    refused = hakem(data, "lists", "import", source, "--format", "dsb", check=False)
    assert refused.returncode == 3 and "column(s) ZPS not found" in refused.stderr


def test_a_club_list_keeps_first_names_and_birth_years(tmp_path: Path) -> None:
    data = tmp_path / "data"
    club = tmp_path / "verein.csv"
    club.write_text("Name;Vorname;Verein;DWZ;Geburtsjahr;Spielberechtigung\n"
                    "Müller;Hans;SK Musterstadt;1876;1965;D\n"
                    "Weiß;Grete;SK Musterstadt;1540;2003;D\n", encoding="utf-8")
    tid = hakem(data, "new", "Vereinsturnier", "--rounds", "5").stdout.split()[-1]
    done = hakem(data, "players", "import", tid, club)
    assert "'Spielberechtigung'" in done.stderr and "not imported" in done.stderr
    t = Store(data).load(tid).tournament
    assert sorted((p.name, p.club, p.national_rating, p.birth) for p in t.players) == [
        ("Müller, Hans", "SK Musterstadt", 1876, "1965"), ("Weiß, Grete", "SK Musterstadt", 1540, "2003")]


def test_russian_surname_and_first_name_columns(tmp_path: Path) -> None:
    from core.csvimport import parse_players_csv

    rows = parse_players_csv("Фамилия;Имя;Отчество;Рейтинг\nИванов;Иван;Иванович;1800\n")
    assert [(r["name"], r["rating"]) for r in rows] == [("Иванов, Иван", 1800)]
    assert rows.warnings and "'Отчество'" in rows.warnings[0]
    assert [r["name"] for r in parse_players_csv("Имя;Рейтинг\nИванов Иван;1800\n")] == ["Иванов Иван"]


FIDE = [
    dict(ID="24100001", Name="Wolf, Ines", Fed="GER", Sex="F", Tit="IM", SRtng=2455, B_day=1990),
    dict(ID="24100002", Name="Brandt, Jonas", Fed="GER", Sex="M", SRtng=1700, RRtng=1661, B_day=2008),
    dict(ID="24100003", Name="Arslan, Ece", Fed="TUR", Sex="F", SRtng=1900, RRtng=1800, BRtng=1750, B_day=2001),
]


@pytest.mark.parametrize(("control", "choice", "expected"), [
    # a rapid event by default: rapid, else standard — the IM is seeded first
    ("15+10", None, {"Wolf, Ines": (2455, 1), "Brandt, Jonas": (1661, 3), "Arslan, Ece": (1800, 2)}),
    # the event's kind only: the IM without a rapid rating is unrated, last
    ("15+10", "kind", {"Wolf, Ines": (0, 3), "Brandt, Jonas": (1661, 2), "Arslan, Ece": (1800, 1)}),
    # blitz by default: blitz, else rapid, else standard
    ("3+2", None, {"Wolf, Ines": (2455, 1), "Brandt, Jonas": (1661, 3), "Arslan, Ece": (1750, 2)}),
    # a standard event takes the standard rating only
    ("90+30", None, {"Wolf, Ines": (2455, 1), "Brandt, Jonas": (1700, 3), "Arslan, Ece": (1900, 2)}),
    # a rapid event told to use rapid, else standard (the same as its default)
    ("15+10", "rapid-standard", {"Wolf, Ines": (2455, 1), "Brandt, Jonas": (1661, 3), "Arslan, Ece": (1800, 2)}),
])
def test_rating_for_pairing(tmp_path: Path, control: str, choice: str | None,
                            expected: dict[str, tuple[int, int]]) -> None:
    data = tmp_path / "data"
    (tmp_path / "players_list_foa.txt").write_text(fide_txt(FIDE))
    hakem(data, "lists", "import", tmp_path / "players_list_foa.txt", "--date", "2026-12")
    extra = ["--rating-for-pairing", choice] if choice else []
    tid = hakem(data, "new", "Evening", "--rounds", "5", "--time-control", control, *extra).stdout.split()[-1]
    for fide_id in ("24100001", "24100002", "24100003"):
        hakem(data, "players", "add", tid, "--fide-id", fide_id)
    assert {p["name"]: (p["rating"], p["pno"]) for p in players(data, tid)} == expected


def test_the_choice_can_change_and_the_ratings_follow(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (tmp_path / "players_list_foa.txt").write_text(fide_txt(FIDE))
    hakem(data, "lists", "import", tmp_path / "players_list_foa.txt", "--date", "2026-12")
    tid = hakem(data, "new", "Rapid", "--rounds", "5", "--time-control", "15+10",
                "--rating-for-pairing", "kind").stdout.split()[-1]
    for fide_id in ("24100001", "24100002"):
        hakem(data, "players", "add", tid, "--fide-id", fide_id)
    out = hakem(data, "players", "update-ratings", tid, "--rating-for-pairing", "auto").stdout
    assert "rating - → 2455 (standard rating" in out and "    2 →   1  Wolf, Ines" in out.splitlines()
    t = Store(data).load(tid).tournament
    ines = next(p for p in t.players if p.fide_id == "24100001")
    assert (ines.rating, ines.pno, ines.extra.get("rating_source")) == (2455, 1, "standard")
    assert "rating_for_pairing" not in t.options


@pytest.mark.usefixtures("quiet_tui")
async def test_the_settings_form_offers_the_rating_for_pairing(tmp_path: Path) -> None:
    from core.model import Tournament
    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="r", name="Rapid", total_rounds=5, time_control="15+10"))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        choice = app.screen.query_one("#rating_for_pairing", Select)
        assert choice.value == "auto"
        choice.value = "kind"
        app.screen.query_one("#name", Input).focus()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen.session.tournament.options.get("rating_for_pairing") == "kind")
    assert Store(data).load(tid).tournament.options["rating_for_pairing"] == "kind"


@pytest.mark.usefixtures("quiet_tui")
async def test_changing_the_rating_for_pairing_in_the_settings_takes_the_ratings_again(tmp_path: Path) -> None:
    from tui.app import HakemApp
    from tests.tui_fixtures import wait_for

    data = tmp_path / "data"
    (tmp_path / "players_list_foa.txt").write_text(fide_txt(FIDE))
    hakem(data, "lists", "import", tmp_path / "players_list_foa.txt", "--date", "2026-12")
    tid = hakem(data, "new", "Rapid", "--rounds", "5", "--time-control", "15+10",
                "--rating-for-pairing", "kind").stdout.split()[-1]
    for fide_id in ("24100001", "24100002"):
        hakem(data, "players", "add", tid, "--fide-id", fide_id)
    assert {p["name"]: p["rating"] for p in players(data, tid)} == {"Wolf, Ines": 0, "Brandt, Jonas": 1661}
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        choice = app.screen.query_one("#rating_for_pairing", Select)
        assert choice.value == "kind"
        choice.value = "rapid-standard"
        app.screen.query_one("#name", Input).focus()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen.session.tournament.options.get("rating_for_pairing")
                       == "rapid-standard")
    t = Store(data).load(tid).tournament
    assert {p.name: (p.rating, p.pno) for p in t.players} == {"Wolf, Ines": (2455, 1), "Brandt, Jonas": (1661, 2)}


def test_the_new_tournament_form_records_the_rating_for_pairing() -> None:
    from core.app.new_event import build_event
    from tui.services import NewTournament, event_from_form

    chosen = build_event(event_from_form(NewTournament(name="Blitz", time_control="3+2", rating_for_pairing="kind")))
    assert chosen.options == {"rating_for_pairing": "kind"}
    assert build_event(event_from_form(NewTournament(name="Blitz", time_control="3+2"))).options == {}
