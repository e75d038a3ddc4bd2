"""Provides the series screen: the club's series and the table of the one selected.

Reached from the tournaments list (``e``).  The table is the series report as every other
format draws it (:func:`core.reports.series.series_report`), computed by the workspace from the
events as they are now — in the data service when there is one; ``r`` computes it again.
Creating and changing series is the command line's (``hakem series``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from core.errors import TournamentError
from core.i18n import _, ngettext, pgettext
from tui.i18n import L_
from tui.widgets.tables import FittedTable, reset_table, selected_key, sync_table, text_col


class SeriesScreen(Screen[None]):
    """The series of the data directory; Enter shows the selected one's table."""

    DEFAULT_CSS = """
    SeriesScreen #series-list { height: auto; max-height: 8; }
    SeriesScreen #series-view { height: 1fr; }
    """

    BINDINGS = [
        Binding("escape,q", "close", L_("Back")),
        Binding("r", "refresh", L_("Refresh")),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(_("Series"), id="series-title", classes="screen-title")
        yield FittedTable(id="series-list", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="series-view"):
            yield Static(id="series-table", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = _("Series")
        reset_table(self.query_one("#series-list", DataTable), [
            text_col(pgettext("tournament", "Name"), "name"), (_("Events"), "events"), (_("Points"), "scoring")])
        self.action_refresh()
        if not getattr(self, "_following", False):  # once (redraw mounts again)
            self._following = True
            watch = getattr(self.app.workspace, "watch", None)
            if watch is not None:  # the data service pushes every change of every event: another organiser's result
                self._watch = watch("*", lambda _event: self.pushed())
            else:
                self.set_interval(2.0, self.action_refresh)

    def pushed(self) -> None:
        """A change of any event (or the list): the table again, on the UI's thread."""
        try:
            self.app.call_from_thread(self.action_refresh)
        except RuntimeError:
            pass  # the app has closed

    def on_unmount(self) -> None:
        watch = getattr(self, "_watch", None)
        if watch is not None:
            watch.close()

    def action_refresh(self) -> None:
        """The list again, and the table of the selected series."""
        try:
            found = self.app.workspace.series_list()
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        rows = [(s.name, str(len(s.events)), _("points by place") if s.scoring == "places" else pgettext("series", "game points"))
                for s in found]
        sync_table(self.query_one("#series-list", DataTable), [s.name for s in found], rows)
        if not found:
            self.query_one("#series-table", Static).update(
                _("No series yet: create one with 'hakem series new NAME'."))
            return
        self.show(selected_key(self.query_one("#series-list", DataTable)) or found[0].name)

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
        name = selected_key(self.query_one("#series-list", DataTable))
        if name is not None:
            self.show(name)

    async def redraw(self) -> None:
        """After a language switch: the same screen in the new language."""
        await self.recompose()
        self.on_mount()

    def action_close(self) -> None:
        self.app.pop_screen()
