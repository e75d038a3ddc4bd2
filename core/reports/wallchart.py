"""Wallcharts for the projector and the wall: the round-robin grid and the Swiss wallchart.

Why built on :func:`core.reports.tables.crosstable`: the crosstable report already decides
what a cell says (``12w1`` in Swiss, ``1 ½`` in the grid) and in which order the rows come;
the wallchart only draws the same document bigger.  Two outputs:

- large type for a terminal on a projector: every number and result mark is drawn three rows
  tall with box-drawing strokes (:data:`BIG`), names in capitals on the middle row;
- a print-ready HTML page (A4 landscape, large font, result colours, no external assets).

Large type can also be cut into pages (:func:`large_pages`) that a projector flips through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from collections.abc import Sequence
from core.i18n import _
from core.model import Tournament
from core.pictures.text import Canvas, TextPicture, cells, clip, esc, pad

BIG: dict[str, tuple[str, str, str]] = {
    "0": ("┏━┓", "┃ ┃", "┗━┛"),
    "1": (" ┓ ", " ┃ ", " ┻ "),
    "2": ("╺━┓", "┏━┛", "┗━╸"),
    "3": ("╺━┓", " ━┫", "╺━┛"),
    "4": ("╻ ╻", "┗━┫", "  ╹"),
    "5": ("┏━╸", "┗━┓", "╺━┛"),
    "6": ("┏━╸", "┣━┓", "┗━┛"),
    "7": ("╺━┓", "  ┃", "  ╹"),
    "8": ("┏━┓", "┣━┫", "┗━┛"),
    "9": ("┏━┓", "┗━┫", "╺━┛"),
    "½": ("┓ ╱", "┃╱ ", "╱ ²"),
    "+": ("   ", "╺╋╸", "   "),
    "−": ("   ", "╺━╸", "   "),
    "-": ("   ", "╺━╸", "   "),
    "=": ("   ", "╺━╸", "╺━╸"),
    "X": ("╲ ╱", " ╳ ", "╱ ╲"),
    "*": ("   ", " ✱ ", "   "),
    ".": ("   ", "   ", " ▪ "),
    ",": ("   ", "   ", " ▪ "),
    " ": ("   ", "   ", "   "),
}
"""A three-row font for the characters a wallchart shows big (digits, ½, forfeit marks)."""


def big(text: str) -> tuple[str, str, str]:
    """``text`` in the three-row font (characters without a glyph are drawn small, centred)."""
    rows = ["", "", ""]
    for ch in text:
        glyph = BIG.get(ch, ("   ", f" {ch} " if cells(ch) == 1 else ch + " ", "   "))
        for i in range(3):
            rows[i] += glyph[i]
    return rows[0], rows[1], rows[2]


def big_width(text: str) -> int:
    return 3 * len(text)


@dataclass(frozen=True)
class Wallchart:
    """The crosstable as data: ``kind`` ``grid`` (round robin) or ``swiss``.

    Rows are in the crosstable's order; ``cells`` per row are the round (Swiss) or opponent
    (grid) cells as the report writes them.
    """

    kind: str
    title: str
    subtitle: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[WallRow, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class WallRow:
    rank: str
    pno: int
    name: str
    rating: str
    cells: tuple[str, ...]
    points: str


def wallchart(t: Tournament) -> Wallchart:
    """The wallchart of a tournament, from the crosstable report (grid for round robins)."""
    from core.reports.render import human
    from core.reports.tables import crosstable
    from core.reports.view import View

    report = crosstable(View(t))
    table = report.tables[0]
    keys = [c.key for c in table.columns]
    grid = table.css_class == "grid"
    cell_keys = [k for k in keys if (re.fullmatch(r"p\d+", k) if grid else re.fullmatch(r"r\d+", k))]
    titles = {c.key: c.title for c in table.columns}
    rows = []
    for raw in table.rows:
        values = dict(zip(keys, raw))
        rows.append(WallRow(human(values.get("rank", "")), int(str(values["pno"])), str(values["name"]),
                            human(values.get("rating", "")),
                            tuple(human(values[k]) for k in cell_keys), human(values.get("points", ""))))
    return Wallchart("grid" if grid else "swiss", report.title, tuple(report.subtitle),
                     tuple(titles[k] for k in cell_keys), tuple(rows), tuple(report.notes))


def split_cell(cell: str) -> tuple[str, str, str]:
    """A Swiss crosstable cell split into (opponent, colour letter, result mark).

    The report writes ``12w1`` (the colour letter and the bye word are translated), byes as
    ``bye1``/``bye½`` and absences as ``–0``: the mark is always the last character.
    """
    cell = cell.strip()
    m = re.match(r"^(\d+)(.*)$", cell)
    if m:
        rest = m.group(2)
        return m.group(1), rest[:-1], rest[-1:]
    return "", cell[:-1], cell[-1:]


def _mark_kind(mark: str) -> str:
    return {"1": "win", "+": "win", "½": "draw", "0": "loss", "−": "loss", "X": "self"}.get(mark, "other")


def large_text(chart: Wallchart, width: int = 80, rows: Sequence[Any] | None = None,
               page: tuple[int, int] | None = None) -> TextPicture:
    """The wallchart in large type: three terminal rows per player, results big.

    Grid: pairing number, name, one big mark per opponent (``1 ½`` for two games: the last),
    big points.  Swiss: big rank, name, per round the opponent small and the result big.
    ``rows`` draws only those rows (a page; column widths still come from the whole chart, so
    they do not jump between pages) and ``page`` = (number, count) is added to the title.
    """
    canvas = Canvas()
    n_cells = len(chart.columns)
    pts_w = max([big_width(r.points) for r in chart.rows] + [6])
    rank_w = max([big_width(r.rank if chart.kind == "swiss" else str(r.pno)) for r in chart.rows] + [3])
    cell_w = 4 if chart.kind == "grid" else 8
    fixed = rank_w + 1 + n_cells * cell_w + 1 + pts_w
    name_w = max(12, min(24, width - fixed - 1))
    title = chart.title + (f" — {chart.subtitle[0]}" if chart.subtitle and chart.subtitle[0] else "")
    if page is not None:
        title = _("Page {page} of {pages}").format(page=page[0], pages=page[1]) + " · " + title
    canvas.put(0, 0, clip(title, max(width, 20)), "title")
    x_name = rank_w + 1
    x_cells = x_name + name_w + 1
    x_pts = x_cells + n_cells * cell_w + 1
    canvas.put(2, 0, pad(_("Rank") if chart.kind == "swiss" else _("No."), rank_w, "r"), "header")
    canvas.put(2, x_name, pad(_("Name"), name_w), "header")
    for i, head in enumerate(chart.columns):
        label = head if chart.kind == "grid" else head
        canvas.put(2, x_cells + i * cell_w, pad(label, cell_w - 1, "c"), "header")
    canvas.put(2, x_pts, pad(_("Pts"), pts_w, "r"), "header")
    y = 3
    for row in (chart.rows if rows is None else rows):
        lead = row.rank if chart.kind == "swiss" else str(row.pno)
        glyph = big(lead)
        for i in range(3):
            canvas.put(y + i, 0, pad(glyph[i], rank_w, "r"), "big")
        canvas.put(y + 1, x_name, pad(row.name.upper(), name_w), "name")
        for c, cell in enumerate(row.cells):
            x = x_cells + c * cell_w
            if chart.kind == "grid":
                mark = cell.split()[-1] if cell.split() else ""
                glyph = big(mark[:1]) if mark else ("   ", "   ", "   ")
                for i in range(3):
                    canvas.put(y + i, x, glyph[i], _mark_kind(mark[:1]) if mark else None)
                continue
            opp, colour, mark = split_cell(cell)
            small = opp + colour
            canvas.put(y, x, pad(small, cell_w - 1, "l"), "small")
            glyph = big(mark) if mark else ("   ", "   ", "   ")
            for i in range(3):
                canvas.put(y + i, x + cell_w - 4, glyph[i], _mark_kind(mark) if mark else None)
        glyph = big(row.points)
        for i in range(3):
            canvas.put(y + i, x_pts, pad(glyph[i], pts_w, "r"), "points")
        y += 4
    pic = canvas.picture()
    return pic


LARGE_HEADER_LINES = 3
"""Title, a blank line and the column header come before the first large-type row."""
LARGE_ROW_LINES = 4
"""Each large-type row is three lines tall, with one blank line after it."""


def rows_per_page(height: int) -> int:
    """How many large-type rows fit ``height`` terminal lines (the last row needs no gap)."""
    return max(1, (height - LARGE_HEADER_LINES + 1) // LARGE_ROW_LINES)


def large_pages(chart: Wallchart, width: int = 80, height: int = 24) -> list[TextPicture]:
    """Large type cut into pages of whole rows for a projector that shows one page at a time:
    every page repeats the title (with "page k of n") and the column header."""
    per_page = rows_per_page(height)
    groups = [chart.rows[i:i + per_page] for i in range(0, len(chart.rows), per_page)] or [()]
    return [large_text(chart, width, rows=group, page=(k, len(groups)))
            for k, group in enumerate(groups, start=1)]


def normal_text(chart: Wallchart, width: int = 80) -> TextPicture:
    """The wallchart in normal type (one row per player), for the non-projector view."""
    canvas = Canvas()
    cell_w = max([cells(c) for r in chart.rows for c in r.cells] + [cells(h) for h in chart.columns] + [1])
    n = len(chart.columns)
    rank_w = 4
    pts_w = max([cells(r.points) for r in chart.rows] + [cells(_("Pts"))])
    fixed = rank_w + 1 + n * (cell_w + 1) + pts_w + 1
    name_w = max(10, min(28, width - fixed - 1))
    x_cells = rank_w + 1 + name_w + 1
    canvas.put(0, 0, pad(_("Rank") if chart.kind == "swiss" else _("No."), rank_w, "r"), "header")
    canvas.put(0, rank_w + 1, pad(_("Name"), name_w), "header")
    for i, h in enumerate(chart.columns):
        canvas.put(0, x_cells + i * (cell_w + 1), pad(h, cell_w, "c"), "header")
    canvas.put(0, x_cells + n * (cell_w + 1), pad(_("Pts"), pts_w, "r"), "header")
    for j, row in enumerate(chart.rows, start=1):
        lead = row.rank if chart.kind == "swiss" else str(row.pno)
        canvas.put(j, 0, pad(lead, rank_w, "r"))
        canvas.put(j, rank_w + 1, pad(row.name, name_w))
        for i, cell in enumerate(row.cells):
            mark = cell.split()[-1][-1:] if cell.split() else ""
            canvas.put(j, x_cells + i * (cell_w + 1), pad(cell, cell_w, "c"), _mark_kind(mark) if mark else None)
        canvas.put(j, x_cells + n * (cell_w + 1), pad(row.points, pts_w, "r"), "points")
    return canvas.picture()


CSS = """
body{margin:1em}
table.wall{border-collapse:collapse;font-size:clamp(14px,1.5vw,30px);width:100%}
table.wall th,table.wall td{border:2px solid #333;padding:.2em .35em;text-align:center}
table.wall th{background:#222;color:#fff}
table.wall td.name{text-align:left;font-weight:600;white-space:nowrap}
table.wall td.pts{font-weight:800;background:#fff3c4}
table.wall tbody tr:nth-child(even){background:#f2f2f2}
table.wall td.win{background:#d7efd7}table.wall td.draw{background:#eee}table.wall td.loss{background:#fff}
table.wall td.self{background:#444;color:#444}
table.wall .opp{font-size:.65em;color:#444;display:block;line-height:1}
table.wall .res{font-weight:800;font-size:1.15em}
.notes{font-size:.9em;color:#333}
@media print{body{margin:0}@page{size:A4 landscape;margin:8mm}table.wall{font-size:11pt}
table.wall th{background:#ddd;color:#000;-webkit-print-color-adjust:exact;print-color-adjust:exact}
table.wall td{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
"""


def wallchart_page(chart: Wallchart, lang: str = "en") -> str:
    """Print-ready HTML wallchart (A4 landscape, large type on screen, inline CSS)."""
    from core.pictures.bracket import page

    head = [f'<th>{esc(_("Rank") if chart.kind == "swiss" else _("No."))}</th>', f'<th>{esc(_("Name"))}</th>']
    if chart.kind == "swiss":
        head.append(f'<th>{esc(_("Rating"))}</th>')
    head += [f"<th>{esc(c)}</th>" for c in chart.columns] + [f'<th>{esc(_("Pts"))}</th>']
    body = [f"<h1>{esc(chart.title)}</h1>"] + [f'<p class="sub">{esc(s)}</p>' for s in chart.subtitle if s]
    body.append(f'<table class="wall wall-{chart.kind}"><thead><tr>{"".join(head)}</tr></thead><tbody>')
    for row in chart.rows:
        tds = [f"<td>{esc(row.rank if chart.kind == 'swiss' else row.pno)}</td>",
               f'<td class="name">{esc(row.name)}</td>']
        if chart.kind == "swiss":
            tds.append(f"<td>{esc(row.rating)}</td>")
        for cell in row.cells:
            if chart.kind == "grid":
                mark = cell.split()[-1][-1:] if cell.split() else ""
                tds.append(f'<td class="{_mark_kind(mark) if mark else ""}"><span class="res">{esc(cell)}</span></td>')
                continue
            opp, colour, mark = split_cell(cell)
            tds.append(f'<td class="{_mark_kind(mark) if mark else ""}"><span class="opp">{esc(opp + colour)}'
                       f'</span><span class="res">{esc(mark)}</span></td>')
        tds.append(f'<td class="pts">{esc(row.points)}</td>')
        body.append("<tr>" + "".join(tds) + "</tr>")
    body.append("</tbody></table>")
    if chart.notes:
        body.append('<div class="notes">' + "".join(f"<p>{esc(n)}</p>" for n in chart.notes) + "</div>")
    return page(chart.title, "\n".join(body), CSS, lang)


def wallchart_text(t: Tournament, width: int = 80, large: bool = True) -> TextPicture:
    """Convenience: the tournament's wallchart as large-type (or normal) text."""
    chart = wallchart(t)
    return large_text(chart, width) if large else normal_text(chart, width)
