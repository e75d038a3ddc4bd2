"""Koya score and extended Koya for round robins (C.07 Art. 9.2; Aktar pp. 74–75).

Koya: points scored against the participants who finished with at least half of the maximum
possible score; ``/L±n`` moves that threshold by n half-points (Art. 14.5).  Extended Koya
(seed: "Genişletilmiş Koya") walks the threshold down one draw's worth at a time towards the
lower score groups; its value is the tuple of Koya scores at 50 %, 50 % − ½, … down to 0,
compared element by element.
"""

from __future__ import annotations

from core.i18n import _

from fractions import Fraction

from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec


def max_games(ctx: Context) -> int:
    """Games a participant can play: rounds minus the byes an odd round robin gives everyone,
    minus one per participant who was never paired (withdrew before round 1)."""
    competitors = len(ctx.cells)
    games = ctx.rounds
    if competitors and ctx.rounds % competitors == 0:
        games -= ctx.rounds // competitors
    games -= sum(1 for cells in ctx.cells.values() if not any(c.paired for c in cells))
    return max(games, 0)


def threshold(ctx: Context, spec: TieBreakSpec) -> Fraction:
    """The 50 % line in points, moved by the Limit modifier."""
    return Fraction(ctx.win * max_games(ctx), 2 * ctx.scale) + spec.limit


def _koya_at(ctx: Context, pno: int, line: Fraction) -> Fraction:
    total = 0
    for c in ctx.cells[pno]:
        if c.opponent is not None and ctx.frac(ctx.total[c.opponent]) >= line:
            total += c.points
    return ctx.frac(total)


def koya(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    line = threshold(ctx, spec)
    return {pno: _koya_at(ctx, pno, line) for pno in ctx.cells}


def extended_koya(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    line = threshold(ctx, spec)
    step = ctx.frac(ctx.draw) or Fraction(1, 2)
    lines = []
    while line >= 0:
        lines.append(line)
        line -= step
    return {pno: tuple(_koya_at(ctx, pno, x) for x in lines) for pno in ctx.cells}


def explain_koya(ctx, spec, regime, pno):
    from core.i18n.format import format_points as shown  # people's points: 2½, not 5/2

    line = threshold(ctx, spec)
    items = []
    for c in ctx.cells[pno]:
        if c.opponent is None:
            continue
        opp_total = ctx.frac(ctx.total[c.opponent])
        cut = opp_total < line
        items.append(Contribution(c.round, c.opponent, ctx.frac(c.points),
                                  _("points scored; opponent finished with {points}").format(points=shown(opp_total)), cut,
                                  _("opponent below the limit {limit}").format(limit=shown(line)) if cut else ""))
    values = (extended_koya if spec.base == "KSX" else koya)(ctx, spec, regime)
    return Explanation(spec.code, name_of(spec.base), pno, values[pno], regime.value, tuple(items),
                       (_("Limit: {limit} points.").format(limit=shown(line)),))
