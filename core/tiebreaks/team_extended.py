"""Team tie-breaks of C.07 Art. 13: the extended Sonneborn-Berger family and MPvGP.

ESB multiplies an opponent's score by what the team scored against that opponent and sums
over the matches; the four variants choose match points (M) or game points (G) for each
factor: EMMSB, EMGSB, EGMSB, EGGSB (opponent's score first, own score second).  The values are
in the scores' own units (a won match counts 2 match points).  EMGSB is the seed's team SB
(opponent's match points × own game points), so every variant reuses the Sonneborn-Berger
machinery of :mod:`core.tiebreaks.buchholz` — adjusted scores, unplayed rounds and cuts work
as they do for SB — on a team context whose primary score is the opponent factor; the own
factor is either that context's own points or its secondary score.
MPvGP is "the other primary score": game points when the event ranks on match points, and
match points when it ranks on game points.
"""

from __future__ import annotations

from dataclasses import replace

from core.tiebreaks.buchholz import explain_sonneborn_berger, sonneborn_berger
from core.tiebreaks.context import Context
from core.tiebreaks.names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec

ESB_CODES = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")


def _scores(code: str) -> tuple[str, str]:
    """(opponent's score, own score) of an ESB code, each ``MP`` or ``GP``."""
    return code[1] + "P", code[2] + "P"


def _esb_context(ctx: Context, code: str) -> Context:
    """The team context that computes ``code`` with the plain SB formula (cached on ``ctx``)."""
    key = ("esb-context", code)
    if key in ctx.cache:
        return ctx.cache[key]
    opponent, own = _scores(code)
    base = ctx
    if ctx.cache.get("team", "MP") != opponent:
        from core.tiebreaks.team import build_team_context

        base = build_team_context(ctx.tournament, opponent, ctx.rounds)
    if own == opponent:
        # own factor = the context's own points: the SB formula without the secondary score
        base = replace(base, cache={k: v for k, v in base.cache.items() if k in ("rows", "team")})
    ctx.cache[key] = base
    return base


def _plain(spec: TieBreakSpec) -> TieBreakSpec:
    return replace(spec, base="SB", score="")


def extended_sonneborn_berger(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    return sonneborn_berger(_esb_context(ctx, spec.base), _plain(spec), regime)


def explain_extended_sonneborn_berger(ctx, spec, regime, pno):
    explanation = explain_sonneborn_berger(_esb_context(ctx, spec.base), _plain(spec), regime, pno)
    return replace(explanation, code=spec.code, name=name_of(spec.base))


def other_primary_score(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    from core.tiebreaks.team import game_points, match_points

    return (match_points if ctx.cache.get("team") == "GP" else game_points)(ctx, spec, regime)


def explain_other_primary_score(ctx, spec, regime, pno):
    from core.tiebreaks.team import explain_team

    other = replace(spec, base="MP" if ctx.cache.get("team") == "GP" else "GP")
    return replace(explain_team(ctx, other, regime, pno), code=spec.code, name=name_of(spec.base))
