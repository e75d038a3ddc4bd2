"""Renderers of :mod:`core.reports.document`: text (terminal and print), HTML, CSV, JSON.

People-facing formats (text, HTML) show points as ½ and decimals the language's way; machine
formats (CSV, JSON) always use exact dot decimals and never change with the language.
"""

from __future__ import annotations

import html
import json
import textwrap
import unicodedata
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache

from core.i18n import _, current_language
from core.i18n.format import format_points as human_points
from core.i18n.format import column_formatter
from core.i18n.format import format_value as human_value
from core.model import format_points
from core.reports.document import Column, GameCell, Marked, Money, Points, Report, ResultCell, Table, Term
from core.safe_text import csv_text, field_safe, terminal_safe
from core.tiebreaks.values import format_value as machine_value

PRINT_WIDTH = 80
LANDSCAPE_WIDTH = 132


def human(cell: object) -> str:
    """A cell as people read it (½, decimal comma in German/Turkish/Russian, translated marks)."""
    if cell is None:
        return ""
    if isinstance(cell, (GameCell, ResultCell, Term)):
        return cell.text
    if isinstance(cell, Marked):
        text = human(cell.value)
        return f"({text})" if cell.cut else text
    if isinstance(cell, Points):
        return human_points(cell.value)
    if isinstance(cell, Money):
        from core.i18n.format import format_money

        return format_money(cell.value)
    if isinstance(cell, tuple):  # an element-wise criterion (extended Koya, TBR): each part
        return " ".join(human(part) for part in cell)
    if isinstance(cell, Fraction):
        return human_value(cell)
    return str(cell)


def human_rows(table: Table) -> list[list[str]]:
    """Every cell of ``table`` as people read it, a column of tie-break values in one notation
    (``core.i18n.format.column_formatter``: ``1½`` and ``0,75`` never in one column — issue 19
    item 5; the screens use the same rule)."""
    columns = list(zip(*table.rows)) if table.rows else []
    shown = []
    for column in columns:
        values = list(dict.fromkeys(v for v in column if isinstance(v, Fraction)))  # the notation: by the set
        shown.append(_each_once(column, _cell_text(column_formatter(values) if values else None)))
    return [list(row) for row in zip(*shown)] if shown else [[] for _row in table.rows]


def _cell_text(fmt: Callable[[object], str] | None) -> Callable[[object], str]:
    """A column's cell as people read it: its numbers in the column's one notation (``fmt``)."""
    def text(v: object) -> str:
        return fmt(v) if fmt is not None and isinstance(v, Fraction) else human(v)
    return text


_ONCE = frozenset({Fraction, int, str, Points, Term, type(None)})
"""Cells whose text depends on their value alone (compared by value and type)."""


def _each_once(column: tuple[object, ...], text: Callable[[object], str]) -> list[str]:
    """``text`` of every cell of a column, made once per distinct cell: a 1,000-row column of
    points or tie-break values holds a few dozen values (their formatting was most of a
    standings report's text)."""
    made: dict[tuple[type, object], str] = {}
    out = []
    for v in column:
        if type(v) not in _ONCE:  # a cell of parts (marked, a game, a tuple): as it is
            out.append(text(v))
            continue
        key = (type(v), v)  # by type too: 1 and Fraction(1) are equal, and may read differently
        shown = made.get(key)
        if shown is None:
            shown = made[key] = text(v)
        out.append(shown)
    return out


def machine(cell: object) -> str:
    """A cell for programs: dot decimals, TRF round cells; never depends on the language."""
    if cell is None:
        return ""
    if isinstance(cell, GameCell):
        return cell.trf
    if isinstance(cell, ResultCell):
        return cell.result.value if cell.result is not None else ""
    if isinstance(cell, Term):
        return cell.key
    if isinstance(cell, Marked):
        text = machine(cell.value)
        return f"({text})" if cell.cut else text
    if isinstance(cell, Points):
        return format_points(cell.value)
    if isinstance(cell, Money):
        cents = round(cell.value * 100)
        return f"{cents // 100}.{cents % 100:02d}"
    if isinstance(cell, tuple) and any(isinstance(part, Points) for part in cell):
        return " ".join(machine(part) for part in cell)
    if isinstance(cell, (Fraction, tuple, bool)):
        return machine_value(cell)
    return str(cell)


def width(text: str) -> int:
    """Display width (East Asian wide characters count two; combining marks zero)."""
    if text.isascii():  # every ASCII character counts one: most cells of a 1,000-row report
        return len(text)
    return _wide_width(text)


@lru_cache(maxsize=4096)
def _wide_width(text: str) -> int:
    """:func:`width` of a text with non-ASCII letters (``5½``, names: the same few recur)."""
    w = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return w


def _clip(text: str, limit: int) -> str:
    if width(text) <= limit:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > limit - 1:
            break
        out += ch
    return out + "…"


def _pad(text: str, w: int, align: str) -> str:
    gap = max(0, w - width(text))
    if align == "r":
        return " " * gap + text
    if align == "c":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    return text + " " * gap


def printed_columns(table: Table, rows: list[list[str]]) -> list[int]:
    """Indices of the columns worth printing: optional columns nobody filled in (no club
    given, no ratings) are left out of print."""
    return [i for i, c in enumerate(table.columns) if not (c.optional and rows and not any(r[i] for r in rows))]


def table_text(table: Table, max_width: int = PRINT_WIDTH, blocks: bool = True) -> list[str]:
    """Fit a table into ``max_width`` columns: shrink flexible columns, then drop optional ones
    (the last first, together with the optional columns of the same title: a pairing list
    keeps or drops the ratings of both players).

    A table that still does not fit is printed in blocks of columns (paper); with ``blocks``
    False (a screen that scrolls sideways) it stays one table: the ``minor`` columns leave
    too (as on a phone's page) and what still does not fit with names at 10 cells runs past
    ``max_width`` — every round of a crosstable and a cup's match score stay on the player's
    line instead of in a block a thousand lines further down."""
    columns = list(table.columns)
    rows = [[field_safe(c) for c in row] for row in human_rows(table)]
    keep = printed_columns(table, rows)

    def widths(idx: list[int]) -> list[int]:
        return [max([width(columns[i].title)] + [width(r[i]) for r in rows]) for i in idx]

    ws = widths(keep)
    total = lambda ws: sum(ws) + 2 * (len(ws) - 1)  # noqa: E731

    def shrink(floor: int, kept: bool = False) -> None:
        while total(ws) > max_width:
            flex = [k for k, i in enumerate(keep) if columns[i].flex
                    and ws[k] > (max(floor, columns[i].keep) if kept else floor)]
            if not flex:
                return
            # one cell at a time off the widest: two names shrink alike (White cut to
            # "10 Wagner…" beside a Black with room to spare read as a broken table)
            k = max(flex, key=lambda k: (ws[k], -k))
            ws[k] -= 1

    # Names keep at least 18 characters while optional columns can still go (a name is more
    # use on the wall than a rating), then they shrink further before anything else is lost.
    shrink(18, kept=True)
    while total(ws) > max_width:
        optional = [k for k, i in enumerate(keep) if columns[i].optional]
        if not optional:
            break
        optional = [k for k in optional if columns[keep[k]].spare] or optional
        title = columns[keep[optional[-1]]].title  # both players' ratings go together, not one
        for k in reversed([k for k in optional if columns[keep[k]].title == title]):
            del keep[k]
        ws = widths(keep)  # names cut for the dropped columns get their room back
        shrink(18, kept=True)
    shrink(10)
    if total(ws) > max_width and not blocks:
        keep = [i for i in keep if not columns[i].minor]
        ws = widths(keep)
        shrink(18)
        shrink(10)
        return _block(table.title, columns, rows, keep, ws, max_width)
    if total(ws) > max_width:
        # It cannot fit on one page width: print every column in blocks instead, names at a
        # readable width (at most 20) and nothing optional dropped.
        keep = printed_columns(table, rows)
        ws = [min(w, 20) if columns[i].flex else w for i, w in zip(keep, widths(keep))]
        return _split_blocks(table, columns, rows, keep, ws, max_width)
    return _block(table.title, columns, rows, keep, ws, max_width)


def _block(title: str, columns: list[Column], rows: list[list[str]], keep: list[int], ws: list[int],
           max_width: int) -> list[str]:
    lines = []
    if title:
        lines.append(title)
    header = "  ".join(_pad(_clip(columns[i].title, w), w, columns[i].align) for i, w in zip(keep, ws))
    lines.append(header.rstrip())
    lines.append("-" * min(max_width, width(header.rstrip())))
    for r in rows:
        lines.append("  ".join(_pad(_clip(r[i], w), w, columns[i].align) for i, w in zip(keep, ws)).rstrip())
    return lines


def _split_blocks(table: Table, columns: list[Column], rows: list[list[str]], keep: list[int],
                  ws: list[int], max_width: int) -> list[str]:
    """A table still too wide (a crosstable of many rounds on 80 columns) is printed in blocks
    of columns, each repeating the identifying columns (up to the name) so every block can be
    read on its own, as printed wallcharts are split."""
    first_flex = next((k for k, i in enumerate(keep) if columns[i].flex), 0)
    head_k = list(range(first_flex + 1))
    head_w = sum(ws[k] for k in head_k) + 2 * len(head_k)
    blocks: list[list[int]] = [[]]
    used = head_w
    for k in range(first_flex + 1, len(keep)):
        if blocks[-1] and used + ws[k] > max_width:
            blocks.append([])
            used = head_w
        blocks[-1].append(k)
        used += ws[k] + 2
    lines: list[str] = []
    for n, block in enumerate(blocks):
        ks = head_k + block
        title = table.title if n == 0 else ""
        if n:
            lines.append("")
        lines += _block(title, columns, rows, [keep[k] for k in ks], [ws[k] for k in ks], max_width)
    return lines


def to_text(report: Report, max_width: int = PRINT_WIDTH, blocks: bool = True) -> str:
    """The report for a terminal or a printer: ``max_width`` 80 (A4 portrait) or 132;
    ``blocks`` False for a screen that scrolls sideways (:func:`table_text`)."""
    lines = [field_safe(report.title), *map(field_safe, report.subtitle), ""]
    for table in report.tables if report.text_tables else []:
        lines += table_text(table, max_width, blocks)
        lines.append("")
    if report.preformatted:
        lines += terminal_safe(report.preformatted).rstrip("\n").split("\n") + [""]
    for note in report.notes:  # notes are sentences: wrap them to the page
        lines += textwrap.wrap(field_safe(note), max_width, break_on_hyphens=False) or [""]
    return "\n".join(lines).rstrip() + "\n"


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:1.5em;color:#111;background:#fff;
overflow-wrap:break-word}
.wide,.bracket{overflow-x:auto;max-width:100%}.wide table{margin:.5em 0}td a{color:#036;text-decoration:none}
h1{font-size:1.4em;margin:.2em 0}.sub{color:#444;margin:.1em 0}
table{border-collapse:collapse;margin:1em 0;font-size:.92em}
th,td{border:1px solid #bbb;padding:.2em .5em}td.r,td.c{white-space:nowrap}th{background:#e8e8e8}
tbody tr:nth-child(even){background:#f6f6f6}
td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}td.c,th.c{text-align:center}
table.grid td.c{min-width:1.6em}table.grid td.self{background:#555}
caption{text-align:left;font-weight:bold;padding:.3em 0}
.notes{color:#333;font-size:.9em}nav{margin-bottom:.5em;line-height:1.6}nav a{margin-right:1em;color:#036}
nav span{margin-right:.4em;color:#444}h2{font-size:1em;margin:.3em 0}
pre{font-size:.9em;line-height:1.2;overflow-x:auto}
@media (max-width:40em){body{margin:.5em}.m{display:none}table{font-size:.85em}th,td{padding:.2em .3em}td.f{overflow-wrap:anywhere;min-width:7em}
nav a{margin-right:.6em}}
@media print{nav{display:none}body{margin:0}@page{size:A4 landscape;margin:12mm}
tr,table.match{page-break-inside:avoid}}
"""


def to_html(report: Report, nav: list[tuple[str, str]] | None = None, lang: str | None = None,
            links: Mapping[int, str] | None = None) -> str:
    """A self-contained, printable HTML page: inline CSS, no scripts, no external assets.

    Made for a phone as well as a wall: each table scrolls inside its own box (the page never
    scrolls sideways), the ``minor`` columns are hidden on a narrow screen, optional columns
    nobody filled in are left out as in print.  ``links``: pairing number → the player's page;
    a column with ``link`` shows its name as a link there."""
    e = html.escape
    css = _CSS + report.css
    out = [f'<!DOCTYPE html>\n<html lang="{e(lang or current_language())}"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{e(report.title)}</title><style>{css}</style></head><body>"]
    if nav:  # an entry without a link is a label for the entries after it ("Pairings: 5 4 3")
        out.append("<nav>" + "".join(f'<a href="{e(href)}">{e(text)}</a>' if href else f"<span>{e(text)}</span>"
                                     for href, text in nav) + "</nav>")
    out.append(f"<h1>{e(report.title)}</h1>")
    out += [f'<p class="sub">{e(line)}</p>' for line in report.subtitle]
    if report.figure:
        out.append(f'<div class="figure">{report.figure}</div>')
    group = None
    for table in report.tables:
        if table.group and table.group != group:
            if group is not None:
                out.append("</div></div>")
            else:
                out.append('<div class="bracket">')
            out.append(f'<div class="stage"><h2>{e(table.group)}</h2><div class="matches">')
            group = table.group
        elif not table.group and group is not None:
            out.append("</div></div></div>")
            group = None
        out += _html_table(table, links or {})
    if group is not None:
        out.append("</div></div></div>")
    if report.preformatted and not report.tables:
        out.append(f"<pre>{e(report.preformatted)}</pre>")
    if report.notes:
        out.append('<div class="notes">' + "".join(f"<p>{e(n)}</p>" for n in report.notes) + "</div>")
    made = _("Made with hakem")  # outside the f-string: the extractor does not read into one
    out.append(f'<p class="notes">{e(made)}</p></body></html>')
    return "\n".join(out) + "\n"


def _html_table(table: Table, links: Mapping[int, str]) -> list[str]:
    """One table in its own scrolling box (see :func:`to_html`)."""
    e = html.escape
    shown_rows = human_rows(table)
    keep = printed_columns(table, shown_rows)
    columns = [table.columns[i] for i in keep]
    where = {c.key: i for i, c in enumerate(table.columns)}
    classes = [c.align + (" m" if c.minor else "") + (" f" if c.flex else "") for c in columns]
    cls = f' class="{e(table.css_class)}"' if table.css_class else ""
    out = [f'<div class="wide"><table{cls}>']
    if table.title:
        out.append(f"<caption>{e(table.title)}</caption>")
    out.append("<thead><tr>" + "".join(f'<th class="{k}">{e(c.title)}</th>' for c, k in zip(columns, classes))
               + "</tr></thead><tbody>")
    for row, shown in zip(table.rows, shown_rows):
        cells = []
        for i, c, k in zip(keep, columns, classes):
            text = e(shown[i])
            pno = row[where[c.link]] if c.link in where and text else None
            target = links.get(pno) if isinstance(pno, int) else None
            if target:
                text = f'<a href="{e(target)}">{text}</a>'
            extra = " self" if table.css_class == "grid" and row[i] == "X" else ""
            cells.append(f'<td class="{k}{extra}">{text}</td>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table></div>")
    return out


def to_csv(report: Report) -> str:
    """Every table of the report as CSV with machine values (dot decimals, column keys);
    tables are separated by an empty line (the first one is the main table)."""
    return "\n".join(csv_text([[c.key for c in table.columns], *([machine(v) for v in row] for row in table.rows)])
                     for table in report.tables)


def to_json(report: Report) -> dict:
    return {"report": report.slug, "title": report.title, "subtitle": report.subtitle,
            "tables": [{"title": t.title, "columns": [c.key for c in t.columns],
                        "rows": [{c.key: machine(v) for c, v in zip(t.columns, row)} for row in t.rows]}
                       for t in report.tables],
            "notes": report.notes,
            **({"text": report.preformatted} if report.preformatted else {})}


def render(report: Report, fmt: str, width: int = PRINT_WIDTH) -> str:
    """One report in a text format: ``csv``, ``json``, ``html``, else text ``width`` columns wide."""
    if fmt == "csv":
        return to_csv(report)
    if fmt == "json":
        return json.dumps(to_json(report), ensure_ascii=False, indent=1) + "\n"
    if fmt == "html":
        return to_html(report)
    return to_text(report, width)


def to_json_text(reports: list[Report]) -> str:
    return json.dumps([to_json(r) for r in reports], ensure_ascii=False, indent=1) + "\n"


__all__ = ["to_text", "to_html", "to_csv", "to_json", "to_json_text", "render", "table_text", "Column"]
