"""The participant's own results (C.07 Art. 7; Aktar pp. 72–76): PTS, WIN, WON, BPG, BWG,
REP, STD, PS (with cuts), Kashdan, TPN, drawing of lots.

Why these are simple counts over cells: they never look at opponents' scores, so the
unplayed-round regime does not change them (except Kashdan, whose unplayed rule is its own).
"""

from __future__ import annotations

from core.i18n import N_, _

from fractions import Fraction

from core.model import Code, Colour
from core.tiebreaks.context import Cell, Context
from core.tiebreaks.explain import Contribution, Explanation
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec


def _count(ctx: Context, test) -> dict:
    return {pno: sum(1 for c in cells if test(ctx, c)) for pno, cells in ctx.cells.items()}


def _is_win(ctx: Context, c: Cell) -> bool:
    """Art. 7.1: a win's points, with or without playing (PAB, full bye, forfeit win)."""
    return c.code is not None and c.points == ctx.win and ctx.win > ctx.draw


def _is_won(ctx, c):
    return c.played and c.code in (Code.WIN, Code.SHORT_WIN)


def _is_bpg(ctx, c):
    return c.played and c.colour is Colour.BLACK


def _is_bwg(ctx, c):
    return _is_bpg(ctx, c) and c.code in (Code.WIN, Code.SHORT_WIN)


def _is_rep(ctx, c):
    """Art. 7.6: every round except half/zero byes, forfeit losses and absences."""
    if c.code is None:
        return c.opponent is not None
    if c.code.played or c.code is Code.PAB:
        return True
    return c.points == ctx.win


_TESTS = {"WIN": _is_win, "WON": _is_won, "BPG": _is_bpg, "BWG": _is_bwg, "REP": _is_rep}
_BASIS = {"WIN": N_("a win's points"), "WON": N_("won over the board"), "BPG": N_("played with black"),
          "BWG": N_("won with black"), "REP": N_("elected to play")}


def counter(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return _count(ctx, _TESTS[spec.base])


def explain_counter(ctx, spec, regime, pno):
    test = _TESTS[spec.base]
    items = tuple(Contribution(c.round, c.opponent, 1, _(_BASIS[spec.base]))
                  for c in ctx.cells[pno] if test(ctx, c))
    return Explanation(spec.code, name_of(spec.base), pno, len(items), regime.value, items)


def points(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return {pno: ctx.frac(total) for pno, total in ctx.total.items()}


def explain_points(ctx, spec, regime, pno):
    items = tuple(Contribution(c.round, c.opponent, ctx.frac(c.points), c.code.value if c.code else "")
                  for c in ctx.cells[pno])
    if ctx.adjustment.get(pno):  # a penalty or bonus (TRF 299): part of the points, no round's
        items += (Contribution(None, None, ctx.frac(ctx.adjustment[pno]), _("point adjustment")),)
    return Explanation(spec.code, name_of(spec.base), pno, ctx.frac(ctx.total[pno]), regime.value, items)


def _std_cell(ctx: Context, pno: int, c: Cell) -> Fraction:
    """Art. 7.7: 1 for scoring more than the opponent (or more than a draw without playing),
    ½ for the same.  Unplayed rounds — forfeits included — use the "without playing" branch, so
    a double forfeit gives 0 (TieBreakServer agrees)."""
    if c.code is None:
        return Fraction(0)
    if c.played and c.opponent is not None:  # over the board: compare with the opponent (0-0: ½ each)
        other = ctx.cells[c.opponent][c.round - 1].points
        mine = c.points
    else:
        other, mine = ctx.draw, c.points
    if mine > other:
        return Fraction(1)
    if mine == other:
        return Fraction(1, 2)
    return Fraction(0)


def standard_points(ctx, spec, regime):
    return {pno: sum((_std_cell(ctx, pno, c) for c in cells), Fraction(0)) for pno, cells in ctx.cells.items()}


def explain_std(ctx, spec, regime, pno):
    items = tuple(Contribution(c.round, c.opponent, _std_cell(ctx, pno, c), _("standard points"))
                  for c in ctx.cells[pno])
    return Explanation(spec.code, name_of(spec.base), pno, standard_points(ctx, spec, regime)[pno],
                       regime.value, items)


def _running_scores(ctx: Context, pno: int) -> list[tuple[Cell, int]]:
    """The running score after each pairing round (:meth:`Context.unit`), with the round's last
    cell: Art. 7.5 sums the score "after each round", and a Double-Swiss round is the match
    (C.04.5 Preface), so the order of its two games does not count.  A running score includes
    the point adjustments (TRF 299) of its rounds and of none."""
    extra = ctx.adjustment_rounds.get(pno, {})
    running, out = extra.get(0, 0), []
    cells = ctx.cells[pno]
    for i, c in enumerate(cells):
        running += c.points + extra.get(c.round, 0)
        if i + 1 == len(cells) or ctx.unit(cells[i + 1].round) != ctx.unit(c.round):
            out.append((c, running))
    return out


def progressive(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """Art. 7.5 / Aktar Tables 1–4: sum of running scores, dropping the first ``/Cn`` rounds."""
    return {pno: ctx.frac(sum(running for c, running in _running_scores(ctx, pno)
                              if ctx.unit(c.round) > spec.cut_low))
            for pno in ctx.cells}


def explain_progressive(ctx, spec, regime, pno):
    items = []
    for c, running in _running_scores(ctx, pno):
        cut = ctx.unit(c.round) <= spec.cut_low
        items.append(Contribution(c.round, c.opponent, ctx.frac(running), _("score after the round"),
                                  cut, "early round cut" if cut else ""))
    return Explanation(spec.code, name_of(spec.base), pno, progressive(ctx, spec, regime)[pno],
                       regime.value, tuple(items))


def _kashdan_cell(c: Cell, ctx: Context) -> int:
    """Aktar p. 76: win 4, draw 2, loss 1; points obtained without playing 2."""
    if c.code is None:
        return 0
    if c.played:
        if c.points > ctx.draw:
            return 4
        if c.points == ctx.draw:
            return 2
        return 1
    return 2 if c.points > 0 else 0


def kashdan(ctx, spec, regime):
    return {pno: sum(_kashdan_cell(c, ctx) for c in cells) for pno, cells in ctx.cells.items()}


def explain_kashdan(ctx, spec, regime, pno):
    items = tuple(Contribution(c.round, c.opponent, _kashdan_cell(c, ctx), _("Kashdan points"))
                  for c in ctx.cells[pno])
    return Explanation(spec.code, name_of(spec.base), pno, kashdan(ctx, spec, regime)[pno], regime.value, items)


def pairing_number(ctx, spec, regime):
    """Art. 7.8: lower TPN ranks higher (the registry marks it lower-is-better)."""
    return {pno: pno for pno in ctx.cells}


def lots(ctx, spec, regime):
    """Recorded drawing of lots: ``tournament.options["lots"] = {"<pno>": n}``, lower first.

    Players without a recorded lot get ``None`` (ranked after those with one); use
    :func:`core.changes.ties.draw_lots` to record a reproducible draw.
    """
    recorded = ctx.tournament.options.get("lots", {}) or {}
    return {pno: (int(recorded[str(pno)]) if str(pno) in recorded else None) for pno in ctx.cells}


def explain_simple(compute):
    def explain(ctx, spec, regime, pno):
        return Explanation(spec.code, name_of(spec.base), pno, compute(ctx, spec, regime)[pno], regime.value)
    return explain
