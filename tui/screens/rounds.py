"""Provides the rounds pane: pair the next round, the boards table and result entry.

Result entry is built for a club evening: with the boards table focused and the single-key
mode on (shown beside the entry line; ``k`` switches it), one key enters the result of the
selected board (1 = 1-0, 0 = 0-1, = draw, + white wins by forfeit, - black wins by forfeit,
f double forfeit, Backspace clears) and the cursor jumps to the next board still playing.
Score sheets in hand, the arbiter can instead type ``12 1-0`` in the entry line — any number
of lines in one go.  Pairing runs in a thread worker whose engine computes in a child process
(cancellable with Escape, progress shown), so the screen never freezes on a big field.

This module puts the pane together (widgets, keys, the first show); each concern is a part of
its own, on the frame they share (:mod:`tui.screens.rounds_tab`): the boards table
(:mod:`~tui.screens.round_table`), result entry (:mod:`~tui.screens.result_entry`), the
single-key mode (:mod:`~tui.screens.single_keys`), pairing (:mod:`~tui.screens.round_pairing`),
the engine's reasons (:mod:`~tui.screens.round_explain`), the round's date
(:mod:`~tui.screens.round_schedule`).  What the rules compute is core's
(:mod:`core.round_view`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, ProgressBar, Static
from textual.widget import Widget
from textual.worker import Worker

from core.i18n import _
from core.model import Tournament
from tui.i18n import L_
from tui.screens.registration import is_go
from tui.screens.result_entry import ResultEntry, ResultTyping, refused_elsewhere
from tui.screens.round_explain import PairingExplained
from tui.screens.round_pairing import PairingRun
from tui.screens.round_schedule import RoundSchedule
from tui.screens.round_table import BoardsShown, reset_boards
from tui.screens.single_keys import SingleKeys
from tui.widgets.fast_table import FastTable
from tui.widgets.refused import RefusedList
from tui.widgets.tables import FittedTable


class RoundsPane(ResultTyping, SingleKeys, PairingRun, PairingExplained, RoundSchedule, BoardsShown, Vertical):
    """Rounds: pairing, boards and results — the parts (each its own module) put together: the
    widgets, the keys, the first show."""

    DEFAULT_CSS = """
    /* the pairing progress lies over the round's title line instead of pushing the table down:
       showing or hiding it then repaints one line, not the whole screen */
    RoundsPane #pair-progress-row {
        position: absolute;
        offset: 0 0;
        width: 100%;
        background: $surface;
    }
    """

    CHANGES = frozenset({"pair", "type_result", "manual", "unpair", "result", "schedule", "recall_refused"})
    KEEP = ("round_no", "only_playing", "single_keys")

    BINDINGS = [
        Binding("p", "pair", L_("Pair next")),
        Binding("n", "next_empty", L_("Next empty"), show=False),
        Binding("colon,r", "type_result", L_("Type result")),
        Binding("s", "toggle_playing", L_("Still playing")),
        Binding("x", "explain", L_("Explain")),
        Binding("m", "manual", L_("Change pairing"), show=False),
        Binding("u", "unpair", L_("Unpair last"), show=False),
        Binding("d", "schedule", L_("Round date"), show=False),
        Binding("left_square_bracket", "round(-1)", L_("Prev round"), show=False),
        Binding("right_square_bracket", "round(1)", L_("Next round"), show=False),
        Binding("1", "result('1')", "1-0", show=False),
        Binding("0", "result('0')", "0-1", show=False),
        Binding("equals_sign", "result('=')", "½-½", show=False),
        Binding("plus", "result('+')", "+:-", show=False),
        Binding("minus", "result('-')", "-:+", show=False),
        Binding("f", "result('f')", "-:-", show=False),
        Binding("backspace,delete", "result('')", L_("Clear result"), show=False),
        Binding("k", "toggle_single_keys", L_("Single-key results on/off"), show=False),
        Binding("ctrl+r", "recall_refused", L_("Take a refused line back"), show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="round-title", classes="screen-title")
        with Horizontal(id="pair-progress-row"):
            yield Static(id="pair-progress-text")
            yield ProgressBar(id="pair-progress", total=1.0, show_eta=False)
        yield FittedTable(id="boards", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="result-row"):
            yield Static(id="result-mode")
            yield ResultEntry(id="result-entry", compact=True, select_on_focus=False)  # a digit typed on the table is kept
        yield RefusedList(id="result-refused", elsewhere=refused_elsewhere)
        yield Static(id="round-status", classes="status-line", markup=False)  # names, "[ and ]": text

    def on_mount(self) -> None:
        self.t: Tournament | None = None
        self.round_no = 0
        self.query_one("#result-entry", ResultEntry).command_key = self.key_in_empty_line
        self.only_playing = False
        self.cancel_event: threading.Event | None = None
        self.explanations: dict[int, dict] = {}
        self.query_one("#pair-progress-row").display = False
        self.query_one("#boards", FastTable).spread = True  # a new round arrives over a few frames
        self.query_one("#result-row").display = not self.app.view_only
        self.single_keys: bool | None = None  # the organiser's own choice, read when first shown
        self.relabel()

    def relabel(self) -> None:
        self.show_mode()
        reset_boards(self.query_one("#boards", FittedTable), self.t)
        if self.t is not None:
            self.show(self.t)

    line_was_open = False
    """The entry line had the focus when the organiser last left the tab (see :meth:`main_widget`)."""

    def main_widget(self) -> Widget:
        """The widget that gets the focus when the pane is shown: the boards table, or the entry
        line while it holds a half-typed line or had the focus when the tab was left — coming
        back to the tab (F4 F3) the typing goes on into it (issue 29: ``5 1`` F4 F3 ``-0`` wrote
        one-key results on boards 5 and 6; a review: lines typed into the open line, F4 to
        glance at the standings, F3, and the next line ``3 1-0`` met the table's single keys)."""
        entry = self.query_one("#result-entry", Input)
        if self.app.view_only or not (entry.value or self.line_was_open):
            return self.query_one("#boards", FittedTable)
        return entry

    def left_with_focus(self, focused: Widget | None) -> None:
        """The organiser switches to another tab: remember whether they were typing lines."""
        self.line_was_open = focused is not None and focused.id == "result-entry"

    def focus_main(self) -> None:
        self.main_widget().focus()

    def paste_target(self) -> Input | None:
        """A paste onto the boards goes into the result entry line (``3 1-0`` lines)."""
        return None if self.app.view_only or not self.round_no else self.query_one("#result-entry", Input)

    def put_aside_pasted(self, line: str, reason: str) -> bool:
        if self.app.view_only or not self.round_no:
            return False
        self.refuse_line(line, reason, self.round_no)
        return True

    def show(self, t: Tournament) -> None:
        old = self.t
        self.t = t
        # a Go event's scores are MMS or levels; a cup's points give way to its words
        if old is None or is_go(old) != is_go(t) or (old.system == "knockout") != (t.system == "knockout"):
            reset_boards(self.query_one("#boards", FittedTable), t)
        if self.single_keys is None:
            # off unless this organiser turned it on (remembered per user, never per event): an
            # arbiter types "12 1-0"; walking down the table with one key per board is a choice
            from tui.settings import load_ui_settings

            self.single_keys = load_ui_settings().get("single_keys") is True
        self.show_mode()  # nothing to draw unless it changed (a language switch restores it)
        follows = old is not None and old.current_round != t.current_round and self.round_no == old.current_round
        if follows and self.round_no and self.query_one("#result-entry", Input).value:
            # a line half typed for the round shown stays for that round: it went into the new
            # round another organiser had just paired (a review: a correction of round 6 stored
            # as a new result of round 7); ] shows the new round once the line is entered
            follows = False
            self.notify(_("Round {new} was paired; the line you are typing is for round {shown} (] shows round {new}).")
                        .format(new=t.current_round, shown=self.round_no), severity="warning")
        if old is None or self.round_no == 0 or self.round_no > t.current_round or follows:
            self.round_no = t.current_round
        if self.drawn and not self.region.area:
            # another tab is shown: drawn when the rounds tab comes back (activated); updating
            # hidden widgets makes Textual redraw the visible screen for nothing
            self.dirty = True
            return
        self.render_round()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "explain":
            self.explained(event)
        elif event.worker.group == "pairing":
            self.pairing_finished(event)

    def palette_commands(self) -> Iterable[SystemCommand]:
        if self.t is not None and self.t.current_round < self.t.total_rounds:
            yield SystemCommand(_("Pair next round"), _("Pair round {n} (p)").format(n=self.t.current_round + 1),
                                self.action_pair)
        yield SystemCommand(_("Unpair last round"), _("Delete the last round's pairing (u)"), self.action_unpair)
        yield SystemCommand(_("Change pairing by hand"), _("Manual pairing with the engine's side by side (m)"),
                            self.action_manual)
