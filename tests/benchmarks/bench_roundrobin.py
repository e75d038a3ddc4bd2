"""Print how long the all-play-all constructions take (not collected by pytest).

    python3 tests/benchmarks/bench_roundrobin.py
"""

from __future__ import annotations

import time

from core.pairing.roundrobin import german, rutsch, scheveningen
from core.pairing.roundrobin.berger import berger_table
from core.pairing.roundrobin.double import cycles
from core.pairing.roundrobin.reisepartner import schedule


def clock(label: str, fn, *args) -> None:
    start = time.perf_counter()
    fn(*args)
    print(f"{label:<45} {1000 * (time.perf_counter() - start):9.2f} ms")


if __name__ == "__main__":
    for n in (16, 100, 500):
        clock(f"berger_table({n})", berger_table, n)
        clock(f"double cycles({n - 1})", cycles, n - 1, 2, True)
        clock(f"german.pencil_table({n})", german.pencil_table, n)
        clock(f"rutsch.schedule({n})", rutsch.schedule, n)
    for n in (10, 14, 22, 23):
        scheveningen.balanced_colouring.cache_clear()
        clock(f"scheveningen.balanced_colouring({n})", scheveningen.balanced_colouring, n)
    clock("reisepartner.schedule(40)", schedule, 40)
