"""Check-in and entry fees on the evening: find a player by typing, one key marks them present.

Why a dialog with a search field first: players arrive in a queue and the organiser knows a
name, not a pairing number.  Typing always goes into the search field (no letter is a
command here); Up/Down move through the matches, Enter marks the highlighted player present,
Ctrl+N absent, Ctrl+P records their entry fee as paid, Ctrl+O opens or closes check-in.
Every change goes through the open session, so the store's lock, journal and undo apply.

Enter is the organiser's intent "present", never a toggle (issue 29): a pasted arrival list
(one name per line) marks the named players present and leaves the present ones as they are.
Each mark carries what the screen showed (:func:`core.conflicts.marks_seen`): a mark another
organiser changed meanwhile, or a check-in someone closed, is refused with who and when —
nothing is flipped or reopened behind the organiser's back.  After every Enter the search is
empty, ready for the next name (before, a query with no match stayed and the next name was
appended to it: ``Ş⏎kaya⏎`` searched "Şkaya").
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from core import checkin
from core.app import conflicts
from core.i18n import _
from core.i18n.format import format_decimal
from core.model import Tournament
from tui.i18n import L_
from tui.widgets.tables import FittedTable, reset_table, sync_table, text_col
from tui.widgets.fields import TextField
from tui.widgets.refused import Refused, RefusedList
from tui.messages import RunChange


def money(value: Any, currency: str) -> str:
    """An amount in the UI language's notation, with the event's currency."""
    from fractions import Fraction

    return f"{format_decimal(Fraction(value))} {currency}".strip()


def person_keys(names: list[str]) -> list[str]:
    """The rows' keys by person (name, and which of the same name), not by pairing number:
    when another organiser's late entry renumbers the field, the highlight stays on the
    person the organiser chose, not on whoever has the number now."""
    count: dict[str, int] = {}
    keys = []
    for name in names:
        count[name] = count.get(name, 0) + 1
        keys.append(f"{name}\x1f{count[name]}")
    return keys


class CheckinDialog(ModalScreen[None]):
    """Who is present before the next round, and who has paid."""

    BINDINGS = [
        Binding("enter", "present", L_("Present"), priority=True),
        Binding("ctrl+n", "absent", L_("Absent"), priority=True),
        Binding("ctrl+p", "paid", L_("Paid"), priority=True),
        Binding("ctrl+o", "open_close", L_("Open/close check-in"), priority=True),
        Binding("ctrl+r", "recall_refused", L_("Take a refused line back"), priority=True, show=False),
        Binding("escape", "close", L_("Close")),
    ]

    def __init__(self, owner: Any) -> None:
        """``owner`` is the tournament screen: its ``session``, and the changes (:class:`RunChange`)."""
        super().__init__(classes="dialog")
        self.owner = owner
        self.shown: list[int] = []
        self.displayed: Tournament | None = None
        """The state the list shows: what a mark says the organiser saw."""
        self.shown_revision = -1
        self.held = ""
        """A query that matched several players, still shown after Enter emptied the search:
        ↑/↓ then Enter choose among them; typing starts the next search."""
        self.held_record: Refused | None = None
        """The refused-list line of ``held``: dropped when ↑/↓ and Enter resolve it."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Check-in"), classes="dialog-title")
            yield TextField(placeholder=_("Type a name or a number"), id="checkin-find")
            yield RefusedList(id="checkin-refused")
            yield FittedTable(id="checkin-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="checkin-summary", classes="dialog-hint")
            yield Static(_("Enter: present · Ctrl+N: absent · Ctrl+P: paid · Ctrl+O: open/close · Esc: close"),
                         classes="dialog-hint")

    def on_mount(self) -> None:
        reset_table(self.query_one("#checkin-table", FittedTable), [
            (_("Present"), "present"), (_("No."), "pno"), text_col(_("Name"), "name"), (_("Fee"), "fee")])
        self.fill()
        self.query_one("#checkin-find", Input).focus()
        self.set_interval(1.0, self.follow)  # the session polls the store; show what it brought

    def follow(self) -> None:
        """Redraw when the session holds a newer state (another organiser's marks): a mark
        carries the marks on screen, so the screen must show the newest ones."""
        if self.owner.session.revision != self.shown_revision:
            self.fill()

    @property
    def tournament(self) -> Tournament:
        return self.owner.session.tournament

    def fill(self) -> None:
        """Redraw the matches of the search text, keeping the highlighted player if still shown."""
        t = self.displayed = self.tournament
        self.shown_revision = self.owner.session.revision
        listing = checkin.checkin_list(t)
        query = self.query_one("#checkin-find", Input).value or self.held
        wanted = {p.pno for p in checkin.find_players(t, query)} if query.strip() else None
        shown, rows = [], []
        for row in listing.rows:
            if wanted is not None and row.pno not in wanted:
                continue
            fee = ""
            if row.due:
                fee = _("paid") if row.owed == 0 else _("owes {amount}").format(
                    amount=money(row.owed, listing.currency))
            mark = Text(checkin.mark_sign(row.present), style="bold green" if row.present else "dim")
            rows.append((mark, row.pno, row.name, fee))
            shown.append(row.pno)
        self.shown = shown  # the highlighted person stays highlighted while still shown
        sync_table(self.query_one("#checkin-table", FittedTable), person_keys([r[2] for r in rows]), rows)
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
        if event.value:
            self.held = ""
        self.query_one("#checkin-table", FittedTable).move_cursor(row=0)
        self.fill()

    def on_key(self, event: events.Key) -> None:
        """Up/Down move through the matches while the cursor stays in the search field."""
        if event.key in ("up", "down"):
            table = self.query_one("#checkin-table", FittedTable)
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            self.chosen = True
            event.stop()
            event.prevent_default()

    def selected(self) -> int | None:
        table = self.query_one("#checkin-table", FittedTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def _change(self, use: Any) -> None:  # fees and open/close; marks: :meth:`mark`
        """Run one check-in or fee use case of the desk (``use(desk)``); refill when saved or
        refused (a refusal because someone else changed the check-in reloads the session)."""
        session = self.owner.session
        self.owner.post_message(RunChange(lambda: session.do(use), then=lambda made: self.fill()).set_sender(self))

    def take_query(self) -> str:
        """The search text typed (or held), emptied: whatever Enter does, the next name typed
        starts a new search."""
        find = self.query_one("#checkin-find", Input)
        query = (find.value or self.held).strip()
        if find.value:
            find.value = ""
        return query

    def target(self) -> tuple[int, str] | None:
        """The player Enter or Ctrl+N means and the line typed, or ``None``: an empty line
        (nothing typed, no choice with ↑/↓) does nothing — a double Enter or a blank line of a
        pasted list marked the top player; a line with no match, or several matches and no
        choice, goes to the refused list with why (the matches stay shown for ↑/↓)."""
        pno = self.selected()
        several = len(self.shown) > 1 and not self.chosen
        held = self.held
        query = self.take_query()
        if not query and not self.chosen:
            return None
        if query and pno is None:
            self.held = ""
            self.refuse(query, _("no player matches; nobody was marked"))
            return None
        if query and several:
            self.held = query  # the matches stay on screen: ↑/↓ and Enter choose
            self.refuse(query, _("{n} players match: choose one with ↑/↓, then Enter").format(n=len(self.shown)))
            self.held_record = self.refused_list.records[-1]
            return None
        if held and self.held_record is not None and self.held_record in self.refused_list.records:
            self.refused_list.discard(self.held_record)  # resolved with ↑/↓
        self.held, self.held_record = "", None
        return None if pno is None else (pno, query)

    @property
    def refused_list(self) -> RefusedList:
        return self.query_one("#checkin-refused", RefusedList)

    def refuse(self, typed: str, reason: str) -> None:
        """A line that marked nobody: kept in the refused list with why (a toast vanishes
        while a pasted list runs on), and said once."""
        self.app.bell()
        self.refused_list.add(typed, typed, reason)
        self.fill()

    def action_recall_refused(self) -> None:
        """Ctrl+R: the oldest refused line back into the search field, to be corrected."""
        find = self.query_one("#checkin-find", Input)
        if find.value:
            self.notify(_("Empty the search first; then Ctrl+R takes the refused line back."), severity="warning")
            return
        record = self.refused_list.take()
        if record is not None:
            find.value = str(record.kept)

    def mark(self, here: bool) -> None:
        """Mark the player the search found present (``here``) or absent, with the player and
        mark the screen showed: the store decides (a mark another organiser changed, or a
        number that is another person now, is refused naming who) and says which marks were
        already as asked — never this screen's copy, which may be a second old."""
        from core.checkin import CheckinClosed
        from core.errors import ConflictError, TournamentError

        found = self.target()
        if found is None:
            self.fill()
            return
        pno, typed = found
        seen = conflicts.marks_seen(self.displayed or self.tournament, [pno])
        name = seen[pno].name
        answer: list[Any] = []

        def use(desk: Any) -> Any:
            try:
                outcome = desk.check_in([pno], present=here, seen=seen)
            except CheckinClosed as closed:
                raise closed.reopened_by(_("Ctrl+O opens it again")) from None
            answer.append(outcome.value)
            return outcome

        def attempt() -> Any:
            try:
                return self.owner.session.do(use)
            except (ConflictError, TournamentError) as refused:
                self.refused_list.add(typed or f"{pno} {name}", typed, str(refused))
                raise

        def answered(done: bool) -> None:
            self.fill()
            if not done:
                return
            if pno in (answer[0] or ()):
                self.notify((_("{name} is already present.") if here else _("{name} is already absent.")).format(
                    name=name))
            else:
                self.notify((_("{name} is present.") if here else _("{name} is absent.")).format(name=name))

        self.owner.post_message(RunChange(attempt, then=answered).set_sender(self))

    def action_present(self) -> None:
        self.mark(True)

    def action_absent(self) -> None:
        self.mark(False)

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
