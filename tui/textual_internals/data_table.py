"""Textual's DataTable insides, opened for :class:`tui.widgets.fast_table.FastTable`: its cell
store, row positions, render caches and measuring, as named calls and two hooks, and the three
render steps FastTable draws faster (see the package doc for why each).

Why the DataTable's insides at all (measured, notes/tui.md): it keys every render cache on one
update counter, so changing one cell of a 150-board table re-renders every visible cell through
Rich (~0.2 ms a cell, 60–120 ms for the frame showing a result); a table forgets only the rows
it changed here, and a plain one-line ``Text`` cell becomes segments without Rich's layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey

__all__ = ["OpenTable"]


class OpenTable(DataTable[Any]):
    """Textual's DataTable with its insides as named calls (``forget_rows``, ``row_values``…),
    the hooks :meth:`measure_new_rows` and :meth:`cursor_may_scroll`, and cells and row styles
    drawn through fewer of Rich's steps."""

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
