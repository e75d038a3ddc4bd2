"""The core's scores, kept as running totals, equal the sum over the TRF-like history.

``core.model.scores`` adds up rounds incrementally (a running total per round, reused while
the earlier rounds are the same objects: the boards table asks for the points before the round
on every result typed).  The reference is :func:`from_scratch`: every player's points of
``core.model.entries`` by the event's point system, plus the adjustments — the definition.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from core import changes
from core.model import Bye, ByeKind, GameResult, PointSystem, Tournament, adjusted_points, entries, scores
from tests.tui_fixtures import circle_pairing, demo


def from_scratch(t: Tournament, upto: int) -> dict[int, Fraction]:
    extra = adjusted_points(t, upto)
    return {pno: sum((t.points.for_code(e.code) for e in hist), extra.get(pno, Fraction(0)))
            for pno, hist in entries(t, upto).items()}

THREE = PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(3),
                    pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1))
RESULTS = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.WHITE_FORFEIT_WIN,
           GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT, None)


@pytest.mark.parametrize("points", [PointSystem(), THREE, PointSystem(zero_bye=Fraction(1, 2))])
@pytest.mark.parametrize("seed", range(6))
def test_running_scores_equal_the_history_while_results_come_in(points, seed):
    rnd = random.Random(seed)
    t = demo().with_changes(points=points)
    from core.changes.numbering import assign_pairing_numbers

    t = assign_pairing_numbers(t)
    for r in range(1, 6):
        if r == 4:  # absent from round 4 on: zero-bye points for rounds without a board
            t = changes.withdraw(t, 5, 4)
        pairing = circle_pairing(t, r)
        if r == 3:  # a requested bye: the player is not on a board in that round
            first = pairing.boards[0]
            pairing = type(pairing)(r, pairing.boards[1:], pairing.byes + (Bye(first.white, ByeKind.HALF),))
        t = changes.apply_pairing(t, pairing)
        for board in rnd.sample(range(1, len(pairing.boards) + 1), len(pairing.boards)):
            t = changes.set_result(t, r, board, rnd.choice(RESULTS))
            for k in range(1, r + 1):
                assert scores(t, upto=k - 1) == from_scratch(t, k - 1)
    # a correction of an early round changes every later total
    t = changes.set_result(t, 1, 1, GameResult.DOUBLE_FORFEIT)
    for k in range(1, 6):
        assert scores(t, upto=k - 1) == from_scratch(t, k - 1)
