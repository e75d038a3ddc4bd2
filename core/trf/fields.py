"""Column fields of TRF lines: the small checks every record reader shares.

Why a module: TRF is a fixed-column format, and each way of misreading it (a number that runs
into the next field, a digit from another script, a date in the wrong order) must be refused
the same way everywhere, with the line and column.  Only ASCII digits are digits here:
``str.isdigit()`` accepts ``²`` and ``①``, which ``int()`` then refuses or misreads.
"""

from __future__ import annotations

import re
from fractions import Fraction

from core.i18n import _
from core.model import format_points

MAX_PNO = 9999
"""The largest pairing number the four columns of a TRF player field can hold."""

_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")


class FieldError(ValueError):
    """One field that cannot be read: ``column`` (1-based) and a message for the user."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


def col(line: str, start: int, end: int) -> str:
    """1-based inclusive columns, tolerant of short lines."""
    return line[start - 1:end]


def is_number(text: str) -> bool:
    """ASCII digits only (never ``²``, ``①`` or Arabic-Indic digits)."""
    return bool(_DIGITS.fullmatch(text))


def whole(text: str, column: int, what: str) -> int:
    """A whole number field; the text is already stripped."""
    if not is_number(text):
        raise FieldError(column, _('{what} {raw!r} is not a whole number').format(what=what, raw=text))
    return int(text)


def number_at(line: str, start: int, end: int, what: str, required: bool = False) -> int:
    """The whole number in columns ``start``..``end`` (0 if blank and not ``required``)."""
    raw = col(line, start, end).strip()
    if not raw:
        if required:
            raise FieldError(start, _('{what} is missing').format(what=what))
        return 0
    return whole(raw, start, what)


def pairing_number(text: str, column: int, what: str | None = None) -> int:
    """A player's pairing number (1..9999) from a stripped field or token."""
    label = what or _("pairing number")
    value = whole(text, column, label)
    if value == 0:
        raise FieldError(column, _('{what} 0 is not a player (pairing numbers start at 1)').format(what=label))
    if value > MAX_PNO:
        raise FieldError(column, _('{what} {value} is too large: TRF pairing numbers go up to {max}').format(
            what=label, value=value, max=MAX_PNO))
    return value


def points_value(text: str, column: int, what: str) -> Fraction:
    """A point value such as ``5.5`` (a comma is read as the decimal sign)."""
    if not _POINTS.fullmatch(text):
        raise FieldError(column, _('{what} {raw!r} is not a number of points').format(what=what, raw=text))
    return Fraction(text.replace(",", "."))


def blank_gap(line: str, column: int, field_name: str) -> None:
    """The separator column after a field must be blank: anything there means the field ran
    over its columns (a 5-digit pairing number, a name too long) and would be misread."""
    ch = col(line, column, column)
    if ch.strip():
        raise FieldError(column, _('column {column} must be blank: the {field} runs over its columns').format(
            column=column, field=field_name))


def ids_at(line: str, first: int, step: int = 5, width: int = 4) -> list[tuple[int, int]]:
    """Pairing numbers in fixed fields from column ``first`` every ``step`` columns, as
    (column, pno); the gaps between fields must be blank."""
    out: list[tuple[int, int]] = []
    start = first
    end = len(line.rstrip())
    while start <= end:
        raw = col(line, start, start + width - 1).strip()
        if raw:
            out.append((start, pairing_number(raw, start)))
        gap = col(line, start + width, start + step - 1)
        if gap.strip():
            raise FieldError(start + width, _('column {column} must be blank: the {field} runs over its columns').format(
                column=start + width, field=_("pairing number")))
        start += step
    return out


def control_character(line: str) -> int | None:
    """1-based column of the first control character (tabs included: TRF columns are spaces)."""
    for i, ch in enumerate(line):
        if ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0:
            return i + 1
    return None


_TRF_DATE = re.compile(r"([0-9]{4}|[0-9]{2})[/.-]([0-9]{2})[/.-]([0-9]{2})")


def points_field(value: Fraction) -> str:
    """Points as TRF writes them: one decimal at least (``4.0``, ``2.5``)."""
    text = format_points(value)
    return text if "." in text else text + ".0"


def trf_date(text: str) -> str | None:
    """``YYYY/MM/DD`` (or ``YY/MM/DD`` as record 132 writes it) → ISO ``YYYY-MM-DD``;
    ``YYYY/00/00`` → ``YYYY`` (year only); ``None`` if it is no date."""
    import datetime

    m = _TRF_DATE.fullmatch(text.strip())
    if not m:
        return None
    year, month, day = m.group(1), m.group(2), m.group(3)
    if len(year) == 2:
        year = ("20" if int(year) < 70 else "19") + year
    if month == "00" and day == "00":
        return year if year != "0000" else ""
    try:
        return datetime.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None


def date_for_trf(iso: str, short: bool = False) -> str:
    """The model's ``YYYY-MM-DD`` / ``YYYY`` as TRF writes dates (``YYYY/MM/DD``, a year
    alone as ``YYYY/00/00``; ``short`` gives record 132's ``YY/MM/DD``).  Anything else is
    written as it is (``hakem check --report`` points it out)."""
    text = iso.strip()
    m = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", text)
    if m:
        year = m.group(1)[2:] if short else m.group(1)
        return f"{year}/{m.group(2)}/{m.group(3)}"
    if re.fullmatch(r"[0-9]{4}", text) and not short:
        return f"{text}/00/00"
    return text


_PERIOD = r"(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?"
_SIDE = rf"{_PERIOD}(?::{_PERIOD})*"
TIME_CONTROL = re.compile(rf"{_SIDE}|W{_SIDE}-B{_SIDE}")
"""Record 222: periods ``[M/]S[+I]`` joined by ``:``; Armageddon ``W…-B…``."""


def is_time_control(code: str) -> bool:
    return bool(TIME_CONTROL.fullmatch(code))


SHORTEST_BASE = 180
"""Seconds: a period shorter than three minutes in a code of record 222 is almost surely
minutes typed where the code counts seconds (``90+30`` for 90 minutes + 30 seconds)."""


def seconds_warning(code: str) -> str:
    """A warning for a TRF-2026 time-control code whose periods read as under three minutes
    (``90+30``: 90 seconds), naming the code for minutes (``5400+30``); "" when none.  An
    Armageddon's ``W300-B240`` and a bullet event's real ``60+1`` are warned too: a warning,
    not a refusal, since such games exist."""
    if not is_time_control(code) or code.startswith(("W", "B")):
        return ""
    periods = code.split(":")
    bases = [int(p.split("/")[-1].split("+")[0]) for p in periods if p.split("/")[-1].split("+")[0].isdigit()]
    if not bases or min(bases) >= SHORTEST_BASE:
        return ""
    fixed = ":".join(_in_minutes(p) for p in periods)
    return _("time-control code {code}: the code counts seconds, and {seconds} seconds is under three minutes; "
             "for minutes write {fixed}").format(code=code, seconds=min(bases), fixed=fixed)


def _in_minutes(period: str) -> str:
    """A period of record 222 with its base read as minutes and written in seconds."""
    head, _slash, rest = period.rpartition("/")
    base, plus, tail = rest.partition("+")
    seconds = str(int(base) * 60) if base.isdigit() and int(base) < SHORTEST_BASE else base
    return f"{head}{_slash}{seconds}{plus}{tail}"
