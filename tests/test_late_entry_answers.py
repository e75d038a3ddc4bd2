"""Late entries (issue 29, fresh-eyes review): the renumbering answer carries the numbering it
was asked on; one Go-rating check for the TUI and the CLI (negative GoR kept); a Go player's
GoR shown in the players list whoever registered them; no late entry once every round is
paired.

Expected values: the demo's ratings (Petrova 2156 is 5, Demir 2098 is 6 after round 1), the
EGD's GoR scale (−900 is 30k, the floor), a 4-round event after its round 4.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import DataTable, Input

from core.app import Workspace
from core.cli import main as cli
from core.errors import TournamentError
from core.model import Player, Tournament
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for, with_rounds


async def players_form(pilot, app) -> None:
    """The players tab, the cursor in the name field."""
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")


def test_an_answer_on_a_numbering_that_changed_is_refused(tmp_path):
    from core.app.registration import NumberingChanged

    [tid] = store_with(tmp_path, demo(rounds=1))
    anna, ben = Workspace(tmp_path).open(tid), Workspace(tmp_path).open(tid)
    asked = anna.late_entry("Кузнецов, Илья", rating=2100)
    assert asked.slot == 6 and asked.following == 13
    ben.add_player("Yeni, Oyuncu", rating=2120, keep_numbers=True)  # 13: the next number is 14 now
    with pytest.raises(NumberingChanged) as refused:
        anna.add_player("Кузнецов, Илья", rating=2100, keep_numbers=True, asked=asked)
    assert refused.value.now.following == 14
    assert len(Store(tmp_path).load(tid).tournament.players) == 13
    done = anna.add_player("Кузнецов, Илья", rating=2100, keep_numbers=True, asked=refused.value.now)
    assert done.value == 14


async def test_the_tui_asks_again_when_the_numbering_changed_meanwhile(tmp_path, quiet_tui):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await players_form(pilot, app)
        app.post_message(events.Paste("Кузнецов, Илья\t2100\n"))
        await wait_for(pilot, lambda: getattr(app.screen, "shown_at", None) is not None, timeout=30)
        assert "gets 13" in app.screen.note  # the answers' meaning stays above the buttons
        Workspace(data).open(tid).add_player("Yeni, Oyuncu", rating=2120, keep_numbers=True)  # takes 13
        app.post_message(events.Key("k", "k"))
        # refused and asked again, now with 14
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog"
                       and getattr(app.screen, "shown_at", None) is not None
                       and "gets 14" in app.screen.note, timeout=30)
        assert len(Store(data).load(tid).tournament.players) == 13
        app.post_message(events.Key("k", "k"))
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 14, timeout=30)
    t = Store(data).load(tid).tournament
    assert {p.name: p.pno for p in t.players}["Кузнецов, Илья"] == 14


def go_event(rounds: int = 0) -> Tournament:
    players = tuple(Player(i, name, rating=2200 - 100 * i) for i, name in
                    enumerate(("Kim, Min", "Sato, Ken", "Ivanov, Oleg", "Weber, Jan"), start=1))
    t = Tournament(id="", name="Go Cup", system="mcmahon", total_rounds=4, players=players)
    return with_rounds(t, rounds) if rounds else t


def test_one_go_rating_check_for_every_door(tmp_path, capsys):
    from core.go.player_fields import go_player_fields

    [tid] = store_with(tmp_path, go_event())
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Nagy, Anna", "--go-rating", "-450"]) == 0
    typed = go_player_fields({"rating": "-450", "rank": "", "egd_pin": ""}, system="mcmahon")
    assert typed["extra"]["go_rating"] == -450 and typed["rating"] == 0
    for bad in ("-901", "3000"):
        with pytest.raises(TournamentError, match="outside -900 to 2999"):
            go_player_fields({"rating": bad, "rank": "", "egd_pin": ""}, system="mcmahon")
        capsys.readouterr()
        assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Kovacs, Bela", "--go-rating", bad]) == 3
        assert "outside -900 to 2999" in capsys.readouterr().err


async def test_the_tui_registers_a_negative_gor_and_shows_every_gor(tmp_path, quiet_tui):
    data = tmp_path / "data"
    [tid] = store_with(data, go_event())
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Nagy, Anna", "--go-rating", "2060"]) == 0
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await players_form(pilot, app)
        app.post_message(events.Paste("Kovacs, Bela\t-450\n"))
        await wait_for(pilot, lambda: len(app.screen.session.tournament.players) == 6, timeout=30)
        table = app.screen.query_one("#players", DataTable)
        rows = {str(table.get_row(key)[1]): table.get_row(key) for key in table.rows}
        assert "2060" in map(str, rows["Nagy, Anna"])   # was empty: the GoR was in extra only
        assert "-450" in map(str, rows["Kovacs, Bela"])
        assert "1d" in map(str, rows["Nagy, Anna"])      # EGF: 2060 rounds to 2100 = 1d
        assert app.screen.query_one("#p-name", Input).value == ""
    t = Store(data).load(tid).tournament
    bela = next(p for p in t.players if p.name == "Kovacs, Bela")
    assert bela.extra["go_rating"] == -450


def test_no_late_entry_after_the_last_round(tmp_path, capsys):
    [tid] = store_with(tmp_path, go_event(rounds=4))
    desk = Workspace(tmp_path).open(tid)
    for register in (lambda: desk.add_player("Nagy, Anna", rating=1500),
                     lambda: desk.late_entry("Nagy, Anna", rating=1500)):
        with pytest.raises(TournamentError, match="join from round 5, but the event has 4 rounds"):
            register()
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Nagy, Anna"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "round 5" in err[0]
    assert len(Store(tmp_path).load(tid).tournament.players) == 4
