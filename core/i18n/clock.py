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


WHITE_WORDS = ("white", "weiß", "weiss", "beyaz", "белые", "белым", "белых")
BLACK_WORDS = ("black", "schwarz", "siyah", "чёрные", "черные", "чёрным", "черным", "чёрных", "черных")
"""The sides of an Armageddon's unequal clocks, lower case, in every language (``Beyaz 5 dk,
Siyah 4 dk``; ``Weiß 5 Min., Schwarz 4 Min.``; ``белые 5 мин, чёрные 4 мин``)."""

SIDE_LETTERS = {("w", "b"), ("b", "s"), ("w", "s"), ("б", "ч")}
"""The letter pairs of the short form, White's first: English W/B (``W300-B240``, TRF-2026's
code), Turkish B/S (Beyaz/Siyah), German W/S (Weiß/Schwarz), Russian Б/Ч (белые/чёрные)."""

_SIDE = "(" + "|".join(re.escape(w) for w in sorted(WHITE_WORDS + BLACK_WORDS, key=len, reverse=True)) + ")"
_BY_WORDS = re.compile(rf"{_SIDE}:?(.+?)[,;/]{_SIDE}:?(.+)")
_BY_LETTERS = re.compile(r"([a-zа-яё])([0-9]+)(?:\+([0-9]+))?-([a-zа-яё])([0-9]+)(?:\+([0-9]+))?")


def armageddon_clock(text: str) -> tuple[int, int, int] | None:
    """(White's base, Black's base, increment) in seconds of unequal clocks written in any of
    the languages: each side named and its time with units (``Beyaz 5 dk, Siyah 4 dk``, either
    side first), or the letters of :data:`SIDE_LETTERS` with seconds (``W300-B240``,
    ``B300-S240``); None for anything else, or when the increments differ (one rule for both
    clocks, FIDE Laws Art. 6.3)."""
    flat = squeezed(text)
    worded = _BY_WORDS.fullmatch(flat)
    if worded:
        first_white, second_white = worded.group(1) in WHITE_WORDS, worded.group(3) in WHITE_WORDS
        one, two = clock_with_units(worded.group(2)), clock_with_units(worded.group(4))
        if first_white == second_white or one is None or two is None or one[1] != two[1]:
            return None
        white, black = (one, two) if first_white else (two, one)
        return white[0], black[0], white[1]
    letters = _BY_LETTERS.fullmatch(flat)
    if letters is None or (letters.group(1), letters.group(4)) not in SIDE_LETTERS:
        return None
    if (letters.group(3) or "0") != (letters.group(6) or "0"):
        return None
    return int(letters.group(2)), int(letters.group(5)), int(letters.group(3) or 0)


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
