"""Benchmark of the Dutch engine alone (no process start-up, no TRF reading): CPU seconds of
``core.pairing.dutch.system.compute`` on the same round-5-of-9 fields as ``bench_dutch.py``,
median of 3, plus the number of matcher solves (every matcher of the round).  Not collected by pytest.

Why a second script: the whole-process figure of ``bench_dutch.py`` includes about 0.25 s of
CLI start-up (command discovery, imports) that is outside the engine.

    python3 tests/benchmarks/bench_dutch_engine.py [SIZES...]   # default: 100 300 500 1000
    python3 tests/benchmarks/bench_dutch_engine.py --2017 300    # the 2017 rules
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def main(argv: list[str]) -> int:
    from bench_dutch import make_input

    import core.pairing.dutch.engine2017 as engine2017
    import core.pairing.dutch.graph as graph
    from core.pairing.dutch.system import compute
    from core.pairing.matching.incremental import new_matcher
    from core.trf import parse_tournament

    rules = "2017" if "--2017" in argv else "2026"
    sizes = [int(a) for a in argv if not a.startswith("--")] or [100, 300, 500, 1000]
    cache = Path(os.environ.get("HAKEM_BENCH_DIR", tempfile.gettempdir())) / "hakem_bench_dutch"
    cache.mkdir(parents=True, exist_ok=True)
    solves = [0]

    class Counting:
        """The engines' matcher (compiled or Python, as ``new_matcher`` picks), solves counted."""

        def __init__(self, n: int) -> None:
            self.inner = new_matcher(n)

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

        def solve(self) -> list[int]:
            solves[0] += 1
            return self.inner.solve()

    graph.new_matcher = Counting  # type: ignore[assignment]
    engine2017.new_matcher = Counting  # type: ignore[assignment]
    print(f"rules {rules}")
    print(f"{'players':>8} {'cpu s (median of 3)':>20} {'solves':>7}")
    for n in sizes:
        t = parse_tournament(make_input(n, cache).read_text())
        times = []
        for _ in range(3):
            solves[0] = 0
            start = time.process_time()
            compute(t, rules)
            times.append(time.process_time() - start)
        print(f"{n:>8} {statistics.median(times):>20.2f} {solves[0]:>7}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
