"""Provides ``sync_table``: update a DataTable to new rows without rebuilding what did not change.

Why: a result changes two cells of a 150-board table and a few standings rows; rebuilding the
whole table on every refresh costs layout time and loses the cursor (Textual issue #5273).
Rows are keyed (board number, pairing number) so the cursor stays on the same board or player
across refreshes, including refreshes caused by another organiser's change.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from rich.cells import cell_len
from textual.widgets import DataTable

from tui.widgets.fast_table import FastTable, plain_cell


_cell = plain_cell


def sync_table(table: DataTable, keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Make ``table`` show ``rows`` (one per key), keeping the cursor on the same key.

    The rows given are compared as plain values; what the table holds are ``Text`` cells."""
    old_keys: list[str] = getattr(table, "_hakem_keys", [])
    old_rows: list[tuple] = getattr(table, "_hakem_rows", [])
    new_rows = [tuple(r) for r in rows]
    if list(keys) == old_keys and len(old_rows) == len(new_rows):
        if isinstance(table, FastTable):  # repaints only the rows that changed
            table.update_rows({i: {j: b for j, (a, b) in enumerate(zip(old, new)) if a != b}
                               for i, (old, new) in enumerate(zip(old_rows, new_rows)) if old != new})
            table._hakem_rows = new_rows  # type: ignore[attr-defined]
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
                        table.update_cell_at((i, j), _cell(b), update_width=wider)
        table._hakem_rows = new_rows  # type: ignore[attr-defined]
        return
    cursor_key = None
    if old_keys and 0 <= table.cursor_row < len(old_keys):
        cursor_key = old_keys[table.cursor_row]
    table.clear()
    for key, row in zip(keys, new_rows):
        table.add_row(*(_cell(c) for c in row), key=key)
    table._hakem_keys = list(keys)  # type: ignore[attr-defined]
    table._hakem_rows = new_rows  # type: ignore[attr-defined]
    table._hakem_widths = [max((cell_len(str(r[j])) for r in new_rows), default=0)  # type: ignore[attr-defined]
                           for j in range(len(new_rows[0]) if new_rows else 0)]
    if cursor_key in keys:
        table.move_cursor(row=list(keys).index(cursor_key), animate=False)


def reset_table(table: DataTable, columns: Sequence[tuple[str, str]]) -> None:
    """Replace the columns (labels are fixed when added, so a language switch rebuilds them)."""
    table.clear(columns=True)
    for label, key in columns:
        table.add_column(label, key=key)
    table._hakem_keys = []  # type: ignore[attr-defined]
    table._hakem_rows = []  # type: ignore[attr-defined]


def selected_key(table: DataTable) -> str | None:
    """The key of the row under the cursor, or ``None`` for an empty table."""
    keys: list[str] = getattr(table, "_hakem_keys", [])
    if keys and 0 <= table.cursor_row < len(keys):
        return keys[table.cursor_row]
    return None


def row_values(table: DataTable, index: int) -> tuple:
    """The plain values of row ``index`` as last given to :func:`sync_table` (tests, copy)."""
    return getattr(table, "_hakem_rows", [])[index]
