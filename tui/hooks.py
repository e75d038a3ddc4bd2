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
    from textual import events
    from textual.app import SystemCommand
    from textual.screen import Screen
    from textual.widget import Widget


class StyledWhenMounted:
    """Mixed into a screen before Textual's ``Screen``: its first showing does not restyle it.

    Why: Textual restyles a screen and every widget in it each time the screen is shown
    (``ScreenResume``), so a screen pushed new has its whole style sheet matched twice before
    its first frame — when its widgets are mounted, and again at once.  The second time finds
    nothing new (a widget whose classes or state change later is restyled then, by itself) and
    cost a 1,000-player event's opening and the Ctrl+T settings form ~50 ms each on a busy
    machine.  Every later showing (back from a dialog) restyles as Textual does."""

    _shown_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_before:
            self._shown_before = True
            event.refresh_styles = False  # read by Screen's own handler, which runs next


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

    def put_aside_pasted(self, line: str, reason: str) -> bool:
        """Keep one line of a pasted list that cannot be entered (a hidden character in it) in
        the screen's list of refused lines, with ``reason``, without touching what is being
        typed; False: the screen keeps no such list (the whole paste is refused)."""
        return False


_NONE = ScreenHooks()


def hooks_of(screen: Screen) -> ScreenHooks:
    """``screen``'s hooks; a screen that is not hakem's offers the defaults."""
    return screen if isinstance(screen, ScreenHooks) else _NONE
