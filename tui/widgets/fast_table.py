"""Provides ``FastTable``: a DataTable whose cell updates repaint only the rows they touch.

Why (measured, notes/tui.md): Textual's DataTable keys every render cache on one update
counter, so changing one cell of a 150-board table re-renders every visible cell through Rich
(``Padding`` + ``Styled`` + ``render_lines``, ~0.2 ms a cell) — 60–120 ms for the frame that
shows a result.  Here a cell update drops only the cached renders of its own row and repaints
that row's region; and a plain one-line ``Text`` cell is turned into segments directly instead
of through Rich's layout machinery.  What is drawn is the same (the snapshot tests compare it).

What it needs of DataTable's insides (the cell store, the render caches, the measuring) it
asks of :class:`tui.textual_internals.data_table.OpenTable`, which holds every such touch;
``tests/test_tui_fast_table.py`` checks the screen after updates against a plain DataTable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.widgets import DataTable
from textual.widgets.data_table import Column, ColumnKey, RowKey

from tui.textual_internals.data_table import OpenTable

if TYPE_CHECKING:
    from textual.color import Color
    from textual.strip import Strip


class HiddenColumn(Column):
    """A column left out of a narrow table: it takes no cells at all, not even its padding
    (two empty cells per left-out column were two cells less for every name)."""

    def get_render_width(self, data_table: DataTable[Any]) -> int:
        return 0


class FastTable(OpenTable):
    """DataTable with row-local cell updates (see the module docstring)."""

    _columns_cache: list | None = None

    def action_scroll_home(self) -> None:
        """Home on a list (a row cursor) goes to its first row and End to its last, as in every
        other list an organiser uses (Textual's scroll the table sideways and leave the cursor);
        with a cell cursor they stay Textual's: the first and the last column."""
        if self.cursor_type == "row" and self.show_cursor:
            self.action_scroll_top()
        else:
            super().action_scroll_home()

    def action_scroll_end(self) -> None:
        if self.cursor_type == "row" and self.show_cursor:
            self.action_scroll_bottom()
        else:
            super().action_scroll_end()

    @property
    def ordered_columns(self) -> list:
        """DataTable rebuilds this list (hashing every column key) for each rendered line; the
        columns change only through the three methods below, which forget it."""
        if self._columns_cache is None or len(self._columns_cache) != len(self.columns):
            self._columns_cache = super().ordered_columns
        return self._columns_cache

    def add_column(self, *args: Any, **kwargs: Any) -> ColumnKey:
        self._columns_cache = None
        return super().add_column(*args, **kwargs)

    def remove_column(self, *args: Any, **kwargs: Any) -> None:
        self._columns_cache = None
        return super().remove_column(*args, **kwargs)

    def fix_column_widths(self, widths: Sequence[int], labels: Sequence[str],
                          hidden: frozenset[int] | set[int] = frozenset()) -> None:
        """Columns at fixed content ``widths`` (DataTable adds the padding) with these headers;
        the ``hidden`` ones (indexes) take no cells.  Only a change of width or of a header
        redraws the whole table: row-local repaints stay row-local."""
        columns = self.ordered_columns
        if all(not c.auto_width and c.width == w and c.label.plain == label
               and isinstance(c, HiddenColumn) == (j in hidden)
               for j, (c, w, label) in enumerate(zip(columns, widths, labels))):
            return
        for j, (column, width, label) in enumerate(zip(columns, widths, labels)):
            column.auto_width = False
            column.width = width
            column.label = Text(label)
            column.__class__ = HiddenColumn if j in hidden else Column  # no field of its own
        self._columns_cache = None
        self.remeasure()
        self._rendered_widths = tuple(c.get_render_width(self) for c in columns)
        self.refresh()
        self.check_idle()

    def action_cursor_right(self) -> None:
        super().action_cursor_right()
        self._step_over_hidden(1)

    def action_cursor_left(self) -> None:
        super().action_cursor_left()
        self._step_over_hidden(-1)

    def _step_over_hidden(self, step: int) -> None:
        """A cell cursor never rests on a hidden column (it would vanish, and F4's ``x`` would
        explain a value not shown): it goes on in the direction it moved, else back."""
        columns = self.ordered_columns
        for direction in (step, -step):
            col = self.cursor_column
            while 0 <= col < len(columns) and isinstance(columns[col], HiddenColumn):
                col += direction
            if 0 <= col < len(columns):
                if col != self.cursor_column:
                    self.move_cursor(column=col, animate=False)
                return

    def clear(self, columns: bool = False) -> Self:
        self._columns_cache = None
        self._pending = {}
        return super().clear(columns)

    # -- column widths of new rows -------------------------------------------------------------
    def measure_new_rows(self, new_rows: list[RowKey]) -> list[RowKey]:
        """Widen the columns for ``new_rows``, a plain cell measured by its length.

        DataTable measures every cell of every new row through Rich (``console.options`` is
        rebuilt for each): ~10,000 cells when a 1,000-row standings table is first filled, most
        of a pane's first show.  A ``str`` or ``Text`` cell's width is the cell length of its
        longest line — what Rich's measure returns for it; a row still waiting for its cells
        (:meth:`add_plain_rows`) is measured from its plain values without making them.  When
        every column has a fixed width (a fitted table) nothing is measured: the widths do not
        follow the cells.  Rows with a label, an automatic height or another kind of cell are
        left to DataTable, which also sets the table's size."""
        rest = []
        columns = self.ordered_columns
        before = [column.content_width for column in columns]
        fixed = all(not column.auto_width for column in columns)
        for row_key in new_rows:
            index = self.row_index(row_key)
            row = self.rows.get(row_key)
            if index is None or row is None or row.label is not None or row.auto_height:
                rest.append(row_key)
                continue
            if fixed:
                continue
            waiting = self.waiting_values(row_key)
            widths = [value_width(v) for v in waiting] if waiting is not None else \
                [plain_width(cell) for cell in self.row_cells(index)]
            if None in widths:
                rest.append(row_key)
                continue
            for column, width in zip(columns, widths):
                if width is not None and width > column.content_width:
                    column.content_width = width
        if [column.content_width for column in columns] != before:
            self.forget_renders()  # a frame drawn before the measure drew them at the old widths
        return rest

    def add_plain_rows(self, keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Add rows of plain values (``str``/``int`` become ``Text``, :func:`plain_cell`),
        their cells made when a row is first drawn or read: a 1,000-row table shows its first
        screen without making the other 970 rows' cells (they are made as they scroll into
        view, in the frame that draws them, ~10 µs a row)."""
        self.add_waiting_rows(keys, rows, plain_cell)

    # -- big updates spread over frames --------------------------------------------------------
    CHUNK = 60
    """Rows put into the table per frame when an update changes more rows than this."""

    _pending: dict[int, dict[int, Any]] = {}

    def update_rows(self, changes: dict[int, dict[int, Any]]) -> None:
        """Like :meth:`set_rows` with plain values (``str``/``int`` become ``Text``), but a big
        update (a newly paired round: every row changes) is spread over several frames, rows
        in the window first, at most ``VISIBLE`` of them and ``CHUNK`` rows in all per frame.

        Why: making 4,000 cells and drawing a whole screen of new rows at once held the screen
        for 50–100 ms; two or three frames 16 ms apart look the same to the eye.  Row keys do
        not change, so a key on a row still waiting for its new cells acts on the right board;
        a later update merges into what is still waiting."""
        pending = dict(self._pending)
        for i, cells in changes.items():
            pending[i] = {**pending.get(i, {}), **cells}
        self._pending = pending
        if not self.spread or len(pending) <= self.VISIBLE:
            self._apply_pending(sorted(pending))
        else:
            self._apply_pending()

    spread = False
    """Spread big updates over frames (the boards table; not the standings, where the frame
    must show the whole new ranking at once)."""

    VISIBLE = 16
    """New rows in the window drawn per frame during a big update."""

    def _window(self) -> range:
        top = self.scroll_offset.y
        height = self.size.height or self.VISIBLE
        return range(max(0, top - 1), top + height + 1)

    def _apply_pending(self, rows: list[int] | None = None) -> None:
        if not self._pending:
            return
        if rows is None:
            window = self._window()
            waiting = sorted(self._pending)
            shown = [i for i in waiting if i in window][: self.VISIBLE]
            hidden = [i for i in waiting if i not in window][: max(0, self.CHUNK - len(shown))]
            rows = shown + hidden
        chunk = {i: self._pending.pop(i) for i in rows if i in self._pending}
        self.set_rows(chunk)
        if self._pending:
            self.call_after_refresh(self._apply_pending)

    @property
    def settled(self) -> bool:
        """True when no rows are waiting for their new cells (tests)."""
        return not self._pending

    # -- styles computed once per drawn frame -------------------------------------------------
    _frame_styles: dict | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        """DataTable asks for its own Rich style and background (a walk over every ancestor's
        styles) two or three times for each line it draws; they cannot change while one frame
        is drawn, so they are kept for the length of this call only."""
        self._frame_styles = {}
        try:
            return super().render_lines(crop)
        finally:
            self._frame_styles = None

    @property
    def rich_style(self) -> Style:
        cache = self._frame_styles
        if cache is None:
            return super().rich_style
        style = cache.get("rich")
        if style is None:
            style = cache["rich"] = super().rich_style
        return style

    @property
    def background_colors(self) -> tuple[Color, Color]:
        cache = self._frame_styles
        if cache is None:
            return super().background_colors
        colors = cache.get("background")
        if colors is None:
            colors = cache["background"] = super().background_colors
        return colors

    def cursor_may_scroll(self) -> bool:
        """Not while hidden (a result typed while another tab is shown, or another organiser's
        result): a scroll makes Textual lay out and redraw the whole visible screen.  The pane
        brings the cursor into view when its tab is shown again."""
        return bool(self.region.area)

    def _on_resize(self, event: events.Resize) -> None:
        """DataTable forgets every rendered cell when its size changes, but cells are rendered
        at their column widths, not the widget's: only the screen lines (cropped to the width)
        must go, and when the width changed the rows too (a row ends with the space left of the
        width, in the row's style: a wider table showed its zebra and cursor rows cut short).
        Showing or hiding the pairing progress row resizes the boards table, and re-rendering
        all of it made that one frame ~50 ms."""
        event.prevent_default()
        if self.size.width != self._rendered_for:
            self._rendered_for = self.size.width
            self.forget_row_fills()
        else:
            self.forget_lines()
        widths = tuple(c.get_render_width(self) for c in self.ordered_columns)
        if widths != self._rendered_widths:
            # the columns were measured again (new rows, wider cells): what was rendered at the
            # old widths — e.g. in a frame drawn before the new rows were measured — is wrong
            self._rendered_widths = widths
            self.forget_renders()

    _rendered_widths: tuple[int, ...] = ()
    _rendered_for = 0
    """The widget's width the rows were last rendered for."""

    def set_rows(self, changes: dict[int, dict[int, Any]]) -> None:
        """Put new cells into rows: ``{row index: {column index: value}}``, plain values made
        cells as :func:`plain_cell` makes them; repaint those rows.

        A row whose cells are not made yet keeps the plain values, made cells when it is first
        drawn, as the table's other rows: a 1,000-row standings preview after a tie-break
        draft's key changed ~6,000 values, and making a ``Text`` of each, though only the rows
        on screen are drawn, was a third of the UI thread's work for the new preview.  A value
        wider than its column falls back to DataTable's own update, which re-measures the
        column (and repaints everything)."""
        if not changes:
            return
        columns = self.ordered_columns
        keys: dict[RowKey, int] = {}
        for i, cells in changes.items():
            row_key = self.row_key_at(i)
            if row_key is None:  # no such row any more (cleared while the update waited)
                continue
            keys[row_key] = i
            waiting = self.waiting_values(row_key)
            if waiting is not None and all(_width(value) <= _room(columns[j]) for j, value in cells.items()):
                values = list(waiting) + [None] * (len(columns) - len(waiting))
                for j, value in cells.items():
                    values[j] = value
                self.set_waiting_values(row_key, values)  # made when drawn, as the others
                continue
            row = self.row_values(row_key)
            for j, plain in cells.items():
                column, value = columns[j], plain_cell(plain)
                if _width(value) > _room(column):
                    self.update_cell(row_key, column.key, value, update_width=True)
                else:
                    row[column.key] = value
        single = self.one_line_rows
        header = self.header_height if self.show_header else 0
        lines = {i + header for i in keys.values()} if single else None
        self.forget_rows(keys, lines)
        if not single:
            self.refresh()
            return
        width = max(self.size.width, self.virtual_size.width)
        top = self.scroll_offset.y
        bottom = top + self.size.height  # once: a widget's size is a walk up to its screen
        shown = [i for i in sorted(changes) if top - 1 <= i <= bottom]
        if len(shown) > 3:
            # one region from the first to the last changed row in the window: the compositor
            # renders each region separately (styles, background, strips every time), while the
            # unchanged lines inside come straight from the line cache
            self.repaint(Region(0, shown[0] + header, width, shown[-1] - shown[0] + 1))
        else:
            for i in shown:  # only the changed rows that are in the window are drawn again
                self.repaint(Region(0, i + header, width, 1))


def plain_cell(value: Any) -> Any:
    """Cells as plain ``Text``: names like ``[Club]`` must not be read as markup, and parsing
    markup for every cell of a 300-row table is most of the cost of redrawing it."""
    if isinstance(value, str):
        return Text(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Text(str(value))
    return value


def _width(value: Any) -> int:
    if isinstance(value, Text):
        return value.cell_len
    text = str(value)
    # printable ASCII is one cell a character: no per-string measure for most of a table's values
    return len(text) if text.isascii() and text.isprintable() else cell_len(text)


def _room(column: Column) -> int:
    """The cells a column's values may take without widening it."""
    return column.content_width if column.auto_width else column.width


def value_width(value: Any) -> int | None:
    """The width of the cell :func:`plain_cell` makes of ``value`` (None: measured by Rich)."""
    if isinstance(value, str):
        return plain_width(Text(value)) if "\n" in value else cell_len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return len(str(value))
    return plain_width(value)


def plain_width(cell: Any) -> int | None:
    """The width Rich's measure gives a ``str`` or plain ``Text`` cell (its longest line);
    None for any other renderable (measured by Rich)."""
    if isinstance(cell, str):
        return cell_len(cell)
    if type(cell) is Text:
        lines = cell.plain.splitlines()
        return max(cell_len(line) for line in lines) if lines else 0
    return None
