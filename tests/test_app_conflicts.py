"""A change is made against what the organiser saw; a newer value elsewhere refuses it.

Two desks on one data directory stand for two organisers (two terminals, two windows).  The
journal names the real Unix user (the store trusts nothing else), so here both are the user
running the tests.  Expected values are the tournament's own data as each organiser saw it.
"""

from __future__ import annotations

import pytest

from core.app import BoardSeen, RoundSeen, StaleChange, Workspace
from core.errors import ConflictError, TournamentError
from core.model import Board, GameResult
from core.identity import current_user
from tests.tui_fixtures import demo, store_with

ME = current_user()


@pytest.fixture()
def event(tmp_path):
    """Round 2 of the 12-player demo paired, no result in it yet; ``event()`` is one
    organiser's desk on it."""
    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    return lambda: Workspace(tmp_path).open(tid)


def result_entries(desk, board: int) -> list[str]:
    return [e["action"] for e in desk.journal() if e["action"].startswith(f"result round 2 board {board} ")]


def test_the_second_result_on_a_board_is_refused_naming_who_and_what(event):
    anna, ben = event(), event()
    seen_by_ben = BoardSeen.of(ben.snapshot().tournament, 2, 1)
    seen_by_anna = BoardSeen.of(anna.snapshot().tournament, 2, 1)
    anna.enter_result(2, 1, GameResult.WHITE_WINS, seen=seen_by_anna)
    with pytest.raises(StaleChange) as refused:
        ben.enter_result(2, 1, GameResult.BLACK_WINS, seen=seen_by_ben)
    assert refused.value.who == ME
    assert refused.value.newer == "1-0"
    assert ME in str(refused.value) and "1-0" in str(refused.value)
    assert ben.snapshot().tournament.round(2).boards[0].result is GameResult.WHITE_WINS
    assert result_entries(ben, 1) == ["result round 2 board 1 1-0"]


def test_results_on_different_boards_never_block_each_other(event):
    anna, ben = event(), event()
    t = ben.snapshot().tournament  # both saw the round before either typed
    anna.enter_result(2, 1, GameResult.WHITE_WINS, seen=BoardSeen.of(t, 2, 1))
    ben.enter_result(2, 2, GameResult.DRAW, seen=BoardSeen.of(t, 2, 2))
    boards = ben.snapshot().tournament.round(2).boards
    assert (boards[0].result, boards[1].result) == (GameResult.WHITE_WINS, GameResult.DRAW)


def test_a_correction_is_refused_when_someone_corrected_first(event):
    anna, ben = event(), event()
    anna.enter_result(2, 3, GameResult.WHITE_WINS)
    t = ben.snapshot().tournament  # both see 1-0 on board 3
    anna.enter_result(2, 3, GameResult.DRAW, seen=BoardSeen.of(t, 2, 3))
    with pytest.raises(StaleChange) as refused:
        ben.enter_result(2, 3, GameResult.BLACK_WINS, seen=BoardSeen.of(t, 2, 3))
    assert (refused.value.who, refused.value.newer, refused.value.seen) == (ME, "1/2", "1-0")


def test_a_board_of_a_round_paired_again_is_refused(event):
    anna, ben = event(), event()
    t = ben.snapshot().tournament
    seen = BoardSeen.of(t, 2, 1)
    rnd = t.round(2)
    swapped = (Board(rnd.boards[0].black, rnd.boards[0].white), *rnd.boards[1:])
    anna.pair_by_hand(swapped, rnd.byes, replace=True)
    with pytest.raises(StaleChange):
        ben.enter_result(2, 1, GameResult.WHITE_WINS, seen=seen)


def test_a_manual_pairing_is_refused_when_the_round_got_a_result(event):
    anna, ben = event(), event()
    t = ben.snapshot().tournament
    rnd = t.round(2)
    anna.enter_result(2, 2, GameResult.DRAW)
    with pytest.raises(StaleChange) as refused:
        ben.pair_by_hand(rnd.boards, rnd.byes, replace=True, seen=RoundSeen.of(t, 2))
    assert refused.value.who == ME
    assert ben.snapshot().tournament.round(2).boards[1].result is GameResult.DRAW  # not wiped


def test_unpairing_is_refused_when_the_round_changed_since_it_was_shown(event):
    anna, ben = event(), event()
    seen = RoundSeen.of(ben.snapshot().tournament, 2)
    anna.enter_result(2, 4, GameResult.BLACK_WINS)
    with pytest.raises(StaleChange):
        ben.unpair_last_round(force=True, seen=seen)
    assert ben.snapshot().tournament.current_round == 2


def test_settings_changed_meanwhile_are_refused_but_the_same_value_is_not(event):
    anna, ben = event(), event()
    shown = {"name": ben.snapshot().tournament.name}
    anna.change_settings({"name": "Autumn Open"})
    with pytest.raises(StaleChange) as refused:
        ben.change_settings({"name": "Winter Open"}, seen=shown)
    assert (refused.value.who, refused.value.newer) == (ME, "Autumn Open")
    # both meant the same: nothing to refuse
    ben.change_settings({"name": "Autumn Open"}, seen=shown)
    # another setting changed meanwhile does not block this one
    anna.change_settings({"place": "Izmir"})
    ben.change_settings({"time_control": "90+30"}, seen={"time_control": "15+10"})


def test_settings_are_validated_on_every_path(event):
    desk = event()
    for changes in ({"name": "  "}, {"total_rounds": 0}):
        with pytest.raises(TournamentError):
            desk.change_settings(changes)
    t = desk.snapshot().tournament
    assert t.name and t.total_rounds == 5


def test_a_round_computed_on_an_older_revision_is_not_recorded(event):
    anna, ben = event(), event()
    for board in range(1, 7):
        anna.enter_result(2, board, GameResult.DRAW)
    plan = ben.prepare_round()
    pairing = ben.propose(plan)
    anna.enter_result(2, 1, GameResult.WHITE_WINS)  # a correction while the round was computed
    with pytest.raises(ConflictError):
        ben.record_round(plan, pairing)
    assert ben.snapshot().tournament.current_round == 2
    plan = ben.prepare_round()
    assert ben.record_round(plan, ben.propose(plan)).tournament.current_round == 3


def test_the_same_result_entered_twice_is_no_conflict_and_a_refusal_says_when(event):
    # both organisers saw board 4 empty and typed the same result: nothing is lost, both saved
    anna, ben = event(), event()
    t = ben.snapshot().tournament
    anna.enter_result(2, 4, GameResult.DRAW, seen=BoardSeen.of(t, 2, 4))
    ben.enter_result(2, 4, GameResult.DRAW, seen=BoardSeen.of(t, 2, 4))
    assert result_entries(ben, 4) == ["result round 2 board 4 1/2"]
    with pytest.raises(StaleChange) as refused:  # a different one is still refused, with the time
        ben.enter_result(2, 4, GameResult.WHITE_WINS, seen=BoardSeen.of(t, 2, 4))
    [entry] = [e for e in ben.journal() if e["action"] == "result round 2 board 4 1/2"]
    import datetime

    local = datetime.datetime.fromisoformat(entry["time"]).astimezone()  # the journal keeps UTC
    assert refused.value.when == local.strftime("%Y-%m-%d %H:%M:%S")
    assert f"by {ME} ({refused.value.when}) to 1/2" in str(refused.value)
