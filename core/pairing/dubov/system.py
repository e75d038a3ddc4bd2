"""The registered Dubov systems: ``dubov`` (2026 text) and ``dubov-1997`` (Paarungssysteme)."""

from __future__ import annotations

from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.swiss.restrictions import explained
from core.pairing.dubov.engine import DubovRound


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of both rulesets: one :class:`DubovRound` under ``ruleset``."""
    return DubovRound(tournament, ruleset, options).run()


DUBOV = System("dubov", "2026", explained(pair))
DUBOV_1997 = System("dubov-1997", "1997", explained(pair))
