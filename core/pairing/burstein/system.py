"""The registered Burstein systems: ``burstein`` (2026 text) and ``burstein-legacy``."""

from __future__ import annotations

from dataclasses import replace

from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.swiss.restrictions import explained
from core.pairing.burstein.engine import pair_after_seeding, seeding_rounds
from core.pairing.swiss.context import Context, make_context

LEGACY_VIRTUAL_ROUNDS = 2
"""Aktar §3.3: the virtual point is added in the first two rounds, removed before round 3."""


def legacy_top_half(tournament: Tournament) -> frozenset[int]:
    """The top half of the starting list (by rating, i.e. pairing number) of the players
    registered for round 1.  With an odd count "half" is ⌊N/2⌋ or ⌈N/2⌉; §5.1 decides: "all
    odd-numbered players of the top half take No. 1's colour", which holds only if the top
    half pairs within itself odd against even (i v 2k+1−i), i.e. has an even count — so the
    even one of the two (N = 7 → 4, N = 9 → 4), and the odd player and the PAB are in the
    lower group."""
    starters = sorted(p.pno for p in tournament.players if p.joined_round <= 1)
    n = len(starters)
    top = n // 2 if n % 2 == 0 or (n // 2) % 2 == 0 else n // 2 + 1
    return frozenset(starters[:top])


def with_virtual_point(ctx: Context) -> Context:
    """Aktar §3.3: the top half of the list gets one "virtual" point (the points of a
    win) for pairing rounds 1–2 only — "eklenir" (is added) and "üçüncü turun eşlendirmesi
    yapılmadan önce geri alınır" (taken back before round 3 is paired): until then it is part
    of the score the pairing uses, the Index (§3.2) included (``index_extra`` of
    :func:`pair_after_seeding`); it never enters the standings."""
    top = legacy_top_half(ctx.tournament)
    win = ctx.tournament.points.win
    states = {p: replace(s, pairing_score=s.pairing_score + win) if p in top else s
              for p, s in ctx.states.items()}
    return replace(ctx, states=states)


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of both rulesets.  2026 (Art. 1.6): the seeding rounds are paired by the Dutch
    system, then brackets by the Index.  Legacy (Aktar): brackets by the Index from
    round 1, with the virtual point of §3.3 for the top half in rounds 1–2, in the scores the
    Index is computed from as well."""
    round_no = tournament.current_round + 1
    if ruleset == "2026" and round_no <= seeding_rounds(tournament.total_rounds):
        from core.pairing.dutch.system import pair as dutch

        return dutch(tournament, "2026", options)
    ctx = make_context(tournament, round_no)
    if ruleset == "legacy" and round_no <= LEGACY_VIRTUAL_ROUNDS:
        virtual = with_virtual_point(ctx)
        extra = {p: s.pairing_score - ctx.states[p].pairing_score for p, s in virtual.states.items()}
        return pair_after_seeding(virtual, ruleset, options, index_extra=extra)
    return pair_after_seeding(ctx, ruleset, options)


BURSTEIN = System("burstein", "2026", explained(pair))
BURSTEIN_LEGACY = System("burstein-legacy", "legacy", explained(pair))
