"""Benchmark: one acknowledged result write on a 300-player, 9-round tournament file.

Run:  python3 tests/benchmarks/bench_store.py
Prints the median and p95 of in-process writes (lock + read + change + atomic write + fsync +
journal append) and the median of a whole `hakem result` CLI process.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from core.changes import set_result
from core.model import Board, GameResult, Player, Round, Tournament
from core.store import Store


def build(players: int = 300, rounds: int = 9) -> Tournament:
    rng = random.Random(1)
    ps = tuple(Player(i, f"Surname{i:03d}, Name", 2500 - i, title="", federation="TUR",
                      fide_id=str(34000000 + i), club="Club") for i in range(1, players + 1))
    results = list(GameResult)[:3]
    rs = []
    for r in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        rs.append(Round(r, tuple(Board(order[i], order[i + 1], rng.choice(results))
                                 for i in range(0, players, 2))))
    return Tournament(id="", name="Bench", players=ps, rounds=tuple(rs), total_rounds=rounds)


def main() -> None:
    data = tempfile.mkdtemp(prefix="hakem-bench-")
    store = Store(data)
    tid = store.create(build())
    size = os.path.getsize(store.path(tid))
    times = []
    cpu = []
    rng = random.Random(2)
    for _ in range(100):
        board = rng.randint(1, 150)
        res = rng.choice([GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS])
        t0, c0 = time.perf_counter(), time.process_time()
        store.update(tid, "bench", lambda t, board=board, res=res: set_result(t, 9, board, res))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    times.sort()
    print(f"file size: {size / 1024:.0f} KiB")
    print(f"in-process result write: median {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {times[94] * 1000:.1f} ms (100 writes); CPU time median "
          f"{statistics.median(cpu) * 1000:.1f} ms; load average {os.getloadavg()[0]:.1f}")
    cli = []
    env = {**os.environ, "HAKEM_DATA": data}
    for i in range(5):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tui.launch", "result", tid, "9", str(i + 1), "1-0"],
                       check=True, env=env)
        cli.append(time.perf_counter() - t0)
    print(f"whole `hakem result` process: median {statistics.median(cli) * 1000:.0f} ms (5 runs)")


if __name__ == "__main__":
    main()
