"""Benchmark: how much the data file, the journal and a round backup grow per change at 2,000
players — a late entry, a round paired, a result.

Run:  python3 tests/benchmarks/bench_store_sizes.py [--players 2000] [--late 5]
Uses only the store's public API (``Store.create/update``), so the same script measures an older
checkout (``PYTHONPATH=/path/to/old/checkout python3 …``) for a before/after comparison.
Prints bytes per change and the CPU seconds (user+sys) of each change.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.environ.get("PYTHONPATH") or os.path.join(os.path.dirname(__file__), "..", ".."))

from core import changes
from core.model import Board, GameResult, Player, Round, Tournament
from core.store import Store


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _sizes(data: Path) -> tuple[int, int, int]:
    """(data files, journal files, backups) in bytes."""
    files = sum(p.stat().st_size for p in data.glob("*.hakem.json"))
    journal = sum(p.stat().st_size for p in [*data.glob("*.journal*.jsonl"), *data.glob("*.chain.jsonl")])
    backups = sum(p.stat().st_size for p in (data / "backups").rglob("*") if p.is_file()) \
        if (data / "backups").exists() else 0
    return files, journal, backups


def _round(t: Tournament, rng: random.Random) -> Round:
    order = [p.pno for p in t.players]
    rng.shuffle(order)
    return Round(len(t.rounds) + 1, tuple(Board(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)))


def _results(t: Tournament, first: int, count: int) -> Tournament:
    for k in range(first, min(first + count, len(t.rounds[-1].boards))):
        t = changes.set_result(t, len(t.rounds), k + 1, GameResult.DRAW)
    return t


def _time_the_lock(store: Store) -> list[float]:
    """Wall seconds the store's lock was held (this store's ``dir.lock``; NaN on a store
    without one, i.e. an older checkout)."""
    import contextlib
    import time

    held: list[float] = []
    folder = getattr(store, "dir", None)
    if folder is None:
        held.append(float("nan"))
        return held
    original = folder.lock

    @contextlib.contextmanager
    def timed(*args, **kwargs):
        with original(*args, **kwargs):
            start = time.perf_counter()
            try:
                yield
            finally:
                held.append(time.perf_counter() - start)

    folder.lock = timed
    return held


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--late", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3,
                    help="play this many rounds in all (every result entered), then time results "
                         "on the long journal and print the file sizes of the whole event")
    args = ap.parse_args()
    rng = random.Random(18)
    data = Path(tempfile.mkdtemp(prefix="hakem-sizes-"))
    store = Store(data)
    players = tuple(Player(i, f"Surname{i:04d}, Name", 2600 - i // 2, federation="TUR",
                           fide_id=str(34000000 + i), club="Club") for i in range(1, args.players + 1))
    tid = store.create(Tournament(id="", name="Sizes", players=players, total_rounds=9))
    rows = []
    held = _time_the_lock(store)

    def measure(label: str, change) -> None:
        before, cpu = _sizes(data), _cpu()
        held.clear()
        store.update(tid, label, change)
        after, spent = _sizes(data), _cpu() - cpu
        rows.append((label, *(a - b for a, b in zip(after, before)), after[0], spent, sum(held)))

    measure("pair round 1", lambda t: t.with_changes(rounds=(_round(t, rng),)))
    for k in range(3):
        measure(f"result 1.{k + 1}", lambda t, k=k: changes.set_result(t, 1, k + 1, GameResult.WHITE_WINS))
    for k in range(args.late):
        measure(f"late entry {k + 1}", lambda t, k=k: changes.add_player(t, f"Late{k}, Entry", rating=2000 + k))
    measure("pair round 2", lambda t: t.with_changes(rounds=(*t.rounds, _round(t, rng))))
    measure("pair round 3", lambda t: t.with_changes(rounds=(*t.rounds, _round(t, rng))))
    while len(store.load(tid).tournament.rounds) < args.rounds:
        for first in range(0, len(store.load(tid).tournament.rounds[-1].boards), 100):
            store.update(tid, "results", lambda t, first=first: _results(t, first, 100))  # 100 a change
        store.update(tid, "pair", lambda t: t.with_changes(rounds=(*t.rounds, _round(t, rng))))
    if args.rounds > 3:
        for k in range(5):
            measure(f"result {args.rounds}.{k + 1}", lambda t, k=k: changes.set_result(t, len(t.rounds), k + 1, GameResult.BLACK_WINS))
        for k in range(5, 8):  # a new hakem process per result (the CLI): nothing cached
            store = Store(data)
            held = _time_the_lock(store)
            measure(f"new process {k + 1}", lambda t, k=k: changes.set_result(t, len(t.rounds), k + 1, GameResult.BLACK_WINS))
    print(f"players {args.players}, data dir {data}")
    print(f"{'change':<16} {'data file +B':>13} {'journal +B':>12} {'backups +B':>12} {'data file B':>12} "
          f"{'cpu s':>7} {'lock ms':>8}")
    for label, d_file, d_journal, d_backup, size, spent, lock in rows:
        shown = f"{lock * 1000:>8.1f}" if lock == lock else f"{'n/a':>8}"
        print(f"{label:<16} {d_file:>13,} {d_journal:>12,} {d_backup:>12,} {size:>12,} {spent:>7.2f} {shown}")
    files, journal, backups = _sizes(data)
    print(f"at the end: data file {files:,} B, journal {journal:,} B, backups {backups:,} B, "
          f"{len(store.load(tid).tournament.rounds)} rounds")


if __name__ == "__main__":
    main()
