"""A player's name has at least two letters, at every door (issue 29, fresh-eyes review):
``y⏎`` pasted onto the players list after a dialog became player "y".

Expected values: the names typed; "y", "7" and "-" have fewer than two letters (Unicode
categories L*), "Li", "Ng", "王伟", "Öz" have two.
"""

from __future__ import annotations

import re

import pytest
from textual import events

from core.app import Workspace
from core.cli import main as cli
from core.errors import TournamentError
from core.model import Player, Tournament
from core.store import Store
from tui.app import HakemApp
from tests.test_late_entry_answers import players_form
from tests.tui_fixtures import store_with, wait_for


@pytest.mark.parametrize("text", ["y", "7", "-", "Ö.", " q "])
def test_fewer_than_two_letters_is_not_a_name(text):
    from core.fields import FieldError, person_name

    with pytest.raises(FieldError, match="at least two letters"):
        person_name(text)


@pytest.mark.parametrize("text", ["Li", "Ng", "王伟", "Öz", "O'Neil, K"])
def test_two_letters_of_any_script_are(text):
    from core.fields import person_name

    assert person_name(text) == text


@pytest.fixture()
def stored(tmp_path):
    players = (Player(1, "Kaya, Can", rating=1900), Player(2, "Bauer, Max", rating=1800))
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5, players=players))
    return tmp_path, tid


def names(data, tid) -> list[str]:
    return sorted(p.name for p in Store(data).load(tid).tournament.players)


def test_every_door_of_the_desk_refuses_it(stored, tmp_path):
    data, tid = stored
    desk = Workspace(data).open(tid)
    with pytest.raises(TournamentError, match="«y» is not a player's name"):
        desk.add_player("y", rating=1500)
    with pytest.raises(TournamentError, match="«y» is not a player's name"):
        desk.edit_player(1, name="y")
    csv = tmp_path / "arrivals.csv"
    csv.write_text('name,rating\n"Demir, Ece",1700\ny,1500\n', encoding="utf-8")
    with pytest.raises(TournamentError, match=r"line 3: Name: «y».*at least two letters"):
        desk.import_players(str(csv))
    assert names(data, tid) == ["Bauer, Max", "Kaya, Can"]
    assert desk.add_player("Li, Wei", rating=1500).value == 3


def test_the_cli_says_so_in_one_line(stored, capsys):
    data, tid = stored
    assert cli(["--data", str(data), "players", "add", tid, "--name", "y"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "«y» is not a player's name" in err[0]
    assert names(data, tid) == ["Bauer, Max", "Kaya, Can"]


async def test_a_stray_paste_on_the_players_list_is_refused_and_listed(stored, quiet_tui):
    data, tid = stored
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await players_form(pilot, app)
        await pilot.press("down")
        app.post_message(events.Paste("y\n"))
        refused = app.screen.query_one("#p-refused")
        await wait_for(pilot, lambda: bool(refused.records), timeout=30)
        assert [r.typed for r in refused.records] == ["y"]
        assert "at least two letters" in refused.records[0].reason
    assert names(data, tid) == ["Bauer, Max", "Kaya, Can"]


async def test_a_negative_chess_rating_is_named_with_the_clis_words(stored, quiet_tui):
    """A whole number out of range is refused by the core's one rule, "from 0 to 4000", as
    ``players add --rating -450``; was: "must be a whole number" for a whole number."""
    data, tid = stored
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await players_form(pilot, app)
        app.post_message(events.Paste("Demir, Ece\t-450\n"))
        refused = app.screen.query_one("#p-refused")
        await wait_for(pilot, lambda: bool(refused.records), timeout=30)
        assert "rating -450 must be a whole number from 0 to 4000" in refused.records[0].reason
    assert names(data, tid) == ["Bauer, Max", "Kaya, Can"]


@pytest.mark.parametrize(("text", "why"), [
    ("/ivanov/", "a name begins with a letter"),  # the TUI's search typed into the name (rev34e F-i)
    ("=SUM(A1)", "a name begins with a letter"), ("<b>Kaya</b>", "a name begins with a letter"),
    ("- - Kaya", "a name begins with a letter"), ("(Kaya, Can)", "a name begins with a letter"),
])
def test_a_name_begins_with_a_letter(text, why):
    from core.fields import FieldError, person_name

    with pytest.raises(FieldError, match=re.escape(f"is not a player's name: {why}")):
        person_name(text)


@pytest.mark.parametrize("text", ["'t Hooft, Gerard", "\u2019t Hart, Jan", "O'Brien, Sean", "Kaya, Can (jr.)",
                                  "Müller-Lüdenscheidt, Hans", "Иванов, Иван", "Player 7"])
def test_real_names_stay_names(text):
    from core.fields import person_name

    assert person_name(text) == text


def test_the_desk_and_the_cli_refuse_the_search_typed_into_the_name(stored, capsys):
    data, tid = stored
    desk = Workspace(data).open(tid)  # what the TUI's registration form calls
    with pytest.raises(TournamentError, match="«/ivanov/» is not a player's name"):
        desk.add_player("/ivanov/", rating=1500)
    assert cli(["--data", str(data), "players", "add", tid, "--name", "/ivanov/"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["hakem: Name: «/ivanov/» is not a player's name: a name begins with a letter"]
    assert names(data, tid) == ["Bauer, Max", "Kaya, Can"]
