"""Which Windows code page a file that is not UTF-8 was written in, told by its letters.

Why: a spreadsheet saved as CSV by Excel is in the code page of the Windows it ran on —
Windows-1251 on a Russian one, Windows-1254 on a Turkish one, Windows-1252 on a German one.
The same bytes read in the wrong one give letters that are still letters (``Êóçíåöîâ`` for
Кузнецов read as Windows-1252 or -1254), so decoding without an error proves nothing; such
names were registered silently (issue 34, review rev34f 28).

How: each candidate decodes the bytes; each word holding a letter outside ASCII counts for
the candidate when it is a word of the candidate's alphabet — all Cyrillic for Windows-1251
(Russian words have no Latin letters); for the Latin code pages Latin letters whose non-ASCII
ones are letters of the languages that code page serves (Turkish ç ğ ı İ ö ş ü for -1254;
German ä ö ü ß and the West-European accents for -1252) and at most three quarters of the
word (a Latin word has ASCII letters too, ``Ölçü`` one in four: ``Êóçíåöîâ`` is not a word) — and against it otherwise (a
Latin word with Cyrillic letters in it, ``Mьller``, is Müller read as Windows-1251).  The
best count wins; candidates that give the same text are one; a tie between different texts
is broken by the language (the organiser's: Russian 1251, Turkish 1254, else 1252), as is a
file whose bytes outside ASCII are no letters in any reading (a dash, a degree sign); without
a winner nothing is guessed (``None``)."""

from __future__ import annotations

import re

CODE_PAGES = ("cp1251", "cp1254", "cp1252")
"""The candidates, in the order a tie with no language to break it is left undecided."""

_HOME = {
    "cp1254": frozenset("çğıöşüâîûÇĞİÖŞÜÂÎÛäÄéÉ"),
    "cp1252": frozenset("äöüßÄÖÜàáâãåæçèéêëìíîïñòóôõøùúûÿœšžÀÁÂÃÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕØÙÚÛŒŠŽŸ"),
}
"""The non-ASCII letters a Latin code page's own languages write."""

_BY_LANGUAGE = {"ru": "cp1251", "tr": "cp1254", "de": "cp1252", "en": "cp1252"}

_WORD = re.compile(r"[^\W\d_]+")


def _is_cyrillic(c: str) -> bool:
    return "\u0400" <= c <= "\u04ff"


def _score(text: str, code_page: str) -> int:
    """How many words with non-ASCII letters read as words of ``code_page``'s alphabet, less
    how many do not."""
    score = 0
    for word in _WORD.findall(text):
        if word.isascii():
            continue
        if code_page == "cp1251":
            score += 1 if all(_is_cyrillic(c) for c in word) else -1
            continue
        wide = [c for c in word if not c.isascii()]
        fits = all(c in _HOME[code_page] for c in wide) and len(wide) * 4 <= len(word) * 3
        score += 1 if fits else -1
    return score


def code_page(raw: bytes, language: str = "") -> str | None:
    """The code page ``raw`` (not UTF-8) was most likely written in, or ``None`` when its
    letters do not tell (see the module docstring)."""
    texts: dict[str, str] = {}
    for candidate in CODE_PAGES:
        try:
            texts[candidate] = raw.decode(candidate)
        except UnicodeDecodeError:
            continue
    if not texts:
        return None
    scores = {candidate: _score(text, candidate) for candidate, text in texts.items()}
    preferred = _BY_LANGUAGE.get(language, "cp1252")
    if not any(scores.values()):  # no letter outside ASCII in any reading (a dash, a degree sign)
        return preferred if preferred in texts else next(iter(texts))
    best = max(scores.values())
    winners = [c for c in texts if scores[c] == best]
    if len({texts[c] for c in winners}) == 1:
        return winners[0] if best > 0 or len(texts) == 1 else None
    return preferred if preferred in winners and best > 0 else None
