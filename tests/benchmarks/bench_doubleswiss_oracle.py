"""The Double-Swiss engine against the independent oracle on big runs (minutes): thousands of
random events of 4–10 players and events of 11–12 players.  Prints the rounds compared and
lists every round that differs.  Not collected by pytest (the default run has 200 events).

    python3 tests/benchmarks/bench_doubleswiss_oracle.py [EVENTS] [EVENTS_11_12]   # 3000 60
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    from tests.test_doubleswiss_oracle import agreement

    small = int(argv[0]) if argv else 3000
    large = int(argv[1]) if len(argv) > 1 else 60
    failed = 0
    for label, seeds, sizes, rounds in (("4-10 players", range(10_000, 10_000 + small), range(4, 11), 6),
                                        ("11-12 players", range(1000, 1000 + large), range(11, 13), 6)):
        start = time.process_time()
        compared, differ = agreement(seeds, sizes, rounds)
        print(f"{label}: {len(seeds)} events, {compared} rounds compared, {len(differ)} differ "
              f"({time.process_time() - start:.0f} s CPU)")
        for line in differ:
            print("  " + line)
        failed += len(differ)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
