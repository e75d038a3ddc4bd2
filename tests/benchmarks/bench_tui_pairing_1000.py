"""The TUI while a 1000-player Dutch round is paired: frame gaps, keys, and how fast Escape
stops the engine (prints figures; not collected by pytest).

    python3 tests/benchmarks/bench_tui_pairing_1000.py [--players 1000] [--round 5]
        [--watch 10] [--trf FILE] [--full]

The event: ``--trf FILE`` (a history; the next round is paired), else the generated event of
``bench_dutch_rounds.py`` (our generator, seed 77, cached in ``$HAKEM_BENCH_DIR``; generating
1000 players takes minutes the first time) cut before ``--round``.  The app runs headless
(Textual's Pilot, 80×24) on a fresh data directory; frames are stamped by the hook of
``bench_tui.frame_clock`` and a 10 ms timer ticks on the UI thread.  Then:

1. idle: the timer for 2 s (the machine's own baseline gap), and typing 11 characters into
   the players' form (F2 … F3) — key to the value in the field;
2. ``p``: the round is paired; for ``--watch`` seconds the longest gap between ticks (UI
   responsiveness) and the most UI-thread CPU between two ticks, then the same typing;
3. Escape: time until the pairing worker has stopped (the pane's cancel event is gone, the
   worker is no longer running, and no engine process is left), wall and process CPU.

With ``--full`` the pairing is left to finish instead of step 3 (total time and the longest
gap over the whole pairing).  The machine may be shared: the load average is printed, and the
UI-thread CPU figures are the load-independent ones.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

TEXT = "Zed, Typist"


def event(args: argparse.Namespace):
    """The tournament to open: its last round is complete, the next one is to be paired."""
    from core.trf import parse_tournament

    if args.trf:
        return parse_tournament(Path(args.trf).read_text())
    from bench_dutch_rounds import event_file, round_input

    cache = Path(os.environ.get("HAKEM_BENCH_DIR", tempfile.gettempdir())) / "hakem_bench_rounds"
    cache.mkdir(parents=True, exist_ok=True)
    full = event_file(args.players, 9, 77, cache)
    return parse_tournament(round_input(full, args.round, cache).read_text())


class Ticks:
    """A 10 ms timer on the UI thread: the gaps between its ticks (wall and UI-thread CPU)."""

    def __init__(self, app) -> None:
        self.gaps: list[float] = []
        self.cpu: list[float] = []
        self.ends: list[float] = []
        self.last = (time.perf_counter(), time.thread_time())
        self.timer = app.set_interval(0.01, self.tick)

    def tick(self) -> None:
        now = (time.perf_counter(), time.thread_time())
        self.gaps.append(now[0] - self.last[0])
        self.cpu.append(now[1] - self.last[1])
        self.ends.append(now[0])
        self.last = now

    def longest(self) -> tuple[float, float, float]:
        """The longest gap: its length, when it ended, and the UI-thread CPU inside it."""
        i = max(range(len(self.gaps)), key=self.gaps.__getitem__)
        return self.gaps[i], self.ends[i], self.cpu[i]

    def reset(self) -> None:
        self.gaps.clear()
        self.cpu.clear()
        self.ends.clear()
        self.last = (time.perf_counter(), time.thread_time())


async def typing(pilot, app) -> float:
    """F2, type :data:`TEXT` into the name field, F3: seconds until the text was in the field."""
    from textual.widgets import Input

    from tests.tui_fixtures import type_text, wait_for

    await pilot.press("f2")
    await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name", timeout=120)
    field = app.screen.query_one("#p-name", Input)
    field.value = ""
    start = time.perf_counter()
    await type_text(pilot, TEXT)
    await wait_for(pilot, lambda: field.value == TEXT, timeout=120)
    took = time.perf_counter() - start
    field.value = ""
    await pilot.press("f3")
    await wait_for(pilot, lambda: app.screen.query_one("#pane-rounds").display, timeout=120)
    return took


async def run(args: argparse.Namespace) -> None:
    from bench_tui import frame_clock

    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for

    t = event(args)
    data = Path(tempfile.mkdtemp(prefix="hakem-bench-"))
    [tid] = store_with(data, t.with_changes(system="dutch"))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        frame_clock(app)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"), timeout=120)
        await pilot.press("f3")
        await pilot.pause()
        pane = app.screen.query_one("#pane-rounds")
        ticks = Ticks(app)
        await asyncio.sleep(2.0)
        baseline = max(ticks.gaps)
        idle_typing = await typing(pilot, app)
        start_round = app.screen.session.tournament.current_round
        ticks.reset()
        t0 = time.perf_counter()
        await pilot.press("p")
        await wait_for(pilot, lambda: pane.pairing, timeout=60)
        if args.full:
            await wait_for(pilot, lambda: not pane.pairing, timeout=3600)
            took = time.perf_counter() - t0
            await wait_for(pilot, lambda: pane.round_no == start_round + 1, timeout=600)
            await asyncio.sleep(1.0)  # the frames drawing the new round count too
            paired = app.screen.session.tournament.current_round == start_round + 1
            gap, ended, cpu = ticks.longest()
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; pairing round "
                  f"{start_round + 1} ({len(t.players)} players) in the TUI: {took:.1f} s wall until the worker "
                  f"ended, {'saved' if paired else 'NOT saved'}; longest frame gap {gap * 1000:.0f} ms over "
                  f"{len(ticks.gaps)} ticks (idle baseline {baseline * 1000:.0f} ms), ending "
                  f"{ended - t0 - took:+.1f} s from the worker's end, UI-thread CPU in it {cpu * 1000:.0f} ms; "
                  f"most UI-thread CPU between two ticks {max(ticks.cpu) * 1000:.0f} ms")
            return
        await asyncio.sleep(args.watch)
        busy_typing = await typing(pilot, app)
        gap, gap_cpu, count = max(ticks.gaps), max(ticks.cpu), len(ticks.gaps)
        still = pane.pairing
        c0, w0 = time.process_time(), time.perf_counter()
        await pilot.press("escape")
        await wait_for(pilot, lambda: not pane.pairing and not any(
            w.group == "pairing" and w.is_running for w in app.workers), timeout=120)
        stopped, stopped_cpu = time.perf_counter() - w0, time.process_time() - c0
        left = multiprocessing.active_children()
        unchanged = app.screen.session.tournament.current_round == start_round
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; {len(t.players)} players, pairing "
          f"round {start_round + 1}")
    print(f"during the pairing ({args.watch:.0f} s watched + typing, {count} ticks of a 10 ms timer): longest "
          f"frame gap {gap * 1000:.0f} ms (idle baseline {baseline * 1000:.0f} ms), most UI-thread CPU between "
          f"two ticks {gap_cpu * 1000:.0f} ms")
    print(f"typing {len(TEXT)} characters into the players' form: {busy_typing * 1000:.0f} ms while pairing, "
          f"{idle_typing * 1000:.0f} ms idle")
    print(f"Escape -> pairing worker stopped: {stopped * 1000:.0f} ms wall, {stopped_cpu * 1000:.0f} ms CPU of "
          f"this process; still pairing before Escape: {still}; engine processes left: {len(left)}; "
          f"tournament unchanged: {unchanged}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--round", type=int, default=5, help="round to pair (default 5)")
    parser.add_argument("--watch", type=float, default=10.0, help="seconds of pairing before Escape")
    parser.add_argument("--trf", help="a TRF history to open instead of the generated event")
    parser.add_argument("--full", action="store_true", help="let the pairing finish, no Escape")
    args = parser.parse_args()
    os.environ.setdefault("HAKEM_CONFIG_DIR", tempfile.mkdtemp(prefix="hakem-bench-config-"))
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
