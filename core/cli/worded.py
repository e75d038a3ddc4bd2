"""An option's values in two tongues: the English word a script types, and the reader's.

Why (issue 34, a fresh-eyes review): ``--kind overall``, ``cup flag … white`` took English
words only, and the help listed them bare — a Turkish organiser could neither read what
``seniors`` meant nor type ``beyaz``.  A :class:`Worded` option takes either word (the English
one stays: scripts keep working in every language), its help lists each value with its meaning
in the reader's language, and an unknown value is refused naming them all.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from core.i18n import _


def _folded(text: str) -> str:
    """A typed word compared without case (Turkish ``İ``/``I`` as ``i``/``ı``; Russian ``ё`` as
    ``е``, as most people type it)."""
    return text.strip().replace("İ", "i").replace("I", "ı").casefold().replace("ё", "е")


class Worded:
    """``type=`` of an option whose values are words: ``words`` maps each value to its word in
    the reader's language (built when the parser is, after the language is chosen)."""

    def __init__(self, words: Mapping[str, str]) -> None:
        self.words = dict(words)

    def __call__(self, text: str) -> str:
        typed = _folded(text)
        for value, word in self.words.items():
            if typed in (_folded(value), _folded(word)):
                return value
        raise argparse.ArgumentTypeError(_('"{value}" is none of {choices}').format(value=text, choices=self.listed()))

    def listed(self) -> str:
        """``overall (Gesamt), women (Frauen)``: each value and, where it differs, its meaning."""
        return ", ".join(value if _folded(word) == _folded(value) else f"{value} ({word})"
                         for value, word in self.words.items())

    @property
    def metavar(self) -> str:
        """``{overall,women,…}``, as argparse shows choices in the usage line."""
        return "{" + ",".join(self.words) + "}"


def colour_words() -> Worded:
    """``white``/``black`` and the reader's words for them (``Weiß``, ``beyaz``, ``белые``)."""
    from core.i18n.terms import colour_name

    return Worded({"white": colour_name("w"), "black": colour_name("b")})


def decider_words() -> Worded:
    """``playoff --decider``: how a match still level is decided (the glossary's Armageddon
    game, golden point, drawing of lots)."""
    from core.i18n import pgettext

    return Worded({"armageddon": pgettext("option value", "Armageddon"),
                   "sudden_death": pgettext("option value", "sudden death"),
                   "lot": pgettext("option value", "lot")})


def armageddon_colour_words() -> Worded:
    """``playoff --armageddon-colours``: the colours drawn by lot, or Black's time bid."""
    from core.i18n import pgettext

    return Worded({"lot": pgettext("option value", "lot"), "bid": pgettext("option value", "bid")})


def sharing_words() -> Worded:
    """``prizes rules --sharing``: prizes not shared, shared equally, or by the Hort system."""
    from core.i18n import pgettext

    return Worded({"none": pgettext("prize sharing", "none"), "equal": pgettext("prize sharing", "equal"),
                   "hort": pgettext("prize sharing", "Hort")})


def ties_words() -> Worded:
    """``standings --ties``: a tie left after the tie-breaks shares its places, is decided by
    the recorded lots, or by the order the arbiter recorded."""
    from core.i18n import pgettext

    return Worded({"shared": pgettext("ties", "shared"), "lots": pgettext("ties", "lots"),
                   "manual": pgettext("ties", "manual")})


def withdrawn_words() -> Worded:
    """``standings --withdrawn``: withdrawn players ranked or not (``auto``: by the system's rule)."""
    from core.i18n import pgettext

    return Worded({"auto": pgettext("withdrawn players", "auto"), "rank": pgettext("withdrawn players", "rank"),
                   "unrank": pgettext("withdrawn players", "unrank")})


def withdrawn_points_words() -> Worded:
    """``settings --withdrawn-points``: a round robin keeps or annuls the points scored against
    a player who withdrew before half of the games."""
    from core.i18n import pgettext

    return Worded({"keep": pgettext("withdrawn points", "keep"), "annul": pgettext("withdrawn points", "annul")})
