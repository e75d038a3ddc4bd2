"""What a hakem screen offers the app and the key machinery, declared with the defaults.

Why a class and not a name looked up: the app redraws screens after a language switch, asks
the shown screen for its command-palette entries, and the key machinery (:mod:`tui.keys`) asks
it where pasted text goes.  Asked by name (``getattr(screen, "redraw", None)``), a misspelt
hook did nothing and the type checker could not see it; declared here, a screen overrides what
it offers and every call is checked.  A screen that is not hakem's (Textual's own palette, a
plain dialog) offers nothing: :func:`hooks_of` answers for it with these defaults.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen
    from textual.widget import Widget


class ScreenHooks:
    """Mixed into a hakem screen: each hook's default offers nothing."""

    PASTE_AS_KEYS: ClassVar[bool] = True
    """A paste with Tab or line breaks is replayed as the keys a person would have typed (a
    form taking records line by line); False: it goes into the focused field as text."""

    async def redraw(self) -> None:
        """Build the screen again in the language just chosen (what is being edited stays)."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The screen's own entries of the command palette, after the app's."""
        return ()

    def paste_target(self) -> Widget | None:
        """The text field pasted text goes into when no text field has the focus (a paste onto
        a table is text, never the table's one-key commands); None: nowhere here."""
        return None

    def paste_one_record(self, text: str) -> bool:
        """Whether a paste of ``text`` onto the screen's table puts only its first line into
        the form (a list pasted onto the players table registered every line)."""
        return False


_NONE = ScreenHooks()


def hooks_of(screen: Screen) -> ScreenHooks:
    """``screen``'s hooks; a screen that is not hakem's offers the defaults."""
    return screen if isinstance(screen, ScreenHooks) else _NONE
