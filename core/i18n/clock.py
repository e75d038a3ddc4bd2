"""How minutes and seconds are written after a number in each language: the one reading of a
typed time control, for the event's time control (:func:`core.fields.time_control`, through
:func:`read_clock`) and a playoff's (:meth:`core.playoff.timecontrol.TimeControl.parse`), and
the one way a clock is shown (:func:`clock_text`), so the CLI, the TUI, the reports and the
pages read and write the same spellings everywhere.

Why (issue 34, fresh-eyes reviews): ``15 мин + 10 с``, ``15 Min. + 10 Sek.``, ``15 dk + 10 sn``
and ``15'+10"`` were refused, each where an organiser of that language typed it; the FIDE
classical control typed in words (``90 Min. für 40 Züge + 30 Min. + 30 Sek.``, ``40 hamlede 90
dk + 30 dk + 30 sn``, ``90 мин на 40 ходов + 30 мин + 30 с``) was refused too; and one German
clock was shown three ways (as typed, ``5′+3″``, ``5 Min. + 3 s``).  The words are the usual
abbreviations and words of the FIDE handbook and of the Turkish, German and Russian
federations' texts; each is read with or without a full stop, in any case, spaces ignored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
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

PER_MOVE_WORDS = ("/move", "permove", "pereachmove", "amove", "/zug", "prozug", "jezug", "/hamle", "hamlebaşına",
                  "herhamleiçin", "/ход", "заход", "накаждыйход", "закаждыйход")
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


# -- the periods of an event's time control ---------------------------------------------------
@dataclass(frozen=True)
class Period:
    """One period of a time control: ``minutes`` (for ``moves`` moves, or the rest of the
    game when None)."""

    minutes: Fraction
    moves: int | None = None


MOVE_WORDS = ("moves", "move", "züge", "zuge", "zügen", "zugen", "zug",  # English, German
              "hamlede", "hamle",  # Turkish (40 hamlede 90 dk)
              "ходов", "хода", "ход")  # Russian
"""How "moves" is written after the number of moves of a period, lower case."""

_FROM_MOVE_ONE = ("frommoveone", "frommove1", "fromthefirstmove", "startingfrommove1", "abdemerstenzug",
                  "abdem1.zug", "abzug1", "vomerstenzugan", "ilkhamledenitibaren", "ilkhamleden",
                  "1.hamledenitibaren", "начинаяспервогохода", "спервогохода", "с1-гохода", "с1хода")
_REST_OF_GAME = ("fortherestofthegame", "fortherest", "fürdenrestderpartie", "fürdenrest", "bisspielende",
                 "biszumende", "oyununkalanıiçin", "kalanhamleleriçin", "kalanıiçin", "доконцапартии",
                 "наостальныеходы", "наоставшиесяходы", "herhamleiçin", "eklemeli")
"""Words that say nothing a number does not (the increment "from move 1", the last period
"for the rest of the game"), dropped before the numbers are read."""
_PER_MOVE_FIRST = ("hamlebaşına", "herhamleye", "herhamlede")
""""A move" written before the increment, as Turkish writes it (``hamle başına 30 saniye``):
dropped, the number after it is the increment."""
_THEN_WORDS = ("then", "dann", "danach", "sonra", "ardından", "затем", "далее", "потом",
               "withanincrementof", "withincrement", "increment", "plus", "zuzüglich", "mitzeitgutschrift",
               "artı", "сдобавлением", "плюс")
"""Words between two periods, or before the increment: a ``+`` in the reading."""
_BEFORE_MOVES = ("thefirst", "first", "dieersten", "ersten", "für", "fuer", "for", "(?<!m)in", "ilk", "на",
                 "за", "первые")
"""What stands between a period's minutes and its moves (``90 Min. für 40 Züge``, ``90 min
for the first 40 moves``, ``90 мин на 40 ходов``): a slash in the reading."""

_MIN = f"(?:{MINUTE_MARK})?"
_SEC = f"(?:{SECOND_MARK})?(?:{PER_MOVE})?"
_MOVES = "(?:" + "|".join(re.escape(w) for w in sorted(MOVE_WORDS, key=len, reverse=True)) + r")\.?"


def _minutes(text: str) -> Fraction:
    return Fraction(text.replace(",", "."))


def _plain(text: str) -> str:
    """The typed time control squeezed, its words of no number dropped, each number of moves
    marked ``§`` after it and set off from the period's minutes by ``/``, the periods apart
    by ``+``: ``90 Min. für 40 Züge, dann 30 Min. + 30 Sek.`` → ``90min./40§+30min.+30sek.``."""
    s = re.sub(r"^(?:g/?|game/?|gamein)", "g", squeezed(text))
    for phrase in _FROM_MOVE_ONE + _REST_OF_GAME:
        s = s.replace(phrase, "")
    s = re.sub("(?:" + "|".join(_PER_MOVE_FIRST) + ")(?=[0-9])", "", s)
    s = re.sub(rf"([0-9]+){_MOVES}", r"\1§", s)
    s = re.sub("(?:" + "|".join(_BEFORE_MOVES) + r")+(?=[0-9]+§)", "", s)
    s = re.sub(r"(?<=[^0-9/+,;])([0-9]+§)", r"/\1", s)
    return re.sub("[+,;]?(?:" + "|".join(_THEN_WORDS) + ")(?=[0-9])", "+", s)


def _staged(token: str) -> Period | None:
    """A period of so many moves: ``90min/40§`` (minutes first, FIDE's ``90/40`` read with the
    larger number as the minutes), ``40§/90dk`` (moves first, as Turkish writes it)."""
    marked = re.fullmatch(rf"{NUMBER}{_MIN}/([0-9]+)§", token)
    if marked:
        return Period(_minutes(marked.group(1)), int(marked.group(2)))
    marked = re.fullmatch(rf"([0-9]+)§/?{NUMBER}{_MIN}", token)
    if marked:
        return Period(_minutes(marked.group(2)), int(marked.group(1)))
    bare = re.fullmatch(rf"{NUMBER}{_MIN}/{NUMBER}{_MIN}", token)
    if bare is None:
        return None
    a, b = _minutes(bare.group(1)), _minutes(bare.group(2))
    minutes, moves = (a, b) if a > b else (b, a)  # move counts (20–60) are below the minutes
    return Period(minutes, int(moves)) if moves.denominator == 1 else None


def read_clock(text: str) -> tuple[list[Period], int] | None:
    """The periods and the increment (seconds) of a typed time control, else None: one period
    (``90+30``, ``90'+30"``, ``15 Min. + 10 Sek.``, ``G/60``), or periods of so many moves and
    the rest of the game (``90/40+30+30``, ``40/90, 30+30``, ``90 min/40 moves + 30 min + 30
    s``, ``90 Min. für 40 Züge + 30 Min. + 30 Sek.``, ``40 hamlede 90 dk + 30 dk + 30 sn``,
    ``90 мин на 40 ходов + 30 мин + 30 с``).  A bare number counts minutes, the increment
    seconds."""
    s = _plain(text)
    simple = re.fullmatch(rf"g?{NUMBER}{_MIN}(?:\+{NUMBER}{_SEC})?", s)
    if simple:
        added = _minutes(simple.group(2) or "0")
        return ([Period(_minutes(simple.group(1)))], int(added)) if added.denominator == 1 else None
    tokens = re.split("[+,;]", s)
    periods: list[Period] = []
    while tokens and (period := _staged(tokens[0])) is not None:
        periods.append(period)
        tokens.pop(0)
    if not periods or not 1 <= len(tokens) <= 2:
        return None
    rest = re.fullmatch(rf"{NUMBER}{_MIN}", tokens[0])
    increment = re.fullmatch(rf"{NUMBER}{_SEC}", tokens[1]) if len(tokens) == 2 else None
    if rest is None or (len(tokens) == 2 and increment is None):
        return None
    seconds = _minutes(increment.group(1)) if increment else Fraction(0)
    return (periods + [Period(_minutes(rest.group(1)))], int(seconds)) if seconds.denominator == 1 else None


def duration_seconds(text: str) -> int | None:
    """The seconds of a time typed as a clock shows it, in any of the languages: ``3:20``,
    ``3 dk 20 sn``, ``3 Min. 20 Sek.``, ``3 мин 20 с``, ``3'20"``, ``4 min``, ``20 s``, or bare
    seconds (``200``); None for anything else.  Why: an Armageddon bid is shown as ``3 dk 20
    sn`` (:func:`duration_text`), so that form, and the clock's ``3:20``, must read back."""
    s = squeezed(text)
    if re.fullmatch(r"[0-9]+", s):
        return int(s)
    colon = re.fullmatch(r"([0-9]+):([0-5][0-9])", s)
    if colon:
        return int(colon.group(1)) * 60 + int(colon.group(2))
    worded = re.fullmatch(rf"(?:([0-9]+){MINUTE_MARK})?(?:([0-9]+){SECOND_MARK})?", s)
    if worded is None or not (worded.group(1) or worded.group(2)):
        return None
    return int(worded.group(1) or 0) * 60 + int(worded.group(2) or 0)


# -- the one way a clock is shown ------------------------------------------------------------
def duration_text(seconds: int) -> str:
    """A period's time in the reader's words: ``5 min``, ``1 min 30 s``, ``30 s`` (German ``5
    Min.``, ``1 Min. 30 Sek.``; Turkish ``5 dk``; Russian ``5 мин``)."""
    from core.i18n import _

    m, s = divmod(seconds, 60)
    if m and s:
        return _("{minutes} min {seconds} s").format(minutes=m, seconds=s)
    return _("{seconds} s").format(seconds=s) if s else _("{minutes} min").format(minutes=m)


def clock_text(periods: Sequence[tuple[int, int | None]], increment: int = 0, black: int | None = None) -> str:
    """The one display of a clock, in the reader's words, wherever one is shown (settings,
    the playoff's games and rules on screen, the timetable, reports and pages): ``periods`` as
    (seconds, moves or None for the rest of the game), the ``increment`` in seconds a move,
    ``black`` Black's time when it differs from White's (Armageddon, one period).

    English ``90 min/40 moves + 30 min + 30 s``, ``15 min + 10 s``, ``White 5 min, Black 4
    min``; German ``90 Min./40 Züge + 30 Min. + 30 Sek.``, ``15 Min. + 10 Sek.``; Turkish ``40
    hamlede 90 dk + 30 dk + 30 sn``, ``15 dk + 10 sn``; Russian ``90 мин на 40 ходов + 30 мин +
    30 с``, ``15 мин + 10 с``.  A clock of whole minutes reads back as the
    same clock (:func:`read_clock`); ``1 min 30 s`` is not read (it could mean 1 min + 30 s)."""
    from core.i18n import _, ngettext

    plus = " + " + _("{seconds} s").format(seconds=increment) if increment else ""
    if black is not None and len(periods) == 1 and black != periods[0][0]:
        return _("White {white}, Black {black}").format(white=duration_text(periods[0][0]) + plus,
                                                        black=duration_text(black) + plus)
    parts = [ngettext("{time}/{moves} move", "{time}/{moves} moves", moves).format(time=duration_text(seconds), moves=moves)
             if moves else duration_text(seconds) for seconds, moves in periods]
    return " + ".join(parts) + plus


def clock_words(text: str) -> str | None:
    """A typed chess time control in the reader's words (:func:`clock_text`): ``15 мин + 10 с``
    or ``15+10`` read in German is ``15 Min. + 10 Sek.``, ``90/40+30+30`` in Turkish ``40
    hamlede 90 dk + 30 dk + 30 sn``; None for a text that is no such clock (a Go byo-yomi, an
    imported file's free words): shown as typed, it is the organiser's own wording."""
    read = read_clock(text)
    if read is None:
        return None
    periods, increment = read
    if any((p.minutes * 60).denominator != 1 or p.minutes <= 0 for p in periods):
        return None
    return clock_text([(int(p.minutes * 60), p.moves) for p in periods], increment)


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
