"""Provides the tournaments screen: the list of events in the data directory and what to do with them.

Keyboard: n new · Enter open · c duplicate · a archive · Del delete (to the trash, asked first) · i import
TRF · d demo · e series · m members · F1 help.
The list re-reads the store every few seconds so an event created by another organiser shows up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from core.errors import TournamentError
from core.i18n.format import format_datetime
from core.i18n.terms import system_name
from core.i18n import _, pgettext
from tui import preload
from tui.i18n import L_
from tui.widgets.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.footer import KeyFooter
from tui.hooks import ScreenHooks
from tui.widgets.pane import CommandKeys
from tui.widgets.tables import FittedTable, optional_col, reset_table, sync_table, text_col
from tui.messages import OpenTournament, ShowMessage

if TYPE_CHECKING:
    from tui.services import NewTournament
    from textual.timer import Timer

    from core.app.base import Watcher


def _told_apart(info: Any, names: Counter[str]) -> str:
    """The name a row shows: with the id (what every command takes) when another event of the
    list has the same name — a re-imported copy beside its original looked the same, the
    columns that differ (last change, players) being the first to give way at 60 columns."""
    if names[info.name] < 2:
        return str(info.name)
    return f"{info.name} · {info.id}"


def short_time(iso: str) -> str:
    """``2026-11-29T18:20:31.123+00:00`` → ``2026-11-29 18:20`` / ``29.11.2026 18:20`` (tr/de/ru).

    Date in the language's numeric form, 24-hour time, no seconds (the list has little room).
    """
    text = str(iso or "")
    try:
        return format_datetime(text)
    except ValueError:
        return text[:16].replace("T", " ")


SYSTEM_KEPT = 20
"""Cells of the tournament list's system column kept before other columns are left out: a
system's usual name whole in every language (Голландская система, Holländisches System)."""


class TournamentsScreen(CommandKeys, ScreenHooks, Screen):
    """List, create, open, duplicate, archive and import tournaments."""

    CHANGES = frozenset({"new", "duplicate", "archive", "delete", "import_trf", "demo"})

    BINDINGS = [
        Binding("n", "new", L_("New")),
        Binding("enter,o", "open", L_("Open")),
        Binding("c", "duplicate", L_("Copy"), show=False),
        Binding("a", "archive", L_("Archive"), show=False),
        Binding("delete", "delete", L_("Delete"), show=False),  # the footer is full: F1 and the palette name it
        Binding("i", "import_trf", L_("Import TRF")),
        Binding("d", "demo", L_("Demo")),
        Binding("e", "series", L_("Series"), show=False),  # the hint, F1 and the palette name them
        Binding("m", "members", L_("Members"), show=False),
        Binding("s", "app.settings", L_("Settings"), show=False),
        Binding("q", "app.quit", L_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="tournaments-title", classes="screen-title")
        yield FittedTable(id="tournaments", cursor_type="row", zebra_stripes=True)
        yield Static(id="tournaments-hint", classes="hint")
        yield KeyFooter()

    def __init__(self) -> None:
        super().__init__()
        self._ids: list[str] = []
        """The tournaments' ids, row by row as the list shows them."""

    _watch: Watcher | None = None
    """The data service's pushes of the list (None: a timer reads it again)."""
    _problems: tuple[tuple[str, str], ...] = ()
    """The files the list could not read, last said (each said once, not every 2 s)."""

    def on_mount(self) -> None:
        self.set_sub_title()
        self.relabel()
        self._watch = self.app.workspace.watch("*", lambda _event: self.pushed())  # the data service pushes
        if self._watch is None:  # in-process: read again every 2 s, only while the list is shown (an event on top pauses it)
            self._poll = self.set_interval(self.POLL_SECONDS, self.refresh_list)
        self.call_after_refresh(preload.start)  # the event screen's modules, while a person chooses

    _trust_below = ""
    """The shared directory's warning when the header has no room for it (shown over the hint)."""

    def set_sub_title(self) -> None:
        """"Tournaments", and for a shared directory without the data service the plain truth
        that every member of its group is trusted with every record — in the header where it
        fits, else in full on the line under the list (the header cut it at 80 columns:
        "…grubuna her kayıtta güven…")."""
        from rich.cells import cell_len

        from core.app.trust import trust_header

        workspace = self.app.workspace
        warning = trust_header(workspace.data_dir) if workspace is not None and not workspace.remote else None
        full = _("Tournaments") + (f" · {warning}" if warning else "")
        # Textual's header: its icon and its clock's place (8 cells each) beside the centred title
        room = self.size.width - 2 * 8 - 2 if self.size.width else None
        fits = room is None or cell_len(f"{self.app.title} — {full}") <= room
        self.sub_title = full if fits else _("Tournaments")
        below = "" if fits or not warning else f"⚠ {warning}"
        if below != self._trust_below:
            self._trust_below = below
            self.refresh_list()

    def on_resize(self) -> None:
        self.set_sub_title()

    def pushed(self) -> None:
        try:
            self.app.call_from_thread(self.refresh_list)
        except RuntimeError:
            pass  # the app has closed

    def on_unmount(self) -> None:
        if self._watch is not None:
            self._watch.close()

    async def redraw(self) -> None:
        """After a language switch: every text, column and width again in the new language."""
        await self.recompose()
        self.relabel()
        self.set_sub_title()

    POLL_SECONDS = 2.0
    """How often the shown list is read again without the data service (only changed files are decoded)."""
    _poll: Timer | None = None
    """Without the data service: the timer that reads the list again while it is shown."""

    def on_screen_suspend(self) -> None:
        """An event (or a dialog) is on top: the hidden list is not read every 2 s meanwhile
        (it decoded every changed file on the UI thread while a key waited)."""
        if self._poll is not None:
            self._poll.pause()

    def on_screen_resume(self) -> None:
        if self._poll is not None:
            self._poll.resume()
        self.refresh_list()

    def relabel(self) -> None:
        """(Re)build texts and columns in the current language."""
        self.query_one("#tournaments-title", Static).update(_("Tournaments"))
        reset_table(self.query_one("#tournaments", FittedTable), [
            # the system's name gives way too ("Takım İsviçre Eşlendirme Sistemi" took the name's
            # room), but not below SYSTEM_KEPT: at 60 columns the players' count and the last
            # change are left out first ("Голландская с…" said no system at all)
            text_col(pgettext("tournament", "Name"), "name"), text_col(_("System"), "system", 2, min=SYSTEM_KEPT),
            (_("Round"), "round"), optional_col(pgettext("tournament list", "Players"), "players", 1),
            optional_col(_("Last change"), "modified", 2),  # 60 columns: left out before names are cut
            text_col(_("By"), "by", 1, min=4)])
        self._ids = []
        self.refresh_list()

    def refresh_list(self) -> None:
        workspace = self.app.workspace
        if workspace is None or not self.query("#tournaments"):
            return  # no data directory, or the screen is being composed again (language)
        if not self.query_one("#tournaments", FittedTable).columns:
            # composed again but not yet relabelled (a language switch): the 2-second timer
            # fired in between and add_row raised "More values provided than there are
            # columns" — the app ended (seen by the tmux replay under load); relabel() lists
            return
        try:
            infos = workspace.list()
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        problems = tuple(workspace.problems)
        if problems and problems != self._problems:
            for tid, message in problems[:3]:
                self.notify(_("{tid} cannot be read: {message} (run hakem doctor {tid})").format(
                    tid=tid, message=message), severity="warning", timeout=15)
        self._problems = problems
        infos = sorted(infos, key=lambda i: (str(i.modified)), reverse=True)
        ids = [i.id for i in infos]
        names = Counter(i.name for i in infos)
        rows = [(_told_apart(i, names), system_name(i.system), _("{current} of {total}").format(
                    current=i.current_round, total=i.total_rounds)
                 if i.total_rounds else str(i.current_round),
                 str(i.players), short_time(i.modified), str(i.modified_by)) for i in infos]
        sync_table(self.query_one("#tournaments", FittedTable), ids, rows)  # keeps the selected one
        self._ids = ids
        hint = self.query_one("#tournaments-hint", Static)
        if self.app.view_only:  # --view: no key that creates or imports is offered
            hint.update(_("Enter opens the selected tournament to look at it; e shows the season's series, "
                          "m the club's members.") if ids else _("No tournaments yet."))
        elif not ids:
            hint.update(_("No tournaments yet. Press n to create one, i to import a TRF file, or d for a demo."))
        else:
            hint.update(_("Enter opens the selected tournament; n creates a new one; e shows the season's series, "
                          "m the club's members."))
        if self._trust_below:
            hint.update(f"{self._trust_below}\n{hint.content}")

    def selected_id(self) -> str | None:
        table = self.query_one("#tournaments", FittedTable)
        if not self._ids or not (0 <= table.cursor_row < len(self._ids)):
            return None
        return self._ids[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    # -- actions --------------------------------------------------------------------------
    def read_only(self) -> bool:
        """--view: look, change nothing."""
        if self.app.view_only:
            self.notify(_("hakem was started with --view: nothing can be changed."), severity="warning")
            return True
        return False

    def action_open(self) -> None:
        tid = self.selected_id()
        if tid is None:
            self.notify(_("There is no tournament to open yet."), severity="warning")
            return
        self.post_message(OpenTournament(tid).set_sender(self))

    def action_new(self) -> None:
        if self.read_only():
            return
        from tui.screens.new_tournament import NewTournamentDialog

        from tui.services import event_from_form

        def created(form: NewTournament | None) -> None:
            if form is None:
                return
            try:
                tid = self.app.workspace.create_event(event_from_form(form))
            except TournamentError as exc:
                self.notify(str(exc), severity="error", title=_("Not created"))
                return
            self.refresh_list()
            self.post_message(OpenTournament(tid).set_sender(self))

        self.app.push_screen(NewTournamentDialog(), created)

    def action_duplicate(self) -> None:
        if self.read_only():
            return
        tid = self.selected_id()
        if tid is None:
            return
        try:
            self.app.workspace.duplicate(tid)
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(_("Copied. The copy is at the top of the list."))
        self.refresh_list()

    def action_archive(self) -> None:
        if self.read_only():
            return
        tid = self.selected_id()
        if tid is None:
            return
        table = self.query_one("#tournaments", FittedTable)
        name = table.get_row(tid)[0]

        def decided(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.workspace.archive(tid)
            except TournamentError as exc:
                self.notify(str(exc), severity="error")
                return
            self.notify(_("{name} was archived.").format(name=name))
            self.refresh_list()

        self.app.push_screen(ConfirmDialog(
            _("Archive tournament"),
            _("Archive {name}? It leaves this list but its file and journal are kept.").format(name=name),
            yes=_("Archive")), decided)

    def action_delete(self) -> None:
        """Delete the selected tournament after a question (``Workspace.delete``: it goes to
        the trash of the data directory, kept for days; the chief arbiter's to do)."""
        from core.app.trash import KEEP_DAYS as TRASH_DAYS

        if self.read_only():
            return
        tid = self.selected_id()
        if tid is None:
            return
        name = self.query_one("#tournaments", FittedTable).get_row(tid)[0]

        def decided(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.workspace.delete(tid)
            except TournamentError as exc:
                self.notify(str(exc), severity="error", title=_("Not deleted"))
                return
            self.notify(_("{name} was deleted. It is kept in the trash for {days} days: hakem delete --restore {tid} "
                          "brings it back.").format(name=name, days=TRASH_DAYS, tid=tid), timeout=10)
            self.refresh_list()

        self.app.push_screen(ConfirmDialog(
            _("Delete tournament"),
            _("Delete {name}? It leaves the list for everyone. Its file, journal and round backups are kept in the "
              "trash for {days} days (hakem delete --list), then removed.").format(name=name, days=TRASH_DAYS),
            yes=_("Delete"), danger=True), decided)

    def action_import_trf(self) -> None:
        if self.read_only():
            return
        def chosen(path: str | None) -> None:
            if not path:
                return
            try:
                outcome = self.app.workspace.import_file(path)
            except TournamentError as exc:
                self.post_message(ShowMessage(_("Import failed"), str(exc)).set_sender(self))
                return
            self.refresh_list()
            self.post_message(OpenTournament(outcome.value).set_sender(self))
            if outcome.warnings:  # lines of the file kept or skipped
                self.post_message(ShowMessage(_("Warning"), "\n".join(outcome.warnings)).set_sender(self))

        self.app.push_screen(PromptDialog(
            _("Import a TRF file"),
            _("Path of a FIDE TRF file (TRF16 or TRF-2026). A new tournament is created from it."),
            placeholder="~/event.trf"), chosen)

    def action_series(self) -> None:
        """The club's series and their tables; new series, events added and taken out."""
        from tui.screens.series import SeriesScreen

        self.app.push_screen(SeriesScreen())

    def action_members(self) -> None:
        """The club's register of members and each member's events; the list managers add and edit."""
        from tui.screens.members import MembersDialog

        self.app.push_screen(MembersDialog(self.app.workspace))

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Series"), _("The season's series and their tables (e)"), self.action_series)
        yield SystemCommand(_("Members"), _("The club's register of members and their events (m)"), self.action_members)
        yield SystemCommand(_("Delete tournament"), _("The selected tournament to the trash, asked first (Del)"),
                            self.action_delete)

    def action_demo(self) -> None:
        if self.read_only():
            return
        try:
            tid = self.app.workspace.create_demo()
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        self.refresh_list()
        self.post_message(OpenTournament(tid).set_sender(self))
