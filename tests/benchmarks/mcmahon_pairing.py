"""McMahon pairing time: random fields, every round paired, results at random.

    python3 tests/benchmarks/mcmahon_pairing.py [N ROUNDS]...

Prints CPU seconds (user+sys of this process) per event and the slowest round; the machine
may be shared, so the figures are CPU time, not wall time.
"""

from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from core.changes import apply_pairing, set_result
from core.go.ranks import rank_label
from core.model import Player, Tournament
from core.pairing.registry import get_system


def cpu() -> float:
    t = os.times()
    return t.user + t.system


def run(n: int, rounds: int, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    players = tuple(Player(pno=i, name=f"P{i}", club=rng.choice("ABCDEFGH"),
                           extra={"go_rank": rank_label(rng.randint(5, 26))}) for i in range(1, n + 1))
    t = Tournament(id=f"b{n}", name="B", system="mcmahon", total_rounds=rounds, players=players,
                   options={"go": {"bar": "3d", "floor": "20k"}})
    system = get_system("mcmahon")
    start, slowest = cpu(), 0.0
    for r in range(1, rounds + 1):
        before = cpu()
        t = apply_pairing(t, system.pair(t))
        slowest = max(slowest, cpu() - before)
        for b in range(1, len(t.rounds[-1].boards) + 1):
            t = set_result(t, r, b, rng.choice(("1-0", "0-1")))
    return cpu() - start, slowest


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]] or [20, 5, 60, 5, 150, 6]
    for n, rounds in zip(args[::2], args[1::2], strict=True):
        total, slowest = run(n, rounds)
        print(f"N={n} R={rounds}: {total:.2f} s CPU, slowest round {slowest:.2f} s")
