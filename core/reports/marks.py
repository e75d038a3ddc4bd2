"""The crosstable's colour marks, one module below the tables that draw them (the match
cells of a Double-Swiss and the team tables use them too)."""

from __future__ import annotations

COLOUR_MARKS = {"w": "☐", "b": "■"}
"""The colour in a crosstable cell, between two numbers (``74■1``): a white and a black square
in every language.  A letter there reads as a digit in some language — Russian б as 6
(``74б1`` looks like "7461"), ч as 4, S (Schwarz, Siyah) as 5, B (Black, Beyaz) as 8 — and a
circle as 0; the squares are in the PDF's font (Source Sans Pro has ☐ and ■, not □)."""


def colour_mark(side: str) -> str:
    """``"w"``/``"b"`` → the crosstable's colour mark (``""`` for no side)."""
    return COLOUR_MARKS.get(side, "")
