"""Benchmark of the Double-Swiss engine (FIDE C.04.5): pairing time per round for large fields.

Histories come from our own engine (core.pairing.swiss.simulate with ``double-swiss``: draws,
single and double forfeits, requested byes, withdrawals; fixed seeds).  For each size the
script plays ``ROUNDS`` rounds and prints the time of each round's pairing (in process, one
CPU) and the total.  Not collected by pytest.

    python3 tests/benchmarks/bench_doubleswiss.py [SIZES...]      # default: 120 500
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ROUNDS = 7


def bench(players: int) -> list[float]:
    from core.model import Board, ByeKind, Round
    from core.pairing.registry import get_system
    from core.pairing.swiss.simulate import Settings, _result, new_tournament
    import random

    settings = Settings(players=players, rounds=ROUNDS, seed=players, draws=0.3, forfeits=0.02)
    rng = random.Random(players)
    t = new_tournament(settings, "double-swiss", rng)
    engine = get_system("double-swiss")
    times = []
    for r in range(1, ROUNDS + 1):
        start = time.process_time()
        pairing = engine.pair(t)
        times.append(time.process_time() - start)
        boards = tuple(Board(b.white, b.black, _result(rng, settings, t.player(b.white), t.player(b.black)),
                             game=b.game) for b in pairing.boards)
        byes = tuple(sorted(pairing.byes, key=lambda b: (b.kind is not ByeKind.PAB, b.pno)))
        t = t.with_changes(rounds=t.rounds + (Round(r, boards, byes),))
    return times


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or [120, 500]
    for size in sizes:
        times = bench(size)
        rounds = " ".join(f"{x:.2f}" for x in times)
        print(f"{size} players: per round (CPU s) {rounds}; total {sum(times):.1f} s; max {max(times):.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
