"""Board order of a round when a file does not say it (C.04.2 Art. 3.6).

TRF has no board numbers, so a round read back from TRF is put in the recommended order:
1. higher score of the higher-ranked player of the pair; 2. higher sum of the two scores;
3. smaller TPN of the higher-ranked player.  Scores are those before the round.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from core.model import Board


def canonical_board_order(before: Mapping[int, Fraction], boards: list[Board]) -> list[Board]:
    """Sort ``boards`` by C.04.2 Art. 3.6 using ``before``, the scores before their round (one
    element of :func:`core.model.running_scores`; a number missing there counts 0)."""
    zero = Fraction(0)

    def key(board: Board) -> tuple[Fraction, Fraction, int]:
        sw, sb = before.get(board.white, zero), before.get(board.black, zero)
        top_score, top_pno = max((sw, -board.white), (sb, -board.black))
        return (-top_score, -(sw + sb), -top_pno)

    return sorted(boards, key=key)
