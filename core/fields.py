"""One validator per field an organiser types: names, dates, number of rounds, time control,
federation.  The CLI (``hakem new``, settings), the TUI forms and the application layer call
these and nothing else, so a value refused in one place is refused everywhere, with the same
words, naming the field.

Why (issue 19 item 10): a start date ``2026-13-45`` was accepted and exported as
``042 2026/13/45``; ``99999`` rounds, time control ``forever`` and federation ``XXX`` were
accepted.  A refusal is a :class:`FieldError`: the field's key (so a form can focus and mark
it, keeping what was typed) and a message that names the field and the text.

Bounds and the notations accepted:

- **Names** (:func:`name`: players, clubs, teams, tournaments): any script, no control or
  invisible character (which one, and where, is said; ZWNJ/ZWJ only inside words of scripts
  that write them, see :mod:`core.safe_text`).
- **Rounds**: 1 … :data:`MAX_ROUNDS`.  No FIDE rule caps the number of rounds; the longest
  Swiss events run 11–15 rounds (Olympiad 11, Grand Swiss 11, national opens 9–13) and a
  club's season-long Swiss some 30; a double round robin of 50 players needs 98.  99 keeps every
  paper's round columns two digits wide (pairing cards ``R1…R99``).  An all-play-all event
  with its players registered has exactly the rounds its table needs (its formula,
  :func:`core.pairing.roundrobin.rounds_needed`): more are refused.
- **Dates**: real calendar dates, ``YYYY-MM-DD`` (``YYYY/MM/DD`` and ``DD.MM.YYYY`` are read
  too and stored as ISO); the end date not before the start date.
- **Time control** (:func:`time_control`): the FIDE ways of writing one — ``90+30``,
  ``90'+30"``, ``90 min + 30 s``, ``90/40+30+30`` (90 minutes for 40 moves, then 30 minutes,
  30 seconds a move from move one), ``40/90, 30+30``, ``G/60``, ``G60+5``, ``60`` — and the
  same in words in each language (``90 Min. für 40 Züge + 30 Min. + 30 Sek.``, ``40 hamlede 90
  dk + 30 dk + 30 sn``, ``90 мин на 40 ходов + 30 мин + 30 с``: :func:`core.i18n.clock.read_clock`),
  each turned into the TRF-2026 code of record 222 (``5400+30``, ``40/5400+30:1800+30``).
- **Federation**: a code of FIDE's list of federations (``core/fide_federations.txt``,
  source named there); Go events write a country, not a FIDE federation: three letters, or
  the EGD's two (``HU``), stored as three (``core/go/countries.txt``).
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.errors import TournamentError
from core.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Mapping

    from core.model import Tournament

MAX_ROUNDS = 99
"""The most rounds an event may have (see the module docstring for why 99)."""


def field_label(field: str) -> str:
    """The field's name as the forms show it (translated when the message is made)."""
    labels = {
        "name": _("Name"), "total_rounds": _("Rounds"), "time_control": _("Time control"),
        "start_date": _("Start date"), "end_date": _("End date"), "federation": _("Federation"),
        "bye": _("Bye"), "club": _("Club"), "team": _("Team"), "short": _("Short name"),
        "fide_id": _("FIDE id"), "birth": _("Birth"), "sex": _("Sex"), "start_time": _("Start time"),
        "date": _("Date"),
    }
    return labels.get(field, field)


class FieldError(TournamentError):
    """A typed value refused: ``field`` is its key (``start_date``), the message names the
    field and the text."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.detail = message
        super().__init__(_("{field}: {message}").format(field=field_label(field), message=message))


# -- rounds ------------------------------------------------------------------------------------
def total_rounds(value: int | str, field: str = "total_rounds") -> int:
    """A number of rounds, 1 … :data:`MAX_ROUNDS` (text as typed in a form, or an int)."""
    text = str(value).strip()
    if not re.fullmatch(r"[0-9]+", text):
        raise FieldError(field, _("{text!r} is not a whole number").format(text=text))
    rounds = int(text)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise FieldError(field, _("{rounds} — give a number from 1 to {most}").format(rounds=rounds, most=MAX_ROUNDS))
    return rounds


# -- dates ---------------------------------------------------------------------------------------
_ISO = re.compile(r"([0-9]{4})[-/]([0-9]{1,2})[-/]([0-9]{1,2})")
_DOTTED = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")


def date(text: str, field: str = "start_date") -> str:
    """A real calendar date as ISO ``YYYY-MM-DD`` ("" stays "": the date is not known yet), typed
    as hakem prints dates and German, Turkish and Russian write them (``14.12.2026``) or in ISO
    (``2026-12-14``, ``2026/12/14``).  The one date parser of every date option and field: the
    event's start and end, a round's date (``round schedule --date``, the TUI's schedule)."""
    text = text.strip()
    if not text:
        return ""
    iso, dotted = _ISO.fullmatch(text), _DOTTED.fullmatch(text)
    if iso:
        year, month, day = (int(x) for x in iso.groups())
    elif dotted:
        day, month, year = (int(x) for x in dotted.groups())
    else:
        raise FieldError(field, _("{text!r} is not a date; write DD.MM.YYYY or YYYY-MM-DD, e.g. 04.05.2026").format(
            text=text))
    try:
        return datetime.date(year, month, day).isoformat()
    except ValueError:
        raise FieldError(field, _("{text!r} is not a date of the calendar (month 1–12, a day the month "
                                  "has)").format(text=text)) from None


def date_range(start: str, end: str) -> tuple[str, str]:
    """Both dates checked, and the end not before the start."""
    first, last = date(start, "start_date"), date(end, "end_date")
    if first and last and last < first:
        from core.i18n.format import format_date  # as the settings show dates, not as they are stored

        raise FieldError("end_date", _("{end} is before the start date {start}").format(
            end=format_date(last), start=format_date(first)))
    return first, last


# -- clock times ----------------------------------------------------------------------------------
def clock_minutes(text: str, field: str = "start_time", late: bool = False) -> int:
    """Minutes after midnight of a clock time (:func:`core.i18n.clock.time_of_day`: ``19:30``
    or ``19.30``), or a FieldError naming the text."""
    from core.i18n.clock import time_of_day  # late: most commands read fields but never a clock

    minutes = time_of_day(text, late)
    if minutes is None:
        raise FieldError(field, _("{text!r} is not a time of day; write HH:MM, e.g. 19:30").format(text=text.strip()))
    return minutes


def clock_time(text: str, field: str = "start_time") -> str:
    """A time of day as stored, ``HH:MM`` ("" stays "": no time set)."""
    if not text.strip():
        return ""
    minutes = clock_minutes(text, field)
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


# -- time control ---------------------------------------------------------------------------------
def time_control(text: str, go: bool = False) -> tuple[str, str]:
    """(the text as typed, the TRF-2026 code of record 222); ("", "") when nothing is typed.

    Refused: anything else (``forever``), a period of no time or of more than 24 hours, an
    increment above 10 minutes, seconds that are not whole.  ``go``: a Go time control
    (byo-yomi, Canadian, Fischer: :func:`core.go.timing.parse`), which has no TRF code."""
    typed = text.strip()
    if not typed:
        return "", ""
    if go:
        from core.go.timing import parse

        if parse(typed) is None:
            raise FieldError("time_control", _("{text!r} is not a Go time control; write e.g. 50+5/20 (Canadian), "
                                               "60+5x30s (byo-yomi), 45+15s (Fischer) or 90 (sudden death)").format(text=typed))
        return typed, ""
    from core.i18n.clock import read_clock

    parsed = read_clock(typed)
    if parsed is None:
        raise FieldError("time_control", _("{text!r} is not a time control; write minutes + seconds "
                                           "a move, e.g. 90+30, 10'+5\", 90/40+30+30 or G/60").format(text=typed))
    periods, increment = parsed
    for period in periods:
        if not 0 < period.minutes <= 24 * 60 or (period.minutes * 60).denominator != 1:
            raise FieldError("time_control", _("{text!r}: a period must last more than 0 and at most 24 hours, "
                                               "in whole seconds").format(text=typed))
    if not 0 <= increment <= 600:
        raise FieldError("time_control", _("{text!r}: the increment is at most 600 seconds a move").format(text=typed))
    parts = []
    for period in periods:
        seconds = int(period.minutes * 60)
        head = f"{period.moves}/{seconds}" if period.moves else f"{seconds}"
        parts.append(f"{head}+{increment}" if increment else head)
    return typed, ":".join(parts)


# -- names -----------------------------------------------------------------------------------------
NAME_LIMIT = 100
"""The longest name accepted (characters): longer than any real name or club, short enough
that a pasted paragraph is refused instead of stored and cut differently by each output."""


_CHARACTER_WORDS: dict[int, str] = {
    0x00: N_("null character"), 0x07: N_("bell"), 0x08: N_("backspace"), 0x09: N_("tab"),
    0x0A: N_("line break"), 0x0B: N_("vertical tab"), 0x0C: N_("page break"), 0x0D: N_("carriage return"),
    0x1B: N_("escape character"), 0x7F: N_("delete character"), 0x85: N_("line break"),
    0x9B: N_("control sequence introducer"), 0x00AD: N_("soft hyphen"), 0x200B: N_("zero-width space"),
    0x200C: N_("zero-width non-joiner"), 0x200D: N_("zero-width joiner"), 0x200E: N_("left-to-right mark"),
    0x200F: N_("right-to-left mark"), 0x2028: N_("line separator"), 0x2029: N_("paragraph separator"),
    0x202A: N_("left-to-right embedding"), 0x202B: N_("right-to-left embedding"),
    0x202C: N_("end of embedding"), 0x202D: N_("left-to-right override"), 0x202E: N_("right-to-left override"),
    0x2060: N_("word joiner"), 0x2066: N_("left-to-right isolate"), 0x2067: N_("right-to-left isolate"),
    0x2068: N_("first-strong isolate"), 0x2069: N_("end of isolate"), 0xFEFF: N_("byte order mark"),
    0xFFFD: N_("replacement character"),
}
"""The characters a pasted or imported name most often carries, in words for a reader of
another language (Unicode's names are English: ``U+0007 BELL`` stood in a Russian sentence)."""


def character_said(char: str) -> str:
    """A character as a refusal names it: in English by its Unicode name (``U+200B ZERO WIDTH
    SPACE``, :func:`core.safe_text.character_name`); in another language by its code and, for
    the common ones, its name in that language (``U+0007 (звонок)``), else the code alone —
    the refusal's sentence says what kind of character it is."""
    from core.i18n import current_language
    from core.safe_text import character_name

    if current_language() == "en":
        return character_name(char)
    said = _CHARACTER_WORDS.get(ord(char))
    return f"U+{ord(char):04X} ({_(said)})" if said else f"U+{ord(char):04X}"


def name(text: str, field: str = "name") -> str:
    """A name as typed (a player's, a team's, a club's, a tournament's), trimmed, in NFC, with
    space separators (U+3000 IDEOGRAPHIC SPACE, no-break spaces) written as spaces; refused
    when it holds a control or invisible character (:func:`core.safe_text.hidden_character`)
    or U+FFFD, naming the character and its position in what was typed (counted from 1), or
    when it is longer than :data:`NAME_LIMIT`.

    Why (issue 29 item 9): ``Kaya\u200bCan`` was stored, printed like ``KayaCan`` and never
    found by a search for it; a tab or a line feed broke every table and file it reached.
    Why NFC: ``Mu\u0308ller`` and ``Müller`` look the same and must be the same name (search,
    duplicates, the TRF's 33 columns).  U+FFFD is what a decoder leaves for bytes it could not
    read: the name is already damaged, so it is refused rather than stored."""
    from core.safe_text import hidden_character

    at = hidden_character(text)
    if at is not None:
        hint = _(" (a joiner belongs between two letters of a script that writes it, e.g. Persian)") \
            if text[at] in "\u200c\u200d" else ""
        raise FieldError(field, _("{character} at position {position} is a control or invisible character; "
                                  "type the name without it{hint}").format(
            character=character_said(text[at]), position=at + 1, hint=hint))
    if "\ufffd" in text:
        raise FieldError(field, _("{character} at position {position}: the text was decoded wrongly "
                                  "somewhere; type the name again or read the file in its encoding").format(
            character=character_said("\ufffd"), position=text.index("\ufffd") + 1))
    clean = "".join(" " if unicodedata.category(c) == "Zs" else c for c in unicodedata.normalize("NFC", text)).strip()
    if len(clean) > NAME_LIMIT:
        raise FieldError(field, _("{length} characters is too long for a name (at most {limit})").format(
            length=len(clean), limit=NAME_LIMIT))
    return clean


PERSON_LETTERS = 2
"""The fewest letters a player's name has (:func:`person_name`)."""


def person_name(text: str, field: str = "name") -> str:
    """A player's name as registered at the desk: :func:`name`, with at least
    :data:`PERSON_LETTERS` letters (of any script: ``Li``, ``王伟``, ``Ng``).

    Why (issue 29, fresh-eyes review): ``y⏎`` pasted onto the players list after a dialog —
    an answer meant for the dialog — became player "y".  No one is registered under one letter
    (a family name has two at least; ``Ö`` alone is an initial, not a name), so a one-letter or
    letterless "name" (``y``, ``7``, ``-``) is junk typed or pasted into the wrong place.
    Checked where an organiser registers or renames a player (the desk's add, import, rating
    list and edit: :mod:`core.app.registration`); a tournament file read back keeps the names
    it holds."""
    clean = name(text, field)
    letters = sum(1 for c in clean if unicodedata.category(c).startswith("L"))
    if letters < PERSON_LETTERS:
        raise FieldError(field, _("«{text}» is not a player's name: a name has at least two letters "
                                  "(the family name)").format(text=clean))
    not_a_name = _not_a_name(clean)
    if not_a_name:
        raise FieldError(field, _("«{text}» is not a player's name: {why}").format(text=clean, why=not_a_name))
    return clean


_APOSTROPHES = "'\u2019\u2018"
"""What may come before a name's first letter (``'t Hooft``, ``’t Hart``): anything else first
is not a name — ``/ivanov/`` was the TUI's search typed into the name field (rev34e F-i),
``- - -`` a line drawn, ``=SUM(A1)`` a formula and ``<b>`` markup pasted."""


def _not_a_name(clean: str) -> str:
    """Why ``clean`` is a line of something else pasted or typed into the name (second
    fresh-eyes review of issue 29: a URL and every line of a CSV, header included, became
    players), or "".  A web address has ``://``; a CSV or spreadsheet line has ``;``, ``|`` or
    tab separated fields (``Aydın, Burak | 1420`` was stored whole as a name), more than the one comma of "Family, Given" (a header: ``Name,Rating,
    Club``), or a field that is only a number (``Kaya,2100``).  A name begins with a letter
    (after an apostrophe at most, :data:`_APOSTROPHES`).  A number inside a part stays
    (``Player 7`` is how a blitz evening writes an unnamed guest)."""
    if "://" in clean or clean.casefold().startswith("www."):
        return _("it is a web address")
    first = unicodedata.category(clean.lstrip(_APOSTROPHES)[:1] or " ")
    if not first.startswith(("L", "N")):
        # first: ``=cmd|calc`` is a formula, whatever separators it holds (a review: said
        # "several fields, players import reads lists" to one running players import)
        return _("a name begins with a letter")
    if ";" in clean or "|" in clean or "\t" in clean or clean.count(",") > 1:
        return _("it has several fields (a line of a list: hakem players import reads lists)")
    if any(part.strip().isdigit() for part in clean.split(",")):
        return _("it has a number in it (a line of a list: hakem players import reads lists)")
    if not first.startswith("L"):
        return _("a name begins with a letter")
    return ""


def fide_id(text: str) -> str:
    """A FIDE id: ASCII digits only, at most 11 (the width of the TRF-2026 ``001`` field,
    columns 58–68); "" stays ""."""
    value = text.strip()
    if value and not (value.isascii() and value.isdigit() and len(value) <= 11):
        raise FieldError("fide_id", _("{value!r} is not a FIDE id: digits only, at most 11").format(value=value))
    return value


def birth(text: str, today: datetime.date | None = None) -> str:
    """A birth date or year as stored: ``YYYY`` or ``YYYY-MM-DD`` ("" stays ""), read from a
    year alone (what rating lists give), ISO or ``DD.MM.YYYY`` (the form hakem prints) by
    :func:`date`, the one date reader; ``YYYY/00/00`` (TRF-2026 §001's unknown day) is the
    year.  Refused: anything else (``вчера``, ``31.02.1990``), a year in the future or before
    1900 — a TRF would carry the typing slip to the rating officer."""
    value = text.strip()
    if not value:
        return ""
    trf_year = re.fullmatch(r"([0-9]{4})/00/00", value)
    if re.fullmatch(r"[0-9]{4}", value) or trf_year:
        stored = trf_year.group(1) if trf_year else value
    elif re.fullmatch(r"[0-9]+", value):
        raise FieldError("birth", _("{value!r} is not a year of birth").format(value=value))
    else:
        try:
            stored = date(value, "birth")
        except FieldError:
            raise FieldError("birth", _("{value!r} is not a date of birth; write DD.MM.YYYY, YYYY-MM-DD or the "
                                        "year alone").format(value=value)) from None
    this_year = (today or datetime.date.today()).year
    if not 1900 <= int(stored[:4]) <= this_year:
        raise FieldError("birth", _("year of birth {year} is not between 1900 and {this_year}").format(
            year=stored[:4], this_year=this_year))
    return stored


SEX_LETTERS = {"m": "m", "w": "w", "f": "w", "e": "m", "k": "w", "м": "m", "ж": "w"}
"""The letters a form takes for a player's sex, in every language (en m/f, de m/w, tr e/k —
erkek/kadın, ru м/ж), and the TRF's letter each stands for (``m``/``w``, TRF-2026 col. 10)."""


def sex(text: str) -> str:
    """``m``/``w`` (or empty) from a letter of any of our languages; another letter is refused
    — it would be written into the TRF as it was typed."""
    value = text.strip().lower()
    if not value:
        return ""
    letter = SEX_LETTERS.get(value[:1])
    if letter is None:
        raise FieldError("sex", _("{value!r} is not a sex; type {letters}").format(
            value=text.strip(), letters=_("m/w")))
    return letter


TITLE_WORDS = {"ГМ": "GM", "ММ": "IM", "МФ": "FM", "КМ": "CM",
               "ЖГМ": "WGM", "ЖММ": "WIM", "ЖМФ": "WFM", "ЖКМ": "WCM"}
"""The FIDE titles as Russian lists and organisers abbreviate them (гроссмейстер, международный
мастер, мастер ФИДЕ, кандидат в мастера; Ж- the women's titles) → the FIDE code stored and
written into the TRF.  German and Turkish lists write the FIDE codes themselves."""


def title_code(text: str) -> str:
    """The FIDE title code ``text`` means: trimmed, in capitals, a Russian abbreviation
    (:data:`TITLE_WORDS`) as its code.  An unknown word is given back in capitals for
    :func:`check_player` to refuse by name."""
    word = text.strip().upper()
    return TITLE_WORDS.get(word, word)


def title_word(code: str) -> str:
    """A stored FIDE title as the reader's lists write it (:func:`core.i18n.terms.title_word`)."""
    from core.i18n.terms import title_word as word

    return word(code)


def sex_letter(code: str) -> str:
    """The stored ``m``/``w`` as the reader types it (``e``/``k`` in Turkish, ``м``/``ж`` in
    Russian): a form shows what its label asks for."""
    letters = _("m/w").split("/")
    index = {"m": 0, "w": 1}.get(code)
    return letters[index] if index is not None and len(letters) == 2 else code


# -- federation ------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def fide_federations() -> dict[str, str]:
    """FIDE's federation codes with their English names (``core/fide_federations.txt``)."""
    out: dict[str, str] = {}
    for line in (Path(__file__).parent / "fide_federations.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            code, _tab, name = line.partition("\t")
            out[code] = name
    return out


def federation(text: str, go: bool = False) -> str:
    """A federation code in capitals ("" stays ""); chess: one of FIDE's; Go: three letters,
    or a two-letter country code as the EGD writes it (``HU``), stored as its three letters
    (``HUN``: :mod:`core.go.countries`)."""
    code = text.strip().upper()
    if not code:
        return ""
    if go and len(code) == 2 and code.isascii() and code.isalpha():
        from core.go.countries import three_letter

        three = three_letter(code)
        if three is None:
            raise FieldError("federation", _("{text!r} is not a country code (ISO 3166, e.g. HU, DE, UK)")
                             .format(text=text.strip()))
        return three
    if not (len(code) == 3 and code.isascii() and code.isalpha()):
        raise FieldError("federation", _("{text!r} must be a three-letter code such as TUR").format(text=text.strip()))
    if not go and code not in fide_federations():
        raise FieldError("federation", _("{text!r} is not a FIDE federation code (e.g. TUR, GER, RUS, ENG)").format(
            text=text.strip()))
    return code


# -- an event's settings ---------------------------------------------------------------------------
GO_SYSTEMS = ("gamma", "mcmahon")


def event_fields(values: dict[str, object], system: str = "") -> dict[str, object]:
    """Check the event settings in ``values`` (the keys present: ``name``, ``total_rounds``,
    ``start_date``, ``end_date``, ``time_control``, ``federation``) in the forms' order and
    return them normalised; a typed time control also gives ``time_control_code`` unless one
    is among ``values``.  The first refused field raises its :class:`FieldError`."""
    out = dict(values)
    if "name" in values:
        out["name"] = name(str(values["name"] or ""))
    if "total_rounds" in values:
        out["total_rounds"] = total_rounds(values["total_rounds"])  # type: ignore[arg-type]  # the values are typed `object`; `total_rounds` refuses what is not a count
    if "time_control" in values:
        typed, code = time_control(str(values["time_control"] or ""), go=system in GO_SYSTEMS)
        out["time_control"] = typed
        if code and not values.get("time_control_code"):
            out["time_control_code"] = code
    if "start_date" in values or "end_date" in values:
        first = date(str(values.get("start_date") or ""), "start_date")
        last = date(str(values.get("end_date") or ""), "end_date")
        if "start_date" in values:
            out["start_date"] = first
        if "end_date" in values:
            out["end_date"] = last
    if "federation" in values:
        out["federation"] = federation(str(values["federation"] or ""), go=system in GO_SYSTEMS)
    return out


EVENT_FIELDS = ("name", "total_rounds", "time_control", "start_date", "end_date", "federation")
"""The settings :func:`check_event` checks, in the forms' order."""


def check_event(t: Tournament, changed: Mapping[str, Any] | None = None) -> Tournament:
    """``t`` with its event settings checked and normalised: every field of
    :data:`EVENT_FIELDS` (a new event), or those in ``changed`` (a settings change; fields
    stored before stay as they are).  The end date is checked against the start date either
    way, and an all-play-all event with players has at most the rounds its table needs."""
    keys = [k for k in EVENT_FIELDS if changed is None or k in changed]
    values: dict[str, object] = {k: getattr(t, k) for k in keys}
    if "time_control" in values and (changed is None or "time_control_code" in changed):
        values["time_control_code"] = t.time_control_code  # a code given on its own stays
    t = t.with_changes(**event_fields(values, t.system))
    if "start_date" in keys or "end_date" in keys:
        date_range(t.start_date, t.end_date)
    if "total_rounds" in keys or (changed is not None and "system" in changed):
        _round_robin_rounds(t)
    return t


def _round_robin_rounds(t: Tournament) -> None:
    """An all-play-all table fixes the number of rounds (its formula) once the players are in."""
    if len(t.players) < 2:
        return
    from core.pairing.roundrobin import rounds_needed

    try:
        needed = rounds_needed(t)
    except TournamentError:  # not an all-play-all system (or its table cannot be built yet)
        return
    if t.total_rounds > needed:
        raise FieldError("total_rounds", _("{rounds} — the all-play-all table of the {players} players registered has {needed} rounds").format(
            rounds=t.total_rounds, players=len(t.players), needed=needed))


# -- a requested bye, as typed ------------------------------------------------------------------
_BYE_WORDS = {"h": "half", "half": "half", "f": "full", "full": "full", "z": "zero", "zero": "zero",
              "x": "cancel", "-": "cancel", "cancel": "cancel"}
"""The English words and letters of a bye's kind: always understood (the answer keys' rule)."""

BYE_KINDS = ("half", "full", "zero")


def bye_kind_word(kind: str) -> str:
    """A bye's kind as the reader calls it (``yarım``, ``halb``, ``пол``): its first letter is
    the letter the bye dialog takes in that language."""
    from core.i18n import pgettext

    return {"half": pgettext("bye kind", "half"), "full": pgettext("bye kind", "full"),
            "zero": pgettext("bye kind", "zero")}[kind]


def bye_letters() -> dict[str, str]:
    """Each kind's letter in the reader's language: its word's first letter (``y`` yarım, ``g``
    ganz, ``н`` ноль), the English one where that letter is another kind's or English's."""
    initials = {kind: bye_kind_word(kind).lower()[:1] for kind in BYE_KINDS}
    english = {kind[:1]: kind for kind in BYE_KINDS} | {"x": "cancel", "-": "cancel"}
    return {kind: letter if letter and list(initials.values()).count(letter) == 1
            and english.get(letter, kind) == kind else kind[:1]
            for kind, letter in initials.items()}


def bye_cancel_letter() -> str:
    """The letter that cancels a requested bye, in the reader's alphabet: ``x``, in Russian the
    Cyrillic ``х`` (a Russian hint showed the Latin one, which a Russian keyboard does not
    type).  The Latin ``x`` is always understood too."""
    from core.i18n import pgettext

    return pgettext("bye, cancel letter", "x")


def bye_words() -> dict[str, str]:
    """Every word and letter a typed bye understands → ``half``/``full``/``zero``/``cancel``:
    the English ones (always) and the reader's (:func:`bye_letters`, :func:`bye_cancel_letter`)."""
    words = dict(_BYE_WORDS)
    words.setdefault(bye_cancel_letter(), "cancel")
    for kind, letter in bye_letters().items():
        words.setdefault(letter, kind)
        words.setdefault(bye_kind_word(kind).lower(), kind)
    return words


def bye_kind_hint() -> str:
    """``y yarım, t tam, s sıfır`` — the letters the bye dialog takes, in the reader's words."""
    letters = bye_letters()
    return ", ".join(f"{letters[kind]} {bye_kind_word(kind)}" for kind in BYE_KINDS)


def bye_kind(text: str) -> str:
    """``--kind``: a kind in English or in the reader's words → ``half``/``full``/``zero``."""
    kind = bye_words().get(text.strip().lower())
    if kind not in BYE_KINDS:
        raise FieldError("bye", _("{value!r} is no kind of bye; use one of {kinds}").format(
            value=text, kinds=", ".join(bye_kind_word(k) for k in BYE_KINDS)))
    return kind


def bye_request(text: str) -> tuple[tuple[int, ...], str]:
    """``4 h``, ``5 6 z``, ``4 x`` → (rounds, ``half``/``full``/``zero``/``cancel``); a bare
    ``4`` is a half-point bye (the usual request); the kinds' words and letters in the reader's
    language too (:func:`bye_words`).  Every other word is refused by name — ``3 q`` used to
    become a half-point bye without a word."""
    rounds: list[int] = []
    kinds: set[str] = set()
    words = bye_words()
    for token in text.replace(",", " ").lower().split():
        if token.isascii() and token.isdigit():
            rounds.append(int(token))
        elif token in words:
            kinds.add(words[token])
        else:
            raise FieldError("bye", _("{token!r} is neither a round number nor a kind ({kinds}, {cancel} cancels)").format(
                token=token, kinds=bye_kind_hint(), cancel=bye_cancel_letter()))
    if not rounds:
        raise FieldError("bye", _("type the round(s), e.g. 3 {half} or 4 5 {zero}").format(
            half=bye_letters()["half"], zero=bye_letters()["zero"]))
    if len(kinds) > 1:
        raise FieldError("bye", _("one kind at a time: {kinds}").format(kinds=", ".join(sorted(kinds))))
    return tuple(dict.fromkeys(rounds)), (kinds.pop() if kinds else "half")


def team_bye_request(text: str) -> tuple[tuple[int, ...], bool]:
    """``4``, ``4 5``, ``4 x`` → (rounds, cancel): a team Swiss team's bye is a zero-point bye
    (C.04.2 Art. 3.3), so no kind is typed; ``x`` (:func:`bye_cancel_letter`) cancels."""
    rounds: list[int] = []
    cancel = False
    for token in text.replace(",", " ").lower().split():
        if token.isascii() and token.isdigit():
            rounds.append(int(token))
        elif token in ("x", bye_cancel_letter()):
            cancel = True
        else:
            raise FieldError("bye", _("{token!r} is not a round number ({cancel} cancels the team's bye)").format(
                token=token, cancel=bye_cancel_letter()))
    if not rounds:
        raise FieldError("bye", _("type the round(s) the team misses, e.g. 4 or 4 5"))
    return tuple(dict.fromkeys(rounds)), cancel


def check_player(fields: Mapping[str, Any], go: bool = False) -> str:
    """A player's fields as a whole (a form's, a CSV row's, a club member's): refuse the bad ones
    with every problem named; the answer is the federation as stored (a Go
    event's players have a country, not a FIDE federation, and the EGD's ``HU`` is ``HUN``)."""
    from core.model import TITLES

    problems = []
    name = fields.get("name")
    if name is not None and not str(name).strip():
        problems.append(_("the name must not be empty"))
    for key, message in (("rating", _("rating {value!r} must be a whole number from 0 to 4000")),
                         ("national_rating", _("national rating {value!r} must be a whole number from 0 to 4000"))):
        value = fields.get(key)
        if value is not None and (not isinstance(value, int) or not 0 <= value <= 4000):
            problems.append(message.format(value=value))
    title = fields.get("title")
    if title and title_code(str(title)) not in TITLES:
        problems.append(_("unknown title {title!r}; use one of {titles}").format(title=title, titles=", ".join(title_word(code) for code in TITLES)))
    code = ""
    try:
        code = federation(str(fields.get("federation") or ""), go=go)
    except FieldError as error:
        problems.append(str(error))
    for key, check in (("fide_id", fide_id), ("birth", birth), ("sex", sex)):
        try:
            check(str(fields.get(key) or ""))
        except FieldError as error:
            problems.append(str(error))
    if problems:
        raise TournamentError("; ".join(problems))
    return code
