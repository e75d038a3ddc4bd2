"""Rounds pane: typed results, next empty board, corrections with their warning, still playing,
unpairing, manual pairing, explanations, and a pairing worker that can be cancelled."""

from __future__ import annotations

import os
import time

import pytest
from textual.widgets import DataTable, Input

from core.model import GameResult
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import CIRCLE, demo, register_system, store_with, type_text, wait_for
from tui.widgets.tables import row_values
from tests.tui_fixtures import organiser_uses_single_keys


pytestmark = pytest.mark.usefixtures("quiet_tui")


def open_app(tmp_path, t):
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    return HakemApp(data_dir=data, open_id=tid), data, tid


async def opened(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                   and app.screen.query("#pane-rounds"))
    await pilot.pause()
    return app.screen.session, app.screen.query_one("#pane-rounds")


def dialog_text(app) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


async def test_typed_results_and_next_empty(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    app, data, tid = open_app(tmp_path, demo(rounds=2, complete_last=False))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        assert pane.round_no == 2
        await pilot.press("r")
        assert app.focused.id == "result-entry"
        await type_text(pilot, "3 1-0")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[2].result is GameResult.WHITE_WINS)
        await type_text(pilot, "5 =")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[4].result is GameResult.DRAW)
        # a board that does not exist changes nothing; the line waits in the refused list,
        # named with why (the entry line is empty for the next line); Ctrl+R takes it back
        await type_text(pilot, "99 1-0")
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused.value == ""
        assert "«99 1-0» — round 2 has boards 1 to 6, not 99" in str(app.screen.query_one("#result-refused").render())
        await pilot.press("ctrl+r")
        assert app.focused.value == "99 1-0"
        app.focused.value = ""
        # single keys on the table: the cursor goes to the next board still playing
        await pilot.press("enter")  # empty entry line: back to the table
        assert app.focused.id == "boards"
        app.focused.move_cursor(row=0)
        await pilot.press("0")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[0].result is GameResult.BLACK_WINS)
        assert pane.selected_board() == 2
        await pilot.press("plus")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[1].result is GameResult.WHITE_FORFEIT_WIN)
        assert pane.selected_board() == 4  # 3 was already in
        # still playing: only boards without a result are listed
        await pilot.press("s")
        table = app.screen.query_one("#boards", DataTable)
        assert [row_values(table, i)[0] for i in range(table.row_count)] == [4, 6]
        status = str(app.screen.query_one("#round-status").render())
        assert "boards 4, 6" in status
        # several pairs on one line, as the hint shows them: each taken or refused on its own
        await pilot.press("r")
        await type_text(pilot, "4 0-1, 77 =, 6,1-0")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[5].result is GameResult.WHITE_WINS)
        assert session.tournament.rounds[1].boards[3].result is GameResult.BLACK_WINS
        assert "«77 =» — round 2 has boards 1 to 6, not 77" in str(app.screen.query_one("#result-refused").render())
    stored = Store(data).load(tid).tournament.rounds[1].boards
    assert [b.result for b in stored] == [GameResult.BLACK_WINS, GameResult.WHITE_FORFEIT_WIN,
                                          GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW,
                                          GameResult.WHITE_WINS]


async def test_correction_asks_and_says_what_changes(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    t = demo(rounds=2)
    app, data, tid = open_app(tmp_path, t)
    b = t.rounds[0].boards[0]
    white, black = t.player(b.white).name, t.player(b.black).name
    assert b.result is GameResult.DRAW  # circle rounds: board 1 of round 1 is a draw
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("left_square_bracket")
        assert pane.round_no == 1
        app.screen.query_one("#boards", DataTable).move_cursor(row=0)
        await pilot.press("1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        text = dialog_text(app)
        # the result replaced is named with who entered it (the demo was stored by "arbiter")
        assert "Round 1, board 1: ½-½ (entered by arbiter, " in text and ") becomes 1-0." in text
        assert white in text and black in text
        assert "Rounds 2 to 2 were paired with the old result" in text
        await pilot.press("n")
        await pilot.pause()
        assert session.tournament.rounds[0].boards[0].result is GameResult.DRAW
        await pilot.press("1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: session.tournament.rounds[0].boards[0].result is GameResult.WHITE_WINS)
    assert Store(data).load(tid).tournament.rounds[0].boards[0].result is GameResult.WHITE_WINS


async def test_unpair_last_round_warns_about_results(tmp_path):
    app, data, tid = open_app(tmp_path, demo(rounds=2))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("u")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        assert "6 results of this round will be deleted too." in dialog_text(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: session.tournament.current_round == 1)
        assert pane.round_no == 1
    assert Store(data).load(tid).tournament.current_round == 1


async def test_manual_pairing_swap_and_explain(tmp_path):
    t = demo(rounds=2, complete_last=False)
    app, data, tid = open_app(tmp_path, t)
    old = t.rounds[1].boards
    async with app.run_test(size=(120, 40)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("x")
        # the dialog's screen is current before its body is mounted: wait for the text
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MessageDialog" and "Board 1:" in dialog_text(app))
        assert t.player(old[0].white).name in dialog_text(app)
        await pilot.press("escape")
        await pilot.press("m")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ManualPairingScreen")
        table = app.screen.query_one("#manual-draft", DataTable)
        table.move_cursor(row=0, column=1)
        await pilot.press("space")
        table.move_cursor(row=1, column=1)
        await pilot.press("space")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await wait_for(pilot, lambda: session.tournament.rounds[1].manual)
    new = Store(data).load(tid).tournament.rounds[1]
    assert new.manual
    assert (new.boards[0].white, new.boards[1].white) == (old[1].white, old[0].white)
    assert (new.boards[0].black, new.boards[1].black) == (old[0].black, old[1].black)


class SlowSystem:
    """A pairing system that reports progress and works until it is stopped.

    It runs in the pairing worker's child process, so the test sees it only through the screen
    (the progress text it reports); it never finishes on its own within a test's lifetime."""

    id = "slow-test"

    def pair(self, t, options=None):
        for i in range(60_000):  # 10 minutes at most, far beyond any test deadline
            options.report(i / 60_000, f"step {i}")
            options.check()
            time.sleep(0.01)
        raise AssertionError("the slow stand-in was never cancelled")


class CrashingSystem:
    """A pairing system whose process dies (as if killed or out of memory)."""

    id = "crash-test"

    def pair(self, t, options=None):
        import os

        os._exit(7)


def engine_children(monkeypatch) -> list[int]:
    """The process ids of the pairing worker's engine children, as they are forked."""
    from tui import engine_process

    pids: list[int] = []
    real = os.fork

    def fork() -> int:
        pid = real()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(engine_process.os, "fork", fork)
    return pids


def ended(pid: int) -> bool:
    """The child has ended (collected by the worker, or now by us)."""
    try:
        return os.waitpid(pid, os.WNOHANG)[0] != 0
    except ChildProcessError:
        return True


async def test_pairing_runs_in_a_worker_and_can_be_cancelled(tmp_path, monkeypatch):
    children = engine_children(monkeypatch)
    register_system(monkeypatch, "slow-test", SlowSystem())
    t = demo(rounds=1).with_changes(system="slow-test")
    app, data, tid = open_app(tmp_path, t)
    before = Store(data).load(tid).tournament
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("p")
        assert app.screen.query_one("#pair-progress-row").display
        await wait_for(pilot, lambda: "step" in str(app.screen.query_one("#pair-progress-text").render()))
        # keys typed while the engine works are for the round it makes: they wait (a key on
        # the pane, another tab, text typed into its form, and back) — Escape alone cancels
        await pilot.press("s", "f2", *"Zed", "comma", "space", *"Typist", "f3")
        await pilot.pause(0.2)
        assert not pane.only_playing and app.focused is not None and app.focused.id == "boards"
        assert "step" in str(app.screen.query_one("#pair-progress-text").render())  # still pairing
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await wait_for(pilot, lambda: not app.screen.query_one("#pair-progress-row").display)
        assert type(app.screen).__name__ == "TournamentScreen"  # Escape cancelled, did not leave
        assert len(children) == 1
        await wait_for(pilot, lambda: ended(children[0]))  # the engine's process is gone
        assert session.tournament == before
        # the keys that waited go on, in order, once the pairing is over: nothing typed is lost
        await wait_for(pilot, lambda: pane.only_playing and not app.keys_pending)
        await wait_for(pilot, lambda: app.screen.query_one("#boards", DataTable).display)
        assert app.screen.query_one("#p-name", Input).value == "Zed, Typist"
    assert Store(data).load(tid).tournament == before


async def test_quitting_while_pairing_ends_the_engine_process(tmp_path, monkeypatch):
    children = engine_children(monkeypatch)
    register_system(monkeypatch, "slow-test", SlowSystem())
    t = demo(rounds=1).with_changes(system="slow-test")
    app, data, tid = open_app(tmp_path, t)
    before = Store(data).load(tid).tournament
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await pilot.press("p")
        await wait_for(pilot, lambda: "step" in str(app.screen.query_one("#pair-progress-text").render()))
        await pilot.press("ctrl+q")
    # the stand-in would work for ten minutes: the worker must have killed it
    deadline = time.monotonic() + 120
    while not ended(children[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ended(children[0])
    assert Store(data).load(tid).tournament == before


async def test_a_pairing_process_that_dies_is_reported_and_changes_nothing(tmp_path, monkeypatch):
    register_system(monkeypatch, "crash-test", CrashingSystem())
    t = demo(rounds=1).with_changes(system="crash-test")
    app, data, tid = open_app(tmp_path, t)
    before = Store(data).load(tid).tournament
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("p")
        # (not workers.wait_for_complete(): it raises the failed worker's error when the
        # worker ends while it waits, which is the very failure this test expects)
        await wait_for(pilot, lambda: "exit code 7" in dialog_text(app))
        assert "nothing was changed" in dialog_text(app)
        assert session.tournament == before
    assert Store(data).load(tid).tournament == before


async def test_undo_redo_and_escape_leaves_the_entry_line_first(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    app, data, tid = open_app(tmp_path, demo(rounds=2, complete_last=False))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        await pilot.press("1")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[0].result is GameResult.WHITE_WINS)
        session.flush()
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[0].result is None)
        await pilot.press("ctrl+y")
        await wait_for(pilot, lambda: session.tournament.rounds[1].boards[0].result is GameResult.WHITE_WINS)
        await pilot.press("r")
        assert app.focused.id == "result-entry"
        await pilot.press("escape")
        assert app.focused.id == "boards"
        assert type(app.screen).__name__ == "TournamentScreen"
        await pilot.press("escape")  # on the table: nothing left to back out of; the tournament stays
        await pilot.pause()
        assert type(app.screen).__name__ == "TournamentScreen" and app.focused.id == "boards"
        await pilot.press("q")  # the deliberate key
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
    assert Store(data).load(tid).tournament.rounds[1].boards[0].result is GameResult.WHITE_WINS


async def test_command_palette_offers_pairing_when_it_makes_sense(tmp_path, monkeypatch):
    register_system(monkeypatch, "circle-test", CIRCLE)
    app, data, tid = open_app(tmp_path, demo(rounds=1).with_changes(system="circle-test"))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert "Pair next round" in titles and "Go to Standings" in titles and "Undo" in titles
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CommandPalette")
        await type_text(pilot, "Pair next round")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.current_round == 2)
    assert Store(data).load(tid).tournament.current_round == 2


async def test_manual_pairing_shows_white_and_black_together_at_80_columns(tmp_path):
    """rev35a #17: at 80×24 each side of "Change round N by hand" was wide enough for "Bd
    White" only; Black was off to the right, and scrolling to it lost White.  The names give
    way so that both fit, and the cursor starts on board 1's White (Space marks at once)."""
    t = demo(rounds=2, complete_last=False)
    app, data, tid = open_app(tmp_path, t)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, app)
        await pilot.press("m")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ManualPairingScreen")
        for table_id in ("#manual-draft", "#manual-engine"):
            table = app.screen.query_one(table_id, DataTable)
            await wait_for(pilot, lambda table=table: table.row_count > 0)
            await pilot.pause()
            assert table.virtual_size.width <= table.scrollable_content_region.width, table_id
        draft = app.screen.query_one("#manual-draft", DataTable)
        assert draft.cursor_coordinate.column == 1
        await pilot.press("space")
        assert "▶" in str(draft.get_cell_at(draft.cursor_coordinate))
