"""Benchmark: import of a full-size FIDE list and type-ahead over its index.

    python3 tests/benchmarks/bench_ratinglists.py [LINES]      (default 1,200,000)

Builds a synthetic ``players_list_foa.txt`` of LINES players in FIDE's published layout
(zipped, as FIDE ships it), imports it in a child process (CPU seconds and peak memory of
that process), then types 300 names letter by letter against the index and prints the
median and the worst time of one keystroke's search.  Not part of the test run.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.ratinglist_builder import FIDE_HEADER, fide_line

SURNAMES = ["Kaya", "Yilmaz", "Demir", "Sahin", "Celik", "Muller", "Schmidt", "Schneider", "Fischer",
            "Ivanov", "Smirnov", "Kuznetsov", "Popov", "Garcia", "Martinez", "Rossi", "Russo",
            "Kowalski", "Nowak", "Novak", "Horvath", "Nagy", "Silva", "Santos", "Khan", "Singh",
            "Kumar", "Sharma", "Nguyen", "Tran", "Wang", "Li", "Zhang", "Chen", "Liu"]
FIRST = ["Can", "Ali", "Ayse", "Elif", "Hans", "Anna", "Ivan", "Olga", "Maria", "Jose", "Luca",
         "Piotr", "Jan", "Eva", "Raj", "Priya", "Minh", "Wei", "Mehmet", "Deniz", "Lena"]
FEDS = ["TUR", "GER", "RUS", "ESP", "ITA", "POL", "CZE", "HUN", "BRA", "IND", "VIE", "CHN", "FRA"]


def build(path: Path, lines: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("players_list_foa.txt", "w") as out:
            out.write((FIDE_HEADER + "\n").encode())
            chunk = []
            for i in range(lines):
                rated = rng.random() < 0.6
                name = f"{rng.choice(SURNAMES)}{rng.randrange(1000) if rng.random() < 0.7 else ''}, " \
                       f"{rng.choice(FIRST)}"
                chunk.append(fide_line(
                    ID=str(100000 + i * 7), Name=name, Fed=rng.choice(FEDS), Sex=rng.choice("MF"),
                    Tit=rng.choice(["", "", "", "", "FM", "IM", "GM", "CM"]),
                    SRtng=rng.randrange(1000, 2800) if rated else "", SK=20 if rated else "",
                    RRtng=rng.randrange(1000, 2800) if rng.random() < 0.3 else "",
                    BRtng=rng.randrange(1000, 2800) if rng.random() < 0.3 else "",
                    B_day=rng.randrange(1930, 2020), Flag=rng.choice(["", "", "", "i", "w", "wi"])))
                if len(chunk) == 10000:
                    out.write(("\n".join(chunk) + "\n").encode())
                    chunk = []
            if chunk:
                out.write(("\n".join(chunk) + "\n").encode())


IMPORT = """
import resource, sys, time
from pathlib import Path
from core.ratinglists.library import import_list
start = time.process_time(); wall = time.perf_counter()
info = import_list(Path(sys.argv[1]), sys.argv[2])
print(info.count, time.process_time() - start, time.perf_counter() - wall,
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_200_000
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "players_list.zip"
        started = time.perf_counter()
        build(source, lines)
        print(f"built {lines:,} lines in {time.perf_counter() - started:.1f} s "
              f"({source.stat().st_size / 1e6:.1f} MB zipped)")
        data = Path(tmp) / "data"
        data.mkdir()
        root = str(Path(__file__).resolve().parents[2])
        out = subprocess.run([sys.executable, "-c", IMPORT, str(data), str(source)], check=True,
                             capture_output=True, text=True, cwd=root).stdout.split()
        count, cpu, wall, peak = int(out[0]), float(out[1]), float(out[2]), float(out[3])
        print(f"import: {count:,} players, {cpu:.1f} s CPU, {wall:.1f} s wall, peak {peak:.0f} MB")
        print(f"index: {(data / 'lists' / 'fide.idx').stat().st_size / 1e6:.1f} MB")
        from core.ratinglists.library import open_list

        rng = random.Random(3)
        times = []
        t0 = time.perf_counter()
        with open_list(data, "fide") as index:
            opened = time.perf_counter() - t0
            for _ in range(300):
                typed = f"{rng.choice(SURNAMES)}{rng.randrange(1000)}, {rng.choice(FIRST)}"
                for end in range(1, len(typed) + 1):
                    t = time.perf_counter()
                    index.search(typed[:end], limit=20)
                    times.append(time.perf_counter() - t)
            for _ in range(200):
                digits = str(100000 + rng.randrange(lines) * 7)
                for end in range(1, len(digits) + 1):
                    t = time.perf_counter()
                    index.search(digits[:end], limit=20)
                    times.append(time.perf_counter() - t)
        times.sort()
        print(f"open index: {opened * 1000:.2f} ms; {len(times):,} keystrokes: median "
              f"{statistics.median(times) * 1000:.2f} ms, 99th {times[int(len(times) * .99)] * 1000:.2f} ms, "
              f"worst {times[-1] * 1000:.2f} ms")
        import asyncio

        tui, handler = asyncio.run(_tui_keystrokes(data))
        tui.sort()
        handler.sort()
        print(f"TUI lookup dialog, {len(tui)} keys: the dialog's work per key (search + table "
              f"refill) median {statistics.median(handler) * 1000:.1f} ms, worst {handler[-1] * 1000:.1f} ms; "
              f"key press to redrawn matches through Textual's test pilot median "
              f"{statistics.median(tui) * 1000:.1f} ms, worst {tui[-1] * 1000:.1f} ms")


async def _tui_keystrokes(data: Path) -> tuple[list[float], list[float]]:
    """Type names into the registration lookup of the real app (headless) and time each key
    from the press until the dialog shows the matches of the new text."""
    from core.model import Tournament
    from tui.app import HakemApp
    from tui.screens.list_lookup import ListLookupDialog
    from tests.tui_fixtures import store_with

    [tid] = store_with(data, Tournament(id="", name="Bench", total_rounds=5))
    app = HakemApp(data_dir=data, open_id=tid)
    times: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        while type(app.screen).__name__ != "TournamentScreen":
            await pilot.pause(0.05)
        app.push_screen(ListLookupDialog(app.workspace, app.screen.session.tournament))
        while not (isinstance(app.screen, ListLookupDialog) and app.screen.query("#lookup-table")):
            await pilot.pause(0.05)
        dialog = app.screen
        field = dialog.query_one("#lookup-find")
        handler: list[float] = []
        original = dialog.show_matches

        def timed(text: str) -> None:
            begin = time.perf_counter()
            original(text)
            handler.append(time.perf_counter() - begin)

        dialog.show_matches = timed
        for name in ("Kaya123, Can", "Muller45, Hans", "Ivanov7, Olga", "Nguyen900, Minh"):
            for ch in name:
                wanted = field.value + ch
                start = time.perf_counter()
                await pilot.press(ch if ch != " " else "space")
                while field.value != wanted or dialog.query_one("#lookup-table").row_count != len(dialog.matches):
                    await pilot.pause(0)
                times.append(time.perf_counter() - start)
            field.value = ""
            await pilot.pause()
    return times, handler



if __name__ == "__main__":
    main()
