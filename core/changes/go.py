"""Go's result changes: who won, with which colour; refusals; rests are made by the engine.

Why not only ``hakem result ID R B 1-0``: a Go arbiter records "who won" and, for an even game,
the colours the nigiri actually gave (the Gamma procedure: "уточнить цвет при игре без форы").

Mapping onto :class:`~core.model.GameResult` (see notes/go.md): a win is ``WHITE_WINS`` /
``BLACK_WINS``; a game won because the opponent did not come is ``WHITE_FORFEIT_WIN`` /
``BLACK_FORFEIT_WIN``; both absent after pairing is ``DOUBLE_FORFEIT`` (a refusal for both).
A refusal announced before the pairing is a requested bye (any kind; the engine records it as a
zero bye, the card shows "--").  The winner as typed is read by :mod:`core.go.results`.
"""

from __future__ import annotations

from dataclasses import replace

from core.changes.rounds import set_result
from core.errors import InvalidResult, RoundError, UnknownPlayer
from core.go.results import parse_winner
from core.i18n import _
from core.model import Board, ByeKind, GameResult, RequestedBye, Tournament


def _board(t: Tournament, round_no: int, board_no: int) -> Board:
    rnd = t.round(round_no)
    if not 1 <= board_no <= len(rnd.boards):
        raise InvalidResult.no_such_board(round_no, len(rnd.boards), board_no)
    return rnd.boards[board_no - 1]


def _replace_board(t: Tournament, round_no: int, board_no: int, board: Board) -> Tournament:
    rnd = t.round(round_no)
    boards = list(rnd.boards)
    boards[board_no - 1] = board
    rounds = list(t.rounds)
    rounds[round_no - 1] = replace(rnd, boards=tuple(boards))
    return t.with_changes(rounds=tuple(rounds))


def record_game(t: Tournament, round_no: int, board_no: int, winner: int,
                white: int | None = None, forfeit: bool = False) -> Tournament:
    """Record who won board ``board_no``; ``white`` corrects the colours of an even game.

    Colours of a handicap game are fixed (the weaker player has Black), so ``white`` may only
    name the other player on an even board.  ``forfeit``: the loser did not play.
    """
    board = _board(t, round_no, board_no)
    if winner not in (board.white, board.black):
        raise InvalidResult(_('player {winner} does not play on board {board_no} of round {round_no} ({white} against {black})').format(winner=winner, board_no=board_no, round_no=round_no, white=board.white, black=board.black))
    if white is not None and white != board.white:
        if white != board.black:
            raise InvalidResult(_('player {white} does not play on board {board_no} of round {round_no}').format(white=white, board_no=board_no, round_no=round_no))
        if board.handicap:
            raise InvalidResult(_('board {board_no} is a handicap game: the weaker player ({black}) has Black').format(board_no=board_no, black=board.black))
        board = replace(board, white=board.black, black=board.white)
    if forfeit:
        result = GameResult.WHITE_FORFEIT_WIN if winner == board.white else GameResult.BLACK_FORFEIT_WIN
    else:
        result = GameResult.WHITE_WINS if winner == board.white else GameResult.BLACK_WINS
    return _replace_board(t, round_no, board_no, replace(board, result=result))


def record_winner_text(t: Tournament, round_no: int, board_no: int, winner: str,
                       white: int | None = None, forfeit: bool = False) -> Tournament:
    """:func:`record_game` with the winner as typed: a number, ``white`` or ``black``."""
    board = _board(t, round_no, board_no)
    return record_game(t, round_no, board_no, parse_winner(winner, board), white, forfeit)


def record_jigo(t: Tournament, round_no: int, board_no: int) -> Tournament:
    """A jigo (½-½): only possible with a whole-number komi; the check is the generic one of
    :func:`core.changes.set_result`, so every way of entering a result refuses it alike."""
    return set_result(t, round_no, board_no, GameResult.DRAW)


def record_double_refusal(t: Tournament, round_no: int, board_no: int) -> Tournament:
    """Both players of a paired board did not play: a refusal ("--") for both."""
    board = _board(t, round_no, board_no)
    return _replace_board(t, round_no, board_no, replace(board, result=GameResult.DOUBLE_FORFEIT))


def record_refusal(t: Tournament, pno: int, round_no: int) -> Tournament:
    """A player refuses a round that is not paired yet (the card will show "--")."""
    if not t.has_player(pno):
        raise UnknownPlayer(_('no player with pairing number {pno} in {name!r}').format(pno=pno, name=t.name))
    if round_no <= len(t.rounds):
        raise RoundError(_('round {round_no} is already paired; unpair it first or record the game as lost by forfeit').format(round_no=round_no))
    if round_no > t.total_rounds:
        raise RoundError(_('the tournament has only {total_rounds} rounds').format(total_rounds=t.total_rounds))
    kept = tuple(b for b in t.requested_byes if not (b.pno == pno and b.round == round_no))
    new = RequestedBye(pno, round_no, ByeKind.ZERO)
    return t.with_changes(requested_byes=tuple(sorted((*kept, new), key=lambda b: (b.round, b.pno))))


def cancel_refusal(t: Tournament, pno: int, round_no: int) -> Tournament:
    kept = tuple(b for b in t.requested_byes if not (b.pno == pno and b.round == round_no))
    if len(kept) == len(t.requested_byes):
        raise RoundError(_('player {pno} has not refused round {round_no}').format(pno=pno, round_no=round_no))
    return t.with_changes(requested_byes=kept)
