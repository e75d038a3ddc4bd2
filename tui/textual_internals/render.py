"""Textual's last step to the terminal, opened for :mod:`tui.safe_render`: ``Strip.render``
with every segment's text cleaned first (see the package doc for why)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.segment import Segment
from textual.strip import Strip

__all__ = ["clean_strip_text"]


def clean_strip_text(needs_cleaning: Callable[[str], bool], clean: Callable[[str], str]) -> None:
    """Make ``Strip.render`` write ``clean(text)`` for each segment's text for which
    ``needs_cleaning`` is true.  The cleaned line is put into the strip's own render cache, so
    Textual's render returns it, cached, from then on."""
    original = Strip.render

    def render(self: Strip, console: Any) -> str:
        if self._render_cache is None and any(needs_cleaning(text) for text, _style, _control in self._segments):
            cleaned = Strip([Segment(clean(text), style, control)
                             for text, style, control in self._segments], self._cell_length)
            self._render_cache = original(cleaned, console)
        return original(self, console)

    Strip.render = render  # type: ignore[method-assign]  # the guard replaces Textual's method
