"""Cancel latency of a pairing in a worker, through the application layer.

Run:  python3 tests/benchmarks/pairing_cancel.py [--players 1000] [--rounds 3] [--after 0.5]

For a field of N players (ratings spread, results drawn with a fixed seed) the script pairs
rounds 1..R through ``Desk.pair_next_round`` and times each (CPU seconds of this process,
user+sys: the machine may be shared).  Then it starts ``Desk.propose`` for the next round in a
thread, sets the cancel event after ``--after`` seconds and prints how long the engine took to
stop (wall time from the cancel to the thread's end) — the TUI's Escape goes exactly this way.
It also prints how many progress reports arrived.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def build(players: int, seed: int):
    from core import changes
    from core.model import Tournament

    rng = random.Random(seed)
    t = Tournament(id="", name=f"Bench {players}", system="dutch", total_rounds=9)
    for i in range(players):
        t = changes.add_player(t, f"Player {i:04d}", rating=rng.randint(1000, 2700))
    return t


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--after", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    from core.app import Workspace
    from core.model import GameResult
    from core.pairing.base import Cancelled

    rng = random.Random(args.seed)
    data = tempfile.mkdtemp()
    ws = Workspace(data)
    desk = ws.open(ws.create(build(args.players, args.seed)))
    for r in range(1, args.rounds + 1):
        c0 = os.times()
        out = desk.pair_next_round()
        c1 = os.times()
        print(f"round {r}: {len(out.tournament.round(r).boards)} boards, "
              f"{c1.user - c0.user + c1.system - c0.system:.2f} CPU s")
        for b in range(1, len(out.tournament.round(r).boards) + 1):
            desk.enter_result(r, b, rng.choice((GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)))
    plan = desk.prepare_round()
    cancel = threading.Event()
    reports: list[float] = []
    outcome: dict[str, object] = {}

    def work() -> None:
        try:
            desk.propose(plan, cancel=cancel, progress=lambda f, _t: reports.append(f))
            outcome["result"] = "finished before the cancel"
        except Cancelled:
            outcome["result"] = "cancelled"

    thread = threading.Thread(target=work)
    thread.start()
    time.sleep(args.after)
    asked = time.monotonic()
    cancel.set()
    thread.join()
    print(f"round {args.rounds + 1}: {outcome['result']}; stopped {time.monotonic() - asked:.3f} s after "
          f"the cancel (wall, shared machine); {len(reports)} progress reports")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
