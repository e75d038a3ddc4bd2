"""Benchmark: the whole printed document set of a 300-player, 9-round Swiss as PDF.

    python3 tests/benchmarks/bench_pdf.py

Every document of ``core.reports.printing.document_set`` (standings, crosstable, wallchart,
nine pairing lists, the alphabetical list, result slips, check-in list, all pairing cards and
the prize list) rendered to PDF, A4.  Prints wall and CPU seconds (best and median of 3
runs), pages and bytes; not collected by pytest, no thresholds."""

from __future__ import annotations

import os
import statistics
import time

from core.changes.prizes import add_group
from core.prizes.settings import PrizeGroup, parse_amount
from core.reports.printing import document_set, render_pdf
from core.reports.view import View
from core.trf import parse_tournament

HERE = os.path.dirname(os.path.abspath(__file__))
TRF = os.path.join(HERE, "..", "data", "dutch2026", "f24_p300r9.trf")


def main() -> None:
    with open(TRF, encoding="utf-8", newline="") as fh:
        t = parse_tournament(fh.read())
    t = add_group(t, PrizeGroup("open", "Overall", "overall", tuple(parse_amount(a) for a in ("500", "300", "200", "100"))))
    t = add_group(t, PrizeGroup("u2000", "Under 2000", "rating", (parse_amount("80"), parse_amount("50")), rating_max=1999))
    walls, cpus = [], []
    out: dict[str, bytes] = {}
    for _ in range(3):
        wall, cpu = time.perf_counter(), time.process_time()
        out = {f"{d.name}.pdf": render_pdf(t, d) for d in document_set(View(t))}
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    pages = sum(pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page>>") for pdf in out.values())
    print(f"every document as a PDF: {len(out)} documents, {sum(len(v) for v in out.values())} bytes; "
          f"wall best {min(walls):.2f} s median {statistics.median(walls):.2f} s; "
          f"CPU best {min(cpus):.2f} s median {statistics.median(cpus):.2f} s")
    if pages:
        print(f"pages (by /Type /Page): {pages}")


if __name__ == "__main__":
    main()
