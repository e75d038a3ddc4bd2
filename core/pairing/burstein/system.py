"""The registered Burstein systems: ``burstein`` (2026 text) and ``burstein-legacy``."""

from __future__ import annotations

from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.burstein.engine import pair_after_seeding, seeding_rounds
from core.pairing.swiss.context import make_context


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of both rulesets.  2026 (Art. 1.6): the seeding rounds are paired by the Dutch
    system; after them, brackets by the Index."""
    round_no = tournament.current_round + 1
    if round_no <= seeding_rounds(tournament.total_rounds):
        from core.pairing.dutch.system import DUTCH

        return DUTCH.pair(tournament, options)
    return pair_after_seeding(make_context(tournament, round_no), ruleset, options)


BURSTEIN = System("burstein", "2026", pair)
BURSTEIN_LEGACY = System("burstein-legacy", "legacy", pair)
