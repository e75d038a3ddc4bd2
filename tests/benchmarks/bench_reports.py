"""Benchmark: the HTML page set and the print text of a 300-player, 9-round Swiss.

    python3 tests/benchmarks/bench_reports.py

Prints the best and median of 5 runs (not collected by pytest; no thresholds)."""

from __future__ import annotations

import os
import statistics
import time

from core.reports.export import html_pages, print_text
from core.trf import parse_tournament

HERE = os.path.dirname(os.path.abspath(__file__))
TRF = os.path.join(HERE, "..", "data", "dutch2026", "f24_p300r9.trf")


def main() -> None:
    with open(TRF, encoding="utf-8", newline="") as fh:
        t = parse_tournament(fh.read())
    for name, fn in (("html_pages", html_pages), ("print_text", print_text)):
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            out = fn(t)
            runs.append(time.perf_counter() - start)
        size = sum(len(v) for v in out.values()) if isinstance(out, dict) else len(out)
        print(f"{name}: best {min(runs):.2f} s, median {statistics.median(runs):.2f} s, {size} characters")


if __name__ == "__main__":
    main()
