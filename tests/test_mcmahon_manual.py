"""A McMahon round paired by hand gets the handicaps and komi of the McMahon rules.

The rules (OpenGotha's handicap settings, core/go/mcmahon_handicap.py): each player's MMS
before the round, capped at the handicap bar's MMS (1d = 30 by default); the difference minus
the correction (1 by default, never below 0), at most the ceiling (9 by default).  A handicap
game: the lower MMS takes Black and the stones, komi ½.  An even game keeps the colours the
arbiter typed (the nigiri was played at the board) and gets the event's komi (7.5).

The field: bar 1d, floor 5k, ranks 3d 1d 1k 2k 2k 4k 5k 9k → initial MMS
1:30 2:30 3:29 4:28 5:28 6:26 7:25 8:25 (3d clamped to the bar, 9k to the floor).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from core import changes
from core.model import Board, GameResult, Player, Tournament
from core.pairing.base import RoundPairing
from tests.cli_run import run

HALF, EVEN = Fraction(1, 2), Fraction(15, 2)
RANKS = ["3d", "1d", "1k", "2k", "2k", "4k", "5k", "9k"]


def event(**go) -> Tournament:
    players = tuple(Player(pno=i, name=f"Player{i}, Ann", extra={"go_rank": r})
                    for i, r in enumerate(RANKS, start=1))
    return Tournament(id="mm", name="MM", system="mcmahon", total_rounds=3, players=players,
                      options={"go": {"bar": "1d", "floor": "5k", **go}})


def by_hand(t: Tournament, typed: list[tuple[int, int]]) -> Tournament:
    return changes.manual_next_round(t, [Board(w, b) for w, b in typed], [])


def boards(t: Tournament, round_no: int) -> list[tuple[int, int, int, Fraction | None]]:
    return [(b.white, b.black, b.handicap, b.komi) for b in t.rounds[round_no - 1].boards]


def test_round_one_by_hand_gets_handicap_and_komi():
    """Typed 8-1, 3-2, 6-4, 5-7 (White first):
    8-1: MMS 25 v 30 → 5 − 1 = 4 stones; 1 (higher MMS) takes White, 8 Black, komi ½;
    3-2: 29 v 30 → 1 − 1 = 0: even, the arbiter's colours stay, komi 7.5;
    6-4: 26 v 28 → 2 − 1 = 1 stone; 4 White, 6 Black, komi ½;
    5-7: 28 v 25 → 3 − 1 = 2 stones; 5 already White, komi ½."""
    t = by_hand(event(), [(8, 1), (3, 2), (6, 4), (5, 7)])
    assert boards(t, 1) == [(1, 8, 4, HALF), (3, 2, 0, EVEN), (4, 6, 1, HALF), (5, 7, 2, HALF)]
    assert t.rounds[0].manual


def test_ceiling_correction_and_komi_settings_apply():
    """Ceiling 3, correction 0, komi 6.5: 8-1 is 30 − 25 = 5 stones, capped at 3; 3-2 is
    1 − 0 = 1 stone (2 White); 6-7 (26 v 25) 1 stone; 5-4 (28 v 28) even with komi 6.5."""
    t = by_hand(event(ceiling=3, correction=0, komi="6.5"), [(8, 1), (3, 2), (6, 7), (5, 4)])
    assert boards(t, 1) == [(1, 8, 3, HALF), (2, 3, 1, HALF), (6, 7, 1, HALF), (5, 4, 0, Fraction(13, 2))]


def with_results(t: Tournament, round_no: int, winners: list[int]) -> Tournament:
    for board_no, (board, winner) in enumerate(zip(t.rounds[round_no - 1].boards, winners), start=1):
        result = GameResult.WHITE_WINS if winner == board.white else GameResult.BLACK_WINS
        t = changes.set_result(t, round_no, board_no, result)
    return t


def test_round_two_uses_the_mms_before_the_round_and_the_handicap_bar():
    """Round 1 (hand-made, as in the first test): 8 beats 1, 3 beats 2, 6 beats 4, 5 beats 7.
    MMS before round 2: 1:30 2:30 3:30 4:28 5:29 6:27 7:25 8:26.
    Typed 3-1: 30 v 30 even, colours kept.  2-5: 30 v 29 → 0: even.  7-6: 25 v 27 → 1 stone,
    6 White.  4-8: 28 v 26 → 1 stone, 4 White.
    Round 2: 3, 2, 6 and 4 win → 1:30 2:31 3:31 4:29 5:29 6:28 7:25 8:26.  Typed 6-3: the
    handicap bar caps 3's 31 at 30 → 30 − 28 − 1 = 1 stone (not 2), 3 White; 1-2: 30 v 31
    capped to 30 → even, colours kept; 5-4: 29 v 29 even; 7-8: 25 v 26 → 1 − 1 = 0, even."""
    t = by_hand(event(), [(8, 1), (3, 2), (6, 4), (5, 7)])
    t = with_results(t, 1, [8, 3, 6, 5])
    t = by_hand(t, [(3, 1), (2, 5), (7, 6), (4, 8)])
    assert boards(t, 2) == [(3, 1, 0, EVEN), (2, 5, 0, EVEN), (6, 7, 1, HALF), (4, 8, 1, HALF)]
    t = with_results(t, 2, [3, 2, 6, 4])
    t = by_hand(t, [(6, 3), (1, 2), (5, 4), (7, 8)])
    assert boards(t, 3) == [(3, 6, 1, HALF), (1, 2, 0, EVEN), (5, 4, 0, EVEN), (7, 8, 0, EVEN)]


def test_replacing_a_round_keeps_each_result_with_its_winner():
    """``round set --replace`` keeps results typed on the boards; when the handicap rule turns
    a board round (8 typed as White against 1), 8's win stays 8's win."""
    t = by_hand(event(), [(1, 2), (3, 4), (5, 6), (7, 8)])
    typed = [Board(8, 1, result=GameResult.WHITE_WINS), Board(3, 2), Board(6, 4), Board(5, 7)]
    t = changes.set_manual_pairing(t, 1, typed, [])
    first = t.rounds[0].boards[0]
    assert (first.white, first.black, first.handicap, first.result) == (1, 8, 4, GameResult.BLACK_WINS)


def test_an_unknown_player_is_refused_with_a_message():
    from core.errors import TournamentError

    with pytest.raises(TournamentError, match="9"):
        changes.apply_pairing(event(), RoundPairing(1, (Board(9, 1), Board(2, 3))), manual=True)


@pytest.mark.usefixtures("cli_data")
def test_round_set_on_the_command_line(capsys):
    """The same first round through ``hakem round set ID --boards``."""
    tid = run(capsys, "new", "Evening", "--system", "mcmahon", "--rounds", 3,
              "--mm-bar", "1d", "--mm-floor", "5k")[0].strip().splitlines()[-1]
    for i, rank in enumerate(RANKS, start=1):
        run(capsys, "players", "add", tid, "--name", f"Player{i}, Ann", "--go-rank", rank)
    run(capsys, "round", "set", tid, "--boards", "8-1,3-2,6-4,5-7")
    shown = json.loads(run(capsys, "round", "show", tid, "1", "--format", "json")[0])
    assert [(b["white"], b["black"], b["handicap"], b["komi"]) for b in shown["boards"]] == [
        (1, 8, 4, "0.5"), (3, 2, 0, "7.5"), (4, 6, 1, "0.5"), (5, 7, 2, "0.5")]
