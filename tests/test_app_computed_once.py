"""A change is computed once (issue 35 item 4): the TUI shows a result at once and the store
takes that same computation; a round is prepared once for the engine and for recording it."""

from __future__ import annotations

from core import changes
from core.app import Workspace
from core.changes import rounds
from core.demo import demo_tournament
from core.model import GameResult
from tests.tui_fixtures import demo, store_with
from tui.services import Session


def counted(monkeypatch, owner, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (still doing what it did)."""
    calls: list[int] = []
    real = getattr(owner, name)

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counting)
    return calls


def test_a_result_typed_in_the_tui_is_computed_once(tmp_path, monkeypatch):
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    session = Session(Workspace(tmp_path).open(tid))
    calls = counted(monkeypatch, changes, "set_result")
    answers: list = []
    session.enter_result(2, 1, GameResult.WHITE_WINS, lambda outcome, error: answers.append(error))
    session.flush()
    session.close()
    assert answers == [None]
    assert Workspace(tmp_path).open(tid).snapshot().tournament.round(2).boards[0].result is GameResult.WHITE_WINS
    assert len(calls) == 1  # shown at once and saved: the same computation


def test_a_result_is_computed_again_on_a_newer_state(tmp_path, monkeypatch):
    """Another organiser's result arrived between the screen's snapshot and the save: the
    store's state is not the one shown, so the result is computed on the newer state."""
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    session = Session(Workspace(tmp_path).open(tid))
    Workspace(tmp_path).open(tid).enter_result(2, 2, GameResult.DRAW)
    answers: list = []
    session.enter_result(2, 1, GameResult.WHITE_WINS, lambda outcome, error: answers.append(error))
    session.flush()
    session.close()
    boards = Workspace(tmp_path).open(tid).snapshot().tournament.round(2).boards
    assert answers == [None] and (boards[0].result, boards[1].result) == (GameResult.WHITE_WINS, GameResult.DRAW)


def test_a_round_is_prepared_once_for_the_engine_and_the_record(tmp_path, monkeypatch):
    [tid] = store_with(tmp_path, demo_tournament())
    desk = Workspace(tmp_path).open(tid)
    calls = counted(monkeypatch, rounds, "with_absences")
    outcome = desk.pair_next_round()
    assert outcome.tournament.current_round == 1
    assert len(calls) == 1


def test_the_changes_pair_a_round_preparing_it_once(monkeypatch):
    calls = counted(monkeypatch, rounds, "with_absences")
    assert changes.pair_next_round(demo_tournament()).current_round == 1
    assert len(calls) == 1
