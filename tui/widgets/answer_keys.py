"""Provides :func:`answer_keys`: the keys that answer a question dialog, and the hint shown.

Why (issue 29, fresh-eyes review): dialogs took only Latin ``y``/``n``/``k``/``r``.  With a
Russian keyboard layout switched on, the key labelled Y types ``н``, so a Russian organiser's
answer did nothing; and ``д`` (да) or ``н`` (нет) — the words on screen — did nothing either.
An answer is now given by its Latin key, by the key in the same place on a Russian (ЙЦУКЕН)
keyboard, and, in a language not written in Latin letters, by the first letter of the answer's
words as shown (``д`` да, ``н`` нет, ``п`` Перенумеровать).  A letter two answers could claim answers
neither — except that the words on screen win over a key's place: on a Russian layout ``н``
sits where Y is, but it is the first letter of нет, so it means no (and a question that
destroys something is never answered yes by a letter that also means no).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

RUSSIAN_LAYOUT = dict(zip("qwertyuiop[]asdfghjkl;'zxcvbnm,.", "йцукенгшщзхъфывапролджэячсмитьбю"))
"""The letter a Russian (ЙЦУКЕН) layout types on the key where a Latin keyboard has each one."""


@dataclass(frozen=True)
class Answer:
    """One answer's keys: ``shown`` for the button's hint (``y/д``), ``keys`` every lower-case
    character that gives the answer."""

    shown: str
    keys: frozenset[str]

    def given_by(self, character: str | None) -> bool:
        return bool(character and character.lower() in self.keys)


def _initial(word: str, latin: bool = False) -> str:
    """The first letter of ``word`` when it is not a Latin one: a Latin script's answers have
    their Latin keys already (more letters answering would only answer more by mistake).
    ``latin``: a Latin one too — for the plain yes and no, whose letters a Turkish or German
    organiser knows from every "(E/H)", "(J/N)" prompt (evet/hayır, ja/nein)."""
    first = word.strip()[:1].lower()[:1]  # "İ".lower() is i and a dot above: i
    return first if first.isalpha() and (latin or not first.isascii()) else ""


def answer_keys(answers: Sequence[tuple[str, Sequence[str]]], yes_no: bool = False) -> list[Answer]:
    """``answers``: each answer's Latin key and the words shown for it (the button's text, the
    plain yes/no word), in the language shown.  The keys of each (see the module doc); with
    ``yes_no`` (the words are the language's yes and no) their Latin initials answer too, and
    ``y``/``n`` always."""
    latin = [key.lower() for key, _words in answers]
    initials = [{_initial(w, yes_no) for w in words} - {""} for _key, words in answers]
    claimed = Counter(c for own in initials for c in own)
    out = []
    for i, (key, _words) in enumerate(answers):
        own = {c for c in initials[i] if claimed[c] == 1 and c not in latin[:i] + latin[i + 1:]}
        place = RUSSIAN_LAYOUT.get(key.lower(), "")
        if place and not claimed[place] and place not in latin:
            placed = {place}
        else:
            placed = set()
        shown = "/".join([key, *sorted(own - {key.lower()})])
        out.append(Answer(shown, frozenset({key.lower()} | own | placed)))
    return out
