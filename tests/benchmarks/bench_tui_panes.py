"""The TUI at 1,000 players: start-up, the first show of every pane, a key on the boards
(prints figures; not collected by pytest).

    .venv/bin/python tests/benchmarks/bench_tui_panes.py [--players 1000] [--rounds 8] [--repeat 3] [--profile TAB] [--open-only] [--panes-only]

The event: ``bench_tui.big_event`` (circle-method rounds, random results, the next round
paired, tie-breaks BH/C1 BH SB WIN).  Measured:

1. cold start: a fresh Python process until the tournaments screen is on (headless, 80×24),
   wall and the child's CPU, from byte code (written once into a temporary
   ``PYTHONPYCACHEPREFIX``, as an installed hakem has it);
2. opening the event: Enter on the tournaments list (shown for 0.5 s, as a person reads it)
   until the rounds pane is drawn (2–5 run in a fresh process each, after one that wrote the
   byte code: the imports a first show makes count); ``--open-only`` measures only this (no
   cold start, no panes);
3. the first show of each pane (F2, F4, F5, F6, F7, each once, in that order): the key until
   the first frame drawn with the pane shown (frames stamped by ``bench_tui.frame_clock``), and
   the UI thread's CPU for it; then ("… filled") the key until the first frame showing the
   pane's content (above 400 players F4–F7 compute it in a thread worker and fill it later:
   the standings table, the tie-break preview, the report's text, the tied groups) — each
   frame found by :class:`FrameWatch`, which checks the condition as the frame is drawn;
4. on the tie-break draft (after F5): ``c`` and ``J``, key until its frame and until the frame
   showing the draft's preview;
5. on the boards (F3): ``down`` and a result key (``1``), key until the next frame;
6. a few keys on every pane (:func:`pane_keys`): Ctrl+P until the palette's frame, a letter
   on F2, ``down`` on F4 and F7 until the next frame, Ctrl+S / Ctrl+T until the dialog's.

Targets (issue 35): every first show ≤ 150 ms, any key ≤ 50 ms, start ≤ 0.5 s on a quiet
machine.  The machine may be shared: the load average is printed; the CPU figures are the
load-independent ones.  ``--profile TAB`` prints cProfile's top functions of that pane's first
show instead (``--profile open``: of opening the event; ``--profile draft``: of the draft keys).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

KEYS = (("players", "f2"), ("standings", "f4"), ("tiebreaks", "f5"), ("reports", "f6"), ("playoff", "f7"))


async def panes(data: Path, tid: str, profile: str | None, open_only: bool = False,
                panes_only: bool = False) -> dict[str, tuple[float, float]]:
    """(wall, UI-thread CPU) of opening the event, each pane's first show and two keys (only
    the opening with ``open_only``; no keys after the panes with ``panes_only``)."""
    from bench_tui import frame_clock, next_frame

    from tests.tui_fixtures import wait_for
    from tui.app import HakemApp

    import cProfile
    import pstats

    out: dict[str, tuple[float, float]] = {}
    app = HakemApp(data_dir=data, poll_interval=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        frames = frame_clock(app)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=120)
        await pilot.pause(0.5)
        opening = cProfile.Profile() if profile == "open" else None
        if opening is not None:
            opening.enable()
        opened = FrameWatch(app, frames)
        opened.arm(lambda: type(app.screen).__name__ == "TournamentScreen" and app.screen.query("#pane-rounds"))
        t0, c0 = time.perf_counter(), time.thread_time()
        await pilot.press("enter")  # the list's only event
        t1, c1, _p = await opened.frame(timeout=120)
        out["open"] = (t1 - t0, c1 - c0)
        if opening is not None:
            opening.disable()
            pstats.Stats(opening).sort_stats("cumulative").print_stats(50)
            return out
        if open_only:
            return out
        await pilot.pause(0.5)
        for tab, key in KEYS:
            screen = app.screen
            shown = (lambda tab=tab, screen=screen: screen.query(f"#pane-{tab}")
                     and screen.query_one("#tabs").active == f"tab-{tab}")
            profiler = None
            if profile == tab:
                profiler = cProfile.Profile()
                profiler.enable()
            done = filled(screen, tab)
            first = FrameWatch(app, frames)
            first.arm(shown)
            full = FrameWatch(app, frames)
            full.arm(lambda shown=shown, done=done: shown() and done())
            t0, c0 = time.perf_counter(), time.thread_time()
            await pilot.press(key)
            t1, c1, _p = await first.frame()
            out[key] = (t1 - t0, c1 - c0)
            t2, c2, _p = await full.frame()
            if profiler is not None:
                profiler.disable()
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
            out[key + " filled"] = (t2 - t0, c2 - c0)
            await pilot.pause(0.3)
            if key == "f5":
                await draft_keys(pilot, app, frames, out, profile)
        if panes_only:
            return out
        await pilot.press("f3")
        await pilot.pause(0.3)
        for name, key in (("down", "down"), ("result", "1")):
            t0, c0 = time.perf_counter(), time.thread_time()
            await pilot.press(key)
            t1, c1, _p = await next_frame(frames, t0, cpu=True, timeout=60)
            out[name] = (t1 - t0, c1 - c0)
            await pilot.pause(0.3)
        await pane_keys(pilot, app, frames, out)
    return out


async def pane_keys(pilot, app, frames, out: dict[str, tuple[float, float]]) -> None:
    """Keys on every pane, each until the frame showing its effect: Ctrl+P (the command
    palette, on the boards), a letter typed into F2's name field, ``down`` on F4 and F7, and
    Ctrl+S / Ctrl+T (the settings dialogs), each dialog closed again with Escape."""
    from bench_tui import next_frame

    from tests.tui_fixtures import wait_for

    event = app.screen

    async def timed(name: str, key: str, shown=None) -> None:
        t0, c0 = time.perf_counter(), time.thread_time()
        if shown is None:
            await pilot.press(key)
            t1, c1, _p = await next_frame(frames, t0, cpu=True, timeout=60)
        else:
            watch = FrameWatch(app, frames)
            watch.arm(shown)
            await pilot.press(key)
            t1, c1, _p = await watch.frame()
        out[name] = (t1 - t0, c1 - c0)
        await pilot.pause(0.3)

    def over_event() -> bool:
        return app.screen is not event

    async def close() -> None:
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is event, timeout=60)
        await pilot.pause(0.3)

    await timed("ctrl+p", "ctrl+p", lambda: type(app.screen).__name__ == "CommandPalette")
    await close()
    for tab, key, typed in (("players", "f2", "a"), ("standings", "f4", "down"), ("playoff", "f7", "down")):
        await pilot.press(key)
        await wait_for(pilot, lambda tab=tab: event.query_one("#tabs").active == f"tab-{tab}", timeout=60)
        await pilot.pause(0.5)
        await timed(f"{key} {typed}", typed)
    for key in ("ctrl+s", "ctrl+t"):
        await timed(key, key, over_event)
        await close()


class FrameWatch:
    """The first frame drawn with a condition holding, checked as each frame is drawn.

    Why in the frame hook and not by polling after the key: ``pilot.press`` returns when the
    app is idle, and a worker computing in a thread (holding the interpreter half the time)
    delays that return past the worker's result being drawn — a poll then finds the pane long
    filled and cannot tell when.  Checked on the UI thread right after a frame is drawn, the
    condition holding means the content was put in before that frame was composed (the two
    never interleave)."""

    def __init__(self, app, frames: list[tuple[float, float, float]]) -> None:
        self.frames = frames
        self.condition = None
        self.hit: tuple[float, float, float] | None = None
        original = app._display

        def display(screen, renderable) -> None:
            drawn = len(frames)
            original(screen, renderable)
            if self.condition is not None and self.hit is None and len(frames) > drawn and self.condition():
                self.hit = frames[-1]
        app._display = display

    def arm(self, condition) -> None:
        self.condition, self.hit = condition, None

    async def frame(self, timeout: float = 60.0) -> tuple[float, float, float]:
        end = time.perf_counter() + timeout
        while self.hit is None:
            if time.perf_counter() > end:
                raise TimeoutError("no frame with the content drawn")
            await asyncio.sleep(0.001)
        hit, self.condition = self.hit, None
        return hit


def filled(screen, tab: str):
    """Whether the pane ``tab`` shows its content (above ``BIG`` players F4–F7 compute it in a
    thread worker and fill it a frame or more after the pane's first frame): F4 its standings
    table, F5 its tie-break preview, F6 the report's text (or its picture), F7 its tied groups.
    F2 fills at once."""
    from textual.css.query import NoMatches

    def pane():
        return screen.query_one(f"#pane-{tab}")

    def holds(check):
        def guarded() -> bool:
            try:
                return bool(check())
            except NoMatches:  # not mounted yet
                return False
        return guarded

    if tab == "standings":
        return holds(lambda: pane().view is not None)
    if tab == "tiebreaks":
        return holds(lambda: pane().preview is not None)
    if tab == "reports":
        from textual.widgets import TextArea

        def report() -> bool:
            shown = pane()
            if shown.query(".report-picture"):
                return True
            busy = any(w.group == "report-text" and not w.is_finished for w in screen.app.workers)
            return not busy and bool(shown.query_one("#report-text", TextArea).text)
        return holds(report)
    if tab == "playoff":
        return holds(lambda: bool(str(pane().query_one("#ties-title").content)))
    return lambda: True


async def draft_keys(pilot, app, frames, out: dict[str, tuple[float, float]], profile: str | None) -> None:
    """Keys on the tie-break draft (F5): ``c`` (a cut on the first criterion), ``J`` (moved
    down): the key until its frame (the list changed), then until the frame showing the
    draft's preview; the UI thread's CPU for each (the preview is computed in a worker)."""
    from bench_tui import next_frame

    from tests.tui_fixtures import wait_for

    pane = app.screen.query_one("#pane-tiebreaks")
    await wait_for(pilot, lambda: pane.preview is not None, timeout=60)
    await pilot.pause(0.3)
    for name, key in (("draft c", "c"), ("draft J", "J")):
        import cProfile
        import pstats

        profiler = cProfile.Profile() if profile == "draft" else None
        if profiler is not None:
            profiler.enable()
        before = pane.preview
        filled = FrameWatch(app, frames)
        filled.arm(lambda before=before: pane.preview is not before)
        t0, c0 = time.perf_counter(), time.thread_time()
        await pilot.press(key)
        t1, c1, _p = await next_frame(frames, t0, cpu=True, timeout=60)
        t2, c2, _p = await filled.frame()  # the filled preview's frame
        if profiler is not None:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        out[name] = (t1 - t0, c1 - c0)
        out[name + " preview"] = (t2 - t0, c2 - c0)
        await pilot.pause(0.5)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", choices=["open", "draft", *(tab for tab, _key in KEYS)])
    parser.add_argument("--open-only", action="store_true", help="measure only opening the event (quicker)")
    parser.add_argument("--panes-only", action="store_true",
                        help="no cold start and no keys after the panes' first shows (quicker)")
    parser.add_argument("--child", nargs=2, metavar=("DATA", "ID"), help=argparse.SUPPRESS)
    from bench_tui import run_in_scratch

    run_in_scratch(measure, parser.parse_args())


def measure(args: argparse.Namespace) -> None:
    if args.child:  # one measured run, in a fresh process: its imports count, from byte code
        print(json.dumps(asyncio.run(panes(Path(args.child[0]), args.child[1], None, args.open_only,
                                           args.panes_only))))
        return
    from bench_tui import big_event, cold_start, scratch

    from tests.tui_fixtures import store_with

    data = Path(scratch())
    [tid] = store_with(data, big_event(args.players, args.rounds))
    print(f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs; "
          f"{args.players} players, {args.rounds} rounds played, the next paired")
    if args.profile:
        asyncio.run(panes(data, tid, args.profile))
        return
    # the children start from byte code, as an installed hakem does (written once, outside the checkout)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = scratch("hakem-bench-pycache-")
    if not args.open_only and not args.panes_only:
        cold_start(1)
        starts, cpu = cold_start(args.repeat)
        print(f"cold start to the tournaments screen: median {statistics.median(starts):.3f} s wall "
              f"(min {min(starts):.3f}), child CPU median {statistics.median(cpu):.3f} s (n={len(starts)})")
    only = ["--open-only"] if args.open_only else ["--panes-only"] if args.panes_only else []
    runs = [json.loads(subprocess.run([sys.executable, __file__, *only, "--child", str(data), tid], check=True,
                                      capture_output=True, text=True).stdout.splitlines()[-1])
            for _ in range(args.repeat + 1)][1:]  # the first writes the byte code
    for name in runs[0]:
        wall = [r[name][0] * 1000 for r in runs]
        ui = [r[name][1] * 1000 for r in runs]
        print(f"{name:>15}: key → frame median {statistics.median(wall):5.0f} ms (max {max(wall):5.0f}); "
              f"UI-thread CPU median {statistics.median(ui):5.0f} ms")
    print(f"load average after: {' / '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
