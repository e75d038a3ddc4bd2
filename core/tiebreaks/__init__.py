"""Tie-breaks: every method of docs/rules/tiebreaks.md, registered by code, in three regimes.

    compute(tournament, ["BH/C1", "SB"], regime=None) -> TieBreakValues
    explain(tournament, "BH/C1", pno, regime=None) -> Explanation
    parse_list("DE,BH/C1,SB") -> [TieBreakSpec]
    regime_of(tournament, override) -> Regime       # legacy / 2024 / 2026, by start date
    PRESETS, preset(name), warnings_for(tournament, specs)

Layout: one module per family (``own``, ``buchholz``, ``koya``, ``rating``, ``direct``,
``team``), ``registry`` (the table of definitions), ``codes`` (reading a code and the one
lookup of its definition), ``spec`` (a code as read),
``regimes``, ``adjusted`` (unplayed rounds), ``presets``, ``explain``; their names for people
are :mod:`core.i18n.tiebreak_names`.  Ranking with these values lives in :mod:`core.standings`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.i18n import _
from core.model import Tournament
from core.tiebreaks.context import Context, build_context
from core.tiebreaks.explain import Contribution, Explanation, Value
from core.i18n.tiebreak_names import NAMES, REGIME_NAMES, name_of
from core.tiebreaks.regimes import Regime, parse_regime, regime_for_date, regime_of
from core.tiebreaks.codes import lookup, parse_code, parse_list
from core.tiebreaks.spec import TieBreakError, TieBreakSpec


@dataclass(frozen=True)
class TieBreakValues:
    """Values of each criterion (keyed by the code as given) for every participant."""

    regime: Regime
    specs: tuple[TieBreakSpec, ...]
    values: dict[str, dict[int, Value]]


def _spec(code) -> TieBreakSpec:
    return code if isinstance(code, TieBreakSpec) else parse_code(code)


def values_for(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    """Values of one non-group criterion on a prepared context."""
    definition = lookup(spec.base)
    if definition.compute is None:
        raise TieBreakError(_('{code} orders tied groups and has no value of its own').format(code=spec.code))
    key = ("values", spec.canonical, regime)
    if key not in ctx.cache:
        ctx.cache[key] = definition.compute(ctx, spec, regime)
    return ctx.cache[key]


def compute(t: Tournament, codes, regime: str | Regime | None = None, upto: int | None = None,
            ctx: Context | None = None) -> TieBreakValues:
    """Values of the value-type criteria in ``codes`` (DE is computed by the standings)."""
    chosen = regime_of(t, regime)
    ctx = ctx or build_context(t, upto)
    specs = tuple(_spec(c) for c in codes)
    out = {}
    for spec in specs:
        if lookup(spec.base).group:
            continue
        out[spec.code] = values_for(ctx, spec, chosen)
    return TieBreakValues(chosen, specs, out)


def explain(t: Tournament, code, pno: int, regime: str | Regime | None = None,
            upto: int | None = None, ctx: Context | None = None) -> Explanation:
    """Contributions behind one participant's value of one criterion."""
    chosen = regime_of(t, regime)
    spec = _spec(code)
    definition = lookup(spec.base)
    ctx = ctx or build_context(t, upto)
    if definition.explain is None:
        return Explanation(spec.code, name_of(spec.base), pno, None, chosen.value, (),
                           (_("Direct encounter orders a tied group; see the standings for its effect."),))
    return definition.explain(ctx, spec, chosen, pno)


def describe(code) -> str:
    """A readable English description of a code with its modifiers (for settings screens):
    ``"BH/C1"`` → ``"Buchholz, cut 1 (drop the 1 least significant values)"``."""
    from core.i18n.tiebreak_names import MODIFIER_NAMES, REGIME_NAMES

    spec = _spec(code)
    parts = [name_of(spec.base) + (f" ({spec.score})" if spec.score else "")]
    if spec.cut_high:
        parts.append(MODIFIER_NAMES["M"].format(n=spec.cut_low))
    elif spec.cut_low:
        parts.append(MODIFIER_NAMES["C"].format(n=spec.cut_low))
    if spec.limit:
        parts.append(MODIFIER_NAMES["L"].format(n=int(spec.limit * 2)))
    if spec.played_forfeits:
        parts.append(MODIFIER_NAMES["P"])
    if spec.unrated is not None:
        parts.append(MODIFIER_NAMES["U"].format(n=spec.unrated))
    if spec.fore:
        parts.append(MODIFIER_NAMES["F"])
    if spec.regime is not None:
        parts.append(REGIME_NAMES[spec.regime.value])
    return ", ".join(parts)


__all__ = ["describe", "Context", "Contribution", "Explanation", "NAMES", "REGIME_NAMES", "Regime", "TieBreakError",
           "TieBreakSpec", "TieBreakValues", "Value", "build_context", "compute", "explain", "name_of",
           "parse_code", "parse_list", "parse_regime", "regime_for_date", "regime_of", "values_for"]
