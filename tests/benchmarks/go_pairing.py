"""Gamma pairing speed: random events, every round paired by the engine; prints figures.

    python3 tests/benchmarks/go_pairing.py [N ROUNDS SEED]
"""

from __future__ import annotations

import random
import sys
import time

from core.errors import PairingImpossible
from core.model import Board, GameResult, Player, Round, Tournament
from core.pairing.gamma.system import GAMMA


def run(n: int, rounds: int, seed: int) -> None:
    rnd = random.Random(seed)
    players = tuple(Player(i, f"P{i:04d}", r) for i, r in
                    enumerate(sorted((rnd.randint(100, 2700) for _ in range(n)), reverse=True), 1))
    t = Tournament("bench", "Bench", system="gamma", total_rounds=rounds, players=players)
    times = []
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        try:
            p = GAMMA.pair(t)
        except PairingImpossible as error:
            print(f"N={n} R={rounds} seed={seed}: round {r} impossible: {error}")
            return
        times.append(time.perf_counter() - start)
        boards = tuple(Board(b.white, b.black, rnd.choice((GameResult.WHITE_WINS,
                                                           GameResult.BLACK_WINS)),
                             handicap=b.handicap, komi=b.komi) for b in p.boards)
        t = t.with_changes(rounds=t.rounds + (Round(r, boards, p.byes),))
    print(f"N={n} R={rounds} seed={seed}: total {sum(times):.3f} s, slowest round "
          f"{max(times):.3f} s")


if __name__ == "__main__":
    if len(sys.argv) == 4:
        run(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
    else:
        for n, rounds in ((11, 6), (30, 7), (60, 9), (120, 9), (300, 10), (9, 7), (16, 10)):
            run(n, rounds, 1)
