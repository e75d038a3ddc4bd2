"""TUI benchmarks (prints figures; not collected by pytest).

    python3 tests/benchmarks/bench_tui.py [--players 300] [--repeat 5]

1. cold start: a fresh Python process until the tournaments screen is on (headless, 80×24);
2. result → drawn frame: on a 300-player event (round 9 paired, results coming in), the time
   from the key until the first frame that shows the result (rounds tab) or the recomputed
   standings (standings tab; and after F4), stamped by a hook on ``App._display``
   (:func:`frame_clock`), plus the UI thread's CPU time for the same work;
3. pairing never blocks a frame: the longest gap between ticks of a 10 ms timer while the real
   pairing engine pairs the 300-player round in its worker.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_SCRATCH: list[str] = []


def scratch(prefix: str = "hakem-bench-") -> str:
    """A temporary directory, removed by :func:`remove_scratch` when the benchmark ends (every
    run used to leave its data, byte code and config directories in /tmp: 703 MB by the end
    of a session on the shared machine)."""
    path = tempfile.mkdtemp(prefix=prefix)
    _SCRATCH.append(path)
    return path


def remove_scratch() -> None:
    """Remove every directory :func:`scratch` made (:func:`run_in_scratch` calls it)."""
    while _SCRATCH:
        shutil.rmtree(_SCRATCH.pop(), ignore_errors=True)


def run_in_scratch(measure, args: argparse.Namespace) -> None:
    """``measure(args)`` with a scratch config directory for this process and its children
    (unless one is set: a child benchmark process uses its parent's), every scratch directory
    removed afterwards, also when it fails or is interrupted."""
    if "HAKEM_CONFIG_DIR" not in os.environ:
        os.environ["HAKEM_CONFIG_DIR"] = scratch("hakem-bench-config-")
    try:
        measure(args)
    finally:
        remove_scratch()


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
    data = scratch()
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

    from core import changes
    from core.model import Board, GameResult, Player, Round, Tournament
    from core.changes.numbering import assign_pairing_numbers
    from tests.tui_fixtures import circle_pairing

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
    t = changes.apply_pairing(t, circle_pairing(t, rounds + 1))
    return t


def gc_pauses() -> list[float]:
    """Durations of the garbage collector's runs from now on (they stop every thread)."""
    import gc

    pauses: list[float] = []
    started = [0.0]

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - started[0])

    gc.callbacks.append(callback)
    return pauses


def frame_clock(app) -> list[tuple[float, float, float]]:
    """Time stamps of the frames the app draws, each taken after the frame's terminal text is made.

    Why a hook on ``App._display``: that is where Textual hands a finished compositor update to
    the terminal.  Headless (``run_test``) it stops short of producing the escape sequences, so
    the hook produces them itself (the work a real terminal session does) before stamping.  A
    measurement "until the frame is drawn" is then "until the first stamp after the change".
    Each stamp is (wall time, CPU time of the UI thread, CPU time of the process)."""
    frames: list[tuple[float, float, float]] = []
    original = app._display

    def display(screen, renderable) -> None:
        original(screen, renderable)
        if renderable is not None and not app._batch_count:
            render = getattr(renderable, "render_segments", None)
            if render is not None:
                render(app.console)
            frames.append((time.perf_counter(), time.thread_time(), time.process_time()))

    app._display = display
    return frames


async def next_frame(frames: list[tuple[float, float, float]], after: float, ready=lambda: True,
                     timeout: float = 10.0, cpu: bool = False):
    """The first frame drawn after ``after`` once ``ready()`` holds (polls the event loop):
    its wall time, or its (wall, UI-thread CPU, process CPU) stamps with ``cpu``."""
    end = time.perf_counter() + timeout
    ready_at = None
    while time.perf_counter() < end:
        if ready():
            later = [f for f in frames if f[0] > after]
            if later:
                return later[0] if cpu else later[0][0]
            if ready_at is None:
                ready_at = (time.perf_counter(), time.thread_time(), time.process_time())
            elif time.perf_counter() - ready_at[0] > 0.25:
                # the change touched nothing on screen (1,000 players: the rows that moved were
                # all below the window): what is shown was already right when it was applied
                return ready_at if cpu else ready_at[0]
        await asyncio.sleep(0.001)
    raise TimeoutError("no frame drawn")


async def result_to_standings(n: int, repeat: int) -> dict[str, list[float]]:
    """Key → drawn frame, three ways (all on the same 300-player round, one board each):

    ``boards``: rounds tab shown, a result key, until the frame showing it;
    ``standings``: standings tab shown, a result entered (the rounds pane's key action, as the
    arbiter's own key or another organiser's result would arrive), until the frame that shows
    the recomputed standings;
    ``switch``: results typed on the rounds tab, then F4: until the standings are drawn."""
    from textual.widgets import DataTable

    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for
    from tui.widgets.tables import row_values

    data = Path(scratch())
    [tid] = store_with(data, big_event(n, 8))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    out: dict[str, list[float]] = {k: [] for k in ("boards", "boards_cpu", "standings", "standings_cpu",
                                                    "standings_process_cpu", "switch", "stored")}
    async with app.run_test(size=(120, 40)) as pilot:
        frames = frame_clock(app)
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
        board = 0
        # 1. rounds tab: key -> the frame showing the result
        for _ in range(repeat):
            table.move_cursor(row=board)
            await pilot.pause()
            t0, c0 = time.perf_counter(), time.thread_time()
            rounds.action_result("1")  # the key's action, without Pilot's own key delay
            t1, c1, _p1 = await next_frame(frames, t0, cpu=True)
            out["boards_cpu"].append(c1 - c0)
            out["boards"].append(t1 - t0)
            assert row_values(table, board)[4] == "1-0"
            screen.session.flush()
            out["stored"].append(time.perf_counter() - t0)
            board += 1
        # 2. standings tab shown: a result -> the frame showing the recomputed standings
        await pilot.press("f4")
        await wait_for(pilot, lambda: not stand.dirty and stand.generation > 0, timeout=60)
        await pilot.pause()
        for _ in range(repeat):
            table.move_cursor(row=board)
            await pilot.pause()
            shown = stand.generation
            t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
            rounds.action_result("1")
            t1, c1, p1 = await next_frame(frames, t0, lambda shown=shown: stand.generation > shown, cpu=True)
            out["standings"].append(t1 - t0)
            out["standings_cpu"].append(c1 - c0)
            out["standings_process_cpu"].append(p1 - p0)
            assert stand.t.rounds[-1].boards[board].result is not None
            screen.session.flush()
            await pilot.pause()
            board += 1
        # 3. results typed on the rounds tab, then F4
        for _ in range(repeat):
            await pilot.press("f3")
            await pilot.pause()
            table.move_cursor(row=board)
            await pilot.pause()
            rounds.action_result("1")
            screen.session.flush()
            await pilot.pause()
            shown = stand.generation
            t0 = time.perf_counter()
            await pilot.press("f4")
            out["switch"].append(await next_frame(frames, t0, lambda shown=shown: stand.generation > shown) - t0)
            board += 1
    from core.store import Store

    t = Store(data).load(tid).tournament
    assert all(t.rounds[-1].boards[i].result is not None for i in range(board))
    return out


async def pairing_lag(n: int) -> tuple[float, float, int, float]:
    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for

    data = Path(scratch())
    t = big_event(n, 3)
    from core import changes

    t = changes.unpair_last_round(t)
    [tid] = store_with(data, t.with_changes(system="dutch"))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    gaps: list[float] = []
    cpu_gaps: list[float] = []
    pauses = gc_pauses()
    async with app.run_test(size=(120, 40)) as pilot:
        frames = frame_clock(app)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"), timeout=60)
        await pilot.press("f3")
        await pilot.pause()
        last = [time.perf_counter(), time.thread_time()]

        def tick() -> None:
            now, cpu = time.perf_counter(), time.thread_time()
            gaps.append(now - last[0])
            cpu_gaps.append(cpu - last[1])
            last[0], last[1] = now, cpu

        timer = app.set_interval(0.01, tick)
        await asyncio.sleep(2.0)  # baseline: the same timer with nothing running
        baseline = max(gaps)
        gaps.clear()
        cpu_gaps.clear()
        pauses.clear()
        t0 = time.perf_counter()
        start = app.screen.session.tournament.current_round
        await pilot.press("p")
        await wait_for(pilot, lambda: app.screen.query_one("#pane-rounds").round_no == start + 1, timeout=600)
        took = await next_frame(frames, time.perf_counter()) - t0
        await asyncio.sleep(0.3)  # the frames after it count too
        timer.stop()
    import gc

    gc.callbacks.clear()
    return took, max(gaps), len(gaps), baseline, max(cpu_gaps), max(pauses, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    run_in_scratch(measure, parser.parse_args())


def measure(args: argparse.Namespace) -> None:
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    starts, cpu = cold_start(args.repeat)
    print(f"cold start to tournaments screen: median {statistics.median(starts):.3f} s wall "
          f"(min {min(starts):.3f}, max {max(starts):.3f}, n={len(starts)}); "
          f"CPU used by the process: median {statistics.median(cpu):.3f} s")
    from tui.screens.standings_pane import StandingsPane

    r = asyncio.run(result_to_standings(args.players, args.repeat))

    def ms(xs: list[float]) -> str:
        return f"median {statistics.median(xs) * 1000:.0f} ms (max {max(xs) * 1000:.0f})"

    print(f"{args.players} players, rounds tab: key → frame showing the result: {ms(r['boards'])}; "
          f"UI-thread CPU until that frame {ms(r['boards_cpu'])}")
    print(f"{args.players} players, standings tab: result → frame showing the recomputed standings: "
          f"{ms(r['standings'])}; UI-thread CPU until that frame {ms(r['standings_cpu'])}; process CPU "
          f"{ms(r['standings_process_cpu'])} (the writer thread's save included once it starts; "
          f"above {StandingsPane.BIG} players the computation runs in a worker thread)")
    print(f"{args.players} players, F4 after results → standings drawn (incl. Pilot's key delivery): "
          f"{ms(r['switch'])}")
    print(f"{args.players} players, key → saved in the store (background writer): {ms(r['stored'])}")
    took, worst, ticks, baseline, worst_cpu, worst_gc = asyncio.run(pairing_lag(args.players))
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print(f"{args.players} players, pairing round 4 (Dutch) in the worker, saved and shown: {took:.2f} s; longest frame gap "
          f"{worst * 1000:.0f} ms over {ticks} ticks of a 10 ms timer (idle baseline on this machine: "
          f"{baseline * 1000:.0f} ms); most UI-thread CPU between two ticks {worst_cpu * 1000:.0f} ms; "
          f"longest garbage collection {worst_gc * 1000:.0f} ms")


if __name__ == "__main__":
    main()
