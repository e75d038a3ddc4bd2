"""Textual's DataTable insides, opened for :class:`tui.widgets.fast_table.FastTable`: its cell
store, row positions, render caches and measuring, as named calls and two hooks, the three
render steps FastTable draws faster (see the package doc for why each), and rows whose cells
are made when first asked for (:class:`WaitingCells`).

Why the DataTable's insides at all (measured, notes/tui.md): it keys every render cache on one
update counter, so changing one cell of a 150-board table re-renders every visible cell through
Rich (~0.2 ms a cell, 60–120 ms for the frame showing a result); a table forgets only the rows
it changed here, and a plain one-line ``Text`` cell becomes segments without Rich's layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, DuplicateKey, Row, RowKey

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_values

__all__ = ["OpenTable", "WaitingCells"]


class Waiting:
    """A row's plain values, not yet made into cells: the column keys they go to and how a
    value becomes a cell."""

    __slots__ = ("columns", "values", "convert")

    def __init__(self, columns: tuple[ColumnKey, ...], values: Sequence[Any], convert: Callable[[Any], Any]) -> None:
        self.columns = columns
        self.values = values
        self.convert = convert

    def cells(self) -> dict[ColumnKey, Any]:
        convert = self.convert
        return {key: convert(value) for key, value in zip_longest(self.columns, self.values)}


class WaitingCells(dict[RowKey, Any]):
    """DataTable's cell store (row key → {column key: cell}) in which a row may wait as its
    plain values (:class:`Waiting`) until something asks for its cells — drawing it, reading
    it (``get_row``), sorting, a cell update — when they are made once and kept.

    Why: a 1,000-row table put in at once made 10,000 cells (and DataTable measured each) for
    the 30 rows a screen shows (F5's preview, F4's standings: ~100 ms of a pane's first show).
    Every way DataTable reads the store (``[]``, ``get``, ``items``, ``values``) gives made
    cells, so what is drawn or read is the same; only when differs."""

    def __getitem__(self, key: RowKey) -> dict[ColumnKey, Any]:
        value = dict.__getitem__(self, key)
        if type(value) is Waiting:
            value = value.cells()
            dict.__setitem__(self, key, value)
        return value

    def get(self, key: RowKey, default: Any = None) -> Any:
        return self[key] if key in self else default

    def items(self) -> dict_items[RowKey, Any]:  # a view of made cells, as dict's
        self.make_all()
        return super().items()

    def values(self) -> dict_values[RowKey, Any]:
        self.make_all()
        return super().values()

    def make_all(self) -> None:
        for key, value in list(dict.items(self)):
            if type(value) is Waiting:
                dict.__setitem__(self, key, value.cells())

    def waiting(self, key: RowKey) -> Waiting | None:
        """The row's plain values while its cells are not made (None: made, or no such row)."""
        value = dict.get(self, key)
        return value if type(value) is Waiting else None

    def wait(self, key: RowKey, row: Waiting) -> None:
        dict.__setitem__(self, key, row)


class OpenTable(DataTable[Any]):
    """Textual's DataTable with its insides as named calls (``forget_rows``, ``row_values``…),
    the hooks :meth:`measure_new_rows` and :meth:`cursor_may_scroll`, and cells and row styles
    drawn through fewer of Rich's steps."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._data = WaitingCells()

    # -- hooks ---------------------------------------------------------------------------------
    def measure_new_rows(self, new_rows: list[RowKey]) -> list[RowKey]:
        """Widen the columns for the ``new_rows`` the table measures itself; the rows returned
        are measured by DataTable (which also sets the table's size)."""
        return new_rows

    def cursor_may_scroll(self) -> bool:
        """Whether a cursor move may scroll the table now."""
        return True

    def _update_dimensions(self, new_rows: Iterable[RowKey]) -> None:
        super()._update_dimensions(self.measure_new_rows(list(new_rows)))

    def _scroll_cursor_into_view(self, animate: bool = False) -> None:
        if self.cursor_may_scroll():
            super()._scroll_cursor_into_view(animate=animate)

    # -- the cells and where they are ----------------------------------------------------------
    def add_waiting_rows(self, keys: Sequence[str], rows: Sequence[Sequence[Any]],
                         convert: Callable[[Any], Any]) -> None:
        """Add rows at the bottom as ``add_row(*row, key=key)`` would (one line high, no
        label), each cell ``convert(value)`` made only when the row is first asked for
        (:class:`WaitingCells`), and DataTable's bookkeeping (cursor, counters, idle check)
        done once for all of them instead of once a row."""
        columns = tuple(c.key for c in self.ordered_columns)
        data = self._data
        assert isinstance(data, WaitingCells)
        locations, table_rows, new_rows = self._row_locations, self.rows, self._new_rows
        start = self.row_count
        for i, (key, values) in enumerate(zip(keys, rows)):
            if len(values) > len(columns):
                raise ValueError("More values provided than there are columns.")
            row_key = RowKey(key)
            if row_key in locations:
                raise DuplicateKey(f"The row key {row_key!r} already exists.")
            locations[row_key] = start + i
            data.wait(row_key, Waiting(columns, values, convert))
            table_rows[row_key] = Row(row_key, 1)
            new_rows.add(row_key)
        if self.row_count == start:
            return
        self._require_update_dimensions = True
        self.cursor_coordinate = self.cursor_coordinate
        if start == 0 and self.columns and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()  # a cursor has somewhere to be now (as add_row's first row)
        self._update_count += 1
        self.check_idle()

    def waiting_values(self, row_key: RowKey) -> Sequence[Any] | None:
        """The plain values of a row whose cells are not made yet (None: made)."""
        data = self._data
        waiting = data.waiting(row_key) if isinstance(data, WaitingCells) else None
        return waiting.values if waiting is not None else None

    def set_waiting_values(self, row_key: RowKey, values: Sequence[Any]) -> None:
        """New plain values for a row whose cells are not made yet (:meth:`waiting_values`)."""
        data = self._data
        waiting = data.waiting(row_key) if isinstance(data, WaitingCells) else None
        assert waiting is not None, "the row's cells are made: set them instead"
        waiting.values = values


    def row_index(self, row_key: RowKey) -> int | None:
        """The row's position (None: no such row)."""
        return self._row_locations.get(row_key)

    def row_key_at(self, index: int) -> RowKey | None:
        """The key of the row at ``index`` (None: no row there)."""
        return self._row_locations.get_key(index)

    def row_cells(self, index: int) -> list[RenderableType]:
        """The cells of the row at ``index`` as DataTable renders them (labels aside)."""
        return self._get_row_renderables(index)[1]

    def row_values(self, row_key: RowKey) -> dict[ColumnKey, Any]:
        """The row's cells by column key, the table's own dict: a value set here is shown once
        the row's renders are forgotten (:meth:`forget_rows`)."""
        return self._data[row_key]

    @property
    def one_line_rows(self) -> bool:
        """Every row is one line high (a row's line is its index after the header)."""
        return len(self._y_offsets) == self.row_count

    # -- forgetting renders --------------------------------------------------------------------
    def remeasure(self) -> None:
        """The columns' widths were set: size the table again and forget every render."""
        self._require_update_dimensions = True
        self._clear_caches()
        self._update_count += 1

    def forget_renders(self) -> None:
        """Every cell and row render is stale (drawn at other widths); lines are drawn again."""
        self._update_count += 1

    def forget_lines(self) -> None:
        """Forget the drawn screen lines, keeping the rendered cells and rows."""
        self._line_cache.clear()

    def forget_row_fills(self) -> None:
        """Forget the rendered rows and lines, keeping the rendered cells: a row's render ends
        with the space left of the widget's width, filled in the row's style (zebra, cursor)."""
        self._row_render_cache.clear()
        self._line_cache.clear()

    def forget_rows(self, keys: dict[RowKey, int], lines: set[int] | None) -> None:
        """Drop the cached renders of some rows (``keys``: row key → index): cells and rows
        are keyed by row key, row renderables by row index, drawn lines by line number
        (``lines``; None: all)."""
        indices = set(keys.values())
        # the caches hold the very RowKey objects of the table: comparing identities is much
        # cheaper than hashing 10,000 keys (RowKey hashes in Python)
        ids = {id(k) for k in keys}
        for cell in [k for k in self._cell_render_cache.keys() if id(k[0]) in ids]:
            self._cell_render_cache.discard(cell)
        for row in [k for k in self._row_render_cache.keys() if id(k[0]) in ids]:
            self._row_render_cache.discard(row)
        for renderable in [k for k in self._row_renderable_cache.keys() if k[1] in indices]:
            self._row_renderable_cache.discard(renderable)
        if lines is None:
            self._line_cache.clear()
        else:
            for line in [k for k in self._line_cache.keys() if k[0] in lines]:
                self._line_cache.discard(line)

    def repaint(self, region: Region) -> None:
        """Draw this part of the table again (table coordinates), nothing else."""
        self._refresh_region(region)

    # -- drawing -------------------------------------------------------------------------------
    def _get_row_style(self, row_index: int, base_style: Style) -> Style:
        """As DataTable, but through Textual's per-widget style cache: DataTable recomputes
        the zebra/header style (walking every ancestor's background) for each drawn row."""
        if row_index == -1:
            return self.get_component_rich_style("datatable--header")
        if row_index < self.fixed_rows:
            return self.get_component_rich_style("datatable--fixed")
        if self.zebra_stripes:
            return self.get_component_rich_style("datatable--odd-row" if row_index % 2 else "datatable--even-row")
        return base_style

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False) -> list[list[Segment]]:
        """Plain one-line ``Text`` body cells straight to segments; anything else as DataTable;
        a column of ``width`` 0 (left out) as nothing."""
        if width <= 0:
            key = self._row_locations.get_key(row_index) if row_index >= 0 else None
            height = self.header_height if key is None else self.rows[key].height
            return [[] for _ in range(max(1, height))]
        if row_index < 0 or column_index < 0 or row_index < self.fixed_rows or column_index < self.fixed_columns:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        row_key = self._row_locations.get_key(row_index)
        column_key = self._column_locations.get_key(column_index)
        if row_key is None or column_key is None:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        cache_key = (row_key, column_key, base_style, cursor, hover, self._show_hover_cursor,
                     self._update_count, self._pseudo_class_state)
        cached = self._cell_render_cache.get(cache_key)
        if cached is not None:
            return cached
        value = self._data[row_key].get(column_key)
        pad = self.cell_padding
        if (not isinstance(value, Text) or value.spans or value.style or value.end != "\n"
                or "\n" in value.plain or "\t" in value.plain or value.justify not in (None, "default", "left")
                or self.rows[row_key].height != 1):
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        plain = value.plain
        inner = width - 2 * pad
        if cell_len(plain) > inner or inner < 0:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        component_style, post_style = self._get_styles_to_render_cell(
            False, False, False, hover, cursor, self.show_cursor, self._show_hover_cursor,
            self.cursor_foreground_priority == "css", self.cursor_background_priority == "css")
        style = base_style + Style.from_meta({"row": row_index, "column": column_index}) + component_style
        if post_style:
            style = style + post_style
        text = " " * pad + plain + " " * (inner - cell_len(plain) + pad)
        lines = [[Segment(text, style)]]
        self._cell_render_cache[cache_key] = lines
        return lines
