"""A result as an arbiter types it, read the way the event's game reads it.

One parser for every front end that takes a typed line (the TUI's result line; the CLI's
``hakem result`` takes the chess spellings through :meth:`GameResult.parse` alone, ``hakem go
result`` the Go ones): a Go event also takes the winner's colour and SGF's spellings
(``b+``, ``W+R``), every other event the chess spellings, the arbiter's half-point scores
(``½-0``, ``0-½``, C.04.5 Preface) included — and whether such a score may stand on a
board (:func:`half_point_refusal`, for entry and for files read alike).
"""

from __future__ import annotations

from core.i18n import _
from core.model import Board, GameResult


def parse_typed(system: str, text: str) -> GameResult:
    """The result ``text`` means in an event of ``system``; raises ``InvalidResult`` with the
    spellings to use."""
    from core.fields import GO_SYSTEMS  # lazily: the form fields' module is no start-up cost

    if system in GO_SYSTEMS:
        from core.go.results import parse_typed_result

        return parse_typed_result(text)
    return GameResult.parse(text)


def half_point_refusal(system: str, board: Board, round_no: int, board_no: int) -> str | None:
    """Why ``board`` cannot hold its ½-0 or 0-½ (``None``: it can, or it holds something else).
    They are a chess arbiter's scores (C.04.5 Preface): a Go game has no half point for one
    side, and an Armageddon game must send one player through."""
    result = board.result
    if result not in (GameResult.WHITE_HALF, GameResult.BLACK_HALF):
        return None
    from core.fields import GO_SYSTEMS

    if system in GO_SYSTEMS:
        return _('board {board_no} of round {round_no}: a Go game cannot end {result}; '
                 'enter the winner, jigo or 0-0').format(board_no=board_no, round_no=round_no, result=result.text)
    if board.game.endswith(".arm"):
        return _('board {board_no} of round {round_no} is an Armageddon game: it cannot end '
                 '{result}; enter the winner (a draw sends Black through)').format(
            board_no=board_no, round_no=round_no, result=result.text)
    return None
