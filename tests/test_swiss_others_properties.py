"""Property test: the absolute criteria hold in every round of random Dubov, Burstein and Lim
tournaments (sizes 7-30, 5-9 rounds, forfeits, half-point byes, forbidden pairs, seeded results),
with both rule versions where hakem has two."""

import pytest

from core.pairing.registry import get_system

from tests.test_acceleration_sim import check_round, simulate

CASES = [(n, rounds, seed) for seed, (n, rounds) in enumerate(
    [(7, 5), (8, 5), (11, 7), (12, 6), (15, 7), (16, 9), (19, 7), (20, 9), (23, 8), (30, 9)])]


@pytest.mark.parametrize("system_id", ["dubov", "dubov-1997", "burstein", "burstein-legacy", "lim"])
@pytest.mark.parametrize("n,rounds,seed", CASES)
def test_absolute_criteria_hold(system_id, n, rounds, seed):
    engine = get_system(system_id)
    for t, pairing in simulate(engine, n, rounds, seed, forfeit_rate=0.06, bye_rate=0.04,
                               forbidden=((1, 2),) if seed % 2 else ()):
        check_round(t, pairing, lim_rules=system_id == "lim")
