"""Text from players' names made harmless for the terminal and for spreadsheets.

Why one module: a name is typed by anyone (or arrives in an imported file), and it is printed
by every command and screen.  A name carrying ``ESC ] 0 ; … BEL`` retitles the organiser's
terminal, ``ESC [ 2 J`` clears it, ``CR`` overwrites the line; bidirectional overrides make
a name read differently from what it is.  In a CSV file a cell beginning with ``=`` (or
``+``, ``-``, ``@``) is run as a formula by spreadsheet programs (``=HYPERLINK(…)``).
Every output path passes user text through one of these two functions.
"""

from __future__ import annotations

import re

_REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def terminal_safe(text: str) -> str:
    """``text`` with every control character (except newline and tab) and every bidi
    override shown as U+FFFD, so it cannot steer the terminal."""
    return _UNSAFE.sub(_REPLACEMENT, text)


def field_safe(text: str) -> str:
    """One field of a line (a name in a table): like :func:`terminal_safe`, and newlines and
    tabs too, so a name cannot break the table's layout."""
    return _UNSAFE_LINE.sub(_REPLACEMENT, text)


def spreadsheet_safe(cell: str) -> str:
    """A text cell for CSV: a leading ``'`` keeps a spreadsheet from reading it as a formula
    (the OWASP recommendation); control characters are replaced as for the terminal."""
    cell = field_safe(cell)
    return "'" + cell if cell.startswith(_FORMULA_START) else cell
