"""Results saved after their frame: held saves keep the typing order and are never lost.

``Session.enter_result(hold=True)`` shows a change at once and starts its save only at
``release()`` (the rounds pane releases once the frame showing the result is drawn).  What
must hold: nothing reaches the store before the release; every later change, ``flush`` and
``close`` release first; the store receives the changes in the order they were made; and a
result key on the boards table ends up in the store without anyone calling ``release``.
"""

from __future__ import annotations

import pytest

from core.app import Workspace
from core.model import GameResult
from core.store import Store
from tui.app import HakemApp
from tui.services import Session
from tests.tui_fixtures import demo, store_with, wait_for
from tests.tui_fixtures import organiser_uses_single_keys


pytestmark = pytest.mark.usefixtures("quiet_tui")


def open_session(data, tid: str) -> Session:
    return Session(Workspace(data).open(tid))


def test_held_saves_wait_for_release_and_keep_their_order(tmp_path):
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    session = open_session(tmp_path, tid)
    answers = []
    shown = session.enter_result(2, 1, GameResult.WHITE_WINS, lambda t, e: answers.append(e), hold=True)
    session.enter_result(2, 2, GameResult.BLACK_WINS, lambda t, e: answers.append(e), hold=True)
    assert shown.rounds[1].boards[0].result is GameResult.WHITE_WINS  # shown at once
    assert session.pending == 2
    stored = Store(tmp_path).load(tid).tournament
    assert stored.rounds[1].boards[0].result is None and stored.rounds[1].boards[1].result is None
    assert session.poll() is False  # our own saves in flight: no reload over them
    # a change that is not held goes after the held ones
    session.enter_result(2, 3, GameResult.DRAW, lambda t, e: answers.append(e))
    session.flush()
    assert answers == [None, None, None]
    stored = Store(tmp_path).load(tid).tournament
    assert [b.result for b in stored.rounds[1].boards[:3]] == [
        GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW]
    actions = [e.get("action") for e in Store(tmp_path).journal(tid)][-3:]
    assert actions == ["result round 2 board 1 1-0", "result round 2 board 2 0-1", "result round 2 board 3 1/2"]
    session.close()


def test_flush_and_close_release_held_saves(tmp_path):
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    session = open_session(tmp_path, tid)
    session.enter_result(2, 4, GameResult.WHITE_WINS, lambda t, e: None, hold=True)
    session.flush()
    assert Store(tmp_path).load(tid).tournament.rounds[1].boards[3].result is GameResult.WHITE_WINS
    session.enter_result(2, 5, GameResult.BLACK_WINS, lambda t, e: None, hold=True)
    session.close()
    assert Store(tmp_path).load(tid).tournament.rounds[1].boards[4].result is GameResult.BLACK_WINS


def test_a_blocking_change_saves_held_results_first(tmp_path):
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    session = open_session(tmp_path, tid)
    session.enter_result(2, 6, GameResult.DRAW, lambda t, e: None, hold=True)
    session.do(lambda desk: desk.change_settings({"name": "Renamed"}))
    stored = Store(tmp_path).load(tid).tournament
    assert stored.name == "Renamed" and stored.rounds[1].boards[5].result is GameResult.DRAW
    session.close()


async def test_result_keys_reach_the_store_without_a_release_call(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()
        await pilot.press("1", "0", "equals_sign")
        stored = lambda: Store(data).load(tid).tournament.rounds[1].boards
        await wait_for(pilot, lambda: [b.result for b in stored()[:3]] == [
            GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW])
        assert app.screen.session.pending == 0


async def test_flush_on_the_ui_thread_does_not_wait_for_the_answers_it_blocks(tmp_path):
    """``p`` right after the round's last result (``4 1-0⏎p``): pairing flushes the saves on
    the UI thread.  The writer handed each answer to the UI thread and waited for it to be
    shown; with the UI thread in ``flush`` it waited for ``flush``, which waited for the writer:
    ten seconds later the last result was still not stored and the round was not paired
    (a CI failure under load).  The answers are queued to the UI thread, the writer goes on."""
    from textual.widgets import Static

    from tui.services import on_ui_thread

    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=tmp_path / "other", poll_interval=3600)
    shown: list[object] = []

    class Board(Static):
        def answered(self, outcome, error) -> None:
            shown.append(error)

    async with app.run_test(size=(80, 24)):
        board = Board("boards")
        await app.screen.mount(board)
        session = open_session(tmp_path, tid)
        session.enter_result(2, 1, GameResult.WHITE_WINS, on_ui_thread(board, board.answered))
        session.enter_result(2, 2, GameResult.BLACK_WINS, on_ui_thread(board, board.answered))
        session.flush(timeout=5)  # on the UI thread, as the pairing key does
        assert session.pending == 0
        stored = Store(tmp_path).load(tid).tournament
        assert [b.result for b in stored.rounds[1].boards[:2]] == [GameResult.WHITE_WINS, GameResult.BLACK_WINS]
        await wait_for_answers(app, shown, 2)
        assert shown == [None, None]  # both answers still reach the screen, in order
        session.close()


async def wait_for_answers(app, shown: list, count: int) -> None:
    import asyncio

    for _ in range(500):
        if len(shown) >= count:
            return
        await asyncio.sleep(0.01)
