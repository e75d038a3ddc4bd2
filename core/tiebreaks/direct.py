"""Direct encounter (C.07 Art. 6; Aktar p. 75 "Doğrudan Karşılaşma").

Why group-dependent: DE has no value of its own; it orders a group of participants that are
still tied.  Art. 6.1: a separate standings table of the games among them (forfeits excluded
unless ``/P``; repeated meetings count as the average, 6.1.2).  6.2: when everyone met
everyone, that table decides and each still-tied subset is re-examined on its own games.
6.3 (partial encounters, Swiss): a participant is ranked first only if they stay alone on top
whatever the missing games' results (own missing games lost, the others' missing games won);
then second place likewise, and so on; the rest is re-examined on its own.
"""

from __future__ import annotations

from core.i18n import _

from fractions import Fraction

from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation
from core.tiebreaks.spec import TieBreakSpec


def _table(ctx: Context, spec: TieBreakSpec, group: list[int]) -> tuple[dict, dict]:
    """Per player: score against the group (averaged per opponent) and opponents met."""
    members = set(group)
    score: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for pno in group:
        per_opp: dict[int, list[int]] = {}
        for c in ctx.cells[pno]:
            if c.opponent in members and c.opponent != pno and c.code is not None and (
                    c.played or spec.played_forfeits or ctx.round_robin):
                per_opp.setdefault(c.opponent, []).append(c.points)
        score[pno] = sum((Fraction(sum(v), len(v) * ctx.scale) for v in per_opp.values()), Fraction(0))
        met[pno] = len(per_opp)
    return score, met


def order_group(ctx: Context, spec: TieBreakSpec, group: list[int]) -> list[list[int]]:
    """Ordered partition of ``group`` (already sorted by pairing number) by direct encounter."""
    if len(group) < 2:
        return [list(group)]
    score, met = _table(ctx, spec, group)
    others = len(group) - 1
    all_met = all(met[p] == others for p in group)
    if all_met:
        levels: dict[Fraction, list[int]] = {}
        for p in group:
            levels.setdefault(score[p], []).append(p)
        if len(levels) == 1:
            return [list(group)]
        out = []
        for value in sorted(levels, reverse=True):
            out.extend(order_group(ctx, spec, levels[value]))
        return out
    win = Fraction(ctx.win, ctx.scale)
    best_case = {p: score[p] + (others - met[p]) * win for p in group}
    remaining = sorted(group, key=lambda p: (-score[p], -best_case[p], p))
    out = []
    while len(remaining) > 1:
        leader = remaining[0]
        if all(score[leader] > best_case[p] for p in remaining[1:]):
            out.append([leader])
            remaining = remaining[1:]
        else:
            break
    if not out:
        return [list(group)]
    if remaining:
        out.extend(order_group(ctx, spec, sorted(remaining)))
    return out


def explain_group(ctx: Context, spec: TieBreakSpec, pno: int, group: list[int], value) -> Explanation:
    """The games behind a DE decision: the player's games against the others of ``group``."""
    from core.i18n.tiebreak_names import name_of

    members = set(group) - {pno}
    items = []
    for c in ctx.cells[pno]:
        if c.opponent in members and c.code is not None:
            counted = c.played or spec.played_forfeits or ctx.round_robin
            items.append(Contribution(c.round, c.opponent, ctx.frac(c.points), _("points against a tied player"),
                                      not counted, "" if counted else _("forfeit excluded (Art. 6.1.1)")))
    note = (_("Tied group when direct encounter was applied: {group}.").format(
                group=", ".join(str(p) for p in sorted(group))),
            _("The value is the place inside that group (0: direct encounter did not separate it)."))
    return Explanation(spec.code, name_of(spec.base), pno, value, "", tuple(items), note)
