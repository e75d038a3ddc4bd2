"""The registered Lim system: ``lim`` (the 2026 re-issue of the 1987–1999 text)."""

from __future__ import annotations

from fractions import Fraction

from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.swiss.restrictions import explained
from core.pairing.lim.engine import LimRound
from core.pairing.swiss.context import make_context


def maxi_rule(tournament: Tournament) -> bool:
    """``options["lim_maxi"]``: True / False / ``"auto"`` (more than 2×rounds players, Swiss Rules 1999)."""
    maxi_opt = tournament.options.get("lim_maxi", False) if tournament.options else False
    if maxi_opt == "auto":
        return len(tournament.players) > 2 * tournament.total_rounds
    return bool(maxi_opt)


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``lim``: the median is half the points possible so far."""
    ctx = make_context(tournament)
    median = Fraction(ctx.round_no - 1) * tournament.points.win / 2
    return LimRound(tournament, ctx, options, maxi_rule(tournament), median).run()


LIM = System("lim", "2026", explained(pair))
