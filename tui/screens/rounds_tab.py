"""The frame the rounds pane's parts share: what the pane holds (the round shown, the modes,
the engine's reasons) and the moves every part makes (the selected board, the cursor, a line
refused).

Why a frame: the rounds pane is assembled from parts with one job each — the boards table
(:mod:`tui.screens.round_table`), result entry (:mod:`tui.screens.result_entry`), the
single-key mode (:mod:`tui.screens.single_keys`), pairing (:mod:`tui.screens.round_pairing`),
the engine's reasons (:mod:`tui.screens.round_explain`), the round's date
(:mod:`tui.screens.round_schedule`) — and each reads the same state; declared here once, the
checker sees every part's use of it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from core.i18n import _
from core.model import Tournament
from tui.widgets.pane import TournamentTab
from tui.widgets.refused import RefusedList
from tui.widgets.tables import FittedTable, move_to_key, selected_key

if TYPE_CHECKING:
    from tui.services import Session


class RoundsTab(TournamentTab):
    """What the rounds pane's parts share (each part derives from it; the pane from them all)."""

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False
    round_no: int
    """The round shown (0: none paired yet)."""
    only_playing: bool
    """Only the boards still playing are listed (``s``)."""
    single_keys: bool | None
    """One key enters a result (``k``); ``None`` until the organiser's setting is read."""
    cancel_event: threading.Event | None
    """Set to cancel the pairing running (``None``: none runs)."""
    explanations: dict[int, dict[Any, Any]]
    """The engine's reasons per round, by board index (``"bye"``, ``"differs"``)."""
    keyed: tuple[tuple[int, str], ...] = ()
    """Single-key results entered one after another on empty boards since the last other key:
    (board, key), taken back when the keys turn out to begin a typed line (see
    :meth:`tui.screens.single_keys.SingleKeys.on_key`)."""

    @property
    def session(self) -> Session:
        """The tournament screen's session: every change and read of the pane goes through it."""
        return self.screen.session

    def render_round(self) -> None:
        """Draw the round shown (the boards table's part)."""
        raise NotImplementedError

    def focus_main(self) -> None:
        """Focus the table, or the entry line holding a half-typed line (the pane's own)."""
        raise NotImplementedError

    def selected_board(self) -> int | None:
        """The number of the board under the cursor (``None`` on a match's or a player's row)."""
        key = selected_key(self.query_one("#boards", FittedTable))
        if key is None or not key.startswith("b"):
            return None
        return int(key[1:])

    def move_to_board(self, board: int) -> None:
        """The cursor to board ``board``'s row."""
        move_to_key(self.query_one("#boards", FittedTable), f"b{board}")

    def move_to_next_empty(self, after: int) -> None:
        """Cursor to the next board without a result (wrapping), or stay when all are in."""
        if not self.round_no:
            return
        rnd = self.shown.round(self.round_no)
        n = len(rnd.boards)
        table = self.query_one("#boards", FittedTable)
        for step in range(1, n + 1):
            i = (after - 1 + step) % n
            if rnd.boards[i].result is None and move_to_key(table, f"b{i + 1}"):
                return
        move_to_key(table, f"b{after}")

    def refuse_line(self, text: str, reason: str, round_no: int | None = None, title: str = "") -> None:
        """A typed line or key that is not stored: named, with why, and kept for correction
        under its round (``None``: no round shown; listed in every round)."""
        self.query_one("#result-refused", RefusedList).add(text, text, reason, round_no or None)
        self.notify(_("Not entered: «{line}» — {reason}").format(line=text, reason=reason), severity="error",
                    title=title)
