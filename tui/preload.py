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

Once a big event's screen is drawn, :func:`standings_ahead` computes its standings the same way,
for the panes that show them (F4, F5, F7, and F6's first report, made from them), and
:func:`dialogs_ahead` readies what the event's dialogs need the first time (Ctrl+P, Ctrl+S,
Ctrl+T).
"""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.model import Tournament

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


DIALOG_MODULES = (
    "textual.command",
    "textual.system_commands",
    "textual.scrollbar",
    "tui.screens.settings",
    "tui.screens.new_tournament",
    "tui.screens.help",
    "core.trf.kept",
    "core.tiebreaks.presets",
    "core.tiebreaks.explain",
    "core.i18n.tiebreak_names",
    "core.i18n.clock",
)
"""What the command palette (Ctrl+P), the settings (Ctrl+S), the event's settings (Ctrl+T)
and the help (F1) import the first time they open."""

_dialogs: threading.Thread | None = None


def dialogs_ahead() -> None:
    """Import :data:`DIALOG_MODULES` and read the languages' names (CLDR, for the language
    drop-downs of Ctrl+S and Ctrl+T) in a daemon thread, once per process.

    Why: the first Ctrl+S took 80–110 ms more than the later ones (the module, and ~27 ms of
    babel reading its locale data for four names), the first Ctrl+P and Ctrl+T likewise.
    Started once the event's screen is drawn: the organiser reads it before asking for a
    dialog, and the opening itself waits for nothing more.  A failure is left to the dialog,
    which imports and reports it as it always did."""
    global _dialogs
    if _dialogs is None:
        _dialogs = threading.Thread(target=_ready_dialogs, name="hakem-preload-dialogs", daemon=True)
        _dialogs.start()


def _ready_dialogs() -> None:
    try:
        for name in DIALOG_MODULES:
            importlib.import_module(name)
        from core.i18n import LANGUAGES
        from core.i18n.format import language_choice

        for code in LANGUAGES:
            language_choice(code)
    except Exception:  # the dialog does it again and reports it
        return


BIG = 400
"""Above this many players the standings are computed ahead (the panes' own ``BIG``: there
they compute in a worker, ~0.15–0.25 s of CPU at 1,000 players)."""


def standings_ahead(t: Tournament) -> threading.Thread | None:
    """Compute the standings of ``t`` (a big event just opened) in a daemon thread.

    Why: at 1,000 players the first F4, F5 or F7 computed them in its worker after its key,
    and the table came ~0.4 s after the pane (the review's "first show" timed to the filled
    pane).  Computed once the event's screen is drawn, they wait in :func:`tui.standings.compute`'s
    memo (per snapshot: a change makes a new snapshot, whose standings its panes compute as
    before); a pane asking while this runs waits for it instead of computing them again.
    Only at opening, never after each change: 500 results a round would each cost the CPU
    again, shown or not.  A failure is left to the pane, which computes and reports it."""
    if len(t.players) <= BIG:
        return None
    thread = threading.Thread(target=_standings, args=(t,), name="hakem-standings-ahead", daemon=True)
    thread.start()
    return thread


def _standings(t: Tournament) -> None:
    try:
        from tui.standings import compute

        compute(t)
        from tui.screens.reports import text_ahead

        text_ahead(t)  # F6's first text, from the standings' tie-break values
        from tui.services import settle_memory

        settle_memory(collect=False)  # what was computed lives as long as the snapshot: no full collection walks it
    except Exception:  # the pane computes them again when shown and says what is wrong
        return
