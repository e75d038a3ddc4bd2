"""How often does the Gamma search need re-pairing (перестыковка) when N > 2^rounds?

The Gamma procedure says it cannot happen then; with ranks spread over the whole range it does, because
the weakest players sit alone at the bottom of the list and meet each other again.  Prints the
count.  ``python3 tests/benchmarks/go_repairing.py [EVENTS]``
"""

from __future__ import annotations

import random
import sys

from core.model import Board, GameResult, Player, Round, Tournament
from core.pairing.gamma.system import GAMMA


def main(events: int) -> None:
    rounds_paired = repaired = 0
    for seed in range(events):
        rnd = random.Random(seed)
        total = rnd.choice([1, 2, 3, 4])
        n = rnd.randint(2 ** total + 1, 2 ** total + 8)
        ratings = sorted((rnd.randint(100, 2700) for _ in range(n)), reverse=True)
        players = tuple(Player(i, f"P{i:03d}", r) for i, r in enumerate(ratings, 1))
        t = Tournament("b", "B", system="gamma", total_rounds=total, players=players)
        for r in range(1, total + 1):
            p = GAMMA.pair(t)
            rounds_paired += 1
            if any("undone" in line for line in p.explanations.get(0, ())):
                repaired += 1
            boards = tuple(Board(b.white, b.black, rnd.choice((GameResult.WHITE_WINS,
                                                               GameResult.BLACK_WINS)),
                                 handicap=b.handicap, komi=b.komi) for b in p.boards)
            t = t.with_changes(rounds=t.rounds + (Round(r, boards, p.byes),))
    print(f"{events} events with N > 2^rounds: {rounds_paired} rounds paired, "
          f"{repaired} needed re-pairing")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
