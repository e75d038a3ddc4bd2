"""The European Go Database's player list (``allworld_lp.html``, a fixed-width text list).

Columns by position: PIN 2–9, "Surname Firstname" 12–48 (a space separates the two; the EGD
joins multi-word names with ``_``), country 50–52, club 54–57, grade 61–63 (``5d``, ``12k``),
GoR 72–75.  The list's date stands in a line such as ``... (28 Nov 2026 ...)``.

Every field is kept as the EGD means it: the country's two letters become the three hakem
stores (``HU`` → ``HUN``, :mod:`core.go.countries`; a code the table lacks is kept as written
and refused, by name, if someone registers that player), the grade is the player's declared
grade, and the GoR is kept as published — negative for beginners (the EGF scale reaches
−900 at 30k), never clamped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from core.errors import RatingListError
from core.go.countries import three_letter
from core.i18n import _
from core.ratinglists.entry import ListEntry
from core.ratinglists.formats.source import Line, refuse_cut_line

_DATE = re.compile(r"\((\d{1,2}) ([A-Za-z]{3})[a-z]* (20\d\d)")
_GRADE = re.compile(r"^\d{1,2}[kdp]$")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def list_date(text: str) -> str:
    """``YYYY-MM-DD`` from a date line of the list, or ``""``."""
    match = _DATE.search(text)
    if not match or match.group(2).lower() not in _MONTHS:
        return ""
    month = _MONTHS.index(match.group(2).lower()) + 1
    return f"{match.group(3)}-{month:02d}-{int(match.group(1)):02d}"


def _name(field: str) -> str:
    """``Surname, First`` from the EGD's name field ``Surname Name`` (columns 12–48).

    The EGD joins the words of a surname or first name with ``_`` (``De_Vries Sanne``), so
    one space separates the two.  A field with more spaces (``Van der Berg Jan``) has no
    column that says where the surname ends: it is kept whole rather than cut after the
    first word (``Van, der Berg Jan`` would be a wrong surname)."""
    words = field.split()
    if len(words) == 2:
        return f"{words[0].replace('_', ' ')}, {words[1].replace('_', ' ')}"
    return " ".join(words).replace("_", " ")


def _entry(text: str, path: str, line: Line) -> ListEntry:
    pin = text[1:9].strip()
    grade = text[60:63].strip().lower()
    gor = text[71:75].strip()
    if not _GRADE.match(grade):
        raise RatingListError(_("{path}, line {line}, column 61: grade {value!r} is not a Go rank "
                                "such as 5d or 12k").format(path=path, line=line.number, value=grade))
    if not (gor.isascii() and gor.lstrip("-").isdigit()):
        raise RatingListError(_("{path}, line {line}, column 72: GoR {value!r} is not a number")
                              .format(path=path, line=line.number, value=gor))
    country = text[49:52].strip().upper()
    return ListEntry(name=_name(text[11:48]), egd_pin=pin,
                     federation=three_letter(country) or country, club=text[53:57].strip(),
                     go_rank=grade, go_rating=int(gor))


def read(lines: Iterable[Line], path: str) -> Iterator[ListEntry]:
    """Entries of an EGD list: every line whose columns 2–9 hold a PIN."""
    count = 0
    for line in lines:
        text = line.text.rstrip("\r\n")
        pin = text[1:9].strip()
        if pin.isascii() and pin.isdigit():  # a player line; the page's closing tags may end unended
            refuse_cut_line(line, path)
        if len(text) < 75 or not (pin.isascii() and pin.isdigit()):
            continue
        count += 1
        yield _entry(text, path, line)
    if count == 0:
        raise RatingListError(_("{path}: no EGD player lines (a PIN in columns 2–9) found")
                              .format(path=path))
