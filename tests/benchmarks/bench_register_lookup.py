"""Benchmark: type-ahead over a club register of 5,000 members (issue 36: under 30 ms a key).

    python3 tests/benchmarks/bench_register_lookup.py [MEMBERS]      (default 5,000)

Builds a register of MEMBERS synthetic members (Turkish, German and Russian names, FIDE ids,
ratings, clubs) through the club database's own import (one chained change), then types 300
names letter by letter and 200 FIDE ids digit by digit through the Workspace's use case
``search_members`` — what the TUI's lookup dialog asks at each key, in-process — and prints
the median, the 99th percentile and the worst time of one keystroke.  The first search after
a change folds every name once (the view's cache): that key is printed on its own.
Not part of the test run.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SURNAMES = ["Kaya", "Yılmaz", "Demir", "Şahin", "Çelik", "Öztürk", "Müller", "Schmidt", "Schneider", "Fischer",
            "Weiß", "Иванов", "Смирнов", "Кузнецов", "Попов", "Ivanov", "Nowak", "Horváth", "Nagy", "Yıldız"]
FIRST = ["Can", "Ali", "Ayşe", "Elif", "Hans", "Anna", "Jürgen", "Ольга", "Мария", "Efe", "Ece", "Deniz"]


def main() -> None:
    from core.app import Workspace
    from core.club.members import Member, Rating

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rng = random.Random(36)
    members = [Member(0, f"{rng.choice(SURNAMES)}{'' if i < 40 else rng.randint(1, 999)}, {rng.choice(FIRST)}",
                      fide_id=str(34_600_000 + i), club=f"Club {i % 40}",
                      ratings={"standard": Rating(rng.randint(1000, 2600), "2026-12", "fide")})
               for i in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        ws = Workspace(Path(folder) / "data")
        start = time.perf_counter()
        csv = Path(folder) / "members.csv"
        csv.write_text("Name;FIDE ID;Verein;Elo\n" + "".join(
            f"\"{m.name}\";{m.fide_id};{m.club};{m.rating('standard')}\n" for m in members), encoding="utf-8")
        ws.import_members(str(csv), rating_date="2026-12", as_new=True)  # namesakes are other people here
        print(f"register of {len(ws.members())} members built in {time.perf_counter() - start:.2f} s "
              f"(club.json {(Path(folder) / 'data' / 'club.json').stat().st_size:,} bytes)")
        first_key = time.perf_counter()
        ws.search_members("k", 12)
        print(f"first key after the change (folds every name once): {1000 * (time.perf_counter() - first_key):.1f} ms")
        timings = []
        typed = [m.name for m in rng.sample(members, 300)] + [m.fide_id for m in rng.sample(members, 200)]
        for text in typed:
            for end in range(1, len(text) + 1):
                t0 = time.perf_counter()
                ws.search_members(text[:end], 12)
                timings.append(1000 * (time.perf_counter() - t0))
        timings.sort()
        print(f"type-ahead, {len(timings)} keystrokes: median {statistics.median(timings):.2f} ms, "
              f"99th percentile {timings[int(len(timings) * 0.99)]:.2f} ms, worst {timings[-1]:.2f} ms")
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
