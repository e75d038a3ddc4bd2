"""The club's register of members, and one member's events.

Why a dialog over the tournaments screen: the register belongs to the data directory, not to
an event — ``m`` on the tournaments list (and "Members" in the command palette) opens it.
Typing goes into the search field (a member's name, folded, or an id); Up/Down choose; Enter
shows the member: their fields (contact data only for those who may edit the register) and
every event of the data directory they played, with score, place and TPR
(:mod:`core.club.history`).  Reading only: members are added and changed with ``hakem
members``.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from core.club.members import Member
from core.errors import TournamentError
from core.i18n import _
from core.safe_text import field_safe
from tui.i18n import L_
from tui.widgets.fields import TextField

SHOWN = 200
"""Members listed for a search (the whole register when nothing is typed)."""


class MembersDialog(ModalScreen[None]):
    """The register: search, choose, Enter shows the member (:class:`MemberDialog`)."""

    BINDINGS = [
        Binding("enter", "show", L_("Show"), priority=True),
        Binding("escape", "close", L_("Close")),
    ]

    def __init__(self, workspace: Any) -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.members: list[Member] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("The club's register of members"), classes="dialog-title")
            yield TextField(placeholder=_("Type a name or an id"), id="members-find")
            yield DataTable(id="members-table", cursor_type="row", zebra_stripes=True)
            yield Static(_("Up/Down: choose · Enter: show · Esc: close"), id="members-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#members-table", DataTable)
        for label in (_("Member"), _("Name"), _("Id"), _("Club"), _("Rating")):
            table.add_column(label)
        self.show_members("")
        self.query_one("#members-find", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_members(event.value)

    def show_members(self, text: str) -> None:
        table = self.query_one("#members-table", DataTable)
        table.clear()
        try:
            self.members = list(self.workspace.search_members(text, SHOWN) if text.strip() else self.workspace.members())
        except TournamentError as error:
            self.query_one("#members-hint", Static).update(str(error))
            self.members = []
        for m in self.members:
            rating = next((r.value for kind, r in sorted(m.ratings.items()) if kind != "go"), 0) or m.rating("go")
            table.add_row(str(m.id), field_safe(m.name), m.ids, field_safe(m.club), str(rating or ""))
        if self.members:
            table.move_cursor(row=0)
        elif not text.strip():
            self.query_one("#members-hint", Static).update(
                _("The club's register is empty: add members with 'hakem members add --name NAME'."))

    def on_key(self, event: events.Key) -> None:
        """Up/Down choose while typing stays in the search field."""
        if event.key in ("up", "down"):
            table = self.query_one("#members-table", DataTable)
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            event.stop()
            event.prevent_default()

    def action_show(self) -> None:
        table = self.query_one("#members-table", DataTable)
        if self.members and 0 <= table.cursor_row < len(self.members):
            self.app.push_screen(MemberDialog(self.workspace, self.members[table.cursor_row].id))

    def action_close(self) -> None:
        self.dismiss(None)


class MemberDialog(ModalScreen[None]):
    """One member: the fields, then the events they played (newest first)."""

    BINDINGS = [Binding("escape", "close", L_("Close"))]

    def __init__(self, workspace: Any, number: int) -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.number = number

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(id="member-title", classes="dialog-title")
            yield Static(id="member-card")
            yield DataTable(id="member-events", cursor_type="row", zebra_stripes=True)
            yield Static(id="member-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        from core.reports.members import card_rows, history_table, rating_change_note
        from core.reports.render import human_rows

        try:
            m, played = self.workspace.member_history(self.number)
        except TournamentError as error:
            self.query_one("#member-hint", Static).update(str(error))
            return
        self.query_one("#member-title", Label).update(field_safe(m.name))
        self.query_one("#member-card", Static).update(
            "\n".join(field_safe(f"{label}: {value}") for label, value in card_rows(m) if label != _("Name")))
        table = history_table(played)
        events_table = self.query_one("#member-events", DataTable)
        for column in table.columns:
            events_table.add_column(column.title)
        for row in human_rows(table):
            events_table.add_row(*(field_safe(cell) for cell in row))
        hint = rating_change_note() if played else _("No events in this data directory.")
        self.query_one("#member-hint", Static).update(f"{hint}\n" + _("Esc: close"))
        events_table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
