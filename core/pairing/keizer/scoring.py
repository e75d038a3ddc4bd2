"""Keizer scores, value numbers and the ranking they settle on (notes/keizer.md).

Why a fixed point: a player's score is made of the values of the opponents he beat (and
fractions of his own value for evenings without a game), a value comes from the place in the
ranking, and the place comes from the score.  The clubs' programs recompute every earlier
round with the current values after each evening ("herberekening"); we do the same until the
ranking no longer changes:

1. start from the ranking after the previous evening (before the first: the pairing numbers,
   i.e. the starting list; a late entry comes in at his number);
2. give each place its value (:meth:`KeizerOptions.values`), score every player with those
   values, sort by score — equal scores keep the order they had in the ranking the values came
   from;
3. repeat until the ranking is the one the values came from (a fixed point).

When the rankings cycle instead (A above B gives B more than A, B above A gives A more than B),
no ranking is consistent with its own values.  Then each player's score is the mean of his
scores over the rankings of the cycle, the ranking is by those means (ties: the order of the
cycle's first ranking), and :attr:`KeizerRanking.cycle` says how many rankings took part.

Scores are exact: every fraction is scaled by one common denominator and summed as integers
(a season of 40 evenings × 60 players is recomputed many times per standings request).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.model import ByeKind, Code, Tournament
from core.pairing.keizer.options import KeizerOptions, keizer_options

MAX_ITERATIONS = 500
"""A bound that is never reached in practice (a cycle is detected exactly); past it the mean
of the last two rankings' scores is taken, as for a cycle of two."""

_GAME_KIND = {Code.WIN: "win", Code.SHORT_WIN: "win", Code.DRAW: "draw", Code.SHORT_DRAW: "draw",
              Code.LOSS: "loss", Code.SHORT_LOSS: "loss", Code.FORFEIT_WIN: "forfeit_win",
              Code.FORFEIT_LOSS: "forfeit_loss"}
_ABSENCES = ("excused", "unexcused")
"""The kinds the absence limit and halving count (a bye and club duty are not absences)."""


@dataclass(frozen=True)
class Item:
    """One evening of one player: what it scores, as a fraction of a value.

    ``opponent`` is set for games (the fraction is of the opponent's value) and ``None`` for
    evenings without a game (of the player's own value).  ``fraction`` already has the absence
    limit and halving applied; ``over_limit`` marks an absence past the limit (it scores 0)."""

    round: int
    kind: str
    opponent: int | None
    fraction: Fraction
    over_limit: bool = False


@dataclass(frozen=True)
class KeizerRanking:
    """The Keizer ranking after ``rounds`` evenings."""

    order: tuple[int, ...]
    """Pairing numbers, first place first."""
    values: dict[int, int]
    scores: dict[int, Fraction]
    items: dict[int, tuple[Item, ...]]
    rounds: int
    own_value: bool
    iterations: int
    """Rankings computed to settle the last evening."""
    cycle: int = 0
    """0: the ranking is a fixed point; n ≥ 2: n rankings cycled and the scores are their mean."""

    def place(self, pno: int) -> int:
        """1-based place of ``pno``."""
        return self.order.index(pno) + 1


def _not_paired(t: Tournament, pno: int, round_no: int) -> tuple[str, int | None]:
    """The kind of an evening ``pno`` has neither a board nor a bye in: before his entry,
    after his withdrawal, or an absence nobody announced (left out of the pairing)."""
    player = t.player(pno)
    if round_no < player.joined_round:
        return ("before_entry", None)
    if player.withdrawn_round is not None and round_no >= player.withdrawn_round:
        return ("withdrawn", None)
    return ("unexcused", None)


def _round_kinds(t: Tournament, round_no: int) -> dict[int, tuple[str, int | None] | None]:
    """Every board and bye of a round, per player: (kind, opponent) or ``None`` (no result)."""
    rnd = t.rounds[round_no - 1]
    out: dict[int, tuple[str, int | None] | None] = {}
    for board in rnd.boards:
        if board.result is None:
            out[board.white] = out[board.black] = None
            continue
        white_code, black_code = board.result.codes(board.unrated)
        out[board.white] = (_GAME_KIND.get(white_code, "loss"), board.black)
        out[board.black] = (_GAME_KIND.get(black_code, "loss"), board.white)
    for bye in rnd.byes:
        if bye.kind is ByeKind.PAB:
            out[bye.pno] = ("bye", None)
        elif bye.kind is ByeKind.FULL:
            out[bye.pno] = ("club_duty", None)
        elif bye.kind is ByeKind.ZERO and bye.absent:
            out[bye.pno] = ("unexcused", None)
        else:
            out[bye.pno] = ("excused", None)
    return out


def evenings(t: Tournament, options: KeizerOptions, upto: int) -> dict[int, tuple[Item, ...]]:
    """Per player, the items of evenings 1..``upto`` (the absence limit and halving counted in
    round order)."""
    out: dict[int, list[Item]] = {p.pno: [] for p in t.players}
    absences = dict.fromkeys(out, 0)
    for round_no in range(1, min(upto, len(t.rounds)) + 1):
        kinds = _round_kinds(t, round_no)
        for pno, items in out.items():
            what = kinds[pno] if pno in kinds else _not_paired(t, pno, round_no)
            if what is None:
                continue
            kind, opponent = what
            fraction = options.fraction(kind)
            over = False
            if kind in _ABSENCES:
                absences[pno] += 1
                nth = absences[pno]
                over = bool(options.absence_limit) and nth > options.absence_limit
                if over:
                    fraction = Fraction(0)
                elif options.absence_halving:
                    fraction /= 2 ** (nth - 1)
            items.append(Item(round_no, kind, opponent, fraction, over))
    return {pno: tuple(items) for pno, items in out.items()}


class _Scorer:
    """Scores of every player for a given ranking, in integers scaled by one denominator."""

    def __init__(self, items: dict[int, tuple[Item, ...]], options: KeizerOptions, upto: int) -> None:
        self.options = options
        fractions = [it.fraction for its in items.values() for it in its if it.round <= upto]
        self.scale = math.lcm(1, *(f.denominator for f in fractions))
        self.own: dict[int, int] = {}
        self.against: dict[int, list[tuple[int, int]]] = {}
        for pno, its in items.items():
            own = 0
            against: dict[int, int] = {}
            for it in its:
                if it.round > upto or not it.fraction:
                    continue
                weight = it.fraction.numerator * (self.scale // it.fraction.denominator)
                if it.opponent is None:
                    own += weight
                else:
                    against[it.opponent] = against.get(it.opponent, 0) + weight
            self.own[pno] = own + (self.scale if options.own_value else 0)
            self.against[pno] = sorted(against.items())

    def values(self, order: Sequence[int]) -> dict[int, int]:
        return dict(zip(order, self.options.values(len(order)), strict=True))

    def scaled(self, order: Sequence[int]) -> dict[int, int]:
        values = self.values(order)
        return {pno: self.own[pno] * values[pno] + sum(w * values[o] for o, w in self.against[pno])
                for pno in order}


def _ranked(order: Sequence[int], scaled: dict[int, int]) -> tuple[int, ...]:
    """Highest score first; equal scores keep their order in ``order``."""
    position = {pno: i for i, pno in enumerate(order)}
    return tuple(sorted(order, key=lambda p: (-scaled[p], position[p])))


def settle(start: Sequence[int], items: dict[int, tuple[Item, ...]], options: KeizerOptions,
           upto: int) -> tuple[tuple[int, ...], dict[int, Fraction], int, int]:
    """The ranking the evenings 1..``upto`` settle on from ``start``: (order, scores,
    iterations, cycle length — 0 for a fixed point)."""
    scorer = _Scorer(items, options, upto)
    order = tuple(start)
    seen: dict[tuple[int, ...], int] = {order: 0}
    history: list[tuple[int, ...]] = [order]
    scored: list[dict[int, int]] = []
    for iteration in range(1, MAX_ITERATIONS + 1):
        scaled = scorer.scaled(order)
        scored.append(scaled)
        new = _ranked(order, scaled)
        if new == order:
            return order, _exact(scaled, scorer.scale), iteration, 0
        if new in seen:
            first = seen[new]
            return (*_mean(history[first], scored[first:], scorer.scale), iteration, len(history) - first)
        seen[new] = iteration
        history.append(new)
        order = new
    return (*_mean(history[-2], scored[-2:], scorer.scale), MAX_ITERATIONS, 2)


def _exact(scaled: dict[int, int], scale: int) -> dict[int, Fraction]:
    return {p: Fraction(v, scale) for p, v in scaled.items()}


def _mean(first: tuple[int, ...], scored: list[dict[int, int]], scale: int
          ) -> tuple[tuple[int, ...], dict[int, Fraction]]:
    """A cycle: the mean score over its rankings, and the ranking by it."""
    total = {p: sum(s[p] for s in scored) for p in first}
    return _ranked(first, total), {p: Fraction(v, scale * len(scored)) for p, v in total.items()}


def starting_order(t: Tournament) -> tuple[int, ...]:
    """The ranking before the first evening: the pairing numbers (the starting list)."""
    return tuple(sorted(p.pno for p in t.players))


def keizer_ranking(t: Tournament, upto: int | None = None, options: KeizerOptions | None = None
                   ) -> KeizerRanking:
    """The Keizer ranking after evening ``upto`` (default: every paired round), each evening
    settled from the ranking of the one before (:func:`settle`)."""
    opts = options or keizer_options(t)
    rounds = len(t.rounds) if upto is None else max(0, min(upto, len(t.rounds)))
    items = evenings(t, opts, rounds)
    order = starting_order(t)
    scorer = _Scorer(items, opts, 0)
    scores, iterations, cycle = _exact(scorer.scaled(order), scorer.scale), 0, 0
    for evening in range(1, rounds + 1):
        order, scores, iterations, cycle = settle(order, items, opts, evening)
    values = dict(zip(order, opts.values(len(order)), strict=True))
    return KeizerRanking(order, values, scores, items, rounds, opts.own_value, iterations, cycle)


def met(t: Tournament, upto: int | None = None) -> dict[frozenset[int], list[int]]:
    """Per pair of players, the rounds they played a game (forfeits are not games: the two
    never sat at the board)."""
    out: dict[frozenset[int], list[int]] = {}
    for rnd in t.rounds[:upto]:
        for board in rnd.boards:
            if board.result is None or board.result.played:
                out.setdefault(frozenset((board.white, board.black)), []).append(rnd.number)
    return out

