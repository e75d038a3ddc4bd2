"""A series: the events of a season whose results add up to one table (a club's Grand Prix).

What is stored is the definition only — which events, how they score — never a result: the
table is computed from the events each time it is shown (:mod:`core.club.series_table`), so a
corrected result in an event changes the series at once and nothing can drift.

The settings, and why (the sources are in ``notes/series.md``):

- **scoring** ``places``: each event's final place earns the points of a table (default
  25-20-16-13-11-10-9-8-7-6-5-4-3-2-1, places after the table earn nothing); ``points``: the
  event's own points (game points, with the event's point system and adjustments).
- **place_by** ``points`` (default): players equal on points in an event share their places
  and split the points of those places evenly — FIDE's Women's Grand Prix, and the club Grand
  Prix rules read; the event's tie-breaks decide prizes in the event, not the season.
  ``standings``: the event's ranking with its tie-breaks, places shared only where it shares
  them.
- **best** N: only a member's best N results count (0: all); **minimum**: events a member must
  have played to be ranked (fewer: listed below the table, marked).
- **game**: ``chess`` or ``go``, fixed by the first event; a series never mixes the two (their
  points, their players' ids and their seasons are separate things).
- **organisers**: who may change the series (``user:NAME``, ``group:NAME``), its creator first.
- **page**: the folder of the data service's pages directory (``hakem serve --pages DIR``) the
  service keeps the series' page in, written again after every change of its events by anyone;
  **page_lang** the language it is written in.  Only a folder name is data: the place on the
  machine is the service's configuration (a directory stored in shared data would be chosen by
  whoever wrote last).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.i18n import _

SCORINGS = ("places", "points")
PLACE_RULES = ("points", "standings")
GAMES = ("chess", "go")
DEFAULT_TABLE: tuple[Fraction, ...] = tuple(Fraction(v) for v in (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1))
MAX_EVENTS = 200
"""Events one series may hold (a weekly club night over four seasons); a bound on what every
reader of the series computes."""
MAX_TABLE = 200
"""Places a points table may list."""
PAGE_FOLDER = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?")
"""A page's folder in the service's pages directory: one part of a web address, never a path
(no ``/``, no ``..``, no hidden name)."""


class SeriesError(TournamentError):
    """A series setting or change refused (unknown series, unknown event, a bad table …)."""


@dataclass(frozen=True)
class Series:
    """The definition of one series, as the club database keeps it."""

    name: str
    scoring: str = "places"
    table: tuple[Fraction, ...] = DEFAULT_TABLE
    best: int = 0
    """Results that count (the best ones); 0: every result."""
    minimum: int = 1
    """Events a person must have played to be ranked."""
    place_by: str = "points"
    game: str = ""
    """``chess`` or ``go`` once an event is in the series."""
    events: tuple[str, ...] = ()
    """Tournament ids, in the order they were added (the season's order)."""
    organisers: tuple[str, ...] = field(default_factory=tuple)
    page: str = ""
    """The folder of the data service's pages directory the service keeps the page in ("": none)."""
    page_lang: str = ""
    """The language of that page ("": English)."""

    def with_settings(self, **changes: Any) -> Series:
        """The series with ``changes`` (only the scoring settings), checked."""
        allowed = {"scoring", "table", "best", "minimum", "place_by"}
        unknown = sorted(set(changes) - allowed)
        if unknown:
            raise SeriesError(_("unknown series setting {name!r}").format(name=unknown[0]))
        after = check(replace(self, **changes))
        if "table" in changes and after.scoring == "points":
            raise SeriesError(_("--table gives points by place, but the series counts game points (--scoring points): "
                                "give --scoring places with a table"))
        return after


def parse_table(text: str) -> tuple[Fraction, ...]:
    """A points table as typed: ``25,20,16,13`` (commas, spaces or hyphens between the
    numbers; halves as ``7.5``).  Points never grow from one place to the next."""
    import re

    words = re.split(r"\s*[,-]\s*|\s+", text.strip()) if text.strip() else []
    if not words:
        raise SeriesError(_("a points table needs at least one number, e.g. 25,20,16,13"))
    values = []
    for place, word in enumerate(words, start=1):
        if not word:  # "10,8,6,,4": which place was meant to be left out is not for us to guess
            raise SeriesError(_("place {place} of the points table is empty (two separators in a row): {text!r}")
                              .format(place=place, text=text))
        try:
            value = Fraction(word)
        except (ValueError, ZeroDivisionError):
            raise SeriesError(_("{text!r} in the points table is not a number").format(text=word)) from None
        values.append(value)
    return check_table(values)


def check_table(values: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Why non-increasing: a later place earning more would reward losing the last game."""
    if not values or len(values) > MAX_TABLE:
        raise SeriesError(_("a points table has 1 to {limit} places").format(limit=MAX_TABLE))
    for n, value in enumerate(values, start=1):
        if value < 0 or value > 10_000 or value.denominator > 100:
            raise SeriesError(_("place {place}: {value} points is not a number of points from 0 to 10000").format(
                place=n, value=value))
        if n > 1 and value > values[n - 2]:
            raise SeriesError(_("place {place} earns more than place {previous}: a points table never grows").format(
                place=n, previous=n - 1))
    return tuple(values)


def check(series: Series) -> Series:
    """Every setting within its bounds (one refusal naming the setting)."""
    from core.fields import name

    if not series.name.strip():
        raise SeriesError(_("a series needs a name"))
    name(series.name)
    if series.scoring not in SCORINGS:
        raise SeriesError(_("unknown scoring {value!r}; use places or points").format(value=series.scoring))
    if series.place_by not in PLACE_RULES:
        raise SeriesError(_("unknown place rule {value!r}; use points or standings").format(value=series.place_by))
    if series.game not in ("", *GAMES):
        raise SeriesError(_("unknown game {value!r}; use chess or go").format(value=series.game))
    check_table(series.table)
    if not 0 <= series.best <= MAX_EVENTS:
        raise SeriesError(_("--best must be 0 (every result) to {limit}").format(limit=MAX_EVENTS))
    if not 1 <= series.minimum <= MAX_EVENTS:
        raise SeriesError(_("--minimum must be 1 to {limit} events").format(limit=MAX_EVENTS))
    if len(series.events) > MAX_EVENTS:
        raise SeriesError(_("a series holds at most {limit} events").format(limit=MAX_EVENTS))
    check_page_folder(series.page)
    return series


def check_page_folder(folder: str) -> str:
    """A page folder as :data:`PAGE_FOLDER` allows it ("" for none), else one line saying what is."""
    if folder and not PAGE_FOLDER.fullmatch(folder):
        raise SeriesError(_("{folder!r} is not a page folder: small letters a-z, digits and hyphens, at most 64, "
                            "e.g. rapid-gp").format(folder=folder))
    return folder


def to_document(series: Series) -> dict[str, Any]:
    """The series as a JSON document of the club database (points as exact strings)."""
    return {"name": series.name, "scoring": series.scoring, "table": [str(v) for v in series.table],
            "best": series.best, "minimum": series.minimum, "place_by": series.place_by,
            "game": series.game, "events": list(series.events), "organisers": list(series.organisers),
            **({"page": series.page, "page_lang": series.page_lang} if series.page else {})}


def from_document(doc: Mapping[str, Any]) -> Series:
    """A stored series read back by its types (a document edited elsewhere is refused naming
    the field, never half-read)."""

    def text(key: str, default: str = "") -> str:
        value = doc.get(key, default)
        if not isinstance(value, str):
            raise SeriesError(_("series document: {field} is not a text").format(field=key))
        return value

    def number(key: str, default: int) -> int:
        value = doc.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise SeriesError(_("series document: {field} is not a whole number").format(field=key))
        return value

    def texts(key: str) -> tuple[str, ...]:
        value = doc.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SeriesError(_("series document: {field} is not a list of texts").format(field=key))
        return tuple(value)

    try:
        table = tuple(Fraction(v) for v in texts("table")) or DEFAULT_TABLE
    except (ValueError, ZeroDivisionError):
        raise SeriesError(_("series document: {field} is not a list of numbers").format(field="table")) from None
    return check(Series(name=text("name"), scoring=text("scoring", "places"), table=table,
                        best=number("best", 0), minimum=number("minimum", 1),
                        place_by=text("place_by", "points"), game=text("game"), events=texts("events"),
                        organisers=texts("organisers"), page=text("page"), page_lang=text("page_lang")))


def game_of(system: str) -> str:
    """``go`` for the Go pairing systems, else ``chess``."""
    return "go" if system in ("gamma", "mcmahon") else "chess"


def format_table(table: Sequence[Fraction]) -> str:
    """``25-20-16-…`` as the rules and reports state it."""
    from core.i18n.format import format_value

    return "-".join(format_value(v) for v in table)
