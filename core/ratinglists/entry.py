"""One entry of a rating list, and the name folding that makes type-ahead forgiving.

Folding: organisers type ``ozturk`` for *Öztürk* and ``muller`` for *Müller*; FIDE writes
some names without diacritics and national lists with them.  A folded key is lower case,
without combining marks, with the few letters that do not decompose (ı, ß, ø, ł, đ, æ, œ, þ)
spelled in ASCII, commas dropped and white space collapsed.  Transliteration between
scripts (Ivanov = Иванов) is deliberately not attempted.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, fields


_SPECIAL = str.maketrans({
    "ı": "i", "ß": "ss", "ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "þ": "th",
    "ð": "d", ",": " ", ".": " ", "-": " ", "'": " ", "’": " ",
})


def fold(text: str) -> str:
    """The search key of a name: ``"Öztürk, Ayşe"`` → ``"ozturk ayse"``."""
    if text.isascii():
        lowered = text.lower()
    else:
        decomposed = unicodedata.normalize("NFKD", text.casefold())
        lowered = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(lowered.translate(_SPECIAL).split())


_FILLERS = re.compile("[\u034f\u115f\u1160\u3164\uffa0]")
"""The printable characters :func:`core.safe_text.hidden_character` refuses (they show as
nothing); every other character it refuses is not printable (``str.isprintable``)."""


def needs_cleaning(text: str) -> bool:
    """Whether ``text`` holds a character a name must not hold — C-speed tests only, as the
    import asks it of every value of a million entries."""
    return not text.isprintable() or (not text.isascii() and _FILLERS.search(text) is not None)


def clean_text(text: str) -> str:
    """``text`` without the characters a name must not hold (zero-width and format
    characters, the soft hyphen, control characters: the same test that refuses them when
    typed, :func:`core.safe_text.hidden_character`); nothing is put in their place — a list
    that carries them (a U+200B in FIDE's list, a soft hyphen in a national one) is stored
    clean, so registering from it never meets a refusal meant for typing."""
    from core.safe_text import hidden_character

    kept = []
    rest = text
    while (at := hidden_character(rest)) is not None:
        kept.append(rest[:at])
        rest = rest[at + 1:]
    kept.append(rest)
    return "".join(kept).strip()


@dataclass(frozen=True)
class ListEntry:
    """A player as a rating list publishes them.

    Ratings are 0 when the list has none for that kind (unrated); so is a K FIDE does not
    print.  ``inactive`` is FIDE's
    ``i`` flag (or an equivalent national status); ``women`` is FIDE's ``w`` flag.  Go lists
    fill ``go_rank`` (``5d``, ``12k``), ``go_rating`` (GoR) and ``egd_pin``.
    """

    name: str
    fide_id: str = ""
    national_id: str = ""
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    birth_year: str = ""
    standard: int = 0
    rapid: int = 0
    blitz: int = 0
    national_rating: int = 0
    club: str = ""
    inactive: bool = False
    go_rank: str = ""
    go_rating: int = 0
    standard_k: int = 0
    rapid_k: int = 0
    blitz_k: int = 0
    """FIDE's K of each kind as its list publishes it (SK, RK, BK; 0: not given)."""
    egd_pin: str = ""

    @property
    def best_title(self) -> str:
        """The title FIDE ranks by (an open title before a women's title of the same rank)."""
        return self.title or self.women_title

    def rating(self, kind: str) -> int:
        """The rating of one kind: ``standard``, ``rapid``, ``blitz``, ``national``, ``go``."""
        return {"standard": self.standard, "rapid": self.rapid, "blitz": self.blitz,
                "national": self.national_rating, "go": self.go_rating}[kind]

    def k(self, kind: str) -> int:
        """FIDE's published K of ``kind`` (``standard``, ``rapid``, ``blitz``; else 0)."""
        return {"standard": self.standard_k, "rapid": self.rapid_k, "blitz": self.blitz_k}.get(kind, 0)

    def first_rating(self, kinds: tuple[str, ...]) -> tuple[int, str]:
        """The first rating the entry has among ``kinds``, and its kind (``0, ""``: none)."""
        for kind in kinds:
            if self.rating(kind):
                return self.rating(kind), kind
        return 0, ""


ENTRY_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ListEntry))
"""Field order of an entry in the index file (one tab-separated line per entry)."""


_LIST_DATE = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2}))?")


def is_list_date(text: str) -> bool:
    """Whether ``text`` is a rating list's date: ``YYYY-MM`` or ``YYYY-MM-DD``, a real month
    and day (``2026-13`` is not).  Here, beside the entries, so the club register checks the
    dates of its members' ratings without the list library."""
    import datetime

    match = _LIST_DATE.fullmatch(text)
    if match is None:
        return False
    try:
        datetime.date(int(match.group(1)), int(match.group(2)), int(match.group(3) or 1))
    except ValueError:
        return False
    return True
