"""The last step before the terminal: no character from tournament data can steer it.

Why here: names reach the screen through dozens of widgets (tables, labels, dialogs, the
journal, the command palette); sanitising each is a list someone will forget to extend.  Every
screen line Textual writes is a :class:`textual.strip.Strip` rendered to text by
``Strip.render``; Textual's own escape sequences come from the segments' *styles* and the
cursor moves between strips, never from the segments' text.  So the text of every segment
loses the characters of :data:`core.safe_text.INVISIBLE` (C0/C1 controls, DEL, bidi
overrides) right there — dropped, not replaced, because the layout already measured them as
zero cells wide, so nothing shifts.
"""

from __future__ import annotations

from typing import Any

from core.safe_text import INVISIBLE

_installed = False


def install() -> None:
    """Guard ``Strip.render`` (idempotent)."""
    global _installed
    if _installed:
        return
    from textual.strip import Strip

    original = Strip.render

    def render(self: Strip, console: Any) -> str:
        if self._render_cache is None and any(
                not text.isprintable() for text, _style, _control in self._segments):
            from rich.segment import Segment

            clean = Strip([Segment(text.translate(INVISIBLE), style, control)
                           for text, style, control in self._segments], self._cell_length)
            self._render_cache = original(clean, console)
        return original(self, console)

    Strip.render = render  # type: ignore[method-assign]  # the terminal guard replaces Textual's method (see the module doc)
    _installed = True
