"""Stress: 8 concurrent writers on one tournament for a while; nothing lost, nothing duplicated.

Run:  python3 tests/benchmarks/stress_store.py [--seconds 600] [--writers 8]

Writers: half are `hakem result ...` CLI processes started one after another (the real
command), half are long-lived processes using the TUI's service layer (tui.services.Session,
the exact path a key press in the rounds screen takes), half of those with optimistic
revisions (conflicts are retried).  Each writer owns a set of boards and logs every
acknowledged result.  An observer polls like an open screen does.  At the end the script checks:
every board holds the last acknowledged result, the journal has exactly one entry per
acknowledged write, the file passes `hakem doctor`, and the observer converged.
Prints writes/s, latency percentiles, conflicts and losses.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

RESULTS = ("1-0", "0-1", "1/2")
THINK = 0.2
"""Up to this many seconds between two results of one writer (an arbiter types, then looks up)."""


def setup(data: str, boards: int) -> str:
    from core.model import Board, Player, Round, Tournament
    from core.store import Store

    players = tuple(Player(i, f"Player {i:03d}", 2500 - i, federation="TUR") for i in range(1, 2 * boards + 1))
    rnd = Round(1, tuple(Board(i, i + boards) for i in range(1, boards + 1)))
    return Store(data).create(Tournament(id="", name="Stress", players=players, rounds=(rnd,), total_rounds=9))


def cli_writer(data: str, tid: str, me: int, writers: int, boards: int, until: float, log: str,
               think: float) -> None:
    global THINK
    THINK = think
    env = {**os.environ, "HAKEM_DATA": data}
    mine = list(range(me + 1, boards + 1, writers))
    k = 0
    with open(log, "w") as out:
        while time.time() < until:
            board = mine[k % len(mine)]
            result = RESULTS[(k + me) % 3]
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "tui.launch", "result", tid, "1", str(board), result],
                                  env=env, capture_output=True, text=True, check=False)
            dt = time.perf_counter() - t0
            if proc.returncode == 0:
                out.write(json.dumps({"board": board, "result": result, "latency": dt}) + "\n")
                out.flush()
            else:
                out.write(json.dumps({"error": proc.stderr.strip()}) + "\n")
            k += 1
            time.sleep(THINK * ((k * 7919 + me) % 100) / 100)


def service_writer(data: str, tid: str, me: int, writers: int, boards: int, until: float, log: str,
                   optimistic: bool, think: float) -> None:
    global THINK
    THINK = think
    from core.errors import ConflictError
    from core.model import GameResult
    from core.store import Store
    from tui.services import Session

    session = Session(Store(data), tid)
    mine = list(range(me + 1, boards + 1, writers))
    k = conflicts = 0
    with open(log, "w") as out:
        while time.time() < until:
            board = mine[k % len(mine)]
            result = RESULTS[(k + me) % 3]
            t0 = time.perf_counter()
            if optimistic:
                while True:
                    try:
                        rev = session.store.revision(tid)
                        session.store.update(tid, f"result 1.{board}",
                                             lambda t, board=board, result=result: __import__(
                                                 "core.commands", fromlist=["x"]).set_result(
                                                 t, 1, board, GameResult.parse(result)),
                                             expected_revision=rev)
                        break
                    except ConflictError:
                        conflicts += 1
            else:
                session.set_result(1, board, GameResult.parse(result))
            out.write(json.dumps({"board": board, "result": result, "latency": time.perf_counter() - t0,
                                  "conflicts": conflicts}) + "\n")
            out.flush()
            k += 1
            time.sleep(THINK * ((k * 7919 + me) % 100) / 100)


def observer(data: str, tid: str, stop: str, log: str) -> None:
    """Polls like an open screen until told to stop, then shows where it ended."""
    from core.store import Store
    from tui.services import Session

    session = Session(Store(data), tid)
    polls = refreshes = 0
    while not Path(stop).exists():
        polls += 1
        if session.poll():
            refreshes += 1
        time.sleep(0.05)
    session.poll()
    Path(log).write_text(json.dumps({"polls": polls, "refreshes": refreshes,
                                     "revision": session.revision if hasattr(session, "revision") else None}))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--boards", type=int, default=150)
    ap.add_argument("--think", type=float, default=0.2, help="max seconds between a writer's results")
    args = ap.parse_args()
    global THINK
    THINK = args.think
    data = tempfile.mkdtemp(prefix="hakem-stress-")
    logs = Path(data) / "logs"
    logs.mkdir()
    tid = setup(data, args.boards)
    until = time.time() + args.seconds
    ctx = get_context("spawn")
    procs = []
    for w in range(args.writers):
        log = str(logs / f"w{w}.jsonl")
        if w % 2 == 0:
            p = ctx.Process(target=cli_writer, args=(data, tid, w, args.writers, args.boards, until, log, args.think))
        else:
            p = ctx.Process(target=service_writer,
                            args=(data, tid, w, args.writers, args.boards, until, log, w % 4 == 3, args.think))
        p.start()
        procs.append(p)
    stop = logs / "stop"
    obs = ctx.Process(target=observer, args=(data, tid, str(stop), str(logs / "observer.json")))
    obs.start()
    for p in procs:
        p.join()
    stop.write_text("stop")
    obs.join()

    from core.model import GameResult
    from core.store import Store
    from core.store.doctor import check

    store = Store(data)
    snap = store.load(tid)
    last: dict[int, str] = {}
    latencies: list[float] = []
    by_kind: dict[str, list[float]] = {"CLI process": [], "TUI service": []}
    errors = 0
    acked = 0
    conflicts = 0
    changes = 0
    for w in range(args.writers):
        for line in (logs / f"w{w}.jsonl").read_text().splitlines():
            rec = json.loads(line)
            if "error" in rec:
                errors += 1
                continue
            acked += 1
            if last.get(rec["board"]) != rec["result"]:
                changes += 1  # a write of the value already there makes no new revision
            last[rec["board"]] = rec["result"]
            latencies.append(rec["latency"])
            by_kind["CLI process" if w % 2 == 0 else "TUI service"].append(rec["latency"])
            conflicts = max(conflicts, rec.get("conflicts", 0)) if w % 4 == 3 else conflicts
    boards = snap.tournament.rounds[0].boards
    lost = sum(1 for b, r in last.items() if boards[b - 1].result is not GameResult.parse(r))
    journal = [e for e in store.journal(tid) if e["action"].startswith("result")]
    duplicated = len(journal) - changes
    report = check(store, tid)
    obs_info = json.loads((logs / "observer.json").read_text())
    latencies.sort()
    q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
    print(f"duration {args.seconds:.0f} s, writers {args.writers} ({(args.writers + 1) // 2} CLI processes, "
          f"{args.writers // 2} TUI-service processes), boards {args.boards}")
    print(f"acknowledged writes {acked} ({acked / args.seconds:.1f}/s), failed commands {errors}")
    print(f"latency median {statistics.median(latencies) * 1000:.1f} ms, p99 {q(0.99):.1f} ms, max {latencies[-1] * 1000:.1f} ms")
    for kind, values in by_kind.items():
        if values:
            values.sort()
            print(f"  {kind}: median {statistics.median(values) * 1000:.1f} ms, "
                  f"p99 {values[min(len(values) - 1, int(0.99 * len(values)))] * 1000:.1f} ms ({len(values)} writes)")
    print(f"optimistic conflicts retried {conflicts}")
    print(f"lost results {lost}, duplicated journal entries {duplicated}, revision {snap.revision}")
    print(f"doctor: {'ok' if report.ok else report.problems}")
    converged = obs_info["revision"] == snap.revision
    print(f"observer: {obs_info['polls']} polls, {obs_info['refreshes']} refreshes, "
          f"ended at revision {obs_info['revision']} ({'converged' if converged else 'NOT converged'})")
    return 0 if (lost == 0 and duplicated == 0 and report.ok and errors == 0 and converged) else 1


if __name__ == "__main__":
    sys.exit(main())
