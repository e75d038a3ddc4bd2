"""Text pictures: lines of characters plus style spans, shared by every terminal picture.

Why spans and not markup: the core must not depend on Rich/Textual, and plain lines are what
the snapshot of a picture and a ``--format text`` print need; the widget turns the spans
(``winner``, ``pending``, ``mark``...) into colours.  Columns count terminal cells, so wide
(East Asian) characters take two.
"""

from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    """Style ``kind`` on ``line``, cells ``start`` (inclusive) to ``end`` (exclusive)."""

    line: int
    start: int
    end: int
    kind: str


@dataclass
class TextPicture:
    """A picture as text: ``lines`` (no trailing spaces) and ``spans`` for emphasis."""

    lines: list[str] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def width(self) -> int:
        return max((cells(line) for line in self.lines), default=0)


def cells(text: str) -> int:
    """Terminal cells taken by ``text`` (wide characters count two, combining marks zero)."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` cells, with an ellipsis when something was cut."""
    if limit <= 0:
        return ""
    if cells(text) <= limit:
        return text
    out, used = [], 0
    for ch in text:
        w = 0 if unicodedata.combining(ch) else (2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1)
        if used + w > limit - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def pad(text: str, width: int, align: str = "l") -> str:
    """``text`` clipped and padded to exactly ``width`` cells (``l``, ``r`` or ``c``)."""
    text = clip(text, width)
    gap = width - cells(text)
    if align == "r":
        return " " * gap + text
    if align == "c":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    return text + " " * gap


class Canvas:
    """A grid of cells to draw on; wide characters occupy their cell and a filler after it."""

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, str]] = {}
        self.spans: list[Span] = []

    def put(self, row: int, col: int, text: str, kind: str | None = None) -> int:
        """Write ``text`` at (row, col); returns the column after it."""
        line = self.rows.setdefault(row, {})
        start = col
        for ch in text:
            w = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
            if unicodedata.combining(ch) and col > 0:
                line[col - 1] = line.get(col - 1, " ") + ch
                continue
            line[col] = ch
            if w == 2:
                line[col + 1] = ""
            col += w
        if kind and col > start:
            self.spans.append(Span(row, start, col, kind))
        return col

    def get(self, row: int, col: int) -> str:
        return self.rows.get(row, {}).get(col, " ")

    def picture(self) -> TextPicture:
        height = max(self.rows, default=-1) + 1
        lines = []
        for r in range(height):
            line = self.rows.get(r, {})
            width = max(line, default=-1) + 1
            lines.append("".join(line.get(c, " ") for c in range(width)).rstrip())
        return TextPicture(lines, sorted(self.spans, key=lambda s: (s.line, s.start, s.end, s.kind)))


def esc(text: object) -> str:
    """HTML-escape for text and attribute values."""
    return html.escape(str(text), quote=True)
