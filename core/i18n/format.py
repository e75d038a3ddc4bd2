"""Locale-aware presentation of numbers, points, dates and counts (babel/CLDR).

Why here and not in the engine: engine output, JSON/CSV and TRF files use the machine format
(``core.model.format_points``: ``"5.5"``) whatever the locale.  Everything a *person* reads
goes through these helpers, so the decimal comma, ``½`` and the Russian plural forms are
decided in one place:

- points: ``½``, ``1½``, ``3`` (style ``"half"``, the default in tables and cards, as the
  seeds print them) or ``0,5``/``1,5``/``3,0`` (style ``"decimal"``), per language;
- decimals (tie-break values): decimal comma for tr/de/ru, no thousands grouping;
- counts: ``counted("{n} round", "{n} rounds", n)`` → "5 tur" / "5 Runden" / "5 туров";
- ratings and pairing numbers: plain integers, never grouped ("2140", not "2.140");
- dates: dd.MM.yyyy for tr/de/ru (docs/glossary.md §S), CLDR long/full forms; 24-hour times.

Every function takes an optional ``lang``; by default the active UI language is used.
"""

from __future__ import annotations

import datetime as _dt
import os
from decimal import Decimal, localcontext
from fractions import Fraction
from collections.abc import Callable, Iterable, Mapping

from core.i18n import LANGUAGES, _, current_language, ngettext, normalise_language


def _babel_date(*args, **kwargs):
    """babel imported on first use: engine commands (``hakem pair``) never format dates, and
    importing babel.dates costs ~15 ms of every CLI start."""
    from babel.dates import format_date

    return format_date(*args, **kwargs)


def _babel_time(*args, **kwargs):
    from babel.dates import format_time

    return format_time(*args, **kwargs)


def _babel_decimal(*args, **kwargs):
    from babel.numbers import format_decimal

    return format_decimal(*args, **kwargs)


POINT_STYLES = ("half", "decimal")
"""``half``: ½, 1½ (tables, cards); ``decimal``: 0,5, 1,5 (the configurable alternative)."""

BABEL_LOCALES = {"en": "en_GB", "tr": "tr_TR", "de": "de_DE", "ru": "ru_RU"}
"""CLDR locale per UI language (British English: day-month order and a 24-hour clock)."""

NUMERIC_DATE = {"en": "yyyy-MM-dd", "tr": "dd.MM.yyyy", "de": "dd.MM.yyyy", "ru": "dd.MM.yyyy"}
"""Document date format (docs/glossary.md §S: "07.03.2025"; English: ISO, as FIDE files write it)."""

_points_style = "half"

Number = int | Fraction | Decimal | float | str


def _lang(lang: str | None) -> str:
    return normalise_language(lang) or (current_language() if lang is None else "en")


def babel_locale(lang: str | None = None) -> str:
    """The CLDR locale id used for ``lang`` (default: the active language)."""
    return BABEL_LOCALES[_lang(lang)]


def set_points_style(style: str) -> str:
    """Choose ``half`` (½) or ``decimal`` (0,5) for points everywhere; returns the style."""
    global _points_style
    if style not in POINT_STYLES:
        raise ValueError(f"unknown points style {style!r}; use one of {', '.join(POINT_STYLES)}")
    _points_style = style
    return style


def points_style() -> str:
    """The active points style (``half`` unless changed)."""
    return _points_style


def _fraction(value: Number) -> Fraction:
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        if text.endswith("½"):
            head = text[:-1]
            sign = -1 if head.startswith("-") else 1
            head = head.lstrip("-")
            return sign * (Fraction(int(head) if head else 0) + Fraction(1, 2))
        return Fraction(text)
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10_000)
    return Fraction(value)


def _decimal(value: Fraction) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 28
        return Decimal(value.numerator) / Decimal(value.denominator)


def format_decimal(value: Number, lang: str | None = None, *, max_digits: int = 2,
                   min_digits: int = 0, grouping: bool = False) -> str:
    """A decimal number in the language's notation: ``27,5`` (tr/de/ru), ``27.5`` (en).

    No thousands grouping unless asked: tie-break values and points are small, and grouping
    would make "2310,0" read like a rating with a separator.
    """
    pattern = ("#,##0" if grouping else "0") + ("." + "0" * min_digits + "#" * (max_digits - min_digits)
                                                if max_digits else "")
    number = _decimal(_fraction(value))
    return _babel_decimal(number, format=pattern, locale=babel_locale(lang))


def format_money(value: Number, lang: str | None = None) -> str:
    """A prize amount as printed everywhere (the prize list, ``prizes list``, the confirmation
    of ``prizes add``): grouped in thousands, two decimals when not whole — ``1.000``,
    ``75,50`` (tr/de), ``1 000`` (ru), ``1,000`` (en).  :func:`core.prizes.settings.parse_amounts`
    reads this form back."""
    amount = _fraction(value)
    whole = amount.denominator == 1
    return format_decimal(amount, lang, max_digits=0 if whole else 2, min_digits=0 if whole else 2, grouping=True)


def format_number(value: int, lang: str | None = None) -> str:
    """A grouped integer for quantities ("1.234 oyun"); not for ratings or pairing numbers."""
    return _babel_decimal(int(value), format="#,##0", locale=babel_locale(lang))


def format_points(value: Number | None, lang: str | None = None, style: str | None = None) -> str:
    """Points as a person reads them.

    ``half`` style: ``3``, ``½``, ``1½``, ``-½``; ``decimal`` style: ``3,0``, ``0,5``, ``1,5``
    (``3.0``/``0.5`` in English).  Values that are not whole or half (averages such as
    ``27.33``) fall back to a decimal with up to two digits in either style.
    """
    if value is None:
        return ""
    points = _fraction(value)
    style = style or _points_style
    if style not in POINT_STYLES:
        raise ValueError(f"unknown points style {style!r}")
    if (points * 2).denominator != 1:
        return format_decimal(points, lang, max_digits=2)
    if style == "decimal":
        return format_decimal(points, lang, max_digits=1, min_digits=1)
    sign = "-" if points < 0 else ""
    whole, half = divmod(abs(points), 1)
    if half == 0:
        return f"{sign}{int(whole)}"
    return f"{sign}{int(whole) if whole else ''}½"


def format_value(value: object, lang: str | None = None) -> str:
    """A tie-break value for a table cell: halves like points, other numbers as decimals."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (Fraction, Decimal, float)):
        fraction = _fraction(value)
        if (fraction * 2).denominator == 1:
            return format_points(fraction, lang)
        return format_decimal(fraction, lang, max_digits=2)
    return str(value)


def halves_only(values: Iterable[object]) -> bool:
    """True when every number among ``values`` is whole or half (a score-like column)."""
    for v in values:
        if isinstance(v, tuple):
            if not halves_only(v):
                return False
        elif isinstance(v, (Fraction, Decimal, float)) and (_fraction(v) * 2).denominator != 1:
            return False
    return True


def column_formatter(values: Iterable[object], lang: str | None = None) -> Callable[[object], str]:
    """The one notation for a column of tie-break values (issue 19: never ``21½`` above
    ``18.75``): when every value is whole or half, as points (``21½``, ``18``); when any is not
    (an average, a percentage), every number of the column with two decimals in the
    language's notation (``21,50``, ``18,33``, ``18,00`` in German).  A column of quarters (a
    Sonneborn-Berger of game points) in the half-point style is written in quarters like the
    points (``21½``, ``18¾``, ``18``): still one notation in the column.
    Tuples (element-wise criteria) are formatted part by part with the same rule."""
    values = list(values)
    if halves_only(values):
        return lambda value: _column_cell(value, lambda v: format_value(v, lang))
    if _points_style == "half" and halves_only(_doubled(values)):
        return lambda value: _column_cell(value, _quarters)
    return lambda value: _column_cell(value, lambda v: format_decimal(v, lang, max_digits=2, min_digits=2))


def _doubled(values: Iterable[object]) -> list[object]:
    """``values`` times two (tuples part by part): halves of them are quarters of ``values``."""
    return [tuple(_doubled(v)) if isinstance(v, tuple) else 2 * _fraction(v)
            if isinstance(v, (Fraction, Decimal, float)) else v for v in values]


_QUARTER = {Fraction(0): "", Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def _quarters(value: Number) -> str:
    """A multiple of ¼ as the half-point style writes points (``82``, ``74¾``, ``¼``): a
    column of products of game points (team Sonneborn-Berger such as EGGSB, C.07 Art. 10)
    reads like the points beside it instead of ``82.00`` (issue 31)."""
    points = _fraction(value)
    whole, part = divmod(abs(points), 1)
    digits = str(int(whole)) if whole or not part else ""
    return f"{'-' if points < 0 else ''}{digits}{_QUARTER[part]}"


def _column_cell(value: object, number: Callable[[Number], str]) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return " ".join(_column_cell(v, number) for v in value)
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, (int, Fraction, Decimal, float)):
        return number(value)
    return str(value)


def place_span(places: Iterable[int]) -> str:
    """Places as a span when they follow each other (``2–4``, an en dash as in print), else
    listed (``1, 3``): every place range hakem shows a person is written by this function."""
    places = list(places)
    if len(places) > 1 and places == list(range(places[0], places[0] + len(places))):
        return f"{places[0]}–{places[-1]}"
    return ", ".join(map(str, places))


def format_rating(value: int | None, unrated: str = "") -> str:
    """A rating as a plain integer ("2140", never "2.140"); ``unrated`` for 0/None."""
    if not value:
        return unrated
    return str(int(value))


def format_percent(value: Number, lang: str | None = None) -> str:
    """A percentage (``value`` in hundredths: 67 for 67 per cent) as the language writes it
    (CLDR): Turkish puts the sign first (``%67``), German and Russian after a no-break space
    (``67 %``), English right after the number (``67%``).  Whole numbers, halves rounded up
    as the FIDE rules round (8.3.4)."""
    from decimal import ROUND_HALF_UP

    from babel.numbers import format_percent as babel_percent

    whole = _decimal(_fraction(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return babel_percent(whole / 100, locale=babel_locale(lang))


def format_pno(value: int) -> str:
    """A pairing number: a plain integer, like the rating (never grouped)."""
    return str(int(value))


def counted(singular: str, plural: str, n: int, lang: str | None = None, **fields: object) -> str:
    """A counted phrase through the catalog's plural rule: ``counted("{n} round", "{n} rounds", 5)``.

    ``{n}`` is formatted as a grouped integer in the language; other ``{fields}`` are passed on.
    The extraction keyword ``counted`` (positions 1, 2) puts both forms into the catalog.
    ``lang`` must be the active language or None (the catalog is the active one).
    """
    del lang  # plural choice always follows the active catalog
    text = ngettext(singular, plural, n)
    return text.format(n=format_number(n), **fields)


def points_label(value: Number, lang: str | None = None) -> str:
    """"Points: 5½" — scores as a label, never through plurals (Russian "5,5 очка" is genitive)."""
    return _("Points: {points}").format(points=format_points(value, lang))


def _date(value: _dt.date | _dt.datetime | str) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    text = value.strip().replace("/", "-").replace(".", "-")
    return _dt.date.fromisoformat(text[:10])


def format_date(value: _dt.date | _dt.datetime | str | None, lang: str | None = None,
                style: str = "numeric") -> str:
    """A date: ``numeric`` (07.03.2025), or CLDR ``short``/``medium``/``long``/``full``.

    Accepts ISO text too ("2025-03-07", "2025/03/07", "2025.03.07" as TRF writes dates).
    """
    if value in (None, ""):
        return ""
    day = _date(value)
    code = _lang(lang)
    if style == "numeric":
        return _babel_date(day, format=NUMERIC_DATE[code], locale=BABEL_LOCALES[code])
    return _babel_date(day, format=style, locale=BABEL_LOCALES[code])


def format_time(value: _dt.time | _dt.datetime, lang: str | None = None) -> str:
    """A clock time, 24-hour, hours and minutes ("14:05")."""
    return _babel_time(value, format="HH:mm", locale=babel_locale(lang))


def format_schedule(date: str, clock: str, lang: str | None = None) -> str:
    """When a round starts, as a pairing list's line says it: the date and the start time as
    set ("" when neither is)."""
    if date and clock:
        return _("{date}, {time}").format(date=format_date(date, lang), time=clock)
    return format_date(date, lang) if date else clock


def format_journal_time(value: object) -> str:
    """A journal entry's time (ISO text, kept in UTC) in the reader's time zone and the
    language's date form, 24 h with seconds (the journal is precise); text that is no time
    is shown as it is."""
    text = str(value or "")
    try:
        moment = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text[:19].replace("T", " ")
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return f"{format_date(moment.date())} {moment:%H:%M:%S}"


def format_datetime(value: _dt.datetime | str | None, lang: str | None = None) -> str:
    """Date and time for lists ("29.11.2026 18:41"; English "2026-11-29 18:41").

    Accepts ISO text ("2026-11-29T18:41:07", "2026-11-29 18:41") as the store's journal keeps it.
    """
    if value in (None, ""):
        return ""
    moment = value if isinstance(value, _dt.datetime) else _dt.datetime.fromisoformat(
        str(value).strip().replace("Z", "+00:00"))
    return f"{format_date(moment.date(), lang)} {format_time(moment, lang)}"


def resolve_language(cli: str | None = None, setting: str | None = None,
                     environ: Mapping[str, str] | None = None) -> str:
    """The UI language for this user: ``--lang``, else the saved setting, else the environment.

    Why this order: an explicit option on the command line is the most specific wish; the
    saved per-user setting comes next; LANGUAGE/LC_ALL/LC_MESSAGES/LANG (POSIX precedence) are
    the fallback; unknown values ("fr_FR") fall through to the next source, then English.  As
    gettext reads them: the first of LC_ALL, LC_MESSAGES, LANG set is the locale, and the C
    locale means English whatever the others say (``LC_ALL=C LANG=tr_TR.UTF-8`` is the way to
    ask a program for its untranslated messages); LANGUAGE's list counts only outside it.
    """
    for candidate in (cli, setting):
        code = normalise_language(candidate)
        if code:
            return code
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if locale.split(".")[0].split("@")[0] in ("C", "POSIX"):
        return "en"
    for part in [*(env.get("LANGUAGE") or "").split(":"), locale]:
        code = normalise_language(part)
        if code:
            return code
    return "en"


__all__ = [
    "LANGUAGES", "POINT_STYLES", "babel_locale", "column_formatter", "counted", "format_date", "format_datetime", "format_decimal",
    "format_money", "format_number", "format_percent", "format_pno", "format_points", "format_rating", "format_time",
    "format_value", "halves_only", "points_label", "points_style", "resolve_language", "set_points_style",
]


def language_name(code: str, lang: str | None = None) -> str:
    """The language ``code`` named in the reader's language (CLDR through babel): "Türkisch"
    for ``tr`` read in German, "Турецкий" in Russian — a value shown to a person, where the
    code alone ("Sprache der Berichte: tr") meant nothing to an organiser.  Capitalised: it
    stands alone (a field's value, a choice).  An unknown code is given back as it is."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(babel_locale(lang))
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:] if name else code


def language_choice(code: str, lang: str | None = None) -> str:
    """A language as a picker offers it: in the reader's language, with its own name beside it
    when that differs ("Türkisch (Türkçe)"), so that one who does not read the screen's
    language still finds their own."""
    from core.i18n import LANGUAGE_NAMES

    named, own = language_name(code, lang), LANGUAGE_NAMES.get(code, code)
    return named if named == own else f"{named} ({own})"


def join_list(items: Iterable[str]) -> str:
    """Items as a sentence lists them in the reader's language: ``1 and 3``, ``a, b and c``
    (German ``1 und 3``, Turkish ``1 ve 3``, Russian ``1 и 3``)."""
    from core.i18n import _

    words = list(items)
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])

