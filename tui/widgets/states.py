"""Provides widgets whose state reads as a glyph, not only as a colour (issue 34 item 5).

Why: Textual's checkbox draws ``▐X▌`` ticked or not and lets the colour of the X tell the
state; with ``NO_COLOR`` or on a monochrome terminal both look the same.  Selections and
cursors are made readable in ``hakem.tcss`` (the ``:nocolor`` rules); present/absent marks
are ``✓``/``✗`` (:func:`core.checkin.mark_sign`) where they are drawn.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox


class Tick(Checkbox):
    """A checkbox that draws ``▐X▌`` when ticked and ``▐ ▌`` when not, in any terminal."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super()._button
