"""Provides the tables' layout and updates: fitted columns, keyed rows, kept cursor.

Why one module: every table of the app shows the same kinds of columns — numbers (pairing
numbers, ratings, points, tie-break values, board numbers), short words of our own (result,
status) and free text typed by someone (names, clubs, team names).  DataTable sizes each column
to its widest cell, so one 167-character name pushed every column after it off the screen
(issue 19 item 5: only ``No. Name`` was left, even at 200 columns).  Here the layout is decided
once for all tables:

- a column declared with :class:`Col` and ``flex`` > 0 holds free text: the flexible columns
  share the width the others leave, in proportion to ``flex`` (max-min fair: a column narrower
  than its share keeps its width and the rest is split again), never below ``min``; a cut value
  ends with "…" (its header too); its control characters, newlines and tabs become U+FFFD (``field_safe``);
- every other column is sized to its widest value or header and is never cut: a number is
  always shown whole; when even the narrowest layout does not fit, the table scrolls sideways;
- the layout is computed again when the rows change (a wider points value) and when the table
  is resized (:class:`FittedTable`), so a wider terminal shows more of each name.

``sync_table`` keeps a table in step with new rows: rows are keyed (board number, pairing
number) so the cursor stays on the same board or player across refreshes, and a
:class:`~tui.widgets.fast_table.FastTable` repaints only the rows whose shown cells changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.widgets import DataTable

from core.safe_text import field_safe
from tui.widgets.fast_table import FastTable, plain_cell

ELLIPSIS = "…"

HEADER_KEPT = 12
"""A free-text column is not cut below its header when the header is at most this wide (a
long header, "Players on equal points (tie-break order)", gives way like the values)."""

PADDING = 2
"""Cells DataTable adds to every column (one on each side, ``cell_padding`` 1)."""


@dataclass(frozen=True)
class Col:
    """A column: header, key, and how it gives way.

    ``flex`` 0: never cut (numbers, our own short words); ``flex`` > 0: free text, cut with
    "…" to its share of the free width (weights: a name 3, a club 2, a code 1); ``min``: the
    narrowest a cut column becomes, and never narrower than a header of up to ``HEADER_KEPT``
    cells (a longer header is cut with "…" like the values)."""

    label: str
    key: str
    flex: int = 0
    min: int = 8
    drop: int = 0
    """0: always shown; otherwise the column may be left out of a narrow table (60 columns),
    highest number first, so that the names stay readable (see :data:`READABLE`)."""
    short: str = ""
    """A shorter header for a narrow table (``Erg.`` for ``Ergebnis``), used before any column
    is left out: a header wider than every value of its column costs the names' cells."""


def text_col(label: str, key: str, flex: int = 3, min: int = 8) -> Col:
    """A free-text column (see :class:`Col`)."""
    return Col(label, key, flex, min)


def short_col(label: str, key: str, short: str) -> Col:
    """A column of short values whose header a narrow table shortens (see :class:`Col`)."""
    return Col(label, key, short=short if cell_len(short) < cell_len(label) else "")


def optional_col(label: str, key: str, drop: int = 1) -> Col:
    """A number column a narrow table leaves out before it cuts names short (see :class:`Col`)."""
    return Col(label, key, drop=drop)


READABLE = 14
"""Cells below which a free-text column counts as unreadable ("Kaya, C…"): a narrow table leaves
out its optional columns (``Col.drop``) while a name would get fewer.  A left-out column keeps
its two cells of padding, empty, so the table's columns and rows keep their shape."""


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending with "…" when something was cut."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    return set_cell_size(text, width - 1).rstrip() + ELLIPSIS


def fit_widths(naturals: Sequence[int], flex: Sequence[int], mins: Sequence[int], width: int) -> list[int]:
    """Content width of each column so that the table fits ``width`` cells (padding included).

    Fixed columns (``flex`` 0) keep their natural width.  The flexible ones keep theirs when
    all fit; otherwise the free width is shared by weight, max-min fair: the column whose
    natural width is smallest for its weight is served first, and what it does not need goes
    to the others.  No column goes below ``min(natural, mins)``; if those minimums do not fit,
    the result is wider than ``width`` (the table scrolls, nothing is hidden)."""
    widths = list(naturals)
    flexible = [j for j, f in enumerate(flex) if f > 0]
    if not flexible:
        return widths
    room = width - sum(w + PADDING for w in naturals) + sum(naturals[j] for j in flexible)
    if sum(naturals[j] for j in flexible) <= room:
        return widths
    pending = sorted(flexible, key=lambda j: naturals[j] / flex[j])
    while pending:
        weight = sum(flex[j] for j in pending)
        first = pending[0]
        if naturals[first] * weight <= room * flex[first]:
            room -= naturals[first]
            pending.pop(0)
            continue
        floors = [j for j in pending if room * flex[j] // weight < min(naturals[j], mins[j])]
        if floors:  # their share is below their minimum: they take it, the rest share again
            for j in floors:
                widths[j] = min(naturals[j], mins[j])
                room -= widths[j]
                pending.remove(j)
            continue
        for j in pending:
            widths[j] = room * flex[j] // weight
        left = room - sum(widths[j] for j in pending)
        for j in sorted(pending, key=lambda j: -flex[j]):  # what flooring left over
            extra = max(0, min(left, naturals[j] - widths[j]))
            widths[j] += extra
            left -= extra
        break
    return widths


# -- tables ---------------------------------------------------------------------------------------
class FittedTable(FastTable):
    """A FastTable whose columns are fitted again when its width changes (see the module)."""

    _fitted_for = -1

    def _on_resize(self, event: events.Resize) -> None:
        super()._on_resize(event)
        if getattr(self, "_hakem_specs", None) and self._fitted_for != _available(self):
            refit(self)


def reset_table(table: DataTable, columns: Sequence[tuple[str, str] | Col]) -> None:
    """Replace the columns (labels are fixed when added, so a language switch rebuilds them).

    ``columns`` are ``(label, key)`` pairs (sized to their content, never cut) or :class:`Col`
    (at least one with ``flex``: the table is fitted to its width)."""
    specs = [c if isinstance(c, Col) else Col(str(c[0]), c[1]) for c in columns]
    table.clear(columns=True)
    for spec in specs:
        table.add_column(spec.label, key=spec.key)
    table._hakem_specs = specs if any(s.flex for s in specs) else None  # type: ignore[attr-defined]
    table._hakem_keys = []  # type: ignore[attr-defined]
    table._hakem_rows = []  # type: ignore[attr-defined]
    table._hakem_shown = []  # type: ignore[attr-defined]


def sync_table(table: DataTable, keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Make ``table`` show ``rows`` (one per key), keeping the cursor on the same key.

    The rows given are plain values (kept for :func:`row_values` and for fitting again on a
    resize); what the table holds are ``Text`` cells, cut to the fitted widths."""
    new_rows = [tuple(r) for r in rows]
    table._hakem_rows = new_rows  # type: ignore[attr-defined]
    _show(table, list(keys), _fitted(table, new_rows))


def widths_needed(table: DataTable) -> tuple[int, int]:
    """Cells a fitted table needs with its free text at the narrowest and at full length
    (scrollbar not included); ``(0, 0)`` before its first rows (for layouts that share width)."""
    return getattr(table, "_hakem_need", (0, 0))


def refit(table: DataTable) -> None:
    """Fit the rows last given to :func:`sync_table` to the table's current width."""
    _show(table, list(getattr(table, "_hakem_keys", [])), _fitted(table, getattr(table, "_hakem_rows", [])))


def _available(table: DataTable) -> int:
    """Cells the columns may use: the table's width, less the vertical scrollbar when the rows
    do not fit its height (before the first layout: the screen's width)."""
    width = table.size.width or table.app.size.width
    height = table.size.height
    header = table.header_height if table.show_header else 0
    if height and len(getattr(table, "_hakem_rows", ())) + header > height:
        width -= table.styles.scrollbar_size_vertical
    return width


def _fitted(table: DataTable, rows: list[tuple]) -> list[tuple]:
    """``rows`` as shown: free-text cells made safe and cut; column widths set to fit.

    Column by column (``zip``): a 300-row standings table is fitted on every refresh, and
    rows are rebuilt only when a cell was made safe or cut."""
    specs: list[Col] | None = getattr(table, "_hakem_specs", None)
    if not specs:
        return rows
    columns = list(zip(*rows)) if rows else [()] * len(specs)
    flexible = [j for j, s in enumerate(specs) if s.flex]
    changed = False
    for j in flexible:
        if not all(v.isprintable() for v in columns[j] if isinstance(v, str)):
            columns[j] = tuple(field_safe(v) if isinstance(v, str) else v for v in columns[j])
            changed = True
    labels = [cell_len(s.label) for s in specs]
    naturals = _naturals(table, columns, labels)
    mins = [max(s.min, min(labels[j], HEADER_KEPT)) if s.flex else naturals[j] for j, s in enumerate(specs)]
    width = _available(table)
    table._hakem_need = (sum(min(n, m) for n, m in zip(naturals, mins)) + PADDING * len(specs),  # type: ignore[attr-defined]
                         sum(naturals) + PADDING * len(specs))
    values = {j: max(map(_cells, columns[j]), default=0) for j, s in enumerate(specs) if s.short}
    widths, dropped, shortened = _compact(naturals, specs, mins, width, values)
    table._fitted_for = width  # type: ignore[attr-defined]
    _set_widths(table, widths, specs, dropped, shortened)
    for j in dropped:
        columns[j] = ("",) * len(columns[j])
        changed = True
    for j in flexible:
        if widths[j] < naturals[j]:
            columns[j] = tuple(cut(v, widths[j]) if isinstance(v, str) else v for v in columns[j])
            changed = True
    return [tuple(r) for r in zip(*columns)] if changed and rows else rows


def _compact(naturals: list[int], specs: list[Col], mins: list[int], width: int,
             values: dict[int, int]) -> tuple[list[int], set[int], set[int]]:
    """Widths by :func:`fit_widths`; while a free-text column would be cut below
    :data:`READABLE` cells (at 60 columns a name matters more than a header or a rating beside
    it) first the short headers (``Col.short``; ``values``: the widest value of those columns),
    then the optional columns are left out, highest ``drop`` first, one level at a time (both
    No. columns of the boards).  Returns the widths, the columns left out and those shortened."""
    flex = [s.flex for s in specs]
    shown = list(naturals)
    dropped: set[int] = set()
    shortened: set[int] = set()
    optional = sorted((j for j, s in enumerate(specs) if s.drop), key=lambda j: -specs[j].drop)
    while True:
        widths = fit_widths(shown, flex, mins, width)
        short = any(widths[j] < min(naturals[j], READABLE) for j, f in enumerate(flex) if f)
        if not short:
            return widths, dropped, shortened
        if values and not shortened:
            for j, w in values.items():
                shortened.add(j)
                shown[j] = max(w, cell_len(specs[j].short))
            continue
        if not optional:
            return widths, dropped, shortened
        level = specs[optional[0]].drop
        while optional and specs[optional[0]].drop == level:
            j = optional.pop(0)
            dropped.add(j)
            shown[j] = 0


def _naturals(table: DataTable, columns: list[tuple], labels: list[int]) -> list[int]:
    """Widest cell or header of each column; a column equal to the one measured last time (most
    of them: a result changes two points cells) is not measured again."""
    last: list[tuple[tuple, int]] = getattr(table, "_hakem_measured", [])
    measured = []
    for j, column in enumerate(columns):
        if j < len(last) and last[j][0] == column:
            measured.append(last[j])
        else:
            measured.append((column, max(labels[j], max(map(_cells, column), default=0))))
    table._hakem_measured = measured  # type: ignore[attr-defined]
    return [n for _column, n in measured]


def _cells(value: Any) -> int:
    return cell_len(value if isinstance(value, str) else str(value))


def _set_widths(table: DataTable, widths: list[int], specs: list[Col], dropped: set[int] | frozenset = frozenset(),
                shortened: set[int] | frozenset = frozenset()) -> None:
    """Fix the columns at ``widths`` (content cells; DataTable adds the padding), the header
    of a cut column cut with "…" too, a left-out column's header empty.  Only a change of
    width redraws the whole table: row-local repaints stay row-local."""
    columns = table.ordered_columns
    if all(not c.auto_width and c.width == w for c, w in zip(columns, widths)):
        return
    for j, (column, w, spec) in enumerate(zip(columns, widths, specs)):
        column.auto_width = False
        column.width = w
        column.label = Text("" if j in dropped else cut(spec.short if j in shortened else spec.label, w))
    table._require_update_dimensions = True
    table._clear_caches()
    table._update_count += 1
    if isinstance(table, FastTable):
        table._rendered_widths = tuple(c.get_render_width(table) for c in columns)
    table.refresh()
    table.check_idle()


def _show(table: DataTable, keys: list[str], new_rows: list[tuple]) -> None:
    """Put the shown rows into the table: changed cells only when the keys are the same."""
    old_keys: list[str] = getattr(table, "_hakem_keys", [])
    old_rows: list[tuple] = getattr(table, "_hakem_shown", [])
    if keys == old_keys and len(old_rows) == len(new_rows):
        if isinstance(table, FastTable):  # repaints only the rows that changed
            table.update_rows({i: {j: b for j, (a, b) in enumerate(zip(old, new)) if a != b}
                               for i, (old, new) in enumerate(zip(old_rows, new_rows)) if old != new})
            table._hakem_shown = new_rows  # type: ignore[attr-defined]
            return
        widths: list[int] = getattr(table, "_hakem_widths", [])
        for i, (old, new) in enumerate(zip(old_rows, new_rows)):
            if old != new:
                for j, (a, b) in enumerate(zip(old, new)):
                    if a != b:
                        # columns only grow: measuring just the wider cell is cheap, while a
                        # narrower one would make Textual re-measure the whole column
                        wider = j < len(widths) and cell_len(str(b)) > widths[j]
                        if wider:
                            widths[j] = cell_len(str(b))
                        table.update_cell_at((i, j), plain_cell(b), update_width=wider)
        table._hakem_shown = new_rows  # type: ignore[attr-defined]
        return
    cursor_key = None
    if old_keys and 0 <= table.cursor_row < len(old_keys):
        cursor_key = old_keys[table.cursor_row]
    table.clear()
    for key, row in zip(keys, new_rows):
        table.add_row(*(plain_cell(c) for c in row), key=key)
    table._hakem_keys = keys  # type: ignore[attr-defined]
    table._hakem_shown = new_rows  # type: ignore[attr-defined]
    table._hakem_widths = [max((cell_len(str(r[j])) for r in new_rows), default=0)  # type: ignore[attr-defined]
                           for j in range(len(new_rows[0]) if new_rows else 0)]
    if cursor_key in keys:
        table.move_cursor(row=keys.index(cursor_key), animate=False)


def selected_key(table: DataTable) -> str | None:
    """The key of the row under the cursor, or ``None`` for an empty table."""
    keys: list[str] = getattr(table, "_hakem_keys", [])
    if keys and 0 <= table.cursor_row < len(keys):
        return keys[table.cursor_row]
    return None


def row_values(table: DataTable, index: int) -> tuple:
    """The plain values of row ``index`` as last given to :func:`sync_table` (tests, copy)."""
    return getattr(table, "_hakem_rows", [])[index]
