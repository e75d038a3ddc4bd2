"""Registration from a rating list: type a few letters of a name (or an id), pick, done.

Why a dialog: at a rapid evening the organiser registers arrivals from the list FIDE or the
federation publishes; a few letters find the player (case and accents ignored: ``ozt`` finds
*Öztürk*), Up/Down choose, Enter registers with name, ids, federation, title, sex, birth year,
the rating of the event's kind and the national rating.  Typing always goes into the search
field; every keystroke is one bisection of the memory-mapped index (well under a millisecond
on a 1.2-million-player list), so the matches follow the typing.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from core.errors import RatingListError
from core.i18n import _
from core.model import Tournament
from core.ratinglists.apply import pairing_rating_order
from core.ratinglists.entry import ListEntry
from core.ratinglists.index import ListIndex, ListInfo
from core.ratinglists.registration import choose_list
from core.safe_text import field_safe
from tui.i18n import L_
from tui.widgets.fields import TextField

Picked = tuple[ListEntry, ListInfo]
"""What the dialog returns: the chosen entry and the list (with its date) it came from."""

SHOWN = 12
"""Matches listed at once (the dialog fits 80×24 and 60×20)."""


class ServiceList:
    """The event's list in the data service: each search is one request (the service opens
    the index; the directory is not ours to open)."""

    def __init__(self, workspace: Any, tournament: Tournament, list_name: str) -> None:
        self.workspace, self.tid, self.list_name = workspace, tournament.id, list_name
        self.info, _found = workspace.search_rating_list("", 0, list_name, self.tid)

    def search(self, text: str, limit: int) -> list[ListEntry]:
        return list(self.workspace.search_rating_list(text, limit, self.list_name, self.tid)[1])

    def close(self) -> None:
        pass


def open_list_of(workspace: Any, tournament: Tournament, list_name: str = "") -> ListIndex | ServiceList:
    """The list to search: through the data service when the workspace is the service's, else
    the memory-mapped index of the data directory itself."""
    if getattr(workspace, "remote", False):
        return ServiceList(workspace, tournament, list_name)
    from pathlib import Path

    return choose_list(Path(workspace.data_dir), tournament, list_name)


class ListLookupDialog(ModalScreen["Picked | None"]):
    """Search the event's rating list; returns the chosen entry and its list (or ``None``)."""

    BINDINGS = [
        Binding("enter", "pick", L_("Register"), priority=True),
        Binding("escape", "cancel", L_("Cancel")),
    ]

    def __init__(self, workspace: Any, tournament: Tournament, list_name: str = "") -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.tournament = tournament
        self.list_name = list_name
        self.index: ListIndex | ServiceList | None = None
        self.matches: list[ListEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Register from a rating list"), id="lookup-title", classes="dialog-title")
            yield TextField(placeholder=_("Type a name or a FIDE/national id"), id="lookup-find")
            yield DataTable(id="lookup-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="lookup-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#lookup-table", DataTable)
        for label in (_("Id"), _("Title"), _("Name"), _("Fed"), _("Born"), _("Rating")):
            table.add_column(label)
        hint = self.query_one("#lookup-hint", Static)
        try:
            self.index = open_list_of(self.workspace, self.tournament, self.list_name)
        except RatingListError as error:
            hint.update(str(error))
        else:
            info = self.index.info
            self.query_one("#lookup-title", Label).update(
                _("Register from {name} ({date}, {count} players)").format(
                    name=info.name, date=info.date or _("undated"), count=info.count))
            hint.update(_("Up/Down: choose · Enter: register · Esc: cancel"))
        self.query_one("#lookup-find", Input).focus()

    def on_unmount(self) -> None:
        if self.index is not None:
            self.index.close()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_matches(event.value)

    def show_matches(self, text: str) -> None:
        """The first matches of ``text``, the cursor on the first."""
        table = self.query_one("#lookup-table", DataTable)
        table.clear()
        self.matches = self.index.search(text, SHOWN) if self.index is not None else []
        kinds = pairing_rating_order(self.tournament)
        for e in self.matches:
            rating = e.first_rating(kinds)[0] or e.national_rating or e.go_rating
            table.add_row(e.fide_id or e.national_id or e.egd_pin, e.best_title or e.go_rank,
                          field_safe(e.name), e.federation, e.birth_year, str(rating or ""))
        if self.matches:
            table.move_cursor(row=0)

    def on_key(self, event: events.Key) -> None:
        """Up/Down choose among the matches while typing stays in the search field."""
        if event.key in ("up", "down"):
            table = self.query_one("#lookup-table", DataTable)
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            event.stop()
            event.prevent_default()

    def action_pick(self) -> None:
        table = self.query_one("#lookup-table", DataTable)
        if self.matches and 0 <= table.cursor_row < len(self.matches):
            assert self.index is not None  # matches come from it
            self.dismiss((self.matches[table.cursor_row], self.index.info))

    def action_cancel(self) -> None:
        self.dismiss(None)
