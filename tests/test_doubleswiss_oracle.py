"""The Double-Swiss engine against the independent oracle (tests/doubleswiss_oracle.py):
every round of seeded random events of 4–10 players must get the PAB and the pairs the text's
criteria rank first, and game 1's colours by Article 4.  The bigger runs (thousands of events,
11–12 players) are tests/benchmarks/bench_doubleswiss_oracle.py: minutes, not for every run."""

from __future__ import annotations

import random

from core.errors import PairingImpossible
from core.model import Board, ByeKind, GameResult, RequestedBye, Round
from core.pairing.doubleswiss.system import players_to_pair
from core.pairing.registry import get_system
from core.pairing.swiss.simulate import Settings, new_tournament
from core.pairing.swiss.state import forbidden_pairs
from tests.doubleswiss_oracle import oracle, oracle_colours

RESULTS = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.DRAW,
           GameResult.WHITE_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)


def random_event(seed: int, size: int, rounds: int):
    """A random Double-Swiss event paired by the engine, stopped at the first round that has
    no legal pairing; each game's result and the requested byes drawn from ``seed``."""
    rng = random.Random(seed)
    engine = get_system("double-swiss")
    t = new_tournament(Settings(players=size, rounds=rounds, seed=seed), "double-swiss", rng)
    for r in range(1, rounds + 1):
        asked = tuple(RequestedBye(p.pno, r, ByeKind.HALF) for p in t.players if rng.random() < 0.05)
        t = t.with_changes(requested_byes=asked)
        try:
            pairing = engine.pair(t)
        except PairingImpossible:
            break
        boards = tuple(Board(b.white, b.black, rng.choice(RESULTS[:4] if rng.random() > 0.1 else RESULTS),
                             game=b.game) for b in pairing.boards)
        t = t.with_changes(rounds=t.rounds + (Round(r, boards, pairing.byes),), requested_byes=())
    return t


def agreement(seeds: range, sizes: range, rounds: int) -> tuple[int, list[str]]:
    """Rounds compared, and the ones that differ (seed, size, round, both answers)."""
    engine = get_system("double-swiss")
    compared, differ = 0, []
    for seed in seeds:
        size = sizes[seed % len(sizes)]
        t = random_event(seed, size, rounds)
        for r in range(len(t.rounds)):
            before = t.with_changes(rounds=t.rounds[:r],
                                    requested_byes=tuple(RequestedBye(b.pno, r + 1, b.kind)
                                                         for b in t.rounds[r].byes if b.kind is not ByeKind.PAB))
            to_pair = players_to_pair(before, r + 1)
            try:
                want = oracle(before, to_pair, forbidden_pairs(before))
            except LookupError:
                continue
            got = engine.pair(before)
            pab = next((b.pno for b in got.byes if b.kind.value == "U"), None)
            pairs = {frozenset((b.white, b.black)) for b in got.boards}
            compared += 1
            colours = {(b.white, b.black) for b in got.boards if b.game == "g1"}
            if (pab, pairs) != want or colours != oracle_colours(before, want[1]):
                differ.append(f"seed {seed} size {size} round {r + 1}: engine {pab} {sorted(map(sorted, pairs))}"
                              f" oracle {want[0]} {sorted(map(sorted, want[1]))}")
    return compared, differ


def test_engine_agrees_with_the_oracle_on_random_small_events():
    compared, differ = agreement(range(1, 201), range(4, 11), rounds=5)
    print(f"double-swiss oracle: 200 events, {compared} rounds compared, {len(differ)} differ")
    assert compared > 800
    assert differ == []
