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

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len, set_cell_size
from textual import events

from core.safe_text import field_safe
from tui.widgets.fast_table import FastTable, HiddenColumn

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
out its optional columns (``Col.drop``) while a name would get fewer.  A left-out column takes
no cells at all (its values stay in the rows given, so row indexes keep their meaning)."""


NAME_WHOLE = 24
"""A ``readable`` for a table read for its order beside numbers (:class:`FittedTable`): a
name of up to this many cells ("Öztürk, Mehmet Ali", "Schneider-Hoffmann, Jonas") stays whole
while optional columns can leave — the tie-break preview showed "Schneider, Jo…" beside the
rating and the pairing number at 60 columns.  A longer name is cut as in any table."""


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, ending with "…" when something was cut."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    return set_cell_size(text, width - 1).rstrip() + ELLIPSIS


def fit_widths(naturals: Sequence[int], flex: Sequence[int], mins: Sequence[int], width: int,
               gone: Collection[int] = ()) -> list[int]:
    """Content width of each column so that the table fits ``width`` cells (padding included;
    the columns ``gone``, left out, take none).

    Fixed columns (``flex`` 0) keep their natural width.  The flexible ones keep theirs when
    all fit; otherwise the free width is shared by weight, max-min fair: the column whose
    natural width is smallest for its weight is served first, and what it does not need goes
    to the others.  No column goes below ``min(natural, mins)``; if those minimums do not fit,
    the result is wider than ``width`` (the table scrolls, nothing is hidden)."""
    widths = list(naturals)
    flexible = [j for j, f in enumerate(flex) if f > 0]
    if not flexible:
        return widths
    room = width - sum(w + PADDING for j, w in enumerate(naturals) if j not in gone) + sum(naturals[j] for j in flexible)
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
Row = tuple[Any, ...]


@dataclass
class TableKept:
    """What a table keeps beside Textual's cells: the rows as given and as shown, their keys,
    and how the columns were fitted.  Declared on :class:`FittedTable` (it was stapled onto
    DataTables as ``_hakem_*`` attributes the type checker could not see)."""

    specs: list[Col] | None = None
    """The columns when at least one is free text (the table is fitted), else None."""
    keys: list[str] = field(default_factory=list)
    """One key per shown row (board, pairing number): the cursor stays on its key."""
    given: list[Row] = field(default_factory=list)
    """The plain rows last given to :func:`sync_table` (fitted again on a resize)."""
    shown: list[Row] = field(default_factory=list)
    """The rows as put into the table (made safe, cut): compared to find changed cells."""
    need: tuple[int, int] = (0, 0)
    """Cells needed with the free text at its narrowest and at full length."""
    measured: list[tuple[tuple[Any, ...], int, int]] = field(default_factory=list)
    """Each column's values, their widest cell and widest cell within ``readable`` as last
    measured (an unchanged column is not measured again; its header is, as it may have
    changed alone)."""
    fitted_for: int = -1
    """The width the columns were last fitted to."""
    columns_for: object = None
    """What the caller built the current columns for (:func:`columns_changed`)."""


class FittedTable(FastTable):
    """A FastTable with its :class:`TableKept`, fitted again when its width changes (see the
    module); every table filled by :func:`sync_table` is one."""

    def __init__(self, *args: Any, readable: int = 0, **kwargs: Any) -> None:
        """``readable``: the cells below which a name counts as cut too short (default
        :data:`READABLE`); :data:`NAME_WHOLE` for a table read for its order beside numbers
        (F5's preview): its optional columns leave before a name is cut."""
        super().__init__(*args, **kwargs)
        self.kept = TableKept()
        self.readable = readable or READABLE

    def _on_resize(self, event: events.Resize) -> None:
        super()._on_resize(event)
        if self.kept.specs and self.kept.fitted_for != _available(self):
            refit(self)


def columns_changed(table: FittedTable, key: object) -> bool:
    """True (and ``key`` remembered) when the columns were built for something else than
    ``key`` (the criteria of a standings table): only then are they built again."""
    if table.kept.columns_for == key:
        return False
    table.kept.columns_for = key
    return True


def forget_columns(table: FittedTable) -> None:
    """The next :func:`columns_changed` says yes (a language switch: the labels are fixed)."""
    table.kept.columns_for = None


def reset_table(table: FittedTable, columns: Sequence[tuple[str, str] | Col]) -> None:
    """Replace the columns (labels are fixed when added, so a language switch rebuilds them).

    ``columns`` are ``(label, key)`` pairs (sized to their content, never cut) or :class:`Col`
    (at least one with ``flex``: the table is fitted to its width)."""
    specs = [c if isinstance(c, Col) else Col(str(c[0]), c[1]) for c in columns]
    kept = table.kept
    fitted = any(s.flex for s in specs)
    if fitted and kept.specs is not None and [s.key for s in kept.specs] == [s.key for s in specs]:
        # the same columns under other labels (a tie-break draft: BH/C1 → BH/C2, two criteria
        # swapped): the rows stay and the next sync changes only the cells that differ — a
        # 1,000-row table built again cost ~90 ms; the fitting writes the new headers
        kept.specs = specs
        kept.fitted_for = -1
        shown = table.ordered_columns
        table.fix_column_widths([c.width for c in shown], [s.label for s in specs],
                                {j for j, c in enumerate(shown) if isinstance(c, HiddenColumn)})
        return
    table.clear(columns=True)
    for spec in specs:
        table.add_column(spec.label, key=spec.key)
    kept.specs = specs if fitted else None
    kept.keys, kept.given, kept.shown = [], [], []


def sync_table(table: FittedTable, keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Make ``table`` show ``rows`` (one per key), keeping the cursor on the same key.

    The rows given are plain values (kept for :func:`row_values` and for fitting again on a
    resize); what the table holds are ``Text`` cells, cut to the fitted widths."""
    new_rows = [tuple(r) for r in rows]
    table.kept.given = new_rows
    _show(table, list(keys), _fitted(table, new_rows))


def widths_needed(table: FittedTable) -> tuple[int, int]:
    """Cells a fitted table needs with its free text at the narrowest and at full length
    (scrollbar not included); ``(0, 0)`` before its first rows (for layouts that share width)."""
    return table.kept.need


def refit(table: FittedTable) -> None:
    """Fit the rows last given to :func:`sync_table` to the table's current width."""
    _show(table, list(table.kept.keys), _fitted(table, table.kept.given))


def _available(table: FittedTable) -> int:
    """Cells the columns may use: the table's width, less the vertical scrollbar when the rows
    do not fit its height (before the first layout: the screen's width)."""
    width = table.size.width or table.app.size.width
    height = table.size.height
    header = table.header_height if table.show_header else 0
    if height and len(table.kept.given) + header > height:
        width -= table.styles.scrollbar_size_vertical
    return width


def _fitted(table: FittedTable, rows: list[Row]) -> list[Row]:
    """``rows`` as shown: free-text cells made safe and cut; column widths set to fit.

    Column by column (``zip``): a 300-row standings table is fitted on every refresh, and
    rows are rebuilt only when a cell was made safe or cut."""
    specs = table.kept.specs
    if not specs:
        return rows
    columns: list[tuple[Any, ...]] = list(zip(*rows)) if rows else [()] * len(specs)
    flexible = [j for j, s in enumerate(specs) if s.flex]
    changed = False
    for j in flexible:
        if not all(v.isprintable() for v in columns[j] if isinstance(v, str)):
            columns[j] = tuple(field_safe(v) if isinstance(v, str) else v for v in columns[j])
            changed = True
    labels = [cell_len(s.label) for s in specs]
    naturals, within = _naturals(table, columns, labels)
    mins = [max(s.min, min(labels[j], HEADER_KEPT)) if s.flex else naturals[j] for j, s in enumerate(specs)]
    width = _available(table)
    table.kept.need = (sum(min(n, m) for n, m in zip(naturals, mins)) + PADDING * len(specs),
                         sum(naturals) + PADDING * len(specs))
    values = {j: table.kept.measured[j][1] for j, s in enumerate(specs) if s.short}  # widest value
    readable = _readable(table.readable, naturals, within)
    widths, dropped, shortened = _compact(naturals, specs, mins, width, values, readable)
    table.kept.fitted_for = width
    _set_widths(table, widths, specs, dropped, shortened)
    for j in dropped:
        columns[j] = ("",) * len(columns[j])
        changed = True
    for j in flexible:
        if widths[j] < naturals[j]:
            columns[j] = tuple(cut(v, widths[j]) if isinstance(v, str) else v for v in columns[j])
            changed = True
    return [tuple(r) for r in zip(*columns)] if changed and rows else rows


def _readable(wanted: int, naturals: list[int], within: list[int]) -> list[int]:
    """Per column, the cells below which it counts as cut too short: its width or
    :data:`READABLE`, whichever is less; a table that asks for more (``wanted``, F5's
    :data:`NAME_WHOLE`) its longest value of at most ``wanted`` cells (``within``, measured
    with the column by :func:`_naturals`) — a name longer than that (a pasted paragraph) is
    cut as in any table and leaves no column out for itself."""
    if wanted <= READABLE:
        return [min(n, READABLE) for n in naturals]
    return [min(n, max(READABLE, w)) for n, w in zip(naturals, within)]


def _compact(naturals: list[int], specs: list[Col], mins: list[int], width: int,
             values: dict[int, int], readable: list[int] | None = None) -> tuple[list[int], set[int], set[int]]:
    """Widths by :func:`fit_widths`; once a free-text column is cut at all, the short headers
    (``Col.short``; ``values``: the widest value of those columns: a header wider than every
    value only takes cells from the names); while one would be cut below its ``readable``
    cells (:func:`_readable`) (at 60 columns a name matters more than a rating beside it) the optional columns are
    left out, highest ``drop`` first, one level at a time (both No. columns of the boards).
    Returns the widths, the columns left out and those shortened."""
    readable = readable if readable is not None else [min(n, READABLE) for n in naturals]
    flex = [s.flex for s in specs]
    shown = list(naturals)
    dropped: set[int] = set()
    shortened: set[int] = set()
    optional = sorted((j for j, s in enumerate(specs) if s.drop), key=lambda j: -specs[j].drop)
    while True:
        widths = fit_widths(shown, flex, mins, width, dropped)
        if values and not shortened and any(widths[j] < naturals[j] for j, f in enumerate(flex) if f):
            for j, w in values.items():
                shortened.add(j)
                shown[j] = max(w, cell_len(specs[j].short))
            continue
        short = _unreadable(specs, widths, naturals, dropped, readable)
        if not short:
            return widths, dropped, shortened
        if not optional:
            return widths, dropped, shortened
        level = specs[optional[0]].drop
        while optional and specs[optional[0]].drop == level:
            j = optional.pop(0)
            dropped.add(j)
            shown[j] = 0


def _unreadable(specs: list[Col], widths: list[int], naturals: list[int], dropped: set[int],
                readable: list[int]) -> bool:
    """Whether the table should leave out its next optional columns: a column that stays (a
    name) is cut below :data:`READABLE`, or an optional free-text column (a club) is, while a
    name is cut at all.  An optional column cut beside whole names is no reason: it would leave
    itself out (a playoff game's title vanished at 80 columns beside whole names)."""
    def below(j: int) -> bool:
        return widths[j] < readable[j]

    stays = [j for j, s in enumerate(specs) if s.flex and not s.drop]
    optional = [j for j, s in enumerate(specs) if s.flex and s.drop and j not in dropped]
    return any(below(j) for j in stays) or (any(below(j) for j in optional)
                                             and any(widths[j] < naturals[j] for j in stays))


def _naturals(table: FittedTable, columns: list[tuple[Any, ...]], labels: list[int]) -> tuple[list[int], list[int]]:
    """Widest cell or header of each column, and its widest cell of at most ``table.readable``
    cells (:func:`_readable`); a column equal to the one measured last time (most of them: a
    result changes two points cells; a resize none) is not measured again."""
    last = table.kept.measured
    wanted = table.readable
    measured = []
    for j, column in enumerate(columns):
        if j < len(last) and last[j][0] == column:
            measured.append(last[j])
            continue
        cells = list(map(_cells, column))
        measured.append((column, max(cells, default=0),
                         max((c for c in cells if c <= wanted), default=0) if wanted > READABLE else 0))
    table.kept.measured = measured
    return ([max(label, n) for label, (_column, n, _w) in zip(labels, measured)],
            [w for _column, _n, w in measured])


def _cells(value: Any) -> int:
    text = value if isinstance(value, str) else str(value)
    # printable ASCII is one cell a character (Rich's cell_len, without its per-string cache)
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


def _set_widths(table: FittedTable, widths: list[int], specs: list[Col], dropped: set[int] | frozenset[int] = frozenset(),
                shortened: set[int] | frozenset[int] = frozenset()) -> None:
    """Fix the columns at ``widths`` (content cells; DataTable adds the padding), the header
    of a cut column cut with "…" too, a left-out column's header empty."""
    labels = ["" if j in dropped else cut(spec.short if j in shortened else spec.label, w)
              for j, (w, spec) in enumerate(zip(widths, specs))]
    table.fix_column_widths(widths, labels, dropped)


def _show(table: FittedTable, keys: list[str], new_rows: list[Row]) -> None:
    """Put the shown rows into the table: changed cells only when the keys are the same."""
    kept = table.kept
    old_keys, old_rows = kept.keys, kept.shown
    if keys == old_keys and len(old_rows) == len(new_rows):  # repaints only the rows that changed
        table.update_rows({i: {j: b for j, (a, b) in enumerate(zip(old, new)) if a != b}
                           for i, (old, new) in enumerate(zip(old_rows, new_rows)) if old != new})
        kept.shown = new_rows
        return
    cursor_key = None
    if old_keys and 0 <= table.cursor_row < len(old_keys):
        cursor_key = old_keys[table.cursor_row]
    table.clear()
    table.add_plain_rows(keys, new_rows)  # each row's cells made when it is first drawn
    kept.keys, kept.shown = keys, new_rows
    if cursor_key in keys:
        table.move_cursor(row=keys.index(cursor_key), animate=False)


def selected_key(table: FittedTable) -> str | None:
    """The key of the row under the cursor, or ``None`` for an empty table."""
    keys = table.kept.keys
    if keys and 0 <= table.cursor_row < len(keys):
        return keys[table.cursor_row]
    return None


def move_to_key(table: FittedTable, key: str) -> bool:
    """Put the cursor on the row of ``key``; False (cursor left alone) when no row has it."""
    if key not in table.kept.keys:
        return False
    table.move_cursor(row=table.kept.keys.index(key), animate=False)
    return True


def row_values(table: FittedTable, index: int) -> Row:
    """The plain values of row ``index`` as last given to :func:`sync_table` (tests, copy)."""
    return table.kept.given[index]
