"""National rating lists as CSV, read through a column mapping.

A mapping says which column holds which field.  Two presets come with hakem:

* ``dsb`` — the German federation's DWZ list export (``spieler.csv``: ``ID, VKZ, Mgl-Nr,
  Status, Spielername, Geschlecht, Spielberechtigung, Geburtsjahr, Letzte-Auswertung, DWZ,
  Index, FIDE-Elo, FIDE-Titel, FIDE-ID, FIDE-Land``; older exports call the club code ``ZPS``
  and have no ``ID``).  The national id is the club code and the membership number,
  ``C0327-1086``, as the DSB writes it: a membership number alone is unique only within its
  club (56,037 players share 1,200 of them), so the club code is required, never optional.
  ``Spielername`` is ``Surname,Firstname``; status ``P`` (passive) is inactive.
* ``tsf`` — the Turkish federation's list (``ID_no, first name, surname, Sex, Birthday,
  Rtg_Nat``; a ``Fide_ID`` column is used when present).

Any other list: ``--map national_id=Nr,name=Name,national_rating=Rating,...`` (fields of
:class:`~core.ratinglists.entry.ListEntry`; ``surname=`` and ``first_name=`` build the name;
several columns joined by ``+`` form one value with ``-`` between, as the DSB id).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from core.errors import RatingListError
from core.i18n import _
from core.model import TITLES
from core.ratinglists.entry import ENTRY_FIELDS, ListEntry
from core.ratinglists.formats.source import Line, refuse_cut_line

_NUMBERS = ("standard", "rapid", "blitz", "national_rating", "go_rating")
_NAME_PARTS = ("surname", "first_name")
_YEAR = re.compile(r"(\d{4})")
_SEX = {"m": "m", "e": "m", "w": "w", "f": "w", "k": "w"}
"""Sex letters of the lists: m/e (erkek) male; w/f/k (kadın) female."""


@dataclass(frozen=True)
class CsvLayout:
    """Which column feeds which entry field; ``inactive_when`` maps a column to its values."""

    columns: Mapping[str, tuple[str, ...]]
    federation: str = ""
    """Federation of every player when the list has no column for it (national lists)."""
    inactive_when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    fallback_encoding: str = "cp1252"
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Other names a column goes by in other editions of the same list (DSB: ZPS = VKZ)."""
    ends_with_newline: bool = False
    """The publisher ends every line, the last one too (the DSB's and the TSF's exports): a
    last line without its end is a download cut short.  A hand-made CSV may lack it."""


PRESETS: dict[str, CsvLayout] = {
    "dsb": CsvLayout(
        columns={"national_id": ("ZPS", "Mgl-Nr"), "name": ("Spielername",), "sex": ("Geschlecht",),
                 "birth_year": ("Geburtsjahr",), "national_rating": ("DWZ",),
                 "standard": ("FIDE-Elo",), "title": ("FIDE-Titel",), "fide_id": ("FIDE-ID",),
                 "federation": ("FIDE-Land",), "club": ("ZPS",)},
        federation="GER", inactive_when={"Status": ("P",)}, aliases={"ZPS": ("VKZ",)},
        ends_with_newline=True),
    "tsf": CsvLayout(
        columns={"national_id": ("ID_no",), "first_name": ("first name",), "surname": ("surname",),
                 "sex": ("Sex",), "birth_year": ("Birthday",), "national_rating": ("Rtg_Nat",),
                 "fide_id": ("Fide_ID",)},
        federation="TUR", fallback_encoding="cp1254", ends_with_newline=True),
}


def parse_mapping(text: str) -> CsvLayout:
    """``field=Column,field=ColA+ColB`` as a layout; unknown fields are refused by name."""
    columns: dict[str, tuple[str, ...]] = {}
    allowed = set(ENTRY_FIELDS) | set(_NAME_PARTS)
    for item in (part.strip() for part in text.split(",") if part.strip()):
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not value.strip():
            raise RatingListError(_("--map {item!r}: write field=Column").format(item=item))
        if key not in allowed:
            raise RatingListError(_("--map: unknown field {field!r}; use {fields}")
                                  .format(field=key, fields=", ".join(sorted(allowed))))
        columns[key] = tuple(c.strip() for c in value.split("+"))
    return CsvLayout(columns=_name_columns(columns))


def _name_columns(columns: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The name's columns as the reader takes them: ``name`` alone (``Surname, First`` in one
    column), or ``surname`` + ``first_name`` joined ``Surname, First``.  ``name`` beside
    ``first_name`` is the surname (the issue's ``name=Name,first_name=Vorname`` used to drop
    the first name silently); ``surname`` alone is the whole name."""
    parts = {key: columns.pop(key) for key in ("name", *_NAME_PARTS) if key in columns}
    if "name" in parts and "surname" in parts:
        raise RatingListError(_("--map: give either name=Column or surname=Column,first_name=Column, "
                                "not name and surname"))
    surname = parts.get("surname") or parts.get("name")
    if surname is None:
        raise RatingListError(_("--map must name the column of the name: name=Column, or "
                                "surname=Column,first_name=Column"))
    if "first_name" in parts:
        return {**columns, "surname": surname, "first_name": parts["first_name"]}
    return {**columns, "name": surname}


_OPTIONAL = frozenset({"fide_id", "club", "federation", "title", "standard"})
"""Fields a list may lack (a national list without FIDE data); every other mapped column must
be in the header — a column that also feeds an optional field is still required."""


def _header_index(header: list[str], layout: CsvLayout, path: str) -> dict[str, int]:
    positions = {name.strip().lower(): i for i, name in enumerate(header)}
    index: dict[str, int] = {}
    wanted = {c for cols in layout.columns.values() for c in cols} | set(layout.inactive_when)
    missing = []
    for column in sorted(wanted):
        found = next((positions[n.lower()] for n in (column, *layout.aliases.get(column, ()))
                      if n.lower() in positions), None)
        if found is not None:
            index[column] = found
        elif any(column in cols for f, cols in layout.columns.items() if f not in _OPTIONAL):
            missing.append(column)
    if missing:
        raise RatingListError(_("{path}, line 1: column(s) {missing} not found (the header has: {header})")
                              .format(path=path, missing=", ".join(missing), header=", ".join(header)))
    return index


def unused_columns(header: list[str], layout: CsvLayout) -> list[str]:
    """The header's columns the layout does not read (named to the organiser on import)."""
    used = {n.lower() for cols in layout.columns.values() for c in cols
            for n in (c, *layout.aliases.get(c, ()))} | {c.lower() for c in layout.inactive_when}
    return [name for name in header if name.strip() and name.strip().lower() not in used]


def _value(row: list[str], columns: tuple[str, ...], index: Mapping[str, int]) -> str:
    parts = [row[index[c]].strip() for c in columns if c in index and index[c] < len(row)]
    return "-".join(p for p in parts if p)


def _name(row: list[str], layout: CsvLayout, index: Mapping[str, int]) -> str:
    if "name" in layout.columns:
        raw = _value(row, layout.columns["name"], index)
        surname, comma, first = raw.partition(",")
        return f"{surname.strip()}, {first.strip()}" if comma and first.strip() else raw.strip()
    surname = _value(row, layout.columns["surname"], index)
    first = _value(row, layout.columns["first_name"], index)
    return f"{surname}, {first}" if first else surname


def _number_label(key: str) -> str:
    return {"standard": _("standard rating"), "rapid": _("rapid rating"), "blitz": _("blitz rating"),
            "national_rating": _("national rating"), "go_rating": _("GoR")}[key]


def _number(text: str, what: str, path: str, line: int) -> int:
    text = text.strip()
    if not text or text == "-":
        return 0
    if not (text.isascii() and text.isdigit() and len(text) <= 9):  # int() refuses 4,301 digits
        raise RatingListError(_("{path}, line {line}: {what} {value!r} is not a number")
                              .format(path=path, line=line, what=what, value=text))
    return int(text)


def _entry(row: list[str], layout: CsvLayout, index: Mapping[str, int], path: str, line: int) -> ListEntry:
    def get(key: str) -> str:
        return _value(row, layout.columns[key], index) if key in layout.columns else ""

    name = _name(row, layout, index)
    if not name:
        raise RatingListError(_("{path}, line {line}: the name is empty").format(path=path, line=line))
    year = _YEAR.search(get("birth_year"))
    title = get("title").upper()
    inactive = any(row[index[c]].strip() in values for c, values in layout.inactive_when.items()
                   if c in index and index[c] < len(row))
    numbers = {key: _number(get(key), _number_label(key), path, line) for key in _NUMBERS}
    fide_id = get("fide_id")
    return ListEntry(
        name=name, fide_id="" if fide_id in ("", "0") else fide_id, national_id=get("national_id"),
        federation=(get("federation") or layout.federation).upper(),
        sex=_SEX.get(get("sex")[:1].lower(), ""), title=title if title in TITLES else "",
        birth_year=year.group(1) if year else "", club=get("club"), inactive=inactive,
        standard=numbers["standard"], rapid=numbers["rapid"], blitz=numbers["blitz"],
        national_rating=numbers["national_rating"], go_rating=numbers["go_rating"])


def split_header(text: str, path: str = "") -> tuple[str, list[str]]:
    """The delimiter (``,`` ``;`` or tab: the most frequent in the header) and the columns."""
    counts = {d: text.count(d) for d in (",", ";", "\t")}
    delimiter = max(counts, key=lambda d: counts[d])
    return delimiter, next(_rows(iter([Line(1, text)]), delimiter, path), (1, []))[1]


def read(lines: Iterable[Line], path: str, layout: CsvLayout) -> Iterator[ListEntry]:
    """Entries of a CSV list; the delimiter (``,`` ``;`` or tab) is taken from the header."""
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        raise RatingListError(_("{path}: the list is empty").format(path=path))
    delimiter, header = split_header(first.text, path)
    index = _header_index(header, layout, path)
    needed = max(index.values(), default=0) + 1
    for number, row in _rows(iterator, delimiter, path, layout.ends_with_newline):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < needed:
            raise RatingListError(_("{path}, line {line}: {count} column(s), but the list's columns reach "
                                    "to column {needed} (a line cut short?)")
                                  .format(path=path, line=number, count=len(row), needed=needed))
        yield _entry(row, layout, index, path, number)


def _rows(lines: Iterator[Line], delimiter: str, path: str,
          ends_with_newline: bool = False) -> Iterator[tuple[int, list[str]]]:
    """(line number, row) of ``lines``; Python's own limits (a field over 131,072
    characters, a bad quote, a quoted field still open at the end of the file) become a
    message naming the line, never a traceback."""
    last = [0]

    def texts() -> Iterator[str]:
        for line in lines:
            last[0] = line.number
            if ends_with_newline:
                refuse_cut_line(line, path)
            yield line.text

    rows = csv.reader(texts(), delimiter=delimiter, strict=True)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except csv.Error as error:
            reason = (_("a quoted field is still open at the end of the file (a download cut short?)")
                      if "unexpected end of data" in str(error) else str(error))
            raise RatingListError(_("{path}, line {line}: unreadable CSV ({error})")
                                  .format(path=path, line=last[0], error=reason)) from error
        yield last[0], row
