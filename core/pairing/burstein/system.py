"""The registered Burstein systems: ``burstein`` (2026 text) and ``burstein-legacy``."""

from __future__ import annotations

from dataclasses import replace

from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.swiss.restrictions import explained
from core.pairing.burstein.engine import pair_after_seeding, seeding_rounds
from core.pairing.swiss.context import Context, make_context

LEGACY_VIRTUAL_ROUNDS = 2
"""seeds/000 §3.3: the virtual point is added in the first two rounds, removed before round 3."""


def legacy_top_half(tournament: Tournament) -> frozenset[int]:
    """The top half of the starting list (by rating, i.e. pairing number) of the players
    registered for round 1; with an odd count the middle player belongs to it (⌈N/2⌉), so
    that the lower group, not the upper one, has the odd player and the PAB."""
    starters = sorted(p.pno for p in tournament.players if p.joined_round <= 1)
    return frozenset(starters[: (len(starters) + 1) // 2])


def with_virtual_point(ctx: Context) -> Context:
    """seeds/000 §3.3: the top half of the list gets one "virtual" point (the points of a
    win) for pairing rounds 1–2 only; it never enters scores or the Index."""
    top = legacy_top_half(ctx.tournament)
    win = ctx.tournament.points.win
    states = {p: replace(s, pairing_score=s.pairing_score + win) if p in top else s
              for p, s in ctx.states.items()}
    return replace(ctx, states=states)


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of both rulesets.  2026 (Art. 1.6): the seeding rounds are paired by the Dutch
    system, then brackets by the Index.  Legacy (seeds/000): brackets by the Index from
    round 1, with the virtual point of §3.3 for the top half in rounds 1–2."""
    round_no = tournament.current_round + 1
    if ruleset == "2026" and round_no <= seeding_rounds(tournament.total_rounds):
        from core.pairing.dutch.system import pair as dutch

        return dutch(tournament, "2026", options)
    ctx = make_context(tournament, round_no)
    if ruleset == "legacy" and round_no <= LEGACY_VIRTUAL_ROUNDS:
        ctx = with_virtual_point(ctx)
    return pair_after_seeding(ctx, ruleset, options)


BURSTEIN = System("burstein", "2026", explained(pair))
BURSTEIN_LEGACY = System("burstein-legacy", "legacy", explained(pair))
