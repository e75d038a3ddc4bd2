"""Provides ``set_text``: update a one-line ``Static`` without a layout pass when it can.

Why: ``Static.update`` asks for a layout of the whole screen, and Textual then redraws every
widget on it (measured: 36 lines of header, tabs, containers and footer besides the table, for
a title that said the same thing, on every result).  When the text did not change nothing is
done; when the old and the new text each fit on one line the widget keeps its size, so only
the widget itself is repainted.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static


def set_text(static: Static, text: str) -> None:
    """``static.update(text)``, with a layout only if needed.  The text shown is the widget's
    own ``content`` (nothing is remembered beside it, so a direct ``update`` is seen too)."""
    old = static.content if isinstance(static.content, str) else None
    if old == text:
        return
    if not static.region.area:
        # not on screen (a hidden tab): showing it lays it out anyway, so a layout now would
        # only redraw the visible screen for nothing
        static.update(text, layout=False)
        return
    width = static.content_region.width
    one_line = (old is not None and width > 0 and "\n" not in old and "\n" not in text
                and 0 < cell_len(old) <= width and 0 < cell_len(text) <= width)
    static.update(text, layout=not one_line)
