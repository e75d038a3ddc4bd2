"""Provides the manual pairing screen: change the last round by hand, the engine's pairing beside it.

Left: the round as it stands (a draft).  Right: what the pairing engine proposes for the same
round (computed in a worker from the rounds before it).  Space on a player marks them; Space on a
second player swaps the two (on one board: colours swap).  ``e`` copies the engine's pairing.
Warnings (the application layer's one list: rematches, forbidden pairs, colours, byes, a
player twice or missing) are shown live; Ctrl+S saves through the layer, which validates again,
refuses when the round changed since the screen opened, and records it as changed by hand.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import Worker, WorkerState, get_current_worker

from core.errors import TournamentError
from core.i18n import _
from core.model import Board, Bye, Tournament
from tui.engine_process import compute_in_child
from tui.host import hakem_app
from tui.i18n import L_
from tui.services import Session
from tui.widgets.footer import KeyFooter
from tui.widgets.tables import Col, FittedTable, reset_table, sync_table, text_col
from tui.messages import ShowMessage

if TYPE_CHECKING:
    from core.pairing.base import RoundPairing


class ManualPairingScreen(ModalScreen[bool]):
    """Edit the last round's pairing with the engine's proposal side by side."""

    app = hakem_app
    BINDINGS = [
        Binding("escape", "cancel", L_("Cancel")),
        Binding("space", "mark", L_("Mark / swap")),
        Binding("e", "use_engine", L_("Use engine's")),
        Binding("ctrl+s", "save", L_("Save"), priority=True),
        Binding("tab", "app.focus_next", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(classes="dialog")
        from core.app.conflicts import RoundSeen

        self.session = session
        t = session.tournament
        self.round_no = t.current_round
        self.seen = RoundSeen.of(t, self.round_no)
        """The round as it was when the screen opened: saving is refused if it changed since."""
        rnd = t.rounds[-1]
        self.boards = [[b.white, b.black] for b in rnd.boards]
        self.byes = [(y.pno, y.kind) for y in rnd.byes]
        self.marked: tuple[int, int] | None = None
        self.engine: RoundPairing | None = None
        self.cancel = threading.Event()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box full"):
            yield Static(_("Change round {n} by hand").format(n=self.round_no), classes="dialog-title")
            with Horizontal(id="manual-sides"):
                with Vertical():
                    yield Static(_("Yours (Space marks, then swaps)"), classes="side-title")
                    yield FittedTable(id="manual-draft", cursor_type="cell")
                with Vertical():
                    yield Static(_("Engine's pairing"), classes="side-title", id="engine-title")
                    yield FittedTable(id="manual-engine", cursor_type="row")
            yield Static(id="manual-warnings", classes="status-line")
            yield KeyFooter()

    def on_mount(self) -> None:
        # the names give way (cut with …) so that a board's White and Black both show on each
        # side: at 80 columns Black was off to the right, and scrolling to it lost White
        cols: list[tuple[str, str] | Col] = [(_("Bd"), "bd"), text_col(_("White"), "w", min=6),
                                             text_col(_("Black"), "b", min=6)]
        reset_table(self.query_one("#manual-draft", FittedTable), cols)
        reset_table(self.query_one("#manual-engine", FittedTable), cols)
        self.render_draft()
        self.query_one("#engine-title", Static).update(_("Engine's pairing (computing…)"))
        self.compute_engine(self.session.tournament, self.round_no)
        draft = self.query_one("#manual-draft", FittedTable)
        draft.focus()
        draft.move_cursor(column=1)  # on board 1's White: Space marks a player at once

    def label(self, pno: int) -> str:
        try:
            return f"{pno} {self.session.tournament.player(pno).name}"
        except TournamentError:
            return str(pno)

    def render_draft(self) -> None:
        keys: list[str] = []
        rows: list[tuple[object, ...]] = []
        for i, (w, b) in enumerate(self.boards, 1):
            keys.append(f"b{i}")
            rows.append((i, self.mark(i - 1, 1, self.label(w)), self.mark(i - 1, 2, self.label(b))))
        for j, (pno, kind) in enumerate(self.byes):
            keys.append(f"y{j}")
            rows.append((_("bye"), self.mark(len(self.boards) + j, 1, self.label(pno)), kind.label))
        sync_table(self.query_one("#manual-draft", FittedTable), keys, rows)
        warnings = self.session.desk.draft_warnings(self.round_no, *self.draft())
        self.query_one("#manual-warnings", Static).update(
            "\n".join(warnings) if warnings else _("No problems found. Ctrl+S saves, Escape cancels."))

    def mark(self, row: int, col: int, text: str) -> str:
        return f"▶ {text}" if self.marked == (row, col) else text

    def player_at(self, row: int, col: int) -> int | None:
        if row < len(self.boards):
            return self.boards[row][col - 1] if col in (1, 2) else None
        j = row - len(self.boards)
        if 0 <= j < len(self.byes) and col == 1:
            return self.byes[j][0]
        return None

    def put(self, row: int, col: int, pno: int) -> None:
        if row < len(self.boards):
            self.boards[row][col - 1] = pno
        else:
            j = row - len(self.boards)
            self.byes[j] = (pno, self.byes[j][1])

    def action_mark(self) -> None:
        table = self.query_one("#manual-draft", FittedTable)
        row, col = table.cursor_coordinate.row, table.cursor_coordinate.column
        if self.player_at(row, col) is None:
            self.notify(_("Move the cursor onto a player."), severity="warning")
            return
        if self.marked is None:
            self.marked = (row, col)
        else:
            a, b = self.marked, (row, col)
            pa, pb = self.player_at(*a), self.player_at(*b)
            if pa is not None and pb is not None:  # both were players when chosen
                self.put(*a, pb)
                self.put(*b, pa)
            self.marked = None
        self.render_draft()

    def action_use_engine(self) -> None:
        if self.engine is None:
            self.notify(_("The engine's pairing is not ready yet."), severity="warning")
            return
        self.boards = [[b.white, b.black] for b in self.engine.boards]
        self.byes = [(y.pno, y.kind) for y in self.engine.byes]
        self.marked = None
        self.render_draft()

    def draft(self) -> tuple[tuple[Board, ...], tuple[Bye, ...]]:
        return tuple(Board(w, b) for w, b in self.boards), tuple(Bye(p, k) for p, k in self.byes)

    @work(thread=True, exclusive=True, group="manual-engine", exit_on_error=False)
    def compute_engine(self, t: Tournament, round_no: int) -> RoundPairing:
        """The engine's side, computed in a child process like the rounds pane's pairing: the
        UI keeps the GIL while a big field is paired, and leaving the screen ends the engine at
        once (its thread could only stop at the engine's next cancel check)."""
        desk, worker = self.session.desk, get_current_worker()
        return compute_in_child(lambda report: desk.engine_pairing(round_no, tournament=t),
                                lambda: self.cancel.is_set() or worker.is_cancelled,
                                lambda fraction, text: None)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "manual-engine":
            return
        title = self.query_one("#engine-title", Static)
        if event.state is WorkerState.ERROR:
            title.update(_("Engine's pairing: none ({error})").format(error=event.worker.error))
        elif event.state is WorkerState.SUCCESS:
            engine: RoundPairing | None = event.worker.result  # compute_engine's
            if engine is None:  # a worker that succeeded has returned its pairing
                return
            self.engine = engine
            title.update(_("Engine's pairing (e copies it)"))
            keys: list[str] = []
            rows: list[tuple[object, ...]] = []
            for i, b in enumerate(engine.boards, 1):
                keys.append(f"b{i}")
                rows.append((i, self.label(b.white), self.label(b.black)))
            for j, y in enumerate(engine.byes):
                keys.append(f"y{j}")
                rows.append((_("bye"), self.label(y.pno), y.kind.label))
            sync_table(self.query_one("#manual-engine", FittedTable), keys, rows)

    def action_cancel(self) -> None:
        self.cancel.set()
        self.dismiss(False)

    def action_save(self) -> None:
        boards, byes = self.draft()
        try:
            outcome = self.session.do(lambda desk: desk.pair_by_hand(boards, byes, replace=True, seen=self.seen))
        except TournamentError as exc:
            self.post_message(ShowMessage(_("The pairing was not saved"), str(exc)).set_sender(self))
            return
        self.cancel.set()
        self.notify(_("Round {n} changed by hand.").format(n=self.round_no))
        for warning in outcome.warnings:
            self.notify(warning, severity="warning", title=_("Warning"))
        self.dismiss(True)
