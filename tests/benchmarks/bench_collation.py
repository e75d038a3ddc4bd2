"""Benchmark: ordering and folding 5,000 names (core.i18n.collation against the old fold).

    python3 tests/benchmarks/bench_collation.py [NAMES]      (default 5,000)

Makes NAMES random "Surname, First" names from Turkish and Russian letters (seeded), then
prints the time to sort them in Turkish with ``sort_key`` (cold: every key computed; warm:
from the cache), to fold them with ``search_keys`` — every spelling (what the club
register's type-ahead builds once per version of the file), and, for comparison, with the
rating lists' accent-stripping ``fold``.  Not part of the test run.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

LETTERS = "abcçdefgğhıijklmnoöprsştuüvyzабвгдеёжзийклмнопрстуфхцчшщыэюя"


def main() -> None:
    from core.i18n.collation import search_keys, sort_key
    from core.ratinglists.entry import fold

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(34)

    def word(n: int) -> str:
        return "".join(rng.choice(LETTERS) for _ in range(n)).capitalize()

    names = [f"{word(7)}, {word(5)}" for _ in range(count)]
    for label, work in (("sort_key(tr), cold", lambda: sorted(names, key=lambda n: sort_key(n, "tr"))),
                        ("sort_key(tr), warm", lambda: sorted(names, key=lambda n: sort_key(n, "tr"))),
                        ("search_keys (every spelling)", lambda: [search_keys(n) for n in names]),
                        ("old fold (rating lists)", lambda: [fold(n) for n in names])):
        start = time.perf_counter()
        work()
        print(f"{count} names, {label}: {1000 * (time.perf_counter() - start):.0f} ms")
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
