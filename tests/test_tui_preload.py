"""Opening an event from the list imports nothing more: the event screen's modules were
imported while the list waited for a key (``tui.preload``; ~40 ms of the UI thread's opening at
1,000 players).  Run in a fresh interpreter: this one has every module of the suite loaded."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHILD = """
import asyncio, sys
from pathlib import Path
from tests.tui_fixtures import demo, store_with, wait_for

data = Path({data!r})
store_with(data, demo(rounds={rounds}))

async def main():
    from tui import preload
    from tui.app import HakemApp

    app = HakemApp(data_dir=data, poll_interval=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=60)
        await pilot.pause()
        assert preload._thread is not None, "no preload started"
        preload._thread.join(60)
        preload._ready_dialogs()  # what the dialogs' own preload imports once the event is drawn
        before = set(sys.modules)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-{pane}"), timeout=60)
        await pilot.pause()
        ours = sorted(m for m in set(sys.modules) - before if m.split(".")[0] in ("core", "tui", "textual"))
        print("IMPORTED AT ENTER:", " ".join(ours))

asyncio.run(main())
"""


@pytest.mark.parametrize(("rounds", "pane"), [(2, "rounds"), (0, "players")])
def test_opening_from_the_list_imports_nothing_more(tmp_path, rounds, pane):
    out = subprocess.run([sys.executable, "-c", CHILD.format(data=str(tmp_path / "data"), rounds=rounds, pane=pane)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    [line] = [row for row in out.stdout.splitlines() if row.startswith("IMPORTED AT ENTER:")]
    assert line.removeprefix("IMPORTED AT ENTER:").split() == []


DIALOGS = """
import asyncio, sys
from pathlib import Path
from tests.tui_fixtures import demo, store_with, wait_for

data = Path({data!r})
store_with(data, demo(rounds=2))

async def main():
    from tui import preload
    from tui.app import HakemApp

    app = HakemApp(data_dir=data, poll_interval=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=60)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", timeout=60)
        event = app.screen
        await wait_for(pilot, lambda: preload._dialogs is not None, timeout=60)
        preload._dialogs.join(60)
        before = set(sys.modules)
        for key, name in (("ctrl+p", "CommandPalette"), ("ctrl+s", "SettingsScreen"), ("ctrl+t", "NewTournamentDialog")):
            await pilot.press(key)
            await wait_for(pilot, lambda name=name: type(app.screen).__name__ == name, timeout=60)
            await pilot.pause()
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is event, timeout=60)
        ours = sorted(m for m in set(sys.modules) - before if m.split(".")[0] in ("core", "tui", "textual", "babel"))
        print("IMPORTED BY THE DIALOGS:", " ".join(ours))

asyncio.run(main())
"""


def test_the_dialogs_of_an_open_event_import_nothing_more(tmp_path):
    """Ctrl+P, Ctrl+S and Ctrl+T the first time import nothing (``tui.preload.dialogs_ahead``,
    started once the event is drawn, did): the first Ctrl+S took 80–110 ms more than the next."""
    out = subprocess.run([sys.executable, "-c", DIALOGS.format(data=str(tmp_path / "data"))],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    [line] = [row for row in out.stdout.splitlines() if row.startswith("IMPORTED BY THE DIALOGS:")]
    assert line.removeprefix("IMPORTED BY THE DIALOGS:").split() == [], line


def test_a_failed_preload_leaves_the_import_to_opening(monkeypatch):
    """A module that does not import in the thread stops the thread quietly; opening imports it
    itself and reports what is wrong there, as without the preload."""
    import threading

    from tui import preload

    monkeypatch.setattr(preload, "EVENT_MODULES", ("tui.no_such_module_here", "tui.screens.tournament"))
    monkeypatch.setattr(preload, "_thread", None)
    preload.start()
    thread = preload._thread
    assert isinstance(thread, threading.Thread) and thread.daemon
    preload.finish()
    assert not thread.is_alive()
    preload.start()  # once per process
    assert preload._thread is thread
