"""TUI benchmarks (prints figures; not collected by pytest).

    python3 tests/benchmarks/bench_tui.py [--players 300] [--repeat 5]

1. cold start: a fresh Python process until the tournaments screen is on (headless, 80×24);
2. result → standings: on a 300-player event (round 9 paired, results coming in), the time from
   the key press on the boards table until the result is saved, the boards table shows it and
   the standings table has been recomputed and updated;
3. pairing never blocks a frame: the longest gap between ticks of a 10 ms timer while the real
   pairing engine pairs the 300-player round in its worker.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CHILD = r"""
import time, asyncio
from tui.app import HakemApp
from textual.widgets._footer import FooterKey

async def main():
    app = HakemApp(data_dir={data!r})
    async with app.run_test(size=(80, 24)) as pilot:
        while not app.screen.query(FooterKey) or type(app.screen).__name__ != "TournamentsScreen":
            await pilot.pause(0.005)
        print("READY", flush=True)

asyncio.run(main())
"""


def cold_start(repeat: int) -> tuple[list[float], list[float]]:
    """Wall time to the first screen, and the CPU seconds the child used (load-independent)."""
    data = tempfile.mkdtemp(prefix="hakem-bench-")
    times, cpu = [], []
    env = dict(os.environ, HAKEM_CONFIG_DIR=data + "/config")
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", CHILD.format(data=data)], stdout=subprocess.PIPE,
                                text=True, cwd=ROOT, env=env)
        line = proc.stdout.readline()
        times.append(time.perf_counter() - t0)
        _pid, _status, usage = os.wait4(proc.pid, 0)
        cpu.append(usage.ru_utime + usage.ru_stime)
        assert line.startswith("READY"), line
    return times, cpu


def big_event(n: int, rounds: int):
    import random

    from core import commands
    from core.model import Board, GameResult, Player, Round, Tournament
    from core.numbering import assign_pairing_numbers
    from tui.testing import circle_pairing

    rnd = random.Random(7)
    players = tuple(Player(i + 1, f"Player {i + 1:03d}", rating=1200 + rnd.randrange(1300)) for i in range(n))
    t = assign_pairing_numbers(Tournament(id="", name="Bench Open", total_rounds=rounds + 1, players=players,
                                          tiebreaks=("BH/C1", "BH", "SB", "WIN")))
    done = []
    for r in range(1, rounds + 1):
        pairing = circle_pairing(t.with_changes(rounds=tuple(done)), r)
        done.append(Round(r, tuple(Board(b.white, b.black, rnd.choice(
            [GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW])) for b in pairing.boards),
            pairing.byes))
    t = t.with_changes(rounds=tuple(done))
    t = commands.apply_pairing(t, circle_pairing(t, rounds + 1))
    return t


async def result_to_standings(n: int, repeat: int) -> tuple[list[float], list[float], list[float]]:
    from textual.widgets import DataTable

    from tui.app import HakemApp
    from tui.testing import store_with, wait_for
    from tui.widgets.tables import row_values

    data = Path(tempfile.mkdtemp(prefix="hakem-bench-"))
    [tid] = store_with(data, big_event(n, 8))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    shown, standings, stored = [], [], []
    global cpu_shown, cpu_standings, painted
    cpu_shown, cpu_standings, painted = [], [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"), timeout=60)
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.screen.query("#pane-standings"), timeout=60)
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        rounds = screen.query_one("#pane-rounds")
        stand = screen.query_one("#pane-standings")
        table = screen.query_one("#boards", DataTable)
        for i in range(repeat):
            table.move_cursor(row=i)
            await pilot.pause()
            t0 = time.perf_counter()
            c0 = time.thread_time()
            rounds.action_result("1")  # the key's action, without Pilot's own key delay
            t1 = time.perf_counter()
            c1 = time.thread_time()
            stand.show(screen.session.tournament, force=True)
            t2 = time.perf_counter()
            c2 = time.thread_time()
            cpu_shown.append(c1 - c0)
            cpu_standings.append(c2 - c0)
            await pilot.pause()  # the table's own re-measure and the next frame
            painted.append(time.perf_counter() - t0)
            assert row_values(table, i)[4] == "1-0"
            screen.session.flush()
            t3 = time.perf_counter()
            shown.append(t1 - t0)
            standings.append(t2 - t0)
            stored.append(t3 - t0)
    from core.store import Store

    t = Store(data).load(tid).tournament
    assert all(t.rounds[-1].boards[i].result is not None for i in range(repeat))
    return shown, standings, stored


async def pairing_lag(n: int) -> tuple[float, float, int, float]:
    from tui.app import HakemApp
    from tui.testing import store_with, wait_for

    data = Path(tempfile.mkdtemp(prefix="hakem-bench-"))
    t = big_event(n, 3)
    from core import commands

    t = commands.unpair_last_round(t)
    [tid] = store_with(data, t.with_changes(system="dutch"))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    gaps: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"), timeout=60)
        await pilot.press("f3")
        await pilot.pause()
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            gaps.append(now - last[0])
            last[0] = now

        timer = app.set_interval(0.01, tick)
        await asyncio.sleep(2.0)  # baseline: the same timer with nothing running
        baseline = max(gaps)
        gaps.clear()
        t0 = time.perf_counter()
        start = app.screen.session.tournament.current_round
        await pilot.press("p")
        await wait_for(pilot, lambda: app.screen.query_one("#pane-rounds").round_no == start + 1, timeout=600)
        took = time.perf_counter() - t0
        timer.stop()
    return took, max(gaps), len(gaps), baseline


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("HAKEM_CONFIG_DIR", tempfile.mkdtemp(prefix="hakem-bench-config-"))

    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    starts, cpu = cold_start(args.repeat)
    print(f"cold start to tournaments screen: median {statistics.median(starts):.3f} s wall "
          f"(min {min(starts):.3f}, max {max(starts):.3f}, n={len(starts)}); "
          f"CPU used by the process: median {statistics.median(cpu):.3f} s")
    shown, standings, stored = asyncio.run(result_to_standings(args.players, args.repeat))
    print(f"{args.players} players, key → result shown on the boards table: median "
          f"{statistics.median(shown) * 1000:.0f} ms (max {max(shown) * 1000:.0f})")
    print(f"{args.players} players, key → standings recomputed and shown: median "
          f"{statistics.median(standings) * 1000:.0f} ms (max {max(standings) * 1000:.0f})")
    print(f"{args.players} players, key → standings recomputed and the next frame drawn (incl. one idle "
          f"pause of the test pilot): median {statistics.median(painted) * 1000:.0f} ms")
    print(f"{args.players} players, UI-thread CPU: key → result shown {statistics.median(cpu_shown) * 1000:.0f} ms, "
          f"key → standings shown {statistics.median(cpu_standings) * 1000:.0f} ms (medians)")
    print(f"{args.players} players, key → saved in the store (background writer): median "
          f"{statistics.median(stored) * 1000:.0f} ms (max {max(stored) * 1000:.0f})")
    took, worst, ticks, baseline = asyncio.run(pairing_lag(args.players))
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(f"{args.players} players, pairing round 4 (Dutch) in the worker, saved and shown: {took:.2f} s; longest frame gap "
          f"{worst * 1000:.0f} ms over {ticks} ticks of a 10 ms timer (idle baseline on this machine: "
          f"{baseline * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
