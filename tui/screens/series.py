"""Provides the series screen: the club's series and the table of the one selected.

Reached from the tournaments list (``e``).  The table is the series report as every other
format draws it (:func:`core.reports.series.series_report`), computed by the workspace from the
events as they are now — in the data service when there is one; ``r`` computes it again.
``n`` creates a series (:class:`SeriesForm`), ``a`` adds an event to the selected one and
``Del`` takes one out (:class:`EventChooser`) — the use cases of ``hakem series new|add|remove``
with their rules (anyone uncapped creates; the series' organisers change it; an event is added
by its arbiters), so a refusal here is the command line's, word for word.  Scoring settings,
organisers and publishing stay with ``hakem series set|publish``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, DataTable, Header, Input, Label, Select, Static

from core.errors import TournamentError
from core.i18n import _, ngettext, pgettext
from core.safe_text import field_safe
from tui.i18n import L_
from tui.widgets.fields import FormField, TextField
from tui.widgets.footer import KeyFooter
from tui.widgets.forms import FormDialog, FormGrid
from tui.hooks import ScreenHooks
from tui.widgets.pane import CommandKeys
from tui.widgets.tables import FittedTable, move_to_key, reset_table, selected_key, sync_table, text_col

if TYPE_CHECKING:
    from core.app.base import Watcher


class SeriesScreen(CommandKeys, ScreenHooks, Screen[None]):
    """The series of the data directory; Enter shows the selected one's table."""

    CHANGES = frozenset({"new", "add_event", "remove_event"})

    DEFAULT_CSS = """
    SeriesScreen #series-list { height: auto; max-height: 8; }
    SeriesScreen #series-view { height: 1fr; }
    """

    BINDINGS = [
        Binding("escape,q", "close", L_("Back")),
        Binding("n", "new", L_("New series")),
        Binding("a", "add_event", L_("Add event")),
        Binding("delete", "remove_event", L_("Remove event")),
        Binding("r", "refresh", L_("Refresh"), show=False),  # it follows every change by itself
    ]

    _following = False
    """The screen follows every change already (set up once: a redraw mounts again)."""
    _watch: Watcher | None = None
    """The data service's pushes this screen follows (None: a timer polls instead)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("Series"), id="series-title", classes="screen-title")
        yield FittedTable(id="series-list", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="series-view"):
            yield Static(id="series-table", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = _("Series")
        reset_table(self.query_one("#series-list", FittedTable), [
            text_col(pgettext("tournament", "Name"), "name"), (_("Events"), "events"), (_("Points"), "scoring")])
        self.action_refresh()
        if not self._following:  # once (redraw mounts again)
            self._following = True
            # the data service pushes every change of every event: another organiser's result
            self._watch = self.app.workspace.watch("*", lambda _event: self.pushed())
            if self._watch is None:  # in-process: nothing pushes
                self.set_interval(2.0, self.action_refresh)

    def pushed(self) -> None:
        """A change of any event (or the list): the table again, on the UI's thread."""
        try:
            self.app.call_from_thread(self.action_refresh)
        except RuntimeError:
            pass  # the app has closed

    def on_unmount(self) -> None:
        if self._watch is not None:
            self._watch.close()

    def action_refresh(self) -> None:
        """The list again, and the table of the selected series."""
        try:
            found = self.app.workspace.series_list()
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        rows = [(s.name, str(len(s.events)), _("points by place") if s.scoring == "places" else pgettext("series", "game points"))
                for s in found]
        sync_table(self.query_one("#series-list", FittedTable), [s.name for s in found], rows)
        if not found:
            self.query_one("#series-table", Static).update(
                _("No series yet: create one with 'hakem series new NAME'."))
            return
        self.show(selected_key(self.query_one("#series-list", FittedTable)) or found[0].name)

    def show(self, name: str) -> None:
        from core.reports.render import to_text
        from core.reports.series import series_report

        try:
            table = self.app.workspace.series_table(name)
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        width = max(60, self.size.width - 4)
        self.query_one("#series-table", Static).update(to_text(series_report(table), width))
        self.sub_title = ngettext("{name}: {count} event", "{name}: {count} events", len(table.events)).format(
            name=name, count=len(table.events))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        name = selected_key(self.query_one("#series-list", FittedTable))
        if name is not None:
            self.show(name)

    async def redraw(self) -> None:
        """After a language switch: the same screen in the new language."""
        await self.recompose()
        self.on_mount()

    def action_new(self) -> None:
        self.app.push_screen(SeriesForm(self.app.workspace), self._made)

    def _made(self, name: str | None) -> None:
        if name is not None:
            self.action_refresh()
            sync_cursor(self.query_one("#series-list", FittedTable), name)
            self.show(name)

    def action_add_event(self) -> None:
        """Choose an event of the data directory that the selected series does not hold yet."""
        series = self._selected()
        if series is None:
            return
        try:
            events = [(t.id, t.name) for t in self.app.workspace.list() if t.id not in series.events]
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.push_screen(EventChooser(self.app.workspace, series.name, events, adding=True), self._made)

    def action_remove_event(self) -> None:
        """Choose one of the selected series' events to take out (the event is not touched)."""
        series = self._selected()
        if series is None:
            return
        try:
            names = {t.id: t.name for t in self.app.workspace.list(include_archived=True)}
        except TournamentError:
            names = {}
        events = [(tid, names.get(tid, tid)) for tid in series.events]
        self.app.push_screen(EventChooser(self.app.workspace, series.name, events, adding=False), self._made)

    def _selected(self) -> Any:
        """The series under the cursor (its definition now), or None with a word why."""
        name = selected_key(self.query_one("#series-list", FittedTable))
        if name is None:
            self.notify(_("No series yet: create one with n."), severity="warning")
            return None
        try:
            return self.app.workspace.series_definition(name)
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return None

    def action_close(self) -> None:
        self.app.pop_screen()


def sync_cursor(table: FittedTable, key: str) -> None:
    """Put the cursor on the row of ``key`` (a series just made or changed)."""
    move_to_key(table, key)


class SeriesForm(FormDialog["str | None"]):
    """A new series: name, scoring, points table, best N, minimum, place rule, other
    organisers — ``hakem series new``'s options, checked by the same use case (``create_series``);
    returns the name saved, or None."""

    def __init__(self, workspace: Any) -> None:
        super().__init__()
        self.workspace = workspace

    def compose(self) -> ComposeResult:
        from core.club.series import format_table

        with Vertical(classes="dialog-box wide"):
            yield Label(_("New series"), classes="dialog-title")
            with FormGrid(classes="form-grid"):
                yield Label(pgettext("tournament", "Name"))
                yield TextField(id="s-name", compact=True)
                yield Label(_("Points"))
                yield Select([(_("points by place"), "places"), (pgettext("series", "game points"), "points")],
                             value="places", allow_blank=False, id="s-scoring", compact=True)
                yield Label(_("Points by place"))
                # defaults the organiser did not type: the first key replaces them (FormField)
                yield FormField(format_table(_default_table()), id="s-table", compact=True)
                yield Label(_("Best results that count (0: all)"))
                yield FormField("0", id="s-best", compact=True)
                yield Label(_("Events to be ranked"))
                yield FormField("1", id="s-minimum", compact=True)
                yield Label(_("Place in an event"))
                yield Select([(_("by points, equal points sharing"), "points"),
                              (_("by the event's standings"), "standings")],
                             value="points", allow_blank=False, id="s-place-by", compact=True)
                yield Label(_("Other organisers"))
                yield TextField(id="s-organisers", placeholder="user:NAME,group:NAME", compact=True)
            yield from self.buttons()

    def on_mount(self) -> None:
        self.query_one("#s-name", Input).focus()

    def series(self) -> Any:
        """The series as typed (the settings checked as ``hakem series new`` checks them)."""
        from core.club.series import Series, parse_table

        def text(key: str) -> str:
            return self.query_one(f"#s-{key}", Input).value.strip()

        def whole(key: str, label: str) -> int:
            if not text(key).isdigit():
                raise TournamentError(_("{field}: a whole number, please").format(field=label))
            return int(text(key))

        scoring = str(self.query_one("#s-scoring", Select).value)
        settings: dict[str, Any] = {"scoring": scoring, "best": whole("best", _("Best results that count (0: all)")),
                                    "minimum": whole("minimum", _("Events to be ranked")),
                                    "place_by": str(self.query_one("#s-place-by", Select).value)}
        if scoring == "places":  # a table with game points is refused: it would never be used
            settings["table"] = parse_table(text("table"))
        organisers = tuple(w.strip() for w in text("organisers").split(",") if w.strip())
        return Series(text("name"), organisers=organisers).with_settings(**settings)

    def action_save(self) -> None:
        try:
            made = self.workspace.create_series(self.series())
        except TournamentError as exc:
            self.refuse(str(exc))
            return
        self.dismiss(made.name)


def _default_table() -> Any:
    from core.club.series import DEFAULT_TABLE

    return DEFAULT_TABLE


class EventChooser(ModalScreen["str | None"]):
    """Choose an event to add to series ``name`` (``adding``; ``add_series_events``) or to take
    out of it (``remove_series_event``); Enter does it, a refusal is shown and the dialog stays.
    Returns the series' name once changed."""

    BINDINGS = [Binding("enter", "choose", L_("Choose"), priority=True),
                Binding("escape", "cancel", L_("Cancel"))]

    def __init__(self, workspace: Any, name: str, events: list[tuple[str, str]], adding: bool) -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.series_name = name
        self.choices = events
        self.adding = adding

    def compose(self) -> ComposeResult:
        title = (_("Add an event to series {name!r}") if self.adding else
                 _("Take an event out of series {name!r}")).format(name=self.series_name)
        with Vertical(classes="dialog-box wide"):
            yield Label(field_safe(title), classes="dialog-title")
            yield FittedTable(id="chooser-events", cursor_type="row", zebra_stripes=True)
            if self.adding:
                yield Checkbox(_("Allow another time control (standard, rapid, blitz)"), id="chooser-mixed")
            yield Static(_("Up/Down: choose · Enter: add · Esc: close") if self.adding else
                         _("Up/Down: choose · Enter: take out · Esc: close"), id="chooser-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#chooser-events", FittedTable)
        reset_table(table, [text_col(_("Tournament"), "name"), (_("Id"), "id")])
        sync_table(table, [tid for tid, _name in self.choices], [(title, tid) for tid, title in self.choices])
        if not self.choices:
            self.query_one("#chooser-hint", Static).update(
                _("No event to add: every event is in the series already.") if self.adding else
                _("The series holds no event."))
        table.focus()

    def action_choose(self) -> None:
        tid = selected_key(self.query_one("#chooser-events", FittedTable))
        if tid is None:
            return
        try:
            if self.adding:
                mixed = self.query_one("#chooser-mixed", Checkbox).value
                self.workspace.add_series_events(self.series_name, [tid], mixed_time=mixed)
            else:
                self.workspace.remove_series_event(self.series_name, tid)
        except TournamentError as exc:
            self.query_one("#chooser-hint", Static).update(field_safe(str(exc)))
            return
        self.dismiss(self.series_name)

    def action_cancel(self) -> None:
        self.dismiss(None)
