"""Player lists from CSV (what clubs keep in spreadsheets): header-named columns, any of
comma, semicolon or tab as separator; every bad row is reported with its line number and
nothing is imported unless the whole file is good.

Every column is accounted for: a surname column and a first-name column are joined as
``Surname, First`` (a club's ``Name;Vorname;Verein;DWZ;Geburtsjahr`` keeps both names and
the birth year), and the columns hakem does not read are named in a warning rather than
dropped without a word."""

from __future__ import annotations

from core.i18n import _

import csv
import io
from typing import Any

from core.errors import Problem, ValidationError
from core.fields import FieldError, person_name

_FIELD_NAMES: dict[str, tuple[str, ...]] = {
    # the names clubs give their columns, in en / tr / de / ru (lower case; a trailing dot and
    # case do not matter, see _cell_name); hakem's own table headers are added from the catalogs
    "name": ("name", "player", "player name", "spieler", "spielername", "teilnehmer", "isim", "ad soyad",
             "adı soyadı", "oyuncu", "sporcu", "имя", "фамилия, имя", "фио", "участник", "игрок"),
    "rating": ("rating", "elo", "fide rating", "fide elo", "fide-elo", "rtg", "elo fide", "elo-zahl", "wertungszahl",
               "wertzahl", "kuvvet puanı", "elo puanı", "рейтинг", "рейтинг фиде", "эло"),
    "national_rating": ("national rating", "ukd", "dwz", "ulusal rating", "nationale wertung",
                        "национальный рейтинг", "рейтинг фшр"),
    "title": ("title", "tit", "fide title", "unvan", "ünvan", "titel", "звание", "титул"),
    "federation": ("federation", "fed", "country", "nation", "nat", "föderation", "foederation", "verband", "verb",
                   "land", "nationalität", "federasyon", "ülke", "федерация", "фед", "страна"),
    "fide_id": ("fide id", "fide_id", "fideid", "fide-id", "fide no", "fide nr", "fide-nr", "fide number",
                "fide code", "id fide", "ид фиде", "код фиде", "фиде id", "fide kimlik no"),
    "national_id": ("national id", "national_id", "ulusal no", "ukd no", "nationale id", "национальный id",
                    "id фшр"),
    "club": ("club", "kulüp", "kulup", "kulübü", "verein", "klub", "клуб"),
    "birth": ("birth", "born", "birth date", "date of birth", "birthday", "birth year", "year of birth", "dob",
              "geburtsdatum", "geburtsjahr", "geb", "jahrgang", "doğum", "doğum tarihi", "doğum yılı",
              "год рождения", "год рожд", "дата рождения", "дата рожд", "г.р"),
    "sex": ("sex", "gender", "geschlecht", "cinsiyet", "пол"),
    "go_rank": ("rank", "go rank"),
    "go_rating": ("go rating",),
    "surname": ("surname", "last name", "lastname", "family name", "nachname", "familienname", "soyad",
                "soyadı", "фамилия"),
    "first_name": ("first name", "firstname", "given name", "vorname", "ad", "adı"),  # имя: see _aliases
}
_OWN_HEADERS = {"name": "Name", "rating": "Rating", "title": "Title", "federation": ("Fed", "Federation", "Country"),
                "club": "Club", "birth": "Birth", "fide_id": "FIDE id", "national_id": "National id"}
"""hakem's own column headers (players table, exports): a list saved from hakem in any
language reads back (issue 29: ``Verband``, ``Звание``, ``Федерация`` were not read)."""


def _cell_name(cell: str) -> str:
    """A header cell as looked up: lower case, spaces collapsed, no trailing dot (``Verb.``)."""
    return " ".join(cell.lower().replace("\u0307", "").split()).rstrip(".")  # "İsim".lower() is "i̇sim"


_aliases_cache: dict[str, str] = {}


def _aliases() -> dict[str, str]:
    """Header name → field: the common names and hakem's own headers in every language (built
    once, on the first import: the catalogs are read only then)."""
    if not _aliases_cache:
        from core.i18n import LANGUAGES, speaking

        table = {_cell_name(name): field for field, names in _FIELD_NAMES.items() for name in names}
        for lang in LANGUAGES:
            with speaking(lang):
                for field, labels in _OWN_HEADERS.items():
                    for label in (labels,) if isinstance(labels, str) else labels:
                        table.setdefault(_cell_name(_(label)), field)
        table["имя"] = "name"  # the whole name in a one-name-column file; the first name beside Фамилия
        _aliases_cache.update(table)
    return _aliases_cache


_CONTACT_ALIASES = {
    "e-mail": "email", "email": "email", "mail": "email", "e-posta": "email", "эл. почта": "email",
    "phone": "phone", "telephone": "phone", "telefon": "phone", "телефон": "phone",
}
"""Columns of a club's members file that no event reads (the register's contact data)."""
_FIRST_NAME_ALONE = {"имя": "first_name"}
"""``Имя`` is the whole name in a one-name-column file, the first name beside ``Фамилия``."""


class ImportedRows(list[dict[str, Any]]):
    """The rows of an import (``add_player`` keywords) and what the organiser must be told
    about the file: the columns that were not read, each row's line in the file (``lines``,
    so that every later check names the line, not an entry number) and, when the reader was
    asked to collect them, the lines it could not read (``problems``: line and problem)."""

    warnings: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    problems: tuple[tuple[int, Problem], ...] = ()


def _columns(header: list[str], contact: bool = False) -> list[str | None]:
    """Each header cell's field; with a first-name column, ``Name`` is the surname (the
    German ``Name;Vorname``) and ``Имя`` the first name (``Фамилия;Имя``).  ``contact``: the
    e-mail and phone columns are read too (a members file)."""
    cells = [_cell_name(h) for h in header]
    aliases = {**_aliases(), **_CONTACT_ALIASES} if contact else _aliases()
    keys = [aliases.get(c) for c in cells]
    if "surname" in keys:
        keys = [_FIRST_NAME_ALONE.get(c, k) for c, k in zip(cells, keys)]
    if "first_name" in keys and "surname" not in keys and "name" in keys:
        keys = ["surname" if k == "name" else k for k in keys]
    if "surname" in keys and "first_name" not in keys:
        keys = ["name" if k == "surname" else k for k in keys]
    if "first_name" in keys and "surname" not in keys:
        keys = ["name" if k == "first_name" else k for k in keys]
    return keys


def _record(header: list[str | None], row: list[str]) -> tuple[dict[str, Any], list[str]]:
    """One line's ``add_player`` keywords and what is wrong with it (nothing: it is good)."""
    if len(row) > len(header):
        return {}, [_('{value} fields but the header has {value2}').format(value=len(row), value2=len(header))]
    rec: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    wrong: list[str] = []
    for key, cell in zip(header, row):
        cell = cell.strip()
        if key is None or not cell:
            continue
        if key in ("rating", "national_rating", "go_rating"):
            digits = cell.removeprefix("-").removeprefix("\u2212")
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 9):  # int() refuses 4,301 digits
                wrong.append(_('{value} {cell!r} is not a whole number').format(value=key.replace('_', ' '), cell=cell))
                continue
            value = int(digits) * (-1 if digits != cell else 1)  # -40 is a whole number: the
            # desk's range check names it with the rest of the row's problems
            (extra if key == "go_rating" else rec)[key] = value
        elif key == "go_rank":
            extra["go_rank"] = cell
        else:
            rec[key] = cell
    surname, first = rec.pop("surname", ""), rec.pop("first_name", "")
    if surname or first:
        rec["name"] = f"{surname}, {first}" if surname and first else surname or first
    if not rec.get("name"):
        return rec, [*wrong, _('the name is empty')]
    try:  # the desk's one name check, here so that every bad line is named in one run
        person_name(str(rec["name"]))
    except FieldError as error:
        wrong.append(str(error))
    if extra:
        rec["extra"] = extra
    return rec, wrong


def line_label(line: int) -> str:
    """How a problem names a line of the file."""
    return _('line {lineno}').format(lineno=line)


def parse_players_csv(text: str, contact: bool = False, collect: bool = False) -> ImportedRows:
    """Rows as keyword arguments for :func:`core.changes.add_player`, with the warnings;
    ``contact``: with ``email`` and ``phone`` (the club's register reads them, no event does).
    A bad line is refused with every other (:class:`ValidationError`); ``collect``: kept in
    the answer's ``problems`` instead, for the caller to name with what it finds in the good
    lines (an import checks their fields and duplicates against the event: one run names
    every bad line)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text.replace("\r\n", "\n").replace("\r", "\n")), dialect)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ValidationError([Problem(_('line {line_num}').format(line_num=reader.line_num), _('unreadable CSV: {error}').format(error=error))],
                              _('cannot import players')) from error
    if not rows:
        raise ValidationError([Problem(_('line 1'), _('the file is empty'))], _('cannot import players'))
    header = _columns(rows[0], contact)
    if "name" not in header and "surname" not in header:
        raise ValidationError([Problem(_('line 1'), _("no 'name' column in the header"))], _('cannot import players'))
    problems: list[tuple[int, Problem]] = []
    out: list[dict[str, Any]] = []
    lines: list[int] = []
    for lineno, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        rec, wrong = _record(header, row)
        problems.extend((lineno, Problem(line_label(lineno), message)) for message in wrong)
        if not wrong:
            out.append(rec)
            lines.append(lineno)
    if problems and not collect:
        raise ValidationError([problem for _line, problem in problems], _('cannot import players'))
    imported = ImportedRows(out)
    imported.lines, imported.problems = tuple(lines), tuple(problems)
    unused = [cell.strip() for cell, key in zip(rows[0], header) if key is None and cell.strip()]
    if unused:
        imported.warnings = (_("not imported: column(s) {columns} (hakem has no field for them)")
                             .format(columns=", ".join(repr(c) for c in unused)),)
    return imported
