"""Check-in and entry fees on the evening: find a player by typing, one key marks them present.

Why a dialog with a search field first: players arrive in a queue and the organiser knows a
name, not a pairing number.  Typing always goes into the search field (no letter is a
command here); Up/Down move through the matches, Enter marks the highlighted player present
(or absent again), Ctrl+P records their entry fee as paid, Ctrl+O opens or closes check-in.
Every change goes through the open session, so the store's lock, journal and undo apply.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from core import checkin
from core.i18n import _
from core.i18n.format import format_decimal
from core.model import Tournament
from tui.i18n import L_
from tui.widgets.tables import FittedTable, reset_table, sync_table, text_col
from tui.widgets.fields import TextField


def money(value: Any, currency: str) -> str:
    """An amount in the UI language's notation, with the event's currency."""
    from fractions import Fraction

    return f"{format_decimal(Fraction(value))} {currency}".strip()


class CheckinDialog(ModalScreen[None]):
    """Who is present before the next round, and who has paid."""

    BINDINGS = [
        Binding("enter", "toggle_present", L_("Present"), priority=True),
        Binding("ctrl+p", "paid", L_("Paid"), priority=True),
        Binding("ctrl+o", "open_close", L_("Open/close check-in"), priority=True),
        Binding("escape", "close", L_("Close")),
    ]

    def __init__(self, owner: Any) -> None:
        """``owner`` is the tournament screen: its ``session`` and ``run_change``."""
        super().__init__(classes="dialog")
        self.owner = owner
        self.shown: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Check-in"), classes="dialog-title")
            yield TextField(placeholder=_("Type a name or a number"), id="checkin-find")
            yield FittedTable(id="checkin-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="checkin-summary", classes="dialog-hint")
            yield Static(_("Enter: present/absent · Ctrl+P: paid · Ctrl+O: open/close · Esc: close"),
                         classes="dialog-hint")

    def on_mount(self) -> None:
        reset_table(self.query_one("#checkin-table", DataTable), [
            (_("Present"), "present"), (_("No."), "pno"), text_col(_("Name"), "name"), (_("Fee"), "fee")])
        self.fill()
        self.query_one("#checkin-find", Input).focus()

    @property
    def tournament(self) -> Tournament:
        return self.owner.session.tournament

    def fill(self) -> None:
        """Redraw the matches of the search text, keeping the highlighted player if still shown."""
        t = self.tournament
        listing = checkin.checkin_list(t)
        query = self.query_one("#checkin-find", Input).value
        wanted = {p.pno for p in checkin.find_players(t, query)} if query.strip() else None
        shown, rows = [], []
        for row in listing.rows:
            if wanted is not None and row.pno not in wanted:
                continue
            fee = ""
            if row.due:
                fee = _("paid") if row.owed == 0 else _("owes {amount}").format(
                    amount=money(row.owed, listing.currency))
            mark = Text("✓", style="bold green") if row.present else Text("·", style="dim")
            rows.append((mark, row.pno, row.name, fee))
            shown.append(row.pno)
        self.shown = shown  # the highlighted player stays highlighted while still shown
        sync_table(self.query_one("#checkin-table", DataTable), [str(pno) for pno in shown], rows)
        state = _("check-in open") if checkin.is_open(t) else _("check-in closed")
        self.query_one("#checkin-summary", Static).update(
            _("{present} of {total} present ({state}); fees due {due}, paid {paid}, owed {owed}").format(
                present=listing.present_count, total=len(listing.rows), state=state,
                due=money(listing.total_due, listing.currency),
                paid=money(listing.total_paid, listing.currency),
                owed=money(listing.total_owed, listing.currency)))

    chosen = False
    """The organiser moved to a match with ↑/↓ since the search text last changed: Enter then
    means that player; with several matches and no choice, Enter asks instead of ticking the
    first (``CLI`` matched two players and ticked one of them)."""

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.chosen = False
        self.query_one("#checkin-table", DataTable).move_cursor(row=0)
        self.fill()

    def on_key(self, event: events.Key) -> None:
        """Up/Down move through the matches while the cursor stays in the search field."""
        if event.key in ("up", "down"):
            table = self.query_one("#checkin-table", DataTable)
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            self.chosen = True
            event.stop()
            event.prevent_default()

    def selected(self) -> int | None:
        table = self.query_one("#checkin-table", DataTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def _change(self, use: Any) -> None:
        """Run one check-in or fee use case of the desk (``use(desk)``); refill when saved."""
        session = self.owner.session
        if self.owner.run_change(lambda: session.do(use)):
            self.fill()

    def action_toggle_present(self) -> None:
        pno = self.selected()
        if pno is None:
            return
        query = self.query_one("#checkin-find", Input).value.strip()
        if query and len(self.shown) > 1 and not self.chosen:
            self.app.bell()
            self.notify(_("{n} players match «{text}»: choose one with ↑/↓, then Enter.").format(
                n=len(self.shown), text=query), severity="warning")
            return
        present = pno in checkin.present(self.tournament)
        self._change(lambda desk: desk.check_in([pno], present=not present))
        find = self.query_one("#checkin-find", Input)
        if find.value:
            find.value = ""  # ready for the next arrival's name

    def action_paid(self) -> None:
        pno = self.selected()
        if pno is None:
            return
        player = self.tournament.player(pno)
        paid = checkin.fee_paid(player) > 0
        self._change(lambda desk: desk.change_fees(player=pno, paid="0" if paid else ""))

    def action_open_close(self) -> None:
        opening = not checkin.is_open(self.tournament)
        self._change(lambda desk: desk.check_in(open_checkin=opening, close_checkin=not opening))

    def action_close(self) -> None:
        self.dismiss(None)
