"""The rounds pane's single-key mode: with it on, one key on the boards table enters the selected
board's result; with it off, a digit starts a typed line.  What a digit does depends on the
mode shown beside the entry line, never on how fast the next key follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.widgets import Input, Static

from core.i18n import _
from tui.screens.result_entry import RESULT_KEYS, entry_hint
from tui.screens.rounds_tab import RoundsTab
from tui.widgets.tables import FittedTable
from tui.widgets.text import set_text

if TYPE_CHECKING:
    from core.model import GameResult, Tournament


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
        if self.single_keys and self.keyed and (char == " " or (char.isdigit() and char not in RESULT_KEYS)):
            event.stop()
            event.prevent_default()
            self.take_back_keyed(char)
            return
        if not (self.single_keys and char in RESULT_KEYS):
            self.keyed = ()  # any other key ends a run of result keys
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

    def take_back_keyed(self, char: str) -> None:
        """The result keys just typed were the start of a line (``1 0-1``, ``12 1-0``: a board
        number, then a space or a digit that is no result): the results they entered on empty
        boards are taken back, and they with the rest up to Enter are put aside.  Why: with
        single keys on, ``1 0-1⏎`` typed from habit stored 1-0 on the board under the cursor and
        then asked to correct it twice (a review: data wrong).  What a key does still depends only
        on the keys typed, never on how fast they came."""
        keyed, self.keyed = self.keyed, ()
        first = keyed[0][0]
        for board, _key in reversed(keyed):  # the cursor back where the keys began, once cleared
            self.store_result(self.round_no, board, None, f"{board} —", judged=self.shown,
                              then=(lambda: self.move_to_board(first)) if board == first else None)
        self.app.bell()
        self.set_aside = [*(key for _board, key in keyed), char]
        boards = ", ".join(str(board) for board, _key in keyed)
        self.notify(_("Single keys are on: {keys} began a typed line, so the results they entered on boards {boards} "
                      "were taken back; what you type up to Enter is put aside, not entered. Type : for a line such as "
                      "12 1-0.").format(keys="".join(self.set_aside), boards=boards), severity="warning")

    if TYPE_CHECKING:
        def store_result(self, round_no: int, board: int, result: GameResult | None, typed: str,
                         then: Callable[[], object] | None = None,
                         judged: Tournament | None = None) -> bool: ...  # result_entry.ResultTyping's

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
