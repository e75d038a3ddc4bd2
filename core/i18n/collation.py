"""The one order and the one search fold of people's and events' names, from ICU.

Why ICU: each language orders its own alphabet (Turkish c < ç < d, ı < i, o < ö, s < ş,
u < ü, g < ğ < h; German ä with a and ß as ss, DIN 5007-1; Russian е and ё together before ж),
and no code-point or accent-stripping key gets all of these right at once (``Koç`` before
``Kılıç`` and Ç/Ö/Ş after Z were such keys).  ICU's collators carry CLDR's tailoring of every
language; its transliterators spell Cyrillic in Latin letters (BGN/PCGN for Russian, the
spelling of passports and FIDE's list: Иванов → Ivanov, Хачатурян → Khachaturyan), so the
Latin and the Cyrillic spelling of one name fold to the same search key.

The binding is PyICU (the ``icu`` module), installed from the ``pyicu-wheels`` package, which
ships ICU inside a manylinux wheel.  Without it nothing is ordered: :func:`sort_key`,
:func:`search_fold` and :func:`slug` raise one :class:`~core.errors.TournamentError` saying
what to install, rather than sort by a key that puts names in a wrong order unnoticed
(notes/i18n.md, "Collation").

ICU is loaded at the first call (about 10 ms), not at start-up; collators and transliterators
are made once per process and folded names are remembered.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from typing import Any

from core.errors import TournamentError
from core.i18n import _, current_language, normalise_language

_LOCALES = {"en": "en", "tr": "tr", "de": "de", "ru": "ru"}
"""ICU locale of each UI language; any other code orders by ICU's root order (CLDR's default)."""

_FOLD = "Russian-Latin/BGN; [\u02B9\u02BA] Remove; Any-Latin; Latin-ASCII; Lower"
"""Cyrillic by the BGN/PCGN romanisation (Russian being the Cyrillic language we serve), its
marks of the soft and hard sign (ʹ ʺ) dropped as passports do (ладья → ladya, not lad-ya), every
other script by ICU's general rules, then ASCII letters (ö → o, ı → i, ß → ss) in lower case."""

_NOT_WORD = re.compile(r"[^a-z0-9]+")


class CollationUnavailable(TournamentError):
    """The ICU binding is not installed: names cannot be ordered or folded."""


def _icu() -> Any:
    """The ``icu`` module, or the one-line error that says how to get it."""
    try:
        import icu
    except ImportError as error:
        raise CollationUnavailable(_(
            "ordering and searching names needs ICU, which is not installed ({error}); install hakem "
            "again with pip (it brings the package pyicu-wheels), or PyICU built against the system's ICU"
        ).format(error=error)) from error
    return icu


def require_icu() -> None:
    """Raise :class:`CollationUnavailable` unless ICU can be loaded (the UI asks at start)."""
    _icu()


_OWN_SCRIPT_FIRST = {"ru": "Cyrl"}
"""The script a reader of the language looks for first in an alphabetical list (CLDR's Russian
order puts Cyrillic before Latin; the other languages keep Latin first)."""


@cache
def _collator(lang: str, script_first: str = "") -> Any:
    icu = _icu()
    locale = _LOCALES.get(lang, "root")
    return icu.Collator.createInstance(icu.Locale(f"{locale}@colReorder={script_first}" if script_first else locale))


@cache
def _transliterator() -> Any:
    return _icu().Transliterator.createInstance(_FOLD)


def sort_key(text: str, lang: str | None = None) -> bytes:
    """The key that orders ``text`` in ``lang``'s alphabet (default: the language being
    shown, ``current_language()``).  The names of an event's players are the event's: they
    are ordered in the event's language (:func:`event_sort_key`) whoever reads them.
    Case and accents decide only between otherwise equal names; add the pairing number or id
    to the key where two people may share a name."""
    return _sort_key(text, lang or current_language())


def event_sort_key(text: str, event_language: str | None) -> bytes:
    """The key that orders a name of an event whose language is ``event_language`` (the
    tournament's ``language``): its alphabet, on the screen and on paper, whatever the
    organiser's language — a Turkish event's list reads Cengiz, Çelik, Ilgaz, Işık, İnce in
    a German UI too; an event without a language of its own is ordered in the language shown.

    Which script comes first is the reader's, though: a German event's list in Russian (a
    Russian report, ``--report-lang ru``) puts Ёлкин and Иванов before Ağaoğlu and Weiß, as
    Russian orders (CLDR), while the Latin names keep the German alphabet among themselves."""
    lang = normalise_language(event_language)
    shown = current_language()
    first = _OWN_SCRIPT_FIRST.get(shown, "") if lang and lang != shown else ""
    return _sort_key(text, lang, first) if first else sort_key(text, lang)


@lru_cache(maxsize=1 << 16)
def _sort_key(text: str, lang: str, script_first: str = "") -> bytes:
    return bytes(_collator(lang, script_first).getSortKey(text))


@lru_cache(maxsize=1 << 16)
def search_fold(text: str) -> str:
    """The search form of a name: Latin letters, ASCII, lower case, words separated by one
    space (commas, dots, hyphens and apostrophes are spaces).  ``Иванов`` and ``Ivanov`` both
    fold to ``ivanov``; ``Öztürk`` and ``Ozturk`` to ``ozturk``; ``Müller`` to ``muller``;
    ``Kılıç, İsmail`` to ``kilic ismail``.  A search compares the folded query with the folded
    names (``search_fold(query) in search_fold(name)``).  Russian ё (and е after a vowel or at
    the start) is written ``yo``, ``ye`` or ``e`` in Latin (Ёлкин: Yolkin, Yelkin, Elkin;
    Королёв: Korolyov, Korolev): ``yo`` and ``ye`` fold to ``e`` on both sides, so every
    spelling finds the name — a search may find a little more, never less."""
    return _YO_YE.sub("e", _latin_words(text))


_YO_YE = re.compile("y[oe]")


def _latin_words(text: str) -> str:
    latin = text if text.isascii() else _transliterator().transliterate(text)
    return " ".join(w for w in _NOT_WORD.split(latin.lower()) if w)


@lru_cache(maxsize=1 << 16)
def search_keys(text: str) -> tuple[str, ...]:
    """Every search form of a name: :func:`search_fold`, then the spellings organisers type
    for it (:mod:`core.i18n.spellings`: the German one without umlauts — ``mueller`` finds
    *Müller*, ``schahin`` *Şahin* —, and a Cyrillic name as German and Turkish write it —
    ``iwanow`` and ``jeschow`` find *Иванов*, *Ежов*, ``sevcuk`` *Шевчук*).  Distinct keys
    only, the plain fold first; a search matches a name when the folded query is in any key
    (:func:`matches`)."""
    from core.i18n.spellings import spellings

    keys = [search_fold(text)]
    for spelling in spellings(text):
        key = search_fold(spelling)
        if key not in keys:
            keys.append(key)
    for key in list(keys):
        met = meet(key)
        if met not in keys:
            keys.append(met)
    return tuple(keys)


_MEET_RULES = (
    (re.compile("schtsch"), "shch"), (re.compile("tsch"), "ch"), (re.compile("sch"), "sh"),
    (re.compile("ae"), "a"), (re.compile("oe"), "o"), (re.compile("ue"), "u"),
    (re.compile("w"), "v"), (re.compile("j"), "y"), (_YO_YE, "e"),
    (re.compile("yu"), "u"), (re.compile("y"), "i"), (re.compile("ei"), "ai"),
    (re.compile(r"([a-z])\1+"), r"\1"),
)
"""How the spellings of one name in German, Turkish, Russian and English meet (applied in this
order to a folded key): German sch/tsch/schtsch are English sh/ch/shch (Schewtschuk,
Shevchuk); umlauts written out are the plain vowel (Mueller, Müller → muller); German w and j
are v and y (Iwanow, Jolkin); Russian ю after a consonant is ü (Мюллер myuller, Крюгер
kryuger → muller, kruger); y is i (Йылмаз yylmaz, Yılmaz → iilmaz); German ei is said ai
(Schneider, Шнайдер shnayder → shnaider; Weiß, Вайс → vais); a doubled letter is one
(Ostermann, Остерман).  Both sides of a comparison pass through the same rules, so a rule
never loses a match that the plain key had (the plain keys are kept beside the met ones)."""


def meet(key: str) -> str:
    """A folded key (:func:`search_fold`) in the form where the German, Turkish, Russian and
    English spellings of one name meet (:data:`_MEET_RULES`): ``iwanow`` and ``ivanov``,
    ``mueller`` and ``myuller`` (Мюллер), ``weiss`` and ``vays`` (Вайс) meet."""
    for pattern, replacement in _MEET_RULES:
        key = pattern.sub(replacement, key)
    return key


@lru_cache(maxsize=1 << 16)
def name_keys(text: str) -> frozenset[str]:
    """The keys two registrations of one person share at least one of: every
    :func:`search_keys` spelling, met (:func:`meet`).  ``Mueller, Hans``, ``Мюллер, Ханс`` and
    ``Müller, Hans`` share one; so do ``Iwanow, Iwan`` and ``Иванов, Иван``.  What the
    duplicate checks of an event and of the club register compare (one rule for both)."""
    return frozenset(meet(key) for key in search_keys(text) if key)


def same_name(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are spellings of one name (:func:`name_keys` meet)."""
    return bool(name_keys(a) & name_keys(b))


def search_needles(query: str) -> tuple[str, ...]:
    """The forms a search looks for: every :func:`search_keys` spelling of the query, met ones
    included — ``вагнер`` finds *Wagner* through ``vagner``, ``йылмаз`` *Yılmaz* through its
    Turkish spelling, ``mueller`` *Мюллер*; the plain fold first (empty: no query).

    A query of fewer than :data:`SPELLED_FROM` letters is looked for as folded only: its other
    spellings are one or two letters that stand in nearly every name (``Ж`` spelled ``j`` meets
    as ``i``), so the first keys typed would find everybody."""
    fold = search_fold(query)
    if sum(ch.isalpha() for ch in fold) < SPELLED_FROM:
        return (fold,)
    return search_keys(query)


SPELLED_FROM = 3
"""How many letters a query needs before its other spellings are searched too."""


def search_text(text: str) -> str:
    """All of :func:`search_keys` in one string, each key after a tab and a space (``" " +
    key``): a substring test on it asks every key at once, and ``" " + word`` still finds the
    start of a word; what the type-ahead of a long list keeps per name."""
    return "\t".join(" " + key for key in search_keys(text))


def matches(query: str, text: str) -> bool:
    """Whether the search ``query`` finds ``text``: its fold is part of one of ``text``'s
    :func:`search_keys` (an empty query finds everything)."""
    needles = search_needles(query)
    return not needles[0] or any(needle in key for needle in needles for key in search_keys(text))


_GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
"""Umlauts as German writes them without the dots (DIN 5007-2, the spelling of German
passports' machine-readable line): ``Königsspringer`` → ``Koenigsspringer``."""

_TURKISH_LETTERS = frozenset("şŞğĞıİ")
"""Letters only Turkish writes among our languages: a name holding one is Turkish, and its
ü and ö are plain u and o in Latin (``Gölcük`` → ``golcuk``), as Turkish writes them."""


def slug(text: str, language: str | None = None) -> str:
    """``text`` as an id part: transliterated ASCII words joined by hyphens (``Kulüp
    Şampiyonası`` → ``kulup-sampiyonasi``, ``Кубок Москвы`` → ``kubok-moskvy``,
    ``Königsspringer`` → ``koenigsspringer``); empty when ``text`` has no letter or digit.

    ä, ö and ü are written ae, oe and ue (:data:`_GERMAN_LETTERS`) unless the name is Turkish:
    ``language`` (the event's) is ``tr`` or the name holds a letter only Turkish writes
    (:data:`_TURKISH_LETTERS`).  Why: ``Königsspringer`` came out ``konigsspringer``, which no
    German reads as the club's name."""
    text = unicodedata.normalize("NFC", text)
    if language != "tr" and not _TURKISH_LETTERS.intersection(text):
        text = text.translate(_GERMAN_LETTERS)
    return _latin_words(text).replace(" ", "-")
