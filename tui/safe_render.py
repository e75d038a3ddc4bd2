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

from core.safe_text import INVISIBLE

_installed = False


def install() -> None:
    """Guard ``Strip.render`` (idempotent): a text with a character that is not printable
    loses those of :data:`~core.safe_text.INVISIBLE`."""
    global _installed
    if _installed:
        return
    from tui.textual_internals.render import clean_strip_text

    clean_strip_text(lambda text: not text.isprintable(), lambda text: text.translate(INVISIBLE))
    _installed = True
