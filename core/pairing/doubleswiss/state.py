"""What the Double-Swiss System (FIDE C.04.5, 2026) reads about each player before a round.

Why a module of its own and not ``swiss/state.py``: a Double-Swiss round is a *match* of two
games (Preface), stored as one round whose two boards carry the labels :data:`GAME_1` and
:data:`GAME_2` (the games of a cup's match are stored the same way, see
:func:`core.model.game_rounds`).  The facts the text asks for are facts about matches:

* a match counts as forfeited only when a player forfeited both games (Preface); any other
  match is a meeting ([C1]), counts as played (3.4.3) and can make a floater (1.5);
* a player has a colour in a match (the colour of game 1) only when at least one of its games
  was played over the board (1.6);
* the PAB goes to nobody who already had one, won a match by forfeit or had a full-point bye
  ([C2]).

The score is the standings score: points per game (Preface), the PAB worth one game won and
one drawn (1.4, :data:`PAB_POINTS`), a requested bye worth a match (:func:`match_points`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from core.model import Board, ByeKind, Colour, GameResult, PointSystem, Round, Tournament, scores

GAME_1 = "g1"
"""``Board.game`` of a match's first game (the match's White plays White)."""
GAME_2 = "g2"
"""``Board.game`` of a match's second game (colours reversed, Preface)."""

PAB_POINTS = Fraction(3, 2)
"""C.04.5 1.4: the pairing-allocated bye is worth a game won plus a game drawn."""



def match_points(points: PointSystem, explicit_pab: bool = False) -> PointSystem:
    """An event's points for Double-Swiss: per game as given, the PAB a game won plus a game
    drawn (1.4) unless the organiser set the PAB's value himself, and the requested byes worth
    a whole match.

    Why the byes: the Preface says "Byes (requested or assigned) apply only to matches, never
    to individual games"; a full-point bye is then a match won (two games won), a half-point
    bye a drawn match (two draws), a zero-point bye a match lost.  Worth one game's points, a
    full-point bye (1) was less than the PAB (1½).  A stored bye sits once, in its match's
    first game (:func:`core.model.match_games`), so its value is the match's.  Idempotent: it
    reads only the per-game win, draw and loss."""
    byes = replace(points, full_bye=2 * points.win, half_bye=2 * points.draw, zero_bye=2 * points.loss)
    return byes if explicit_pab else replace(byes, pab=points.win + points.draw)


_FORFEIT_LOSS_OF_WHITE = (GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)
_FORFEIT_LOSS_OF_BLACK = (GameResult.WHITE_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


@dataclass(frozen=True)
class MatchRecord:
    """One match of a stored round: who had White in game 1 and its boards (one or two)."""

    white: int
    black: int
    boards: tuple[Board, ...]

    def forfeited_by(self, pno: int) -> bool:
        """``pno`` forfeited every game of the match (both games, Preface)."""
        if not self.boards or any(b.result is None for b in self.boards):
            return False
        for b in self.boards:
            losses = _FORFEIT_LOSS_OF_WHITE if b.white == pno else _FORFEIT_LOSS_OF_BLACK
            if b.result not in losses:
                return False
        return True

    @property
    def forfeited(self) -> bool:
        """Preface: the match ends by forfeit only if a player forfeits both games."""
        return self.forfeited_by(self.white) or self.forfeited_by(self.black)

    @property
    def played(self) -> bool:
        """1.6: at least one game of the match was played over the board."""
        return any(b.result is not None and b.result.played for b in self.boards)

    def opponent(self, pno: int) -> int:
        return self.black if pno == self.white else self.white


def match_score(t: Tournament, rnd: Round, board_index: int) -> tuple[int, int, Fraction, Fraction] | None:
    """The match that board ``board_index`` (0-based) belongs to, once all its games have
    results: (match number, game number, match points of this board's White, of its Black) —
    from the side of the player written first on the row, so game 2's row (colours reversed)
    reads from game 2's White; ``None`` while a game is still playing or for a board of no
    match."""
    board = rnd.boards[board_index]
    if board.game not in (GAME_1, GAME_2):
        return None
    pair = frozenset((board.white, board.black))
    record = next(m for m in match_records(rnd) if frozenset((m.white, m.black)) == pair)
    if any(b.result is None for b in record.boards):
        return None
    mine = theirs = Fraction(0)
    for b in record.boards:
        assert b.result is not None
        white, black = (t.points.for_code(c) for c in b.result.codes(b.unrated))
        mine += white if b.white == board.white else black
        theirs += black if b.white == board.white else white
    return match_of(rnd, board_index), 1 if board.game == GAME_1 else 2, mine, theirs


def match_of(rnd: Round, board_index: int) -> int:
    """The number of the match board ``board_index`` (0-based) belongs to, in board order."""
    order: list[frozenset[int]] = []
    for b in rnd.boards:
        pair = frozenset((b.white, b.black))
        if pair not in order:
            order.append(pair)
    board = rnd.boards[board_index]
    return order.index(frozenset((board.white, board.black))) + 1


def match_records(rnd: Round) -> list[MatchRecord]:
    """The matches of a stored round, in board order; a board without a game label is a match
    of one game (a round entered by hand or read from a one-game file)."""
    grouped: dict[frozenset[int], list[Board]] = {}
    for b in rnd.boards:
        grouped.setdefault(frozenset((b.white, b.black)), []).append(b)
    out = []
    for boards in grouped.values():
        first = next((b for b in boards if b.game == GAME_1), boards[0])
        out.append(MatchRecord(first.white, first.black, tuple(boards)))
    return out


_AS_PLAYED = {GameResult.WHITE_FORFEIT_WIN: GameResult.WHITE_WINS,
              GameResult.BLACK_FORFEIT_WIN: GameResult.BLACK_WINS,
              GameResult.DOUBLE_FORFEIT: GameResult.BOTH_LOSE}


def _as_played(boards: tuple[Board, ...], regular: set[frozenset[int]]) -> tuple[Board, ...]:
    """A forfeited game of a match in ``regular`` (not forfeited) as the game it scored."""
    return tuple(replace(b, result=_AS_PLAYED[b.result], colourless=False)
                 if b.result in _AS_PLAYED and frozenset((b.white, b.black)) in regular else b
                 for b in boards)


def tie_break_view(games: Tournament) -> Tournament:
    """The event as tie-breaks see it, from its game rounds (:func:`core.model.match_games`:
    game rounds 2k−1 and 2k are match k).

    * Preface: in a match not forfeited, a single forfeited game counts as played (won by the
      player who got its point); ratings and TRF files keep the forfeit.
    * Preface, byes (requested or assigned) apply to matches, never to single games: every
      bye covers both games, half its value in each, so a match's second game is never an
      absence (a voluntary unplayed round) for C.07 beside the bye of its first; the bye's
      kind stays (a full-point bye or the PAB no voluntary unplayed round, a half- or zero-point
      bye one)."""
    rounds = list(games.rounds)
    for k in range(0, len(rounds) - 1, 2):
        first, second = rounds[k], rounds[k + 1]
        by_pair: dict[frozenset[int], list[Board]] = {}
        for b in first.boards + second.boards:
            by_pair.setdefault(frozenset((b.white, b.black)), []).append(b)
        regular = {pair for pair, boards in by_pair.items()
                   if not MatchRecord(boards[0].white, boards[0].black, tuple(boards)).forfeited}

        rounds[k] = replace(first, boards=_as_played(first.boards, regular))
        rounds[k + 1] = replace(second, boards=_as_played(second.boards, regular), byes=second.byes + first.byes)
    p = games.points
    points = replace(p, pab=p.pab / 2, full_bye=p.full_bye / 2, half_bye=p.half_bye / 2, zero_bye=p.zero_bye / 2)
    return games.with_changes(rounds=tuple(rounds), points=points)


@dataclass(frozen=True)
class Entrant:
    """One player to be paired, as C.04.5 sees him."""

    pno: int
    """The TPN (1.1)."""
    score: Fraction
    matches: int
    """Matches played, forfeited ones not counted (3.4.3)."""
    met: frozenset[int]
    """Opponents of matches not forfeited ([C1])."""
    barred: bool
    """[C2]: may not receive the PAB."""
    colours: tuple[Colour, ...]
    """The game-1 colour of every match with a game played, oldest first (1.6)."""
    floated: bool
    """1.5: met an opponent with a different score in the previous round."""


@dataclass
class _History:
    matches: int = 0
    met: set[int] = field(default_factory=set)
    barred: bool = False
    colours: list[Colour] = field(default_factory=list)


def _histories(t: Tournament) -> dict[int, _History]:
    """One pass over the stored rounds: every player's matches, opponents, [C2] and colours."""
    out: dict[int, _History] = {}
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind in (ByeKind.PAB, ByeKind.FULL):
                out.setdefault(bye.pno, _History()).barred = True
        for m in match_records(rnd):
            for pno in (m.white, m.black):
                h = out.setdefault(pno, _History())
                if m.forfeited:
                    h.barred = h.barred or not m.forfeited_by(pno)
                    continue
                h.matches += 1
                h.met.add(m.opponent(pno))
                if m.played:
                    h.colours.append(Colour.WHITE if m.white == pno else Colour.BLACK)
    return out


def _floaters(t: Tournament) -> set[int]:
    """1.5: the players whose match of the previous round (not forfeited) was against an
    opponent with a different score before that round."""
    if not t.rounds:
        return set()
    before = scores(t, len(t.rounds) - 1)
    out: set[int] = set()
    for m in match_records(t.rounds[-1]):
        if not m.forfeited and before.get(m.white) != before.get(m.black):
            out.update((m.white, m.black))
    return out


def entrants(t: Tournament, pnos: Iterable[int]) -> dict[int, Entrant]:
    """The state of each player in ``pnos`` before round ``t.current_round + 1``."""
    now = scores(t)
    floated = _floaters(t)
    histories = _histories(t)
    out = {}
    for pno in pnos:
        h = histories.get(pno, _History())
        out[pno] = Entrant(pno, now.get(pno, Fraction(0)), h.matches, frozenset(h.met), h.barred,
                           tuple(h.colours), pno in floated)
    return out
