"""Board order of a round when a file does not say it (C.04.2 Art. 3.6).

TRF has no board numbers, so a round read back from TRF is put in the recommended order:
1. higher score of the higher-ranked player of the pair; 2. higher sum of the two scores;
3. smaller TPN of the higher-ranked player.  Scores are those before the round.
"""

from __future__ import annotations

from core.model import Board, Tournament, scores


def canonical_board_order(before: Tournament, boards: list[Board]) -> list[Board]:
    """Sort ``boards`` by Art. 3.6 using the scores of ``before`` (the rounds preceding them)."""
    pts = scores(before)

    def key(board: Board) -> tuple:
        sw, sb = pts.get(board.white, 0), pts.get(board.black, 0)
        top_score, top_pno = max((sw, -board.white), (sb, -board.black))
        return (-top_score, -(sw + sb), -top_pno)

    return sorted(boards, key=key)
