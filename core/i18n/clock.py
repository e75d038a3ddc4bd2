"""How minutes and seconds are written after a number in each language: the one reading of a
typed time control's units, for the event's time control (:func:`core.fields.time_control`)
and a playoff's (:meth:`core.playoff.timecontrol.TimeControl.parse`), so the CLI and the TUI
take the same spellings everywhere.

Why (issue 34, a fresh-eyes review): ``15 мин + 10 с``, ``15 Min. + 10 Sek.``, ``15 dk + 10 sn``
and ``15'+10"`` were refused, each where an organiser of that language typed it.  The words are
the usual abbreviations and words of the FIDE handbook and of the Turkish, German and Russian
federations' texts; each is read with or without a full stop, in any case, spaces ignored.
"""

from __future__ import annotations

import re
from fractions import Fraction

MINUTE_WORDS = ("'", "’", "′", "m", "min", "mins", "minute", "minutes",  # English
                "dk", "dak", "dakika",  # Turkish
                "minuten",  # German (Min., Minute, Minuten)
                "м", "мин", "минута", "минуты", "минут")  # Russian
"""How minutes are written after a number, lower case (``15 Min.``, ``15 мин.``, ``15 dak.``)."""

SECOND_WORDS = ('"', "”", "″", "''", "’’", "′′", "s", "sec", "secs", "second", "seconds",
                "sn", "san", "saniye",  # Turkish
                "sek", "sekunde", "sekunden",  # German (Sek., Sekunde, Sekunden; s)
                "с", "сек", "секунда", "секунды", "секунд")  # Russian
"""How seconds are written after a number (as :data:`MINUTE_WORDS`)."""

PER_MOVE_WORDS = ("/move", "permove", "amove", "/zug", "prozug", "/hamle", "hamlebaşına", "/ход", "заход")
""""A move" after the increment (``30 s/move``, ``30 Sek. pro Zug``, ``30 sn/hamle``,
``30 с за ход``), read without the spaces."""


def _words(words: tuple[str, ...]) -> str:
    """One regular expression of ``words``, longest first, each with an optional full stop."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\.?"


MINUTE_MARK = _words(MINUTE_WORDS)
SECOND_MARK = _words(SECOND_WORDS)
PER_MOVE = "(?:" + "|".join(re.escape(w) for w in PER_MOVE_WORDS) + ")"
NUMBER = r"([0-9]+(?:\.[0-9]+)?)"
"""The regular expressions of a number, a minute mark, a second mark and "a move", for the
time-control readers (applied to :func:`squeezed` text)."""


def squeezed(text: str) -> str:
    """The typed text in lower case without spaces (``15 Min. + 10 Sek.`` → ``15min.+10sek.``)."""
    return re.sub(r"\s+", "", text.lower())


def clock_with_units(text: str) -> tuple[int, int] | None:
    """(base seconds, increment seconds) of a one-period time control written with its units
    in any of the languages (``15 мин + 10 с``, ``15 Min. + 10 Sek.``, ``15 dk + 10 sn``,
    ``15'+10"``); None when the base has no minute mark (a playoff's bare ``180+3`` counts
    seconds, an event's ``90+30`` minutes: each reader keeps its own bare form)."""
    found = re.fullmatch(rf"{NUMBER}{MINUTE_MARK}(?:\+{NUMBER}(?:{SECOND_MARK})?{PER_MOVE}?)?", squeezed(text))
    if not found:
        return None
    base = Fraction(found.group(1)) * 60
    increment = Fraction(found.group(2) or "0")
    if base.denominator != 1 or increment.denominator != 1:
        return None
    return int(base), int(increment)


def clock_words(text: str) -> str | None:
    """A one-period time control typed with its units, in the reader's notation: ``15 мин +
    10 с`` read in German is ``15 Min. + 10 Sek.``, in Turkish ``15 dk + 10 sn``; None for
    anything else (a text of several periods, a bare ``90+30``, free words): shown as typed,
    it is the organiser's own wording."""
    clock = clock_with_units(text)
    if clock is None:
        return None
    from core.i18n import _
    from core.i18n.format import format_decimal

    base, increment = clock
    minutes = format_decimal(Fraction(base, 60))
    if not increment:
        return _("{minutes} min").format(minutes=minutes)
    return _("{minutes} min + {seconds} s").format(minutes=minutes, seconds=increment)


_TIME_OF_DAY = re.compile(r"([0-9]{1,2})[:.]([0-9]{2})(?::00)?")


def time_of_day(text: str, late: bool = False) -> int | None:
    """Minutes after midnight of a clock time, ``19:30`` or ``19.30`` as German, Turkish and
    Russian clubs write it (``19:30:00`` too); ``None`` for any other text.  The one reading of
    a clock time, for a round's start (:func:`core.fields.clock_minutes`) and a playoff's
    (:mod:`core.playoff.state`).  Why: ``19.30`` was read as 19:00 and stored without a word.
    ``late`` allows ``24:10`` and beyond (a playoff game that ends after midnight)."""
    match = _TIME_OF_DAY.fullmatch(text.strip())
    if match is None:
        return None
    hours, minutes = int(match.group(1)), int(match.group(2))
    return None if minutes >= 60 or (hours >= 24 and not late) else hours * 60 + minutes
