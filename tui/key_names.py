"""Provides :func:`key_label`: a key's name as the reader's keyboard prints it.

Why: Textual names keys in English (``del``, ``home``, ``pgup``); a German keyboard prints
Entf, Pos1, Ende, Bild↑/↓, Einfg, and the German help and footers must use one set of names
(the review of issue 34 found ``Del`` in the footer beside ``Entf`` in the help).  Turkish and
Russian keyboards print the English names: their catalogs keep them.  Modifiers stay as
Textual draws them (``^`` for Ctrl, ``⇧`` for Shift below 80 columns): symbols, not words."""

from __future__ import annotations

from core.i18n import pgettext


def _names() -> dict[str, str]:
    """Textual's name of a key (its footer label) → the name in the reader's language."""
    return {
        "del": pgettext("key", "Del"),
        "insert": pgettext("key", "Ins"),
        "home": pgettext("key", "Home"),
        "end": pgettext("key", "End"),
        "pgup": pgettext("key", "PgUp"),
        "pgdn": pgettext("key", "PgDn"),
    }


def key_label(shown: str) -> str:
    """``shown`` (Textual's label of a key or combination, ``shift+del``) with each key's name
    in the reader's language (``shift+Entf`` in German); other parts are left as they are."""
    names = _names()
    return "+".join(names.get(part, part) for part in shown.split("+"))
