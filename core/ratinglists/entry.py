"""One entry of a rating list, and the name folding that makes type-ahead forgiving.

Folding: organisers type ``ozturk`` for *Öztürk* and ``muller`` for *Müller*; FIDE writes
some names without diacritics and national lists with them.  A folded key is lower case,
without combining marks, with the few letters that do not decompose (ı, ß, ø, ł, đ, æ, œ, þ)
spelled in ASCII, commas dropped and white space collapsed.  Transliteration between
scripts (Ivanov = Иванов) is deliberately not attempted.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class ListEntry:
    """A player as a rating list publishes them.

    Ratings are 0 when the list has none for that kind (unrated).  ``inactive`` is FIDE's
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
    egd_pin: str = ""

    @property
    def best_title(self) -> str:
        """The title FIDE ranks by (an open title before a women's title of the same rank)."""
        return self.title or self.women_title

    def rating(self, kind: str) -> int:
        """The rating of one kind: ``standard``, ``rapid``, ``blitz``, ``national``, ``go``."""
        return {"standard": self.standard, "rapid": self.rapid, "blitz": self.blitz,
                "national": self.national_rating, "go": self.go_rating}[kind]

    def first_rating(self, kinds: tuple[str, ...]) -> tuple[int, str]:
        """The first rating the entry has among ``kinds``, and its kind (``0, ""``: none)."""
        for kind in kinds:
            if self.rating(kind):
                return self.rating(kind), kind
        return 0, ""


ENTRY_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ListEntry))
"""Field order of an entry in the index file (one tab-separated line per entry)."""
