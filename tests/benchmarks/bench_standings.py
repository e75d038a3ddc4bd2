"""Benchmark: standings with a 6-criterion list for 1000 players × 11 rounds (target ≤ 1 s).

Run: ``python3 tests/benchmarks/bench_standings.py``.  Prints figures; not a pytest test.
The tournament is a random Swiss-like event (fixed seed): each round pairs players with
close scores who have not met, with draws, forfeits, half-point byes and a few withdrawals.
"""

from __future__ import annotations

import random
import sys
import time

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament

LIST = ["DE", "BH/C1", "BH", "SB", "AOB", "WIN"]


def make(players: int = 1000, rounds: int = 11, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, players + 1), 0.0)
    met: dict[int, set[int]] = {p: set() for p in score}
    withdrawn = {p: rng.randint(3, rounds) for p in rng.sample(sorted(score), players // 50)}
    out = []
    for r in range(1, rounds + 1):
        active = [p for p in score if withdrawn.get(p, rounds + 1) > r]
        byes = [Bye(p, ByeKind.HALF) for p in active if rng.random() < 0.02]
        bye_ids = {b.pno for b in byes}
        pool = sorted((p for p in active if p not in bye_ids), key=lambda p: (-score[p], p))
        boards = []
        while len(pool) > 1:
            a = pool.pop(0)
            j = next((i for i, q in enumerate(pool[:20]) if q not in met[a]), 0)
            b = pool.pop(j)
            x = rng.random()
            res = (GameResult.WHITE_FORFEIT_WIN if x < 0.02 else GameResult.WHITE_WINS if x < 0.4
                   else GameResult.DRAW if x < 0.7 else GameResult.BLACK_WINS)
            boards.append(Board(a, b, res))
            met[a].add(b)
            met[b].add(a)
            wa, wb = {GameResult.WHITE_WINS: (1, 0), GameResult.WHITE_FORFEIT_WIN: (1, 0),
                      GameResult.DRAW: (.5, .5), GameResult.BLACK_WINS: (0, 1)}[res]
            score[a] += wa
            score[b] += wb
        if pool:
            byes.append(Bye(pool[0], ByeKind.PAB))
            score[pool[0]] += 1
        for bye in byes:
            if bye.kind is ByeKind.HALF:
                score[bye.pno] += .5
        out.append(Round(r, tuple(boards), tuple(byes)))
    plist = tuple(Player(p, f"Player {p}", rating=2600 - p, withdrawn_round=withdrawn.get(p)) for p in score)
    return Tournament(id="bench", name="bench", total_rounds=rounds, players=plist, rounds=tuple(out),
                      start_date="2026-06-01")


def main() -> int:
    from core.standings import compute_standings

    t = make()
    timings = []
    for _ in range(5):
        start = time.perf_counter()
        s = compute_standings(t, LIST)
        timings.append(time.perf_counter() - start)
    print(f"standings 1000 players x 11 rounds, list {','.join(LIST)}, regime {s.regime.value}")
    print(f"best {min(timings):.3f} s, median {sorted(timings)[2]:.3f} s over 5 runs "
          f"(target <= 1 s); rows {len(s.rows)}, tied groups left {len(s.unresolved)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
