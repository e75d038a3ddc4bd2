"""Translations and locale-aware presentation (babel + gettext catalogs in ``locales/``).

Usage everywhere a user sees text:

    from core.i18n import _, ngettext, N_, pgettext
    _("Pair next round")
    ngettext("{n} player", "{n} players", n).format(n=n)
    pgettext("game result", "Draw")          # vs pgettext("pairing", "Draw")
    NAMES = {"BH": N_("Buchholz")}; _(NAMES["BH"])   # tables: mark now, translate when shown

The active language is process-wide and switchable at run time (``set_language``); listeners
registered with ``add_language_listener`` are called after a switch so screens can re-render
(labels, key binding descriptions, table headers).  Engine results never depend on the
language: only presentation does (see ``core.i18n.format``).

Catalogs: the ``.po`` sources live in ``locales/<lang>/LC_MESSAGES/hakem.po`` (in git); the
``.mo`` files are compiled by the build (``python -m core.i18n.compile``, run by the setuptools
``build_py`` step, also for ``pip install -e .``).  Nothing is compiled at import time: a missing
``.mo`` only means English text (:func:`mo_path` tells).
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

LANGUAGES = ("en", "tr", "de", "ru")
"""Supported UI languages; English is the source language (msgids)."""

LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe", "de": "Deutsch", "ru": "Русский"}
"""Each language in its own name (language pickers show these, never translated)."""

LOCALE_DIR = Path(__file__).resolve().parent.parent.parent / "locales"
"""Source tree catalogs (``.po`` in git, ``.mo`` compiled there by the build/editable install)."""

PACKAGE_LOCALE_DIR = Path(__file__).resolve().parent / "locales"
"""Where a regular (non-editable) wheel install carries the compiled ``.mo`` files."""

DOMAIN = "hakem"

_current = "en"
_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []


def normalise_language(value: str | None) -> str | None:
    """``"tr_TR.UTF-8"``/``"de-DE"``/``"RU"`` → ``"tr"``/``"de"``/``"ru"``; None if unsupported.

    Why: LANG and ``--lang`` come in POSIX, BCP 47 or bare forms; ``C``/``POSIX`` mean "no
    preference" and must not be mistaken for a language.
    """
    if not value:
        return None
    code = value.strip().split(":")[0].split(".")[0].split("@")[0].replace("-", "_")
    code = code.split("_")[0].lower()
    return code if code in LANGUAGES else None


def mo_path(lang: str) -> Path | None:
    """The compiled catalog used for ``lang`` (source tree first, then the package copy)."""
    for base in (LOCALE_DIR, PACKAGE_LOCALE_DIR):
        candidate = base / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if candidate.is_file():
            return candidate
    return None


def _load(code: str) -> _gettext.NullTranslations:
    path = mo_path(code) if code != "en" else None
    if path is None:
        return _gettext.NullTranslations()
    with path.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def set_language(lang: str | None) -> str:
    """Switch the active language (falls back to English for unknown codes); returns it.

    Listeners run after the switch, in registration order, so a UI can re-render everything
    (including key binding labels) without a restart.
    """
    global _current, _translation
    code = normalise_language(lang) or "en"
    _translation = _load(code)
    changed = code != _current
    _current = code
    if changed:
        for listener in list(_listeners):  # noqa: PERF101 - a copy: a listener may unsubscribe while called
            listener(code)
    return code


def current_language() -> str:
    """The active language code (``en``, ``tr``, ``de`` or ``ru``): inside a :func:`speaking`
    block the language spoken there (the words, and the order of names, of one answer)."""
    return _speaking_code.get() or _current


def add_language_listener(callback: Callable[[str], None]) -> None:
    """Call ``callback(lang)`` after every language change (UI refresh hook)."""
    if callback not in _listeners:
        _listeners.append(callback)


def remove_language_listener(callback: Callable[[str], None]) -> None:
    """Stop calling ``callback`` on language changes (a closed screen)."""
    if callback in _listeners:
        _listeners.remove(callback)


_speaking: ContextVar[_gettext.NullTranslations | None] = ContextVar("hakem_language", default=None)
_speaking_code: ContextVar[str | None] = ContextVar("hakem_language_code", default=None)
_loaded: dict[str, _gettext.NullTranslations] = {}


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Translate into ``lang`` inside the block only (this thread or task): the data service
    answers each caller in the caller's language while serving several at once."""
    code = normalise_language(lang) or "en"
    translation = _loaded.get(code)
    if translation is None:
        translation = _loaded[code] = _load(code)
    token, code_token = _speaking.set(translation), _speaking_code.set(code)
    try:
        yield code
    finally:
        _speaking.reset(token)
        _speaking_code.reset(code_token)


def _active() -> _gettext.NullTranslations:
    return _speaking.get() or _translation


def _(message: str) -> str:
    """Translate ``message`` into the active language."""
    return _active().gettext(message)


def gettext(message: str) -> str:
    """Alias of ``_`` for code that prefers the long name."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation (Russian has three forms; the catalog's rule decides)."""
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translation with a context, for English words with two meanings ("Draw": result/pairing)."""
    return _active().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Plural-aware translation with a context."""
    return _active().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (tables of names)."""
    return message
