"""The series table as a report document: every renderer (text, CSV, JSON, HTML, PDF) draws it.

One page: the ranked members (one column per event, results that did not count in
brackets), the members not qualified yet below them, the players no event identifies, the
events, and the rules — scoring, best N of M, minimum, tie-break order — stated in the notes,
so a printed table explains itself.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.club.series import format_table
from core.club.series_table import EventResult, Row, SeriesTable, criteria_labels, criteria_words
from core.i18n import _, ngettext
from core.reports.document import Column, Marked, Points, Report, Table, Term


def _cell(result: EventResult | None) -> object:
    return None if result is None else Marked(Points(result.points), cut=not result.counted)


def _id_cells(row: Row) -> list[str]:
    """The member number, or the FIDE id (EGD pin) of a player the series follows by it."""
    kind, value = row.key
    return {"member": [value, ""], "removed": ["", ""]}.get(kind, ["", value])


def _columns(table: SeriesTable) -> list[Column]:
    events = [Column(f"event{n}", f"{n}", "r") for n in range(1, len(table.events) + 1)]
    return [Column("rank", _("Rank"), "r"), Column("name", _("Name"), flex=True),
            Column("member", _("Member"), "r", optional=True), Column("fide_id", _("FIDE id or EGD pin"), "r", optional=True),
            *events,
            Column("played", _("Events"), "r"), Column("points", _("Pts"), "r"),
            Column("decided_by", _("Tie decided by"), optional=True)]


def _line(row: Row, rank: object, words: dict[str, str]) -> list[object]:
    decided = Term(row.decided_by, words[row.decided_by]) if row.decided_by else None
    return [rank, row.name, *_id_cells(row), *map(_cell, row.results), row.played, Points(row.total), decided]


def series_report(table: SeriesTable) -> Report:
    """The series table (``table`` from :func:`core.club.series_table.compute`)."""
    series = table.series
    words = criteria_words()
    ranked = Table(_columns(table))
    waiting = Table(_columns(table), title=ngettext(
        "Not qualified: fewer than {count} event played", "Not qualified: fewer than {count} events played",
        series.minimum).format(count=series.minimum))
    for row in table.rows:
        if row.rank is None:
            waiting.rows.append(_line(row, "-", words))
        else:
            ranked.rows.append(_line(row, f"{row.rank}=" if row.shared else row.rank, words))
    tables = [ranked] + ([waiting] if waiting.rows else [])
    if table.unidentified:
        apart = Table([Column("event", _("Event"), "r"), Column("name", _("Name"), flex=True),
                       Column("place", _("Place"), "r"), Column("points", _("Pts"), "r")],
                      title=_("Not in the register (no member number, FIDE id or EGD pin): not ranked"))
        for u in table.unidentified:
            apart.rows.append([u.event + 1, u.name, _place(u.result), Points(u.result.points)])
        tables.append(apart)
    tables.append(_events_table(table))
    return Report("series", series.name, _subtitle(table), tables, _rules(table) + list(table.warnings))


def _place(result: EventResult) -> str:
    if result.shared == 1:
        return str(result.place)
    return f"{result.place}-{result.place + result.shared - 1}"


def _events_table(table: SeriesTable) -> Table:
    out = Table([Column("no", _("No."), "r"), Column("event", _("Event"), flex=True),
                 Column("date", _("Date"), optional=True), Column("rounds", _("Rounds"), "r"),
                 Column("players", _("Players"), "r"), Column("id", _("Id"))], title=_("Events"))
    for n, e in enumerate(table.events, start=1):
        if e.problem:
            out.rows.append([n, _("cannot be read: {problem}").format(problem=e.problem), "", "", "", e.id])
            continue
        out.rows.append([n, e.name, e.date, f"{e.rounds_played}/{e.rounds}", e.players, e.id])
    return out


def _subtitle(table: SeriesTable) -> list[str]:
    series = table.series
    count = len(table.events)
    if series.scoring == "places":
        scoring = _("Points by place: {table}").format(table=format_table(series.table))
    else:
        scoring = _("Points: the game points of each event")
    best = (_("best {best} of {count} events count").format(best=series.best, count=count)
            if series.best and series.best < count else
            ngettext("every result counts ({count} event)", "every result counts ({count} events)", count)
            .format(count=count))
    return [scoring, best]


def _rules(table: SeriesTable) -> list[str]:
    """The rules the table was computed by, in words."""
    series = table.series
    notes = []
    if series.scoring == "places":
        notes.append(_("Players equal on points in an event share their places and split the points of those places.")
                     if series.place_by == "points" else
                     _("Places are the event's standings with its tie-breaks; shared places split their points."))
    notes.append(ngettext("Ranked: members who played at least {count} event.",
                          "Ranked: members who played at least {count} events.", series.minimum)
                 .format(count=series.minimum))
    notes.append(_("Equal series points: {order}; then the place is shared.").format(
        order="; ".join(f"{n}. {label}" for n, label in enumerate(criteria_labels().values(), start=1))))
    notes.append(_("Results in brackets did not count. A member is identified by the register's member number, "
                   "else by the FIDE id or the EGD pin."))
    return notes


def series_pages(table: SeriesTable, lang: str | None = None) -> dict[str, str]:
    """The series' web page set (file names fixed here, never taken from the data); ``lang``:
    the page's language (its words and ``<html lang>``), else the session's."""
    from core.i18n import speaking
    from core.reports.render import to_html

    if lang is None:
        return {"index.html": to_html(series_report(table))}
    with speaking(lang) as code:
        return {"index.html": to_html(series_report(table), lang=code)}


def publish_series(table: SeriesTable, directory: str | os.PathLike[str], force: bool = False,
                   lang: str | None = None) -> list[Path]:
    """Write the series' pages into ``directory`` with the events' page writer
    (:func:`core.reports.export.write_pages`: atomic, no link followed, nobody's page replaced
    without ``force``), in ``lang`` (else the session's language)."""
    from core.reports.export import write_pages

    return write_pages(series_pages(table, lang), directory, force)
