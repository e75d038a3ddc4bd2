"""Tournaments screen (list, demo, copy, archive, import TRF), settings, help, and the refresh
when another organiser changes the open tournament."""

from __future__ import annotations

import json

import pytest
from textual.widgets import DataTable, Input, Select

from core.i18n import current_language
from core.model import GameResult
from core.store import Store
from core.trf import write_trf
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, type_text, wait_for
from tui.widgets.tables import row_values


pytestmark = pytest.mark.usefixtures("quiet_tui")


def names_in_list(app) -> list[str]:
    table = app.screen.query_one("#tournaments", DataTable)
    return [row_values(table, i)[0] for i in range(table.row_count)]


async def test_demo_copy_archive(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert names_in_list(app) == []
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        assert len(app.screen.session.tournament.players) == 12
        await pilot.press("escape", "q")  # out of a field, then leave (Escape alone stays)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await wait_for(pilot, lambda: names_in_list(app) == ["Demo Club Rapid"])
        table = app.screen.query_one("#tournaments", DataTable)
        row = list(row_values(table, 0))
        assert row[1:4] == ["Dutch system", "0 of 5", "12"] and row[5] == "arbiter"
        await pilot.press("c")
        await wait_for(pilot, lambda: sorted(names_in_list(app)) == ["Demo Club Rapid", "Demo Club Rapid (copy)"])
        table.move_cursor(row=names_in_list(app).index("Demo Club Rapid"))
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: names_in_list(app) == ["Demo Club Rapid (copy)"])
    assert [i.name for i in Store(data).list()] == ["Demo Club Rapid (copy)"]
    assert sorted(i.name for i in Store(data).list(include_archived=True)) == [
        "Demo Club Rapid", "Demo Club Rapid (copy)"]


async def test_import_trf(tmp_path):
    source = demo(rounds=2)
    trf = tmp_path / "event.trf"
    trf.write_text(write_trf(source), encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = str(trf)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        t = app.screen.session.tournament
        assert [p.name for p in t.players] == [p.name for p in source.players]
        assert [[(b.white, b.black, b.result) for b in r.boards] for r in t.rounds] == [
            [(b.white, b.black, b.result) for b in r.boards] for r in source.rounds]
        # a bad path is reported, nothing is created
        await pilot.press("escape", "q")  # out of a field, then leave (Escape alone stays)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await pilot.press("i")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = str(tmp_path / "missing.trf")
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MessageDialog")
    assert len(Store(data).list()) == 1


async def test_settings_language_and_help(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        await pilot.press("escape")
        await pilot.press("s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
        assert str(app.screen.query_one("#data-dir").render()) == str(data)
        app.screen.query_one("#language", Select).value = "de"
        await wait_for(pilot, lambda: current_language() == "de")
    saved = json.loads((tmp_path / "config" / "ui.json").read_text())
    assert saved == {"language": "de"}


async def test_change_by_another_organiser_appears_without_losing_typing(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=0.1)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.press("r")
        await type_text(pilot, "4 1")  # half typed when the other organiser saves
        other = Store(data)
        other.update(tid, "result round 2 board 1 0-1",
                     lambda t: __import__("core.changes", fromlist=["x"]).set_result(t, 2, 1, GameResult.BLACK_WINS))
        table = app.screen.query_one("#boards", DataTable)
        await wait_for(pilot, lambda: row_values(table, 0)[4] == "0-1")
        assert app.screen.session.tournament.rounds[1].boards[0].result is GameResult.BLACK_WINS
        entry = app.screen.query_one("#result-entry", Input)
        assert entry.value == "4 1" and app.focused is entry
        await type_text(pilot, "-0")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen.session.tournament.rounds[1].boards[3].result is GameResult.WHITE_WINS)
    stored = Store(data).load(tid).tournament.rounds[1].boards
    assert stored[0].result is GameResult.BLACK_WINS and stored[3].result is GameResult.WHITE_WINS


async def test_language_switch_relabels_every_open_pane(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        for key in ("f2", "f4", "f5", "f6", "f7", "f3"):  # build every pane
            await pilot.press(key)
            await pilot.pause()
        screen = app.screen
        english = str(screen.query_one("#round-title").render())
        assert english.startswith("Round 2 of 5")
        for lang in ("tr", "de", "ru", "en"):
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
            app.screen.query_one("#language", Select).value = lang
            await wait_for(pilot, lambda lang=lang: current_language() == lang)
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is screen)
            title = str(screen.query_one("#round-title").render())
            assert (title == english) == (lang == "en"), (lang, title)
            boards = screen.query_one("#boards", DataTable)
            assert boards.row_count == 6


async def test_a_message_from_before_a_language_switch_leaves_with_it(tmp_path):
    """A message said in the old language does not stay on screen beside the new language's
    words (a Turkish hint, 'Escape turnuvadan çıkmaz…', stayed over the German list): after
    the switch the only message is the switch's own, in the new language."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2))
    app = HakemApp(data_dir=data, open_id=tid, lang="tr")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and isinstance(app.focused, DataTable))
        await pilot.press("escape")  # on a table: the hint that Escape stays in the tournament
        await wait_for(pilot, lambda: any("Escape turnuvadan" in str(n.message) for n in app._notifications))
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
        app.screen.query_one("#language", Select).value = "de"
        await wait_for(pilot, lambda: any(str(n.message) == "Sprache: Deutsch" for n in app._notifications))
        assert [str(n.message) for n in app._notifications] == ["Sprache: Deutsch"]


async def test_view_mode_changes_nothing_and_demo_flag_opens_a_demo(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=data, open_id=tid, view_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        assert "read-only" in app.screen.sub_title
        await pilot.press("1")
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.session.tournament.rounds[1].boards[0].result is None
        await pilot.press("escape", "q")  # out of a field, then leave (Escape alone stays)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await pilot.press("d")
        await pilot.pause()
        assert type(app.screen).__name__ == "TournamentsScreen"
    assert Store(data).revision(tid) == 1 and len(Store(data).list()) == 1

    from tui.app import parse_args

    args = parse_args(["--data", str(data), "--demo", "--lang", "de", "--view"])
    assert (args.data, args.demo, args.lang, args.view) == (str(data), True, "de", True)
    app = HakemApp(data_dir=data, demo=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        assert app.screen.session.tournament.name == "Demo Club Rapid"
    assert len(Store(data).list()) == 2


async def test_tournament_settings_can_be_changed(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        assert app.screen.query_one("#rounds", Input).value == "5"
        assert app.screen.query_one("#system", Select).disabled  # round 1 is paired
        app.screen.query_one("#rounds", Input).value = "7"
        app.screen.query_one("#time_control", Input).value = "25+5"
        app.screen.query_one("#points", Select).value = "3-1-0"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen.session.tournament.total_rounds == 7)
    t = Store(data).load(tid).tournament
    assert (t.total_rounds, t.time_control, t.points.win, t.points.draw) == (7, "25+5", 3, 1)
