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

    set_aside: list[str] | None = None
    """What was typed on the table from a digit that is no result up to Enter: one line, put
    aside in the refused list (Ctrl+R takes it back), never entered.  Why: ``3 0-1⏎`` typed on
    the table (a burst after a line that closed, or the habit of the mode off) refused the 3
    and then took ``0``, ``-`` and ``1`` as results — 0-1, a forfeit and 1-0 stored on boards
    1 to 3, which nobody had named."""

    def on_key(self, event: events.Key) -> None:
        """Single keys off: a digit on the table starts a typed line there (``2 0-1``: board 2,
        not three results on three boards).  On: a digit is a result key for the cursor's
        board, and one that is none (2–9) is said and begins a line that is put aside (see
        :attr:`set_aside`) — what a digit does depends on the mode shown, never on how fast
        the next key follows."""
        if self.app.view_only or self.app.focused is not self.query_one("#boards", FittedTable):
            return
        if self.set_aside is not None:
            self.keep_aside(event)
            return
        char = event.character or ""
        if len(char) != 1 or not char.isdigit():
            return
        if self.single_keys and char in RESULT_KEYS:
            return  # the binding enters the result: the indicator says so
        event.stop()
        event.prevent_default()
        if self.single_keys:
            # in the mode a digit is a result for the cursor's board, whatever follows it: one
            # that is none is said, never turned into a typed line (that depended on speed)
            self.app.bell()
            self.set_aside = [char]
            self.notify(_("Single keys are on: {key} is no result (1 0 = + - f); what you type up to Enter is put "
                          "aside, not entered. Type : for a line such as 12 1-0, or k to switch single keys off.")
                        .format(key=char), severity="warning")
            return
        entry = self.query_one("#result-entry", Input)
        entry.focus()
        entry.insert_text_at_cursor(char)

    def keep_aside(self, event: events.Key) -> None:
        """One more key of a line being put aside: text joins it; Enter or Escape ends it (and
        does nothing else); any other key (an arrow, a function key) ends it and acts."""
        char = event.character or ""
        ends = event.key in ("enter", "escape")
        if not ends and len(char) == 1 and char.isprintable() and self.set_aside is not None:
            event.stop()
            event.prevent_default()
            self.set_aside.append(char)
            return
        if ends:
            event.stop()
            event.prevent_default()
        line, self.set_aside = "".join(self.set_aside or ()).strip(), None
        self.refuse_line(line, _("typed on the table with single keys on: not entered"), self.round_no)
