"""Buchholz family: BH, FB, SB, AOB, Buchholz of Buchholz — with Cut/Median modifiers.

Why one module: these all sum one value per round built from the opponents' adjusted scores
(C.07 Arts. 8, 9.1 and 16; Aktar pp. 78–83), and they share the cut rule: cut the least
significant values, except that under the FIDE regimes a voluntary unplayed round is cut
first when it is not lower than the least significant value (Art. 16.5; for SB the higher of
the two contributions is cut).  The legacy regime has no such exception.
"""

from __future__ import annotations

from core.i18n import N_, _

from fractions import Fraction

from core.tiebreaks.adjusted import adjusted_scores, dummy_score
from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec
from core.i18n.format import format_value as shown


OWN_FACTOR_SECONDARY = "sb-own-factor-secondary"
"""Cache flag of a team context whose SB multiplies by the *other* score (EMGSB, EGMSB):
plain SB multiplies the opponent's score by the team's own score in the same unit (C.07
Art. 9.1 read with the team's primary score as "score", i.e. EMMSB on match points)."""


class _Item:
    """One round's term: ``score`` is the opponent/dummy score, ``value`` the term (= score for
    BH, score × own points for SB); both scaled."""

    __slots__ = ("round", "opponent", "score", "value", "vur", "basis")

    def __init__(self, rnd, opponent, score, value, vur, basis):
        self.round, self.opponent, self.score, self.value = rnd, opponent, score, value
        self.vur, self.basis = vur, basis


def _items(ctx: Context, spec: TieBreakSpec, regime: Regime, pno: int, sb: bool, fore: bool) -> list[_Item]:
    """The per-round terms of one participant (cached: BH, BH/C1 and AOB share them)."""
    key = ("items", regime, sb, fore, spec.played_forfeits)
    cache = ctx.cache.get(key)
    if cache is None:
        cache = ctx.cache[key] = {}
    if pno in cache:
        return cache[pno]
    adj = adjusted_scores(ctx, regime, fore)
    mixed = sb and ctx.cache.get(OWN_FACTOR_SECONDARY)
    secondary = ctx.cache.get("secondary", {}).get(pno) if mixed else None
    items = []
    for c in ctx.cells[pno]:
        as_played = c.played or (c.opponent is not None and (
            spec.played_forfeits or ctx.round_robin or (fore and c.round == ctx.rounds)))
        if as_played and c.opponent is not None:
            score, vur, basis = adj[c.opponent], False, N_("opponent's adjusted score")
        elif ctx.round_robin:
            continue  # pre-determined pairings: a round without opponent contributes nothing
        else:
            score, basis = dummy_score(ctx, regime, pno, c, fore)
            vur = c.vur and regime is not Regime.LEGACY
        if secondary is not None:
            value = score * secondary[c.round - 1] * ctx.scale  # EMGSB/EGMSB: the other score as own factor
        else:
            value = score * c.points if sb else score
        items.append(_Item(c.round, c.opponent, score, value, vur, basis))
    cache[pno] = items
    return items


def _cuts(items: list[_Item], low: int, high: int, ctx: Context) -> dict[int, str]:
    """Indices of the cut items and why (C.07 Art. 14 with the 16.5 VUR exception).  A cut
    drops one pairing round whole (:meth:`Context.unit`): a Double-Swiss match's two games."""
    units: dict[int, list[int]] = {}
    for i, item in enumerate(items):
        units.setdefault(ctx.unit(item.round), []).append(i)
    score = {u: sum(items[i].score for i in ix) for u, ix in units.items()}
    value = {u: sum(items[i].value for i in ix) for u, ix in units.items()}
    vur = {u for u, ix in units.items() if any(items[i].vur for i in ix)}
    rounds = len({ctx.unit(r) for r in range(1, ctx.rounds + 1)})
    low = min(low, rounds)
    high = min(high, rounds - low)
    left = list(units)
    cut: dict[int, str] = {}

    def drop(unit: int, why: str) -> None:
        left.remove(unit)
        for i in units[unit]:
            cut[i] = why

    for _step in range(low):
        if not left:
            break
        least = min(left, key=lambda u: (score[u], value[u], u))
        vurs = [u for u in left if u in vur]
        first_vur = min(vurs, key=lambda u: (score[u], value[u], u)) if vurs else None
        if first_vur is not None and not value[least] > value[first_vur]:
            drop(first_vur, N_("voluntary unplayed round cut first (Art. 16.5)"))
        else:
            drop(least, N_("least significant value"))
    for _step in range(high):
        if not left:
            break
        drop(min(left, key=lambda u: (-score[u], -value[u], u)), N_("highest value (median)"))
    return cut


def _regime(ctx: Context, spec: TieBreakSpec, regime: Regime) -> Regime:
    return spec.regime or regime


def _scaled_family(ctx: Context, spec: TieBreakSpec, regime: Regime, sb: bool, fore: bool) -> dict:
    """Scaled sums (denominator ``scale`` for BH, ``scale²`` for SB), cached per spec."""
    regime = _regime(ctx, spec, regime)
    key = ("scaled", regime, sb, fore, spec.played_forfeits, spec.cut_low, spec.cut_high)
    if key in ctx.cache:
        return ctx.cache[key]
    out = {}
    for pno in ctx.cells:
        items = _items(ctx, spec, regime, pno, sb, fore)
        if spec.cut_low or spec.cut_high:
            cut = _cuts(items, spec.cut_low, spec.cut_high, ctx)
            out[pno] = sum(i.value for n, i in enumerate(items) if n not in cut)
        else:
            out[pno] = sum(i.value for i in items)
    ctx.cache[key] = out
    return out


def _sum_family(ctx: Context, spec: TieBreakSpec, regime: Regime, sb: bool, fore: bool) -> dict:
    scale = ctx.scale * ctx.scale if sb else ctx.scale
    return {pno: Fraction(v, scale) for pno, v in _scaled_family(ctx, spec, regime, sb, fore).items()}


def _explain_sum(ctx, spec, regime, pno, sb, fore) -> Explanation:
    regime = _regime(ctx, spec, regime)
    scale = ctx.scale * ctx.scale if sb else ctx.scale
    items = _items(ctx, spec, regime, pno, sb, fore)
    cut = _cuts(items, spec.cut_low, spec.cut_high, ctx)
    contributions = []
    for n, i in enumerate(items):
        basis = _(i.basis)  # msgids kept untranslated in the cached items; translated here
        if sb:
            basis = _("{basis} × points scored ({score} × {points})").format(
                basis=basis, score=shown(ctx.frac(i.score)), points=shown(_pts(ctx, pno, i.round)))
        contributions.append(Contribution(i.round, i.opponent, Fraction(i.value, scale), basis,
                                          n in cut, _(cut[n]) if n in cut else ""))
    value = Fraction(sum(i.value for n, i in enumerate(items) if n not in cut), scale)
    return Explanation(spec.code, name_of(spec.base), pno, value, regime.value, tuple(contributions))


def _pts(ctx, pno, rnd):
    return ctx.frac(ctx.cells[pno][rnd - 1].points)


def buchholz(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return _sum_family(ctx, spec, regime, sb=False, fore=False)


def fore_buchholz(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return _sum_family(ctx, spec, regime, sb=False, fore=True)


def sonneborn_berger(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return _sum_family(ctx, spec, regime, sb=True, fore=False)


def explain_buchholz(ctx, spec, regime, pno):
    return _explain_sum(ctx, spec, regime, pno, False, False)


def explain_fore_buchholz(ctx, spec, regime, pno):
    return _explain_sum(ctx, spec, regime, pno, False, True)


def explain_sonneborn_berger(ctx, spec, regime, pno):
    return _explain_sum(ctx, spec, regime, pno, True, False)


def _plain(spec: TieBreakSpec, base: str) -> TieBreakSpec:
    return TieBreakSpec(code=base, base=base, played_forfeits=spec.played_forfeits, regime=spec.regime)


def average_of_opponents_buchholz(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """AOB (Art. 8.2): mean of the BH (``/F``: FB) of the opponents met over the board."""
    inner = _scaled_family(ctx, _plain(spec, "FB" if spec.fore else "BH"), regime, False, spec.fore)
    out = {}
    for pno, cells in ctx.cells.items():
        vals = [inner[c.opponent] for c in cells if c.played]
        out[pno] = Fraction(sum(vals), len(vals) * ctx.scale) if vals else None
    return out


def explain_aob(ctx, spec, regime, pno):
    inner = (fore_buchholz if spec.fore else buchholz)(ctx, _plain(spec, "FB" if spec.fore else "BH"), regime)
    contributions = tuple(Contribution(c.round, c.opponent, inner[c.opponent],
                                       _("opponent's Fore Buchholz") if spec.fore else _("opponent's Buchholz"))
                          for c in ctx.cells[pno] if c.played)
    value = average_of_opponents_buchholz(ctx, spec, regime)[pno]
    return Explanation(spec.code, name_of(spec.base), pno, value, (spec.regime or regime).value,
                       contributions, (_("Average over the games played over the board."),))


def buchholz_of_buchholz(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """Sum of the opponents' Buchholz (Aktar p. 81), over games played over the board."""
    inner = buchholz(ctx, _plain(spec, "BH"), regime)
    return {pno: sum((inner[c.opponent] for c in cells if c.played), Fraction(0))
            for pno, cells in ctx.cells.items()}


def explain_bbh(ctx, spec, regime, pno):
    inner = buchholz(ctx, _plain(spec, "BH"), regime)
    contributions = tuple(Contribution(c.round, c.opponent, inner[c.opponent], _("opponent's Buchholz"))
                          for c in ctx.cells[pno] if c.played)
    return Explanation(spec.code, name_of(spec.base), pno, buchholz_of_buchholz(ctx, spec, regime)[pno],
                       (spec.regime or regime).value, contributions)
