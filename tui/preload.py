"""The event screen's modules imported while the tournaments list waits for a key.

Why: opening a 1,000-player event spent ~40 ms of the UI thread's CPU (from byte code) importing
the tournament screen, its rounds and players panes and the desk's use cases, between Enter and
the new screen.  The list stays on screen at least as long as a person takes to choose; a daemon
thread imports them meanwhile, so Enter finds them loaded.  It starts after the list's first
frame: the start-up to the first screen imports nothing more than before (DEVELOPING.md
"Start-up time").

Opening waits for the thread (:func:`finish`) before it imports anything itself, so the two
threads never import at once on the way into the event; an import that fails here is left to
the UI thread's own import, which reports it as it always did.
"""

from __future__ import annotations

import importlib
import threading

EVENT_MODULES = (
    "core.app.desk",
    "tui.screens.tournament",
    "tui.screens.rounds",
    "tui.screens.registration",
)
"""What opening an event imports that the list does not (the first pane is the rounds or, before
round 1, the players pane); what they import comes with them."""

_thread: threading.Thread | None = None


def start() -> None:
    """Import :data:`EVENT_MODULES` in a daemon thread, once per process."""
    global _thread
    if _thread is None:
        _thread = threading.Thread(target=_import_all, name="hakem-preload", daemon=True)
        _thread.start()


def finish() -> None:
    """Wait until the imports started by :func:`start` are done (at once when none runs)."""
    if _thread is not None:
        _thread.join()


def _import_all() -> None:
    for name in EVENT_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # the UI thread imports it again at Enter and reports it
            return
