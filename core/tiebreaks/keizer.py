"""Keizer criteria: the Keizer score (``KZR``) and the value number (``KZV``).

Why here as tie-break families: standings, reports, the TUI and the CLI look criteria up by
code, so registering these two makes every one of them show a Keizer ranking without knowing
Keizer.  ``KZR`` is a *main score* (:mod:`core.standings`): a list that starts with it ranks by
it instead of by game points, which stay in the points column.  ``KZV`` follows it in the
system's list: the values strictly decrease down the Keizer ranking, so equal scores are
ordered exactly as the ranking the pairing uses (:mod:`core.pairing.keizer.scoring`).
"""

from __future__ import annotations

from core.i18n import N_, _
from core.pairing.keizer.scoring import KeizerRanking, keizer_ranking
from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation, Value
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec

_KIND = {
    "win": N_("win: the opponent's value × {fraction}"),
    "draw": N_("draw: the opponent's value × {fraction}"),
    "loss": N_("loss: the opponent's value × {fraction}"),
    "forfeit_win": N_("forfeit win: the opponent's value × {fraction}"),
    "forfeit_loss": N_("forfeit loss: the opponent's value × {fraction}"),
    "bye": N_("bye: own value × {fraction}"),
    "excused": N_("absence with notice: own value × {fraction}"),
    "unexcused": N_("absence without notice: own value × {fraction}"),
    "club_duty": N_("club duty: own value × {fraction}"),
    "before_entry": N_("before the entry: own value × {fraction}"),
    "withdrawn": N_("after the withdrawal: own value × {fraction}"),
}


def _ranking(ctx: Context) -> KeizerRanking:
    key = ("keizer", ctx.rounds)
    if key not in ctx.cache:
        ctx.cache[key] = keizer_ranking(ctx.tournament, upto=ctx.rounds)
    ranking: KeizerRanking = ctx.cache[key]
    return ranking


def score(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    scores = _ranking(ctx).scores
    return {pno: scores.get(pno) for pno in ctx.cells}


def value(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    values = _ranking(ctx).values
    return {pno: values.get(pno) for pno in ctx.cells}


def explain(ctx: Context, spec: TieBreakSpec, regime: Regime, pno: int) -> Explanation:
    """The score evening by evening with the values of the final ranking; the value from the
    place."""
    ranking = _ranking(ctx)
    items: list[Contribution] = []
    notes: list[str] = []
    if pno in ranking.values:
        own = ranking.values[pno]
        if spec.base == "KZV":
            items.append(Contribution(None, None, own, _("place {place}").format(place=ranking.place(pno))))
        else:
            if ranking.own_value:
                items.append(Contribution(None, None, own, _("own value, counted once")))
            for it in ranking.items.get(pno, ()):
                base = own if it.opponent is None else ranking.values.get(it.opponent, 0)
                basis = _(_KIND[it.kind]).format(fraction=it.fraction)
                if it.over_limit:
                    basis += " " + _("(past the absence limit)")
                items.append(Contribution(it.round, it.opponent, it.fraction * base, basis))
    if ranking.cycle:
        notes.append(_("The ranking did not settle: it cycled through {count} orders; each score "
                       "is the mean of the scores over them.").format(count=ranking.cycle))
    values = (score if spec.base == "KZR" else value)(ctx, spec, regime)
    return Explanation(spec.code, name_of(spec.base), pno, values.get(pno), regime.value,
                       tuple(items), tuple(notes))
