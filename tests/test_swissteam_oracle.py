"""The swiss-team engine against the independent oracle (tests/swissteam_oracle.py) on random
small events: the same bye, the same boards, the same colours, the same board order — or
both find no pairing."""

from __future__ import annotations

import random

import pytest

from core.errors import PairingImpossible
from core.pairing.swissteam.engine import pair_round
from tests.swissteam_oracle import NoPairing, oracle
from tests.swissteam_sim import play, random_rules, start


def run_events(seed: int, events: int, max_teams: int = 12) -> tuple[int, int]:
    """Play ``events`` random events; returns (rounds compared, rounds neither could pair)."""
    rng = random.Random(seed)
    compared = impossible = 0
    for _ in range(events):
        n = rng.randint(2, max_teams)
        total = rng.randint(2, min(9, n + 1))
        teams = start(n)
        style = random_rules(rng, 1, total)
        for rnd in range(1, total + 1):
            rules = type(style)(rnd, total, style.preferences, style.initial, style.use_secondary)
            try:
                expected = oracle(teams, rules)
            except NoPairing:
                expected = None
            try:
                got = pair_round(teams, rules)
                engine = (got.bye, [(w, b) for w, b, _ in got.boards])
            except PairingImpossible:
                engine = None
            assert engine == expected, (seed, n, rnd, rules, teams)
            compared += 1
            if expected is None:
                impossible += 1
                break
            teams = play(teams, expected[0], expected[1], rng)
    return compared, impossible


@pytest.mark.parametrize("seed", range(6))
def test_engine_agrees_with_oracle(seed):
    """Up to ten teams: about 1,000 rounds per seed; some end with no legal pairing."""
    compared, _ = run_events(seed, 250, max_teams=10)
    assert compared >= 250


def test_engine_agrees_with_oracle_twelve_teams():
    run_events(99, 12, max_teams=12)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 104))
def test_engine_agrees_with_oracle_many(seed):
    """Up to twelve teams (the oracle lists up to 10,395 pairings a step): minutes per seed."""
    run_events(seed, 250)
