"""What follows a saved change: refreshing the pages remembered for publishing.

Why in the application layer: the pages must follow every change that alters them, whichever
front end made it (they used to be refreshed after CLI changes only, never after results
typed in the TUI).  Round backups belong to the store (taken under its lock at every round
boundary, see ``Store.update``), so a backup can never be missed either.

A failure here is a warning, never an error: the change itself is saved.
"""

from __future__ import annotations


import functools
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament

if TYPE_CHECKING:
    from core.app.series import SeriesCases
    from core.club.series_table import SeriesTable


def pages_changed(before: Tournament, after: Tournament) -> bool:
    """Whether the published pages (pairings, results, standings, playoff timetables, the
    cup's bracket) differ after the change: a round was paired or unpaired, a result of a
    finished round or an earlier round changed, the last result of a round came in, or
    anything outside the rounds changed once a round is paired — players, settings, and the
    playoffs' and the cup's own state (a playoff created, its results, lots and bids, a flag
    that fell in an Armageddon), which players watch on the playoff's timetable game by game.
    Results of the round still being played are published when its last result arrives, not
    one by one (the pages follow the event round by round)."""
    if before.rounds == after.rounds:
        return before != after and bool(after.rounds)
    if len(before.rounds) != len(after.rounds):
        return True
    if after.rounds[-1].complete or before.rounds[-1].complete:
        return True
    return before.rounds[:-1] != after.rounds[:-1]


SeriesTables = Callable[[list[str]], list["SeriesTable"]]
"""The tables of the series named (the data service's client asks the service for them)."""

SeriesReader = Callable[[], "SeriesCases"]
"""A read-only view of the data directory's series (a Workspace), made when it is needed."""


def after_change(data_dir: str | os.PathLike[str], tid: str, before: Tournament, after: Tournament,
                 series: SeriesTables | None = None, pages: str | None = None,
                 reader: SeriesReader | None = None) -> list[str]:
    """Run the side effects of a saved change; returns warnings for the front end to show.

    The pages go to the directory this process remembers for the tournament
    (:mod:`core.app.publishing`), never to one named in the tournament's data; so do the
    pages of the series the tournament is in (``series``: how their tables are had; by
    default computed here from ``data_dir``).  ``pages``: the data service's pages directory
    (``hakem serve --pages``), where the service keeps the pages of the series that asked for
    it — after this change whoever made it.

    The event's pages follow it round by round (:func:`pages_changed`); a series' table counts
    every result of its events as it stands, an ordinary result of the round being played
    included, so the series' pages follow every change of the event."""
    if before == after:
        return []
    event = _event_pages(data_dir, tid, after) if pages_changed(before, after) else []
    return event + _series_pages(data_dir, tid, series, reader) + _kept_pages(tid, pages, reader)


def _kept_pages(tid: str, pages: str | None, reader: SeriesReader | None) -> list[str]:
    """The data service's pages of the series holding ``tid`` (:meth:`SeriesCases.keep_series_page`)."""
    if pages is None or reader is None:
        return []
    from core.app.series import kept_pages, refresh_pages

    try:
        workspace = reader()
        found = kept_pages(workspace, tid)
    except (OSError, TournamentError) as error:
        return [_("the series pages were not published: {error}").format(error=error)]
    return refresh_pages(workspace, pages, found) if found else []


def _series_pages(data_dir: str | os.PathLike[str], tid: str, series: SeriesTables | None,
                  reader: SeriesReader | None) -> list[str]:
    """Publish again the remembered series that hold ``tid``."""
    from core.app import publishing

    places = publishing.remembered_series(data_dir)
    if not places:
        return []
    from core.reports.series import publish_series

    if series is None:
        if reader is None:
            return []
        from core.app.series import local_tables

        series = functools.partial(local_tables, reader())
    warnings = []
    try:
        tables = series(sorted(places))
    except (OSError, TournamentError) as error:
        return [_("the series pages were not published: {error}").format(error=error)]
    for table in tables:
        if tid in table.series.events:
            try:
                publish_series(table, places[table.series.name],
                               lang=publishing.remembered_language(data_dir, table.series.name, "series"))
            except (OSError, TournamentError) as error:
                warnings.append(_("the pages of series {name!r} were not published: {error}").format(
                    name=table.series.name, error=error))
    return warnings


def _event_pages(data_dir: str | os.PathLike[str], tid: str, after: Tournament) -> list[str]:
    from core.app import publishing

    directory = publishing.remembered(data_dir, tid)
    legacy = after.options.get(publishing.LEGACY_OPTION)
    if directory is None:
        if legacy and publishing.first_notice(data_dir, tid):
            # the stored place is not repeated: a member who planted it would get it suggested as a command
            return [_("the tournament's data names a publish directory, which is ignored (places on this machine "
                      "are never taken from tournament data), so nothing was published. To publish after every "
                      "round, choose a folder of your own: hakem publish {tid} DIRECTORY --remember").format(tid=tid)]
        return []
    from core.app.report_language import report_language
    from core.i18n import speaking
    from core.reports.export import publish

    try:
        # the event's pages (or in the language chosen with --lang when they were remembered),
        # whoever's screen made the change and in whatever language
        with speaking(report_language(after, publishing.remembered_language(data_dir, tid))):
            publish(after, directory)
    except (OSError, TournamentError) as error:
        return [_("the pages were not published: {error}").format(error=error)]
    return []
