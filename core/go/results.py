"""Go result entry as typed: who won (a number, white or black) and the short spellings of a
board's result; the changes that record them are :mod:`core.changes.go`.

Why a reader of its own: the CLI's ``hakem go result`` and the TUI's result field accept the
same words in every language (``3 b+``, ``4 W+R``, ``белые``), and a spelling read one way in
one front end must be read the same in the other.
"""

from __future__ import annotations

from core.i18n import _

import re

from core.errors import InvalidResult
from core.model import Board, GameResult

_WORDS_WHITE = {"w", "white", "w+", "белые", "б"}
_WORDS_BLACK = {"b", "black", "b+", "черные", "чёрные", "ч"}


def parse_winner(text: str, board: Board) -> int:
    """The winner's pairing number from ``"12"``, ``"white"``/``"w"``, ``"black"``/``"b"``."""
    key = text.strip().lower()
    if key in _WORDS_WHITE:
        return board.white
    if key in _WORDS_BLACK:
        return board.black
    try:
        pno = int(key)
    except ValueError as error:
        raise InvalidResult(
            _("{text!r} is not a winner; give the winner's number, white or black").format(text=text)) from error
    if pno not in (board.white, board.black):
        raise InvalidResult(_('player {pno} does not play on this board ({white} against {black})').format(pno=pno, white=board.white, black=board.black))
    return pno


_SGF_RESULT = re.compile(r"([bw])\+(r|resign|t|time|f|forfeit|\d+(?:[.,]5)?)?")
"""A result as SGF writes it (FF[4], property RE): ``B+R``, ``W+3.5``, ``B+T``, ``W+F``."""


def parse_typed_result(text: str) -> GameResult:
    """A Go result as an arbiter types it on the result line: the chess spellings
    (:meth:`GameResult.parse`: ``1-0``, ``0-1``, ``+-``, ``--``, ``=`` …), the winner's colour
    (``w``, ``b+``, ``white``, ``чёрные`` — as ``hakem go result`` takes it), or SGF's
    (``B+R``, ``W+3.5``, ``B+T``; ``B+F`` a win by forfeit; ``jigo``/``draw`` ½-½).  Why: the
    slips of a Go event say who won with which colour; the chess spellings alone refused
    ``3 b+`` with advice to type ``1/2``."""
    key = text.strip().lower()
    if key in _WORDS_WHITE:
        return GameResult.WHITE_WINS
    if key in _WORDS_BLACK:
        return GameResult.BLACK_WINS
    if key in ("jigo", "draw"):
        return GameResult.DRAW
    sgf = _SGF_RESULT.fullmatch(key)
    if sgf is not None:
        forfeit = sgf.group(2) in ("f", "forfeit")
        if sgf.group(1) == "w":
            return GameResult.WHITE_FORFEIT_WIN if forfeit else GameResult.WHITE_WINS
        return GameResult.BLACK_FORFEIT_WIN if forfeit else GameResult.BLACK_WINS
    try:
        return GameResult.parse(text)
    except InvalidResult:
        raise InvalidResult(_("unknown result {text!r}; use the winner's colour (w, b, W+R, B+3.5; W+F: "
                              "won by forfeit), 1-0, 0-1, -- (neither came) or jigo").format(text=text)) from None


def jigo_possible(boards: tuple[Board, ...] | list[Board]) -> bool:
    """Whether any of ``boards`` can end in jigo: only a whole komi leaves a tie on the board
    (a half-point komi decides every game, and the result entry refuses ``=`` there)."""
    return any(b.komi is not None and b.komi.denominator == 1 for b in boards)
