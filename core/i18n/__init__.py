"""Translations and locale-aware presentation (babel + gettext catalogs in ``locales/``).

Usage everywhere a user sees text:

    from core.i18n import _, ngettext
    _("Pair next round")
    ngettext("{n} player", "{n} players", n).format(n=n)

The active language is process-wide and switchable at run time (``set_language``); screens
re-render after a switch.  Engine results never depend on the language: only presentation does.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

LANGUAGES = ("en", "tr", "de", "ru")
LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locales"
DOMAIN = "hakem"

_current = "en"
_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def set_language(lang: str) -> str:
    """Switch the active language (falls back to English for unknown codes); returns it."""
    global _current, _translation
    code = (lang or "en").split("_")[0].split(".")[0].lower()
    if code not in LANGUAGES:
        code = "en"
    _current = code
    if code == "en":
        _translation = _gettext.NullTranslations()
    else:
        _translation = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code],
                                            fallback=True)
    return code


def current_language() -> str:
    return _current


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation (Russian has three forms; the catalog's rule decides)."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (tables of names)."""
    return message
