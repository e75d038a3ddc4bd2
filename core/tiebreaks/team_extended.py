"""Team tie-breaks of C.07 Art. 13: the extended Sonneborn-Berger family and MPvGP.

ESB multiplies an opponent's score by what the team scored against that opponent and sums
over the matches; the four variants choose match points (M) or game points (G) for each
factor: EMMSB, EMGSB, EGMSB, EGGSB (opponent's score first, own score second).  The values are
in the scores' own units (a won match counts 2 match points).  Every variant reuses the Sonneborn-Berger
machinery of :mod:`core.tiebreaks.buchholz` — adjusted scores, unplayed rounds and cuts work
as they do for SB — on a team context whose primary score is the opponent factor; the own
factor is either that context's own points or (flag ``OWN_FACTOR_SECONDARY``) its secondary
score.  Plain SB in a team event is EMMSB (EGGSB when game points rank): see
:mod:`core.tiebreaks.team`.
BC and BBE (Art. 12, for matches tied on both scores, also usable in a list) look at the
game points per board.
MPvGP is "the other primary score": game points when the event ranks on match points, and
match points when it ranks on game points.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import replace
from fractions import Fraction

from core.tiebreaks.buchholz import OWN_FACTOR_SECONDARY, explain_sonneborn_berger, sonneborn_berger
from core.tiebreaks.context import Context
from core.i18n.tiebreak_names import name_of
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
    kept = ("rows", "team") if own == opponent else ("rows", "team", "secondary", "secondary_adjustment")
    # a cache of its own: plain SB values cached on ``ctx`` use the context's own points
    base = replace(base, cache={k: v for k, v in base.cache.items() if k in kept})
    if own != opponent:
        base.cache[OWN_FACTOR_SECONDARY] = True
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


def _board_totals(ctx: Context) -> dict[int, tuple]:
    """Per team, game points on each board over the event, board 1 first."""
    from core.tiebreaks.team import top_board_result

    return top_board_result(ctx)


def board_count(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """BC (Art. 12): Σ board number × game points on that board; the lower total ranks first
    (points scored on lower boards weigh more)."""
    return {team: sum(((i + 1) * pts for i, pts in enumerate(totals)), Fraction(0))
            for team, totals in _board_totals(ctx).items()}


def bottom_board_elimination(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """BBE (Art. 12): game points without the bottom board, then without the two bottom
    boards, and so on — compared one after another (a tuple, higher first)."""
    out = {}
    for team, totals in _board_totals(ctx).items():
        left = sum(totals, Fraction(0))
        steps = []
        for pts in reversed(totals[1:]):
            left -= pts
            steps.append(left)
        out[team] = tuple(steps)
    return out


def explain_board_criterion(ctx, spec, regime, pno):
    from core.tiebreaks.explain import Contribution, Explanation

    totals = _board_totals(ctx).get(pno, ())
    compute = board_count if spec.base == "BC" else bottom_board_elimination
    items = tuple(Contribution(None, None, pts, _("game points on board {board}").format(board=i + 1))
                  for i, pts in enumerate(totals))
    return Explanation(spec.code, name_of(spec.base), pno, compute(ctx, spec, regime).get(pno),
                       regime.value, items)


def _boards(ctx: Context) -> int:
    rows = ctx.cache.get("rows", {})
    return max((len(r["boards"]) for rs in rows.values() for r in rs), default=1) or 1


def score_strength_divisor(ctx: Context) -> int:
    """SSSC's divisor: how many opponent-score points weigh one point of the other score —
    the maximum primary score over the rounds per maximum secondary score (at least 1)."""
    t = ctx.tournament
    gp_win = Fraction(t.points.win)
    if ctx.cache.get("team") == "GP":
        return max(1, int(gp_win * ctx.rounds * _boards(ctx) / 2))
    return max(1, int(2 * ctx.rounds / (gp_win * _boards(ctx))))


def score_strength_combination(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    """SSSC (Art. 13): the other primary score plus the Buchholz on the primary score divided
    by :func:`score_strength_divisor` — one number mixing the team's own result and the
    strength of its opponents."""
    from core.tiebreaks.buchholz import buchholz

    other = other_primary_score(ctx, spec, regime)
    bh = buchholz(ctx, replace(spec, base="BH", score=""), regime)
    divisor = score_strength_divisor(ctx)
    return {team: Fraction(other[team]) + Fraction(bh[team]) / divisor for team in ctx.cells}


def explain_score_strength_combination(ctx, spec, regime, pno):
    from core.tiebreaks.buchholz import explain_buchholz
    from core.tiebreaks.explain import Explanation

    inner = explain_buchholz(ctx, replace(spec, base="BH", score=""), regime, pno)
    other = other_primary_score(ctx, spec, regime)[pno]
    divisor = score_strength_divisor(ctx)
    if ctx.cache.get("team") == "GP":
        note = _("match points {points} + Buchholz {buchholz} / {divisor}")
    else:
        note = _("game points {points} + Buchholz {buchholz} / {divisor}")
    note = note.format(points=other, buchholz=inner.value, divisor=divisor)
    return Explanation(spec.code, name_of(spec.base), pno,
                       score_strength_combination(ctx, spec, regime)[pno], regime.value,
                       inner.contributions, (note,))


def extended_direct_encounter(ctx: Context, spec: TieBreakSpec, group: list[int]) -> list[list[int]]:
    """EDE (C.07 Art. 13.3): direct encounter (Art. 6) among the tied teams on the primary
    score; if that separates nobody, on the secondary score; every new subset of teams still
    tied starts again from the primary score.

    Why the two scores: a team event has two, and the matches among tied teams drawn on match
    points are often not drawn on game points.  ``ctx`` is the team context of the primary
    score (:func:`core.tiebreaks.team.build_team_context`); the secondary one is built from
    the same event and rounds.  The named chains (EDEBT and the others, Art. 13.3.2) are not
    offered: they add the knockout criteria of Art. 12 for two teams still tied."""
    from core.tiebreaks.direct import order_group

    if len(group) < 2:
        return [list(group)]
    parts = order_group(ctx, spec, group)
    if len(parts) == 1:
        parts = order_group(_secondary_context(ctx), spec, group)
        if len(parts) == 1:
            return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(extended_direct_encounter(ctx, spec, sorted(part)) if len(part) > 1 else [part])
    return out


def _secondary_context(ctx: Context) -> Context:
    """The team context of the other score (game points when match points rank), cached."""
    from core.tiebreaks.team import build_team_context

    other = ctx.cache.get("ede_secondary")
    if other is None:
        other = build_team_context(ctx.tournament, "MP" if ctx.cache.get("team") == "GP" else "GP", ctx.rounds)
        ctx.cache["ede_secondary"] = other
    return other
