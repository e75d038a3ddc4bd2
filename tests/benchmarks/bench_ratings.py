"""Rating changes and the norm check on the reports benchmark's 300-player, 9-round event:
prints seconds (run: python3 tests/benchmarks/bench_ratings.py; quote ``uptime`` beside)."""

from __future__ import annotations

import statistics
import timeit
from functools import partial

from bench_reports import TRF

from core.ratings.changes import rating_changes
from core.ratings.norms import check_all
from core.trf import parse_tournament


def main() -> None:
    with open(TRF, encoding="utf-8", newline="") as fh:
        event = parse_tournament(fh.read())
    for fn in (rating_changes, check_all):
        runs = timeit.repeat(partial(fn, event), number=1, repeat=5)
        print(f"{fn.__name__}: best {min(runs):.3f} s, median {statistics.median(runs):.3f} s")


if __name__ == "__main__":
    main()
