"""Provides the UI side of translation: lazy strings for class attributes, point formatting.

Why lazy strings: ``BINDINGS`` and column tables are built at import time, before the user's
language is known.  ``L_("Quit")`` returns a proxy that translates every time it is rendered,
so a language switch followed by ``refresh_bindings()`` shows the new words.  Catalog
extraction must therefore know the keyword ``L_`` besides ``_``, ``N_`` and ``ngettext``.

Why its type, :class:`LazyStr`, is a ``str`` to the type checker and a ``babel`` ``LazyProxy``
at run time: everything a label is given to (Textual's ``Binding.description``, tab, column
and field labels) uses it only through the string protocol — ``" " + label``, f-strings,
``str()``, ``len()``, markup parsing of ``str(label)`` — which the proxy answers with the
current language's text, so ``Binding(..., L_("Quit"))`` type-checks as it runs, with no cast,
and a table or parameter that must hold lazy labels says ``LazyStr`` (a plain ``str``, which
would stay in the language of the import, is refused there).  A real ``str`` subclass cannot
do this job: its text buffer is fixed when it is made (English, at import), and C code
(``str.join``, ``re``, Rich's cell widths) reads that buffer, never a method.  Textual copies
a binding's description into the bindings it merges for a class, so the label must be the
object itself, not a property of a Binding subclass.  The one thing a label is not is a
``str`` instance: never ``isinstance``-test one for ``str`` (notes/architecture.md, "A typed
TUI"); ``tests/test_tui_i18n.py`` checks that every binding hakem declares has one.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from babel.support import LazyProxy

from core.i18n import _, pgettext

if TYPE_CHECKING:
    from textual.command import CommandPalette


if TYPE_CHECKING:
    class LazyStr(str):
        """To the type checker: the ``str`` a label stands for (see the module doc)."""

        def __new__(cls, message: str) -> LazyStr: ...

    class _LazyPStr(LazyStr):
        """To the type checker: a :class:`LazyStr` with a context (:func:`LP_`)."""

        def __new__(cls, context: str, message: str) -> _LazyPStr: ...
else:
    class LazyStr(LazyProxy):
        """A label translated each time it is used: ``message`` through the catalog of the
        language of that moment (a ``LazyProxy`` without a cache)."""

        __slots__ = ()

        def __init__(self, message: str) -> None:
            super().__init__(_, message, enable_cache=False)

    class _LazyPStr(LazyStr):
        """A :class:`LazyStr` with a context (:func:`LP_`)."""

        __slots__ = ()

        def __init__(self, context: str, message: str) -> None:
            LazyProxy.__init__(self, pgettext, context, message, enable_cache=False)


def L_(message: str) -> LazyStr:
    """A string translated when used, not when defined (for BINDINGS and class tables)."""
    return LazyStr(message)


def LP_(context: str, message: str) -> LazyStr:
    """:func:`L_` with a context (``pgettext``): the same English word worded otherwise in one
    place (a tab's title, which must fit the tab bar in every language)."""
    return _LazyPStr(context, message)


def command_palette(placeholder: str) -> CommandPalette:
    """Textual's command palette with every word in the user's language: its unmatched search
    said "No matches found" in English (Textual writes it in a private method, replaced here)."""
    from tui.textual_internals.widgets import palette_class

    return palette_class(_no_matches)(id="--command-palette", placeholder=placeholder)


def _no_matches() -> str:
    return _("No matches found")


def translate_textual_bindings() -> None:
    """Textual's own shown key labels in the user's language: every drop-down's footer said
    ``esc Dismiss menu`` in Turkish, German and Russian (its ``SelectOverlay`` binding is a
    plain English string).  Bindings are merged when a class is made, so they are merged again."""
    from textual.binding import Binding

    from tui.textual_internals.widgets import rebind_select_overlay

    rebind_select_overlay([Binding("escape", "dismiss", L_("Close"))])


def fmt_points(value: Fraction | int | None) -> str:
    """Points as an arbiter writes them: ``5½``, ``½``, ``3``; other fractions as decimals in the
    language's notation (``0,75`` in tr/de/ru)."""
    if value is None:
        return ""
    from core.i18n import current_language

    return _fmt_points(Fraction(value), current_language())


@lru_cache(maxsize=4096)
def _fmt_points(value: Fraction, lang: str) -> str:
    """Cached per language: a 300-player standings table formats the same few hundred values
    every refresh, and a language switch must not reuse another language's decimal mark."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("½" if whole == 0 else f"{int(whole)}½")
    from core.i18n.format import format_decimal

    return format_decimal(value, lang)
