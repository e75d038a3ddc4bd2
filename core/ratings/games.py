"""The games that count for a rating: played over the board, with a result.

Why one place: every system rates the same games.  FIDE Rating Regulations 5.1 leave out
unplayed games (forfeits, byes) and a game with less than one move made each (our ``W``/``D``/
``L`` codes: "short" games count in the standings only); a board the arbiter marked unrated
(TRF ``unrated``) is left out too.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.model import Code, Tournament

_SCORES = {Code.WIN: Fraction(1), Code.DRAW: Fraction(1, 2), Code.LOSS: Fraction(0)}


@dataclass(frozen=True)
class RatedGame:
    """One game of a player: the round, the opponent's number, the player's score (1, ½, 0)
    and, for Go, the handicap stones Black received and White's komi (``None``: chess)."""

    round: int
    opponent: int
    score: Fraction
    handicap: int | None = None
    black: bool = False
    komi: Fraction | None = None
    clock: str = ""
    """The game's own time control (TRF-2026 record 222 code) when it has one of its own: a
    cup's games (regular, extension, Armageddon); ``""``: the event's."""


def rated_games(t: Tournament) -> dict[int, list[RatedGame]]:
    """Per player, the games a rating counts, in round order."""
    out: dict[int, list[RatedGame]] = {p.pno: [] for p in t.players}
    clocks = _cup_clocks(t)
    for rnd in t.rounds:
        for board in rnd.boards:
            if board.result is None or board.unrated:
                continue
            white, black = board.result.codes(board.unrated)
            if white not in _SCORES or black not in _SCORES:
                continue
            clock = clocks.get(board.game or "", "")
            out.setdefault(board.white, []).append(
                RatedGame(rnd.number, board.black, _SCORES[white], board.handicap, False, board.komi, clock))
            out.setdefault(board.black, []).append(
                RatedGame(rnd.number, board.white, _SCORES[black], board.handicap, True, board.komi, clock))
    return out


def _cup_clocks(t: Tournament) -> dict[str, str]:
    """A cup's game id → the clock the game is played at (its segment's, or the Armageddon's):
    a cup's extension and Armageddon games may be of another kind than its regular games."""
    if t.system != "knockout" or not any(b.game for r in t.rounds for b in r.boards):
        return {}
    from core.errors import TournamentError
    from core.playoff.cup import replay

    try:
        return {g.id: g.time_control.encode() for g in replay(t).view.games}
    except TournamentError:
        return {}
