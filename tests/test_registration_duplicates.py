"""A player entered twice (issue 29, fresh-eyes review of the leftovers, item 1): the same name
typed twice, a file imported twice, were added again without a word.  One rule
(:mod:`core.duplicates`) for the registration form, ``hakem players add`` and an import: an
id registered already is refused; the same name with the same year of birth or rating is
asked (TUI), refused unless ``--allow-duplicate`` (CLI, exit 3 naming the player and number),
named by line (import).

Expected values: the players and lines of the files below (a header is line 1), by hand.
"""

from __future__ import annotations

import pytest
from textual import events

from core.app import Workspace
from core.cli import main as cli
from core.duplicates import ProbableDuplicate, refuse_duplicate
from core.errors import TournamentError
from core.model import Player, Tournament
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for

KAYA = Player(1, "Kaya, Can", rating=1500, birth="1990", fide_id="34100001")
ÖZTÜRK = Player(2, "Öztürk, Ayşe", rating=0)
EVENT = Tournament(id="", name="Rapid", total_rounds=5, players=(KAYA, ÖZTÜRK))


# -- the rule ---------------------------------------------------------------------------------
@pytest.mark.parametrize("fields", [
    dict(name="Kaya, Can", rating=1500),                      # the same name and rating
    dict(name="kaya,can", rating=1720, birth="1990-05-01"),   # case and spacing, the same year
    dict(name="Ozturk, Ayse"),                                # unrated both; accents do not count
    dict(name="Kaya, Can"),                                   # typed again without the rating (rev34c 2)
    dict(name="KAYA, CAN", birth="1990"),                     # without the rating, the same year
])
def test_a_namesake_of_the_same_year_or_rating_is_a_probable_duplicate(fields):
    with pytest.raises(ProbableDuplicate) as asked:
        refuse_duplicate(EVENT, fields)
    held = KAYA if fields["name"].lower().startswith("kaya") else ÖZTÜRK
    assert (asked.value.pno, asked.value.existing) == (held.pno, held.name)
    assert f"number {held.pno}, {held.name}" in str(asked.value)
    refuse_duplicate(EVENT, fields, allow_namesake=True)  # the organiser's "add anyway"


@pytest.mark.parametrize("fields", [
    dict(name="Kaya, Can", rating=1720),                      # another rating, no year: two people
    dict(name="Kaya, Can", rating=1500, birth="2012"),        # the same rating, another year
    dict(name="Kaya, Can", rating=1500, fide_id="34100002"),  # another FIDE id
    dict(name="Kaya, Cem", rating=1500, birth="1990"),
])
def test_what_tells_two_people_apart_is_not_asked(fields):
    refuse_duplicate(EVENT, fields)


def test_an_id_registered_already_is_refused_whatever_the_answer():
    with pytest.raises(TournamentError, match="FIDE id 34100001 is already registered: number 1, Kaya, Can") as refused:
        refuse_duplicate(EVENT, dict(name="Other, One", fide_id="34100001"), allow_namesake=True)
    assert not isinstance(refused.value, ProbableDuplicate)


# -- the CLI ----------------------------------------------------------------------------------
def test_players_add_asks_about_a_namesake_typed_without_a_rating(tmp_path, capsys):
    """rev34c item 2: "Петров, Пётр" with No. 1 "Петров, Пётр 1700" registered came in as a late
    entry; the name alone, with no rating or year to tell them apart, is a probable duplicate."""
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5,
                                            players=(Player(1, "Петров, Пётр", rating=1700),)))
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Петров, Пётр"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "number 1, Петров, Пётр" in err[0]
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 1


def test_players_add_refuses_a_probable_duplicate_unless_allowed(tmp_path, capsys):
    [tid] = store_with(tmp_path, EVENT)
    add = ["--data", str(tmp_path), "players", "add", tid, "--name", "Kaya, Can", "--rating", "1500"]
    capsys.readouterr()
    assert cli(add) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "number 1, Kaya, Can" in err[0] and "--allow-duplicate" in err[0]
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 2
    assert cli([*add, "--allow-duplicate"]) == 0
    assert [p.name for p in Workspace(tmp_path).open(tid).snapshot().tournament.players].count("Kaya, Can") == 2


# -- an import --------------------------------------------------------------------------------
def test_an_import_names_every_duplicate_line_and_imports_only_when_told(tmp_path, capsys):
    [tid] = store_with(tmp_path, EVENT)
    path = tmp_path / "club.csv"
    path.write_text('name,rating,birth\n"Kaya, Can",1500,\n"Demir, Ali",1700,2001\n"Yıldız, Ece",1650,\n'
                    '"demir, ali",1810,2001\n', encoding="utf-8")
    imp = ["--data", str(tmp_path), "players", "import", tid, str(path)]
    capsys.readouterr()
    assert cli(imp) == 3
    err = capsys.readouterr().err
    assert f"{path}: line 2: Kaya, Can looks like a player already registered: number 1, Kaya, Can" in err
    assert f"{path}: line 5: demir, ali looks like the player on line 3" in err
    assert "line 4" not in err and "--allow-duplicate" in err
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 2
    assert cli([*imp, "--allow-duplicate"]) == 0
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 6


def test_an_id_twice_in_a_file_is_refused_even_when_duplicates_are_allowed(tmp_path, capsys):
    [tid] = store_with(tmp_path, EVENT)
    path = tmp_path / "club.csv"
    path.write_text('name,fide id\n"Ak, Bo",34100009\n"Ak, Bora",34100009\n"Er, Cem",34100001\n', encoding="utf-8")
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "import", tid, str(path), "--allow-duplicate"]) == 3
    err = capsys.readouterr().err
    assert f"{path}: line 3: FIDE id 34100009 is on line 2 too" in err
    assert f"{path}: line 4: FIDE id 34100001 is already registered: number 1, Kaya, Can" in err
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 2


# -- the TUI ----------------------------------------------------------------------------------
async def _question(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog"
                   and getattr(app.screen, "shown_at", None) is not None, timeout=30)
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


async def test_the_form_asks_before_adding_a_player_typed_twice(tmp_path, quiet_tui):
    data = tmp_path / "data"
    [tid] = store_with(data, EVENT)
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        app.post_message(events.Paste("Kaya, Can\t1500\n"))
        text = await _question(pilot, app)
        assert "number 1, Kaya, Can" in text and "Add anyway (a)" in str(app.screen.query_one("#choice-add").label)
        await pilot.press("escape")  # cancel: nothing added, the record waits to be corrected
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        assert "Kaya, Can | 1500" in str(app.screen.query_one("#p-refused").render())
        assert len(Store(data).load(tid).tournament.players) == 2
        app.post_message(events.Paste("Kaya, Can\t1500\n"))
        await _question(pilot, app)
        app.post_message(events.Key("a", "a"))
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 3, timeout=30)


async def test_an_import_asks_about_its_duplicate_lines(tmp_path, quiet_tui):
    data = tmp_path / "data"
    [tid] = store_with(data, EVENT)
    path = tmp_path / "again.csv"
    path.write_text('name,rating\n"Kaya, Can",1500\n"Demir, Ali",1700\n', encoding="utf-8")
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#pane-players"))
        app.screen.query_one("#pane-players").import_file(str(path))
        text = await _question(pilot, app)
        assert "line 2: Kaya, Can looks like a player already registered: number 1, Kaya, Can" in text
        assert len(Store(data).load(tid).tournament.players) == 2
        app.post_message(events.Key("i", "i"))
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 4, timeout=30)


def test_a_member_of_the_register_typed_by_hand_before_is_asked_about(tmp_path, capsys):
    """Kaya, Can was typed at the door (no id); picking him from the club's register afterwards
    registered him twice.  The register's member number is an id of its own: once linked, the
    same member is refused whatever the answer."""
    [tid] = store_with(tmp_path, EVENT)
    data = ["--data", str(tmp_path)]
    assert cli([*data, "members", "add", "--name", "Kaya, Can", "--birth-year", "1990",
                "--rating", "standard=1720@2026-12"]) == 0
    capsys.readouterr()
    assert cli([*data, "players", "add", tid, "--member", "1"]) == 3  # the same name and year as number 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "number 1, Kaya, Can" in err[0] and "--allow-duplicate" in err[0]
    assert cli([*data, "players", "add", tid, "--member", "1", "--allow-duplicate"]) == 0
    capsys.readouterr()
    assert cli([*data, "players", "add", tid, "--member", "1", "--allow-duplicate"]) == 3
    assert "member 1 (Kaya, Can) is already registered" in capsys.readouterr().err
    assert len(Workspace(tmp_path).open(tid).snapshot().tournament.players) == 3


async def test_the_register_lookup_asks_too(tmp_path, quiet_tui):
    data = tmp_path / "data"
    [tid] = store_with(data, EVENT)
    assert cli(["--data", str(data), "members", "add", "--name", "Kaya, Can", "--birth-year", "1990"]) == 0
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#pane-players"))
        app.screen.query_one("#pane-players").register_picked(Workspace(data).member(1))
        assert "number 1, Kaya, Can" in await _question(pilot, app)
        assert len(Store(data).load(tid).tournament.players) == 2
        app.post_message(events.Key("a", "a"))
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 3, timeout=30)
    assert [p.member for p in Store(data).load(tid).tournament.players if p.name == "Kaya, Can"].count(1) == 1
