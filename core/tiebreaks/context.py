"""Per-player round data that every tie-break reads, computed once per standings request.

Why a context: twenty tie-breaks look at the same cells (opponent, points, colour, whether the
game was played, whether the round was a voluntary unplayed round).  Building them once from
:func:`core.model.entries` keeps every family small and makes 1000 players × 11 rounds cheap.
Points are kept as integers scaled by the point system's common denominator (``scale``):
sums of halves stay exact and integer arithmetic is much faster than ``Fraction``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from core.model import Code, Colour, Tournament, adjusted_points, entries, single_games

_NOT_VUR_UNPLAYED = frozenset({Code.FORFEIT_WIN, Code.FULL_BYE, Code.PAB})


@dataclass(frozen=True)
class Cell:
    """One player in one round.

    ``opponent`` is the scheduled opponent (also for forfeits), ``None`` for byes/absence.
    ``played`` means a game over the board against an opponent.  ``vur`` marks a voluntary
    unplayed round (C.07 Art. 16.1: requested half/zero bye, forfeit loss, absence).
    ``paired`` is true when the pairing gave the player an opponent or the PAB.
    """

    round: int
    opponent: int | None
    points: int
    code: Code | None
    played: bool
    colour: Colour
    vur: bool
    paired: bool


@dataclass
class Context:
    """Everything a tie-break needs; ``cache`` holds values shared between families."""

    tournament: Tournament
    rounds: int
    scale: int
    cells: dict[int, list[Cell]]
    total: dict[int, int]
    rating: dict[int, int | None]
    win: int
    draw: int
    loss: int
    round_robin: bool
    cache: dict = field(default_factory=dict)
    adjustment: dict[int, int] = field(default_factory=dict)
    """Scaled point adjustments (penalties, bonuses: TRF ``299``) of rounds 1..``rounds`` and
    of no round, per player; already in ``total``.  Scores see them (the standings' points, an
    opponent's score in BH/SB, Koya's threshold, the running scores of PS), games do not:
    criteria built from the rounds' results (WIN, STD, TPR, SB's game points) are computed
    from ``cells``."""
    adjustment_rounds: dict[int, dict[int, int]] = field(default_factory=dict)
    """The same per player and round (0: all rounds, counted from before round 1)."""

    @property
    def pnos(self) -> list[int]:
        return sorted(self.cells)

    def unit(self, rnd: int) -> int:
        """The pairing round that round ``rnd`` of the cells belongs to — what a cut (C.07
        Art. 14) drops whole.  A Double-Swiss match is two game rounds, 2k−1 and 2k (C.04.5
        Preface: every pairing is a match; byes apply to matches, never to single games)."""
        return (rnd + 1) // 2 if self.tournament.system == "double-swiss" else rnd

    def frac(self, scaled: int) -> Fraction:
        """A scaled integer back to exact points."""
        return Fraction(scaled, self.scale)

ROUND_ROBIN_SYSTEMS = ("berger", "double-berger", "rutsch", "reisepartner", "scheveningen", "skalitzka",
                       "roundrobin", "round-robin", "rr", "varma")
"""Pairing systems with pre-determined pairings (C.07 Art. 15.2 rules instead of Art. 16);
``options["round_robin"]`` forces it for anything else."""


_CELLS: dict[tuple[int, ...], dict[tuple, Cell]] = {}
"""Cells already built, per point table (scaled points of every code, in ``Code`` order).

Why: a standings refresh after one result rebuilds the context of every round, and building
thousands of frozen dataclasses was half of its cost.  A cell is fully determined by (round,
opponent, code, colour) and the point table, and it is immutable, so the same object serves
every snapshot.  Bounded: cleared when it grows past ``_CELLS_LIMIT`` entries."""

_CELLS_LIMIT = 200_000


def _cell(rnd: int, opponent: int | None, code: Code | None, colour: Colour, scaled: dict) -> Cell:
    """One cell from a TRF-like entry: played / voluntary unplayed / paired, scaled points."""
    played = opponent is not None and code is not None and code.played
    if code is None or code.played:
        vur = False
    else:
        vur = code not in _NOT_VUR_UNPLAYED
    paired = opponent is not None or code is Code.PAB
    return Cell(rnd, opponent, scaled[code], code, played, colour, vur, paired)


def _memo_cell(memo: dict, e, scaled: dict) -> Cell:
    # enum members are singletons: their ids key as well as they do, and hash faster
    key = (e.round, e.opponent, id(e.code), id(e.colour))
    cell = memo.get(key)
    if cell is None:
        cell = memo[key] = _cell(e.round, e.opponent, e.code, e.colour, scaled)
    return cell


class _OneRound:
    """A tournament seen through one round: what :func:`core.model.entries` reads."""

    __slots__ = ("players", "rounds")
    system = ""
    """:func:`core.model.single_games` asks; the round given is already one game round."""

    def __init__(self, players, rnd) -> None:
        self.players, self.rounds = players, (rnd,)


_ROUND_KEYS = 4
"""(point table, pairing numbers) kept per round: the event's own, and a few for a preview
(another point system, a player list being changed) — the oldest gives way.  0: none kept."""


def _round_cells(rnd, pnos: tuple[int, ...], table: tuple, memo: dict, scaled: dict) -> dict[int, Cell] | None:
    """Each registered player's cell in ``rnd`` — exactly :func:`core.model.entries` applied to
    that round alone — or ``None`` when a board holds an unregistered number (then the history
    across rounds matters and the caller builds it whole).

    Kept on the round object (outside its fields, as :func:`core.model.scores` keeps its
    running totals) per (point table, pairing numbers).  Why: entering a result replaces one
    round; the other rounds' cells are the same, and rebuilding the whole history was a third
    of a standings refresh.  On the round, not in one table for the process: the data service
    serves several events, and a shared table was cleared for everyone when a ninth event or
    player list came.  Replaced whole, never changed in place: two threads storing at once
    lose one entry at worst, never read a half-made one."""
    kept: dict[tuple, dict[int, Cell]] = rnd.__dict__.get("_cells", {})
    key = (table, pnos)
    hit = kept.get(key) if _ROUND_KEYS > 0 else None
    if hit is not None:
        return hit
    players = [_Pno(p) for p in pnos]
    hist = entries(_OneRound(players, rnd))  # type: ignore[arg-type]  # the one-round stand-in answers what `entries` reads of a tournament
    if len(hist) != len(pnos):
        return None
    out = {pno: _memo_cell(memo, rows[0], scaled) for pno, rows in hist.items()}
    if _ROUND_KEYS > 0:
        newer = dict(list(kept.items())[1 - _ROUND_KEYS:] if _ROUND_KEYS > 1 else ())
        newer[key] = out
        object.__setattr__(rnd, "_cells", newer)
    return out


class _Pno:
    __slots__ = ("pno",)

    def __init__(self, pno: int) -> None:
        self.pno = pno


def scaled_by_round(records: list[tuple[tuple[int, ...], int, Fraction]], counted: dict[int, int],
                    rounds: int, scale: int) -> dict[int, dict[int, int]]:
    """Point adjustments (numbers, round, points) as scaled points per participant and round,
    for the participants in ``counted`` and the rounds up to ``rounds`` (0: all rounds)."""
    out: dict[int, dict[int, int]] = {}
    for numbers, rnd, value in records:
        for number in numbers:
            if number in counted and rnd <= rounds:
                mine = out.setdefault(number, {})
                mine[rnd] = mine.get(rnd, 0) + int(value * scale)
    return out


def build_context(t: Tournament, upto: int | None = None, round_robin: bool | None = None) -> Context:
    """Build the context for rounds 1..``upto`` (default: every paired round); a cup's
    knockout rounds count as their game rounds (:func:`core.model.single_games`), and so do
    a Double-Swiss event's matches, whose single forfeited games count as played and whose
    byes cover both games (C.04.5 Preface, :func:`~core.pairing.doubleswiss.state.tie_break_view`)."""
    t, upto = single_games(t, upto)
    if t.system == "double-swiss":
        from core.pairing.doubleswiss.state import tie_break_view

        t = tie_break_view(t)
    ps = t.points
    values = [ps.win, ps.draw, ps.loss, ps.forfeit_win, ps.forfeit_loss, ps.pab, ps.full_bye,
              ps.half_bye, ps.zero_bye]
    rounds = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    adjusted = adjusted_points(t, rounds) if t.adjustments else {}
    scale = 1
    for v in (*values, *adjusted.values()):
        scale = scale * Fraction(v).denominator // math.gcd(scale, Fraction(v).denominator)
    scaled: dict[Code | None, int] = {code: int(ps.for_code(code) * scale) for code in Code}
    scaled[None] = 0
    table = tuple(scaled[code] for code in Code)
    memo = _CELLS.get(table)
    if memo is None or len(memo) > _CELLS_LIMIT:
        memo = _CELLS[table] = {}
    pnos = tuple(p.pno for p in t.players)
    per_round = [_round_cells(rnd, pnos, table, memo, scaled) for rnd in t.rounds[:rounds]]
    cells: dict[int, list[Cell]] = {}
    total: dict[int, int] = {}
    if all(r is not None for r in per_round):
        for pno in pnos:
            out = [r[pno] for r in per_round]  # type: ignore[index]  # every round is known here: `all(... is not None)` above
            cells[pno] = out
            total[pno] = sum(c.points for c in out)
    else:  # a board with an unregistered number: the history as core.model.entries builds it
        for pno, rows in entries(t, upto).items():
            out = [_memo_cell(memo, e, scaled) for e in rows]
            cells[pno] = out
            total[pno] = sum(c.points for c in out)
    adjustment = {pno: int(value * scale) for pno, value in adjusted.items() if pno in total and value}
    for pno, value in adjustment.items():
        total[pno] += value
    by_round = scaled_by_round([(a.players, a.round, a.points) for a in t.adjustments], adjustment, rounds, scale)
    rating = {p.pno: (p.rating if p.rating > 0 else None) for p in t.players}
    for pno in cells:
        rating.setdefault(pno, None)
    if round_robin is None:
        round_robin = t.system.lower() in ROUND_ROBIN_SYSTEMS or bool(t.options.get("round_robin"))
    return Context(t, rounds, scale, cells, total, rating,
                   int(ps.win * scale), int(ps.draw * scale), int(ps.loss * scale), round_robin,
                   adjustment=adjustment, adjustment_rounds=by_round)


def shared_context(t: Tournament, upto: int | None = None) -> Context:
    """The context of snapshot ``t`` for rounds 1..``upto``, built once and shared by every
    standings request on that snapshot, with the values already computed in its ``cache``.

    Why: a tie-break draft being edited asks for the standings of one snapshot again and again
    with one criterion changed (``BH/C1`` → ``BH/C2``, a criterion moved); building the context
    afresh recomputed every criterion's values (1,000 players: most of ~0.1 s a key).  A
    snapshot never changes (a change makes a new one), so its values never go stale.

    Kept on the snapshot (outside its fields, like :meth:`Tournament._players_by_pno`), not in
    one table for the process: the data service serves several events, and a few shared
    places were taken by whichever organisers asked last — another event's question evicted
    this one's context, and the next draft key built it again.  A snapshot's contexts live and
    go with it.

    Thread safety (the screens compute in worker threads while the UI thread may ask too):
    the first context stored for ``upto`` is the one every caller gets (``setdefault`` is one
    step), so there is one context and one ``cache``; every entry of ``cache`` is stored whole
    once computed (the per-player terms of :mod:`~core.tiebreaks.buchholz` per player), never
    changed afterwards and never iterated while it grows, so two threads computing the same
    value store the same thing twice."""
    kept: dict[int | None, Context] = t.__dict__.get("_contexts") or t.__dict__.setdefault("_contexts", {})
    found = kept.get(upto)
    if found is not None:
        return found
    return kept.setdefault(upto, build_context(t, upto))
