"""The rounds pane's single-key mode: with it on, one key on the boards table enters the selected
board's result; with it off, a digit starts a typed line.  What a digit does depends on the
mode shown beside the entry line, never on how fast the next key follows."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, Static

from core.i18n import _
from tui.screens.result_entry import RESULT_KEYS, entry_hint
from tui.screens.rounds_tab import RoundsTab
from tui.widgets.tables import FittedTable
from tui.widgets.text import set_text


class SingleKeys(RoundsTab):
    """The mode, its indicator and the keys it lets through."""

    RESULT_ACTIONS = frozenset({"result"})
    """Actions that are single-key results: only while the mode says so."""

    def show_mode(self) -> None:
        """The mode indicator beside the entry line: what a digit typed on the table does."""
        mode = self.query_one("#result-mode", Static)
        on = bool(self.single_keys)
        set_text(mode, _("Single keys on") if on else _("Single keys off"))
        mode.set_class(on, "-on")
        self.query_one("#result-entry", Input).placeholder = entry_hint(self.t, self.round_no, on)

    def action_toggle_single_keys(self) -> None:
        from tui.settings import load_ui_settings, save_ui_settings

        self.single_keys = not self.single_keys
        save_ui_settings({**load_ui_settings(), "single_keys": self.single_keys})  # the next event starts so
        self.show_mode()
        self.notify(_("Single-key results on: 1 0 = + - f on the table enter the selected board's result.")
                    if self.single_keys else
                    _("Single-key results off: digits typed on the table go to the entry line."))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.RESULT_ACTIONS and not self.single_keys:
            return False  # the indicator says "Single keys off": no key writes a result alone
        return super().check_action(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """Single keys off: a digit on the table starts a typed line there (``2 0-1``: board 2,
        not three results on three boards).  On: a digit is a result key for the cursor's
        board, and one that is no result (2–9) is said — what a digit does depends on the
        mode shown, never on how fast the next key follows."""
        char = event.character or ""
        if self.app.view_only or len(char) != 1 or not char.isdigit():
            return
        if self.app.focused is not self.query_one("#boards", FittedTable):
            return
        if self.single_keys and char in RESULT_KEYS:
            return  # the binding enters the result: the indicator says so
        event.stop()
        event.prevent_default()
        if self.single_keys:
            # in the mode a digit is a result for the cursor's board, whatever follows it: one
            # that is none is said, never turned into a typed line (that depended on speed)
            self.app.bell()
            self.notify(_("Single keys are on: {key} is no result (1 0 = + - f). Type : for a line "
                          "such as 12 1-0, or k to switch single keys off.").format(key=char), severity="warning")
            return
        entry = self.query_one("#result-entry", Input)
        entry.focus()
        entry.insert_text_at_cursor(char)
