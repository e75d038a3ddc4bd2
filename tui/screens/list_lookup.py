"""Registration from the club's register or a rating list: type a few letters of a name (or
an id), pick, done.

Why a dialog: at a rapid evening the organiser registers arrivals — the club's members first
(the register, :mod:`core.club`: ``l``, a few letters, Enter — two keys for a regular), then
whoever else the list FIDE or the federation publishes holds; a few letters find the player
(case and accents ignored: ``ozt`` finds *Öztürk*), Up/Down choose, Enter registers with name,
ids, federation, title, sex, birth year, the rating of the event's kind and the national
rating (a member is linked to the register: ``Player.member``).  Typing always goes into the
search field; every keystroke is one pass over the register's folded names (5,000 members:
tests/benchmarks/bench_register_lookup.py) and one bisection of the memory-mapped index (well
under a millisecond on a 1.2-million-player list), so the matches follow the typing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from core.club.members import Member, registration_kinds
from core.errors import RatingListError
from core.fields import title_word
from core.i18n import _, pgettext
from core.model import Tournament
from core.ratinglists.apply import pairing_rating_order
from core.ratinglists.entry import ListEntry
from core.ratinglists.index import ListIndex, ListInfo
from core.ratinglists.registration import choose_list
from core.safe_text import field_safe
from tui.i18n import L_
from tui.widgets.fast_table import FastTable
from tui.widgets.fields import TextField

if TYPE_CHECKING:
    from core.app.workspace import Workspace

Picked = tuple[ListEntry, ListInfo] | Member
"""What the dialog returns: a member of the register, or the chosen entry and the list (with
its date) it came from."""

SHOWN = 12
"""Matches listed at once (the dialog fits 80×24 and 60×20)."""


class ServiceList:
    """The event's list in the data service: each search is one request (the service opens
    the index; the directory is not ours to open)."""

    def __init__(self, workspace: Workspace, tournament: Tournament, list_name: str) -> None:
        self.workspace, self.tid, self.list_name = workspace, tournament.id, list_name
        self.info, _found = workspace.search_rating_list("", 0, list_name, self.tid)

    def search(self, text: str, limit: int) -> list[ListEntry]:
        return list(self.workspace.search_rating_list(text, limit, self.list_name, self.tid)[1])

    def close(self) -> None:
        pass


def open_list_of(workspace: Workspace, tournament: Tournament, list_name: str = "") -> ListIndex | ServiceList:
    """The list to search: through the data service when the workspace is the service's, else
    the memory-mapped index of the data directory itself."""
    if workspace.remote:
        return ServiceList(workspace, tournament, list_name)
    from pathlib import Path

    return choose_list(Path(workspace.data_dir), tournament, list_name)


class ListLookupDialog(ModalScreen["Picked | None"]):
    """Search the club's register, then the event's rating list; returns the chosen member, or
    the chosen entry and its list (or ``None``)."""

    BINDINGS = [
        Binding("enter", "pick", L_("Register"), priority=True),
        Binding("escape", "cancel", L_("Cancel")),
    ]

    def __init__(self, workspace: Workspace, tournament: Tournament, list_name: str = "") -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.tournament = tournament
        self.list_name = list_name
        self.index: ListIndex | ServiceList | None = None
        self.matches: list[ListEntry | Member] = []
        self.go = tournament.system in ("gamma", "mcmahon")
        """A Go event: the EGD's columns (pin, rank, country, GoR) instead of FIDE's."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Register from a rating list"), id="lookup-title", classes="dialog-title")
            yield TextField(placeholder=_("Type a name or an EGD pin") if self.go else _("Type a name or a FIDE/national id"),
                            id="lookup-find")
            yield FastTable(id="lookup-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="lookup-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#lookup-table", DataTable)
        # a Go event's players have an EGD pin, a rank, a country and a GoR (no title, no birth)
        labels = ((_("From"), _("EGD pin"), pgettext("go", "Rank"), _("Name"), _("Country"), _("GoR")) if self.go else
                  (_("From"), _("Id"), _("Title"), _("Name"), _("Fed"), _("Born"), _("Rating")))
        for label in labels:
            table.add_column(label)
        hint = self.query_one("#lookup-hint", Static)
        keys = _("Up/Down: choose · Enter: register · Esc: cancel")
        try:
            self.index = open_list_of(self.workspace, self.tournament, self.list_name)
        except RatingListError as error:
            self.query_one("#lookup-title", Label).update(_("Register from the club's register"))
            hint.update(f"{error}\n{keys}")
        else:
            info = self.index.info
            self.query_one("#lookup-title", Label).update(
                _("Register from the club's register or {name} ({date}, {count} players)").format(
                    name=info.name, date=info.date or _("undated"), count=info.count))
            hint.update(keys)
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
        members: list[ListEntry | Member] = list(self.workspace.search_members(text, SHOWN)) if text.strip() else []
        listed = self.index.search(text, SHOWN - len(members)) if self.index is not None and len(members) < SHOWN else []
        self.matches = [*members, *listed]
        kinds = pairing_rating_order(self.tournament)
        member_kinds = registration_kinds(self.tournament)
        for match in self.matches:
            e = match.as_list_entry() if isinstance(match, Member) else match
            source = _("member {number}").format(number=match.id) if isinstance(match, Member) else (
                self.index.info.name if self.index is not None else "")
            # a member: the rating registering takes; a list entry: the list's own
            rating = e.first_rating(member_kinds)[0] if isinstance(match, Member) else (
                e.first_rating(kinds)[0] or e.national_rating or e.go_rating)
            if self.go:
                table.add_row(source, e.egd_pin, e.go_rank, field_safe(e.name), e.federation,
                              str(e.go_rating) if e.go_rating else "")
                continue
            table.add_row(source, e.fide_id or e.national_id or e.egd_pin, title_word(e.best_title) or e.go_rank,
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
            match = self.matches[table.cursor_row]
            if isinstance(match, Member):
                self.dismiss(match)
                return
            assert self.index is not None  # list entries come from it
            self.dismiss((match, self.index.info))

    def action_cancel(self) -> None:
        self.dismiss(None)
