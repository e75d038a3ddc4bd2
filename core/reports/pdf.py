"""PDF renderer of :mod:`core.reports.document`: what the arbiter prints and pins on the wall.

Why reportlab (pure Python, BSD licence, maintained since 2000, its own TrueType subsetter):
it needs no system library (weasyprint would reuse our HTML but needs Pango), and drawing on
its canvas ourselves keeps a 300-player document set fast and every page break ours: rows are
never split or lost, table headers repeat on every page, a table too wide for the paper first
gets a smaller type, then narrower names, then is printed in column blocks that repeat the
identifying columns (as wallcharts are split), and every page says "Page n of N".

Layout is done first (pages as lists of drawing operations), then drawn, so the page count is
known when the footers are written.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from core.i18n import _
from core.reports.document import Column, GameCell, Report, Table
from core.reports.fonts import Fonts, fonts
from core.reports.render import human, human_rows, printed_columns
from core.safe_text import field_safe

PAPERS = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
"""Paper sizes in points, portrait."""
ORIENTATIONS = ("auto", "portrait", "landscape")

MARGIN = 34.0
FOOTER = 22.0
BASE_SIZE = 9.0
MIN_SIZE = 6.0
NAME_FLOOR = 70.0
"""Narrowest a name column gets (points at the current size / BASE_SIZE) before column blocks."""
KEEP_TOGETHER = 16
"""Tables of at most this many rows (a team match, a bracket box) are not split over pages."""


@dataclass(frozen=True)
class PageSetup:
    """Paper and orientation; ``auto`` turns the page for tables too wide for portrait."""

    paper: str = "a4"
    orientation: str = "auto"

    def size(self, landscape: bool) -> tuple[float, float]:
        w, h = PAPERS[self.paper]
        return (h, w) if landscape else (w, h)


@dataclass
class _Page:
    size: tuple[float, float]
    texts: list[tuple[str, float, float, float, str]] = field(default_factory=list)
    """(font, size, x, y, text) — y is the baseline."""
    fills: list[tuple[float, float, float, float, tuple[float, float, float]]] = field(default_factory=list)
    lines: list[tuple[float, float, float, float, float]] = field(default_factory=list)
    """(x1, y1, x2, y2, width)."""
    dashed: list[tuple[float, float, float, float]] = field(default_factory=list)
    footer: str = ""


@lru_cache(maxsize=65536)
def _unit_width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, 1.0))


SHADES = {"win": (0.84, 0.93, 0.84), "draw": (0.96, 0.94, 0.78), "loss": (0.96, 0.85, 0.85)}
MARKS = {"1": "win", "+": "win", "½": "draw", "0": "loss", "−": "loss"}


class _Layout:
    """Places reports on pages; one instance per PDF file."""

    def __init__(self, setup: PageSetup, footer: str) -> None:
        self.setup = setup
        self.footer = footer
        self.f: Fonts = fonts()
        self.pages: list[_Page] = []
        self.page: _Page | None = None
        self.y = 0.0
        self.landscape = False
        self.heading = ""
        self._rows: dict[int, tuple[list[int], list[list[str]]]] = {}

    # -- page handling -------------------------------------------------------------------
    @property
    def width(self) -> float:
        return self.setup.size(self.landscape)[0] - 2 * MARGIN

    @property
    def bottom(self) -> float:
        return MARGIN + FOOTER

    def new_page(self) -> _Page:
        page = _Page(self.setup.size(self.landscape), footer=self.footer)
        self.pages.append(page)
        self.page = page
        self.y = page.size[1] - MARGIN
        return page

    def continued(self) -> None:
        """A following page of the same report: its title again, marked as continued."""
        self.new_page()
        self.text(MARGIN, self.y - 10, _("{title} (continued)").format(title=self.heading), 10, bold=True)
        self.y -= 20

    def room(self, height: float) -> bool:
        return self.y - height >= self.bottom

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False) -> None:
        assert self.page is not None
        if text:
            text = field_safe(text)  # a control character in a name is shown, never sent
            self.page.texts.append((self.f.for_text(text, bold), size, x, y, text))

    def width_of(self, text: str, size: float, bold: bool = False) -> float:
        return _unit_width(text, self.f.for_text(text, bold)) * size

    def clip(self, text: str, limit: float, size: float, bold: bool = False) -> str:
        """``text`` shortened with … to fit ``limit`` points (names too long for the column)."""
        limit += 0.01  # the column was measured from this very text: rounding must not clip it
        if self.width_of(text, size, bold) <= limit:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width_of(text[:mid] + "…", size, bold) <= limit:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "…"

    def wrap(self, text: str, limit: float, size: float, bold: bool = False) -> list[str]:
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}" if current else word
            if current and self.width_of(candidate, size, bold) > limit:
                lines.append(current)
                current = word
            else:
                current = candidate
        return lines + ([current] if current else [])

    # -- a report --------------------------------------------------------------------------
    def report(self, report: Report, qr_url: str | None = None) -> None:
        self.heading = report.title
        self.landscape = self._landscape(report)
        self.new_page()
        top = self.y
        text_width = self.width - (80 if qr_url else 0)
        for line in self.wrap(report.title, text_width, 14):
            self.text(MARGIN, self.y - 14, line, 14, bold=True)
            self.y -= 18
        for line in report.subtitle:
            for part in self.wrap(line, text_width, 9.5):
                self.text(MARGIN, self.y - 9.5, part, 9.5)
                self.y -= 12.5
        if qr_url:
            for part in self.wrap(qr_url.replace("/", "/ "), text_width, 8):
                self.text(MARGIN, self.y - 8, part.replace("/ ", "/"), 8)
                self.y -= 10
            self.y = min(self.y, self._qr(qr_url, top))
        self.y -= 6
        if report.layout == "slips":
            self._slips(report)
        else:
            tables = report.tables if report.tables else []
            group = ""
            for table in tables:
                if table.group and table.group != group:  # a bracket's stage ("Semi-final") over its matches
                    group = table.group
                    if not self.room(30):
                        self.continued()
                    self.text(MARGIN, self.y - 11, group, 11, bold=True)
                    self.y -= 15
                self._table(table, report.layout == "wallchart")
            if report.preformatted and not report.tables:
                self._preformatted(report.preformatted)
        for note in report.notes:
            for line in self.wrap(note, self.width, 8.5) or [""]:
                if not self.room(11):
                    self.continued()
                self.text(MARGIN, self.y - 8.5, line, 8.5)
                self.y -= 11

    def _landscape(self, report: Report) -> bool:
        if self.setup.orientation != "auto":
            return self.setup.orientation == "landscape"
        if report.layout == "wallchart":
            return True
        if report.layout == "slips":
            return False
        portrait = self.setup.size(False)[0] - 2 * MARGIN
        widths = [sum(self._natural(t, BASE_SIZE)[1]) for t in report.tables]
        if report.preformatted and not report.tables:
            longest = max((len(line) for line in report.preformatted.split("\n")), default=0)
            widths.append(longest * BASE_SIZE * 0.55)
        return max(widths, default=0.0) > portrait

    # -- tables ----------------------------------------------------------------------------
    def _cells(self, table: Table) -> tuple[list[int], list[list[str]]]:
        """The printed columns and the cells as people read them (computed once per table)."""
        cached = self._rows.get(id(table))
        if cached is None:
            rows = human_rows(table)
            cached = self._rows[id(table)] = (printed_columns(table, rows), rows)
        return cached

    def _natural(self, table: Table, size: float) -> tuple[list[int], list[float]]:
        keep, rows = self._cells(table)
        pad = size * 0.7
        widths = []
        for i in keep:
            widest = self.width_of(table.columns[i].title, size, bold=True)
            for row in rows:
                w = self.width_of(row[i], size)
                widest = max(widest, w)
            widths.append(widest + 2 * pad)
        return keep, widths

    def _fit(self, table: Table, base: float) -> tuple[float, list[int], list[float]]:
        """Type size and column widths that fit the page width (names may be clipped)."""
        keep, natural = self._natural(table, base)
        total = sum(natural)
        size = base
        if total > self.width:
            size = max(MIN_SIZE, base * self.width / total)
        widths = [w * size / base for w in natural]
        excess = sum(widths) - self.width
        if excess > 0:
            floor = NAME_FLOOR * size / BASE_SIZE
            flex = [k for k, i in enumerate(keep) if table.columns[i].flex and widths[k] > floor]
            spare = sum(widths[k] - floor for k in flex)
            if spare >= excess:
                for k in flex:
                    widths[k] -= (widths[k] - floor) * excess / spare
            else:  # column blocks follow: names keep a readable width in each block
                widths = [w * size / base for w in natural]
                for k in flex:
                    widths[k] = min(widths[k], 2.2 * NAME_FLOOR * size / BASE_SIZE)
        return size, keep, widths

    def _blocks(self, table: Table, keep: list[int], widths: list[float]) -> list[list[int]]:
        """Column blocks (indices into ``keep``) each fitting the page; every block repeats
        the columns up to the first name so it can be read on its own."""
        if sum(widths) <= self.width + 0.5:
            return [list(range(len(keep)))]
        first_flex = next((k for k, i in enumerate(keep) if table.columns[i].flex), 0)
        head = list(range(first_flex + 1))
        head_w = sum(widths[k] for k in head)
        blocks: list[list[int]] = [[]]
        used = head_w
        for k in range(first_flex + 1, len(keep)):
            if blocks[-1] and used + widths[k] > self.width:
                blocks.append([])
                used = head_w
            blocks[-1].append(k)
            used += widths[k]
        return [head + block for block in blocks]

    def _table(self, table: Table, wallchart: bool) -> None:
        base = 11.0 if wallchart else BASE_SIZE
        size, keep, widths = self._fit(table, base)
        _keep, rows = self._cells(table)
        row_h = size * (1.75 if wallchart else 1.45)
        for n, block in enumerate(self._blocks(table, keep, widths)):
            cols = [keep[k] for k in block]
            ws = [widths[k] for k in block]
            # a long title (a norm certificate's data) wraps instead of being cut
            title = self.wrap(table.title, self.width, size + 1, True) if n == 0 and table.title else []
            head_h = (size + 6) * len(title) + row_h
            whole = head_h + row_h * len(rows) + 8
            if (len(rows) <= KEEP_TOGETHER and not self.room(whole)
                    and whole <= self.setup.size(self.landscape)[1] - 2 * MARGIN - FOOTER - 20) or not self.room(head_h + 2 * row_h):
                self.continued()
            for line in title:
                self.text(MARGIN, self.y - size - 1, self.clip(line, self.width, size + 1, True),
                          size + 1, bold=True)
                self.y -= size + 6
            self._header(table, cols, ws, size, row_h)
            for index, row in enumerate(rows):
                if not self.room(row_h):
                    self.continued()
                    self._header(table, cols, ws, size, row_h)
                self._row(table, row, table.rows[index], cols, ws, size, row_h, index, wallchart)
            self.y -= 8

    def _header(self, table: Table, cols: list[int], ws: list[float], size: float, row_h: float) -> None:
        assert self.page is not None
        self.page.fills.append((MARGIN, self.y - row_h, sum(ws), row_h, (0.86, 0.86, 0.86)))
        self._cells_line([table.columns[i] for i in cols], [table.columns[i].title for i in cols],
                         ws, size, row_h, bold=True)
        self.y -= row_h

    def _row(self, table: Table, row: list[str], raw: list[object], cols: list[int], ws: list[float],
             size: float, row_h: float, index: int, wallchart: bool) -> None:
        assert self.page is not None
        if index % 2:
            self.page.fills.append((MARGIN, self.y - row_h, sum(ws), row_h, (0.95, 0.95, 0.95)))
        if wallchart:
            x = MARGIN
            for i, w in zip(cols, ws):
                text = row[i]
                if isinstance(raw[i], GameCell) or (table.css_class == "grid" and table.columns[i].key.startswith("p")
                                                      and text not in ("", "X")):
                    shade = SHADES.get(MARKS.get(text[-1:], ""), None)
                    if shade:
                        self.page.fills.append((x, self.y - row_h, w, row_h, shade))
                elif text == "X" and table.css_class == "grid":
                    self.page.fills.append((x, self.y - row_h, w, row_h, (0.35, 0.35, 0.35)))
                x += w
        self._cells_line([table.columns[i] for i in cols], [row[i] for i in cols], ws, size, row_h)
        self.y -= row_h
        if wallchart:
            self.page.lines.append((MARGIN, self.y, MARGIN + sum(ws), self.y, 0.3))

    def _cells_line(self, columns: list[Column], texts: list[str], ws: list[float], size: float,
                    row_h: float, bold: bool = False) -> None:
        pad = size * 0.7
        x = MARGIN
        base = self.y - row_h + (row_h - size) / 2 + size * 0.22
        for column, text, w in zip(columns, texts, ws):
            if text:
                shown = self.clip(text, w - 2 * pad, size, bold)
                tw = self.width_of(shown, size, bold)
                if column.align == "r":
                    tx = x + w - pad - tw
                elif column.align == "c":
                    tx = x + (w - tw) / 2
                else:
                    tx = x + pad
                self.text(tx, base, shown, size, bold)
            x += w

    # -- other blocks ----------------------------------------------------------------------
    def _preformatted(self, block: str) -> None:
        """A block laid out in character cells (the Go cards in the Gamma procedure's layout): every
        character is centred in a cell of one width, so the columns stay aligned."""
        assert self.page is not None
        lines = block.rstrip("\n").split("\n")
        longest = max((len(line) for line in lines), default=1)
        size = max(MIN_SIZE, min(BASE_SIZE, self.width / (max(longest, 1) * 0.55)))
        advance = size * 0.55
        line_h = size * 1.35
        for line in lines:
            if not self.room(line_h):
                self.continued()
            for col, ch in enumerate(line):
                if not ch.isspace():
                    w = self.width_of(ch, size)
                    self.text(MARGIN + col * advance + (advance - w) / 2, self.y - size, ch, size)
            self.y -= line_h

    def _qr(self, url: str, top: float) -> float:
        """A QR code of ``url`` at the top right of the page; returns the y below it."""
        import segno

        assert self.page is not None
        qr = segno.make(url, error="m")
        matrix = qr.matrix
        module = 68.0 / len(matrix)
        x0 = MARGIN + self.width - 68.0
        y0 = top
        for r, line in enumerate(matrix):
            c = 0
            while c < len(line):
                if line[c]:
                    start = c
                    while c < len(line) and line[c]:
                        c += 1
                    self.page.fills.append((x0 + start * module, y0 - (r + 1) * module,
                                            (c - start) * module, module, (0.0, 0.0, 0.0)))
                else:
                    c += 1
        return y0 - 68 - 4

    def _slips(self, report: Report) -> None:
        """Result slips, ten to a page (two columns of five), with cut lines: the board, both
        players, boxes for the result and the players' signatures."""
        table = report.tables[0] if report.tables else None
        if table is None:
            return
        keys = [c.key for c in table.columns]
        slips = [dict(zip(keys, row)) for row in table.rows]
        cols, per_col = 2, 5
        first = True
        for start in range(0, len(slips), cols * per_col):
            if not first:
                self.continued()
            first = False
            top = self.y
            slip_w = self.width / cols
            slip_h = (top - self.bottom) / per_col
            for n, slip in enumerate(slips[start:start + cols * per_col]):
                x = MARGIN + (n % cols) * slip_w
                y = top - (n // cols) * slip_h
                self._slip(slip, report.subtitle[0] if report.subtitle else "", x, y, slip_w, slip_h)
            assert self.page is not None
            for c in range(1, cols):
                self.page.dashed.append((MARGIN + c * slip_w, top, MARGIN + c * slip_w, self.bottom))
            for r in range(1, per_col):
                self.page.dashed.append((MARGIN, top - r * slip_h, MARGIN + self.width, top - r * slip_h))
            self.y = self.bottom

    def _name_size(self, text: str, room: float, size: float = 10, smallest: float = 7.5) -> float:
        """The type size a name on a slip fits ``room`` in: 10 pt, smaller down to 7.5 pt for a
        long one; only a name too long even then is cut (:meth:`clip`)."""
        while size > smallest and self.width_of(text, size, True) > room + 0.01:
            size -= 0.5
        return size

    def _slip(self, slip: dict[str, object], event: str, x: float, y: float, w: float, h: float) -> None:
        assert self.page is not None
        pad = 10.0
        inner = w - 2 * pad
        self.text(x + pad, y - pad - 7, self.clip(event, inner, 7), 7)
        head = _("Round {round} · Board {board}").format(round=human(slip["round"]), board=human(slip["board"]))
        self.text(x + pad, y - pad - 21, head, 11, bold=True)
        rows = ((_("White"), slip["white_pno"], slip.get("white_title", ""), slip["white"], slip["white_rating"]),
                (_("Black"), slip["black_pno"], slip.get("black_title", ""), slip["black"], slip["black_rating"]))
        line_y = y - pad - 38
        indent = max(self.width_of(label, 8.5) for label, *_rest in rows) + 8
        for label, pno, title, name, rating in rows:
            self.text(x + pad, line_y, label, 8.5)
            rating_text = human(rating)
            who = "  ".join(part for part in (human(pno), human(title), human(name)) if part)
            room = inner - indent - (self.width_of(rating_text, 9) + 8 if rating_text else 0)
            size = self._name_size(who, room)
            self.text(x + pad + indent, line_y, self.clip(who, room, size, True), size, bold=True)
            if rating_text:
                self.text(x + w - pad - self.width_of(rating_text, 9), line_y, rating_text, 9)
            line_y -= 15
        line_y -= 6
        box = 9.0
        bx = x + pad
        from core.model import GameResult  # the results as every sheet and the journal write them

        for choice in (r.text for r in (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)):
            self.page.lines += [(bx, line_y, bx + box, line_y, 0.7), (bx, line_y + box, bx + box, line_y + box, 0.7),
                                (bx, line_y, bx, line_y + box, 0.7), (bx + box, line_y, bx + box, line_y + box, 0.7)]
            self.text(bx + box + 4, line_y + 1, choice, 10)
            bx += inner / 3
        line_y -= 26
        half = inner / 2
        for n, label in enumerate((_("White"), _("Black"))):
            lx = x + pad + n * half
            self.page.lines.append((lx, line_y, lx + half - 12, line_y, 0.5))
            self.text(lx, line_y - 9, _("Signature ({colour})").format(colour=label), 7)


def _draw(pages: list[_Page], title: str) -> bytes:
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0  # binary streams: a third smaller and faster than ASCII85 text

    buf = io.BytesIO()
    f = fonts()
    canvas = Canvas(buf, pagesize=pages[0].size if pages else PAPERS["a4"], pageCompression=1,
                    invariant=1, initialFontName=f.regular, initialFontSize=BASE_SIZE)
    canvas.setTitle(title)
    canvas.setCreator("hakem")
    total = len(pages)
    for number, page in enumerate(pages, start=1):
        canvas.setPageSize(page.size)
        for x, y, w, h, colour in page.fills:
            canvas.setFillColorRGB(*colour)
            canvas.rect(x, y, w, h, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        for x1, y1, x2, y2, lw in page.lines:
            canvas.setLineWidth(lw)
            canvas.line(x1, y1, x2, y2)
        if page.dashed:
            canvas.setDash(3, 3)
            canvas.setLineWidth(0.4)
            for x1, y1, x2, y2 in page.dashed:
                canvas.line(x1, y1, x2, y2)
            canvas.setDash()
        text = canvas.beginText()
        current: tuple[str, float] | None = None
        for font, size, x, y, s in page.texts:
            if current != (font, size):
                text.setFont(font, size)
                current = (font, size)
            text.setTextOrigin(x, y)
            text.textOut(s)
        label = _("Page {page} of {pages}").format(page=number, pages=total)
        from reportlab.pdfbase.pdfmetrics import stringWidth

        text.setFont(f.for_text(page.footer), 7.5)
        text.setTextOrigin(MARGIN, MARGIN)
        text.textOut(page.footer)
        text.setFont(f.regular, 7.5)
        text.setTextOrigin(page.size[0] - MARGIN - stringWidth(label, f.regular, 7.5), MARGIN)
        text.textOut(label)
        canvas.drawText(text)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _need_reportlab() -> None:
    """A missing PDF library is a message for the organiser (the export and print keys show
    it; a worker that raised ImportError used to end the whole program), not a crash."""
    try:
        import reportlab  # noqa: F401
    except ImportError as error:
        from core.errors import TournamentError

        raise TournamentError(_("PDF files need the reportlab package, which is not installed ({error}); "
                                "install hakem again, or export .html and print that").format(error=error)) from error


def to_pdf(reports: Sequence[Report], setup: PageSetup | None = None, footer: str = "",
           qr: dict[str, str] | None = None) -> bytes:
    """One PDF holding ``reports`` (each starts on a new page).  ``footer`` is printed at the
    foot of every page (the event's name); ``qr`` maps a report's slug to the published URL
    drawn as a QR code on its first page."""
    _need_reportlab()
    layout = _Layout(setup or PageSetup(), footer)
    for report in reports:
        layout.report(report, (qr or {}).get(report.slug))
    if not layout.pages:
        layout.new_page()
    return _draw(layout.pages, reports[0].title if reports else footer)


__all__ = ["ORIENTATIONS", "PAPERS", "PageSetup", "to_pdf"]
