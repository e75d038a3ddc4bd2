"""FastTable draws exactly what Textual's DataTable draws, after every kind of update.

FastTable (tui/widgets/fast_table.py) repaints only the rows an update touches, renders plain
``Text`` cells without Rich's layout and keeps rendered cells across a resize.  The reference is
Textual's own DataTable given the same rows and the same updates: both apps are exported as
screenshots (SVG, styles included) after each step and must be identical.
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tui.widgets.fast_table import FastTable, plain_cell
from tests.tui_fixtures import wait_for
from tui.widgets.tables import FittedTable, reset_table, sync_table

COLUMNS = [("Rk", "rank"), ("No.", "pno"), ("Name", "name"), ("Pts", "points"), ("BH", "bh")]


def rows(step: int) -> tuple[list[str], list[tuple]]:
    """Thirty rows keyed by position; each step changes some cells, one step widens a column,
    one puts markup-like and wide (CJK) text in, one reorders everything."""
    out = []
    for i in range(30):
        name = f"Player {((i * 7 + step * (i % 3 == 0)) % 30) + 1:02d}"
        if step >= 3 and i == 4:
            name = "[b]Club[/b] 大山 Kōji"  # not markup; double-width characters
        if step >= 2 and i == 2:
            name = "A much longer player name than before"
        points = f"{(30 - i) // 2}{'½' if (i + step) % 2 else ''}"
        out.append((str(i + 1), 100 - (i if step < 4 else 29 - i), name, points, f"{(i * step) % 17}½"))
    return [f"r{i}" for i in range(30)], out


class Table(App):
    CSS = "DataTable { height: 1fr; }"

    def __init__(self, cls: type[DataTable], cursor: str) -> None:
        super().__init__()
        self.cls, self.cursor = cls, cursor

    def compose(self) -> ComposeResult:
        table = self.cls(id="t", cursor_type=self.cursor, zebra_stripes=True)
        table.spread = True  # FastTable: big updates over several frames (DataTable: ignored)
        yield table


class PlainRows:
    """The reference: the same rows put into Textual's own DataTable through its public calls
    only (new keys: clear and add; same keys: ``update_cell_at`` of each changed cell, measuring
    the column again when the new value is wider than any before)."""

    def __init__(self, table: DataTable) -> None:
        self.table, self.keys, self.shown, self.widths = table, [], [], []
        table.clear(columns=True)
        for label, key in COLUMNS:
            table.add_column(label, key=key)

    def sync(self, keys: list[str], new_rows: list[tuple]) -> None:
        table = self.table
        if keys == self.keys and len(new_rows) == len(self.shown):
            for i, (old, new) in enumerate(zip(self.shown, new_rows)):
                for j, (a, b) in enumerate(zip(old, new)):
                    if a != b:
                        wider = cell_len(str(b)) > self.widths[j]
                        self.widths[j] = max(self.widths[j], cell_len(str(b)))
                        table.update_cell_at((i, j), plain_cell(b), update_width=wider)
        else:
            table.clear()
            for key, row in zip(keys, new_rows):
                table.add_row(*(plain_cell(c) for c in row), key=key)
            self.widths = [max(cell_len(str(r[j])) for r in new_rows) for j in range(len(COLUMNS))]
        self.keys, self.shown = keys, new_rows


def screenshot(app: App) -> str:
    return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())


async def run(cls: type[DataTable], cursor: str) -> list[str]:
    shots = []
    app = Table(cls, cursor)
    settled = lambda: getattr(table, "settled", True)
    async with app.run_test(size=(70, 20)) as pilot:
        table = app.query_one("#t", DataTable)
        if isinstance(table, FittedTable):
            reset_table(table, COLUMNS)
            put = lambda keys, data: sync_table(table, keys, data)
        else:
            put = PlainRows(table).sync
        for step in range(5):
            keys, data = rows(step)
            put(keys, data)
            await wait_for(pilot, settled)
            await pilot.pause()
            shots.append(screenshot(app))
            if step == 1:
                table.move_cursor(row=12, column=2)
                await pilot.pause()
                shots.append(screenshot(app))
            if step == 2:
                await pilot.resize_terminal(60, 14)
                await pilot.pause()
                shots.append(screenshot(app))
            if step == 3:
                table.scroll_to(y=8, animate=False)
                await pilot.pause()
                shots.append(screenshot(app))
        table.update_cell_at((5, 2), Text("Through DataTable's own update"), update_width=True)
        await pilot.pause()
        shots.append(screenshot(app))
    return shots


@pytest.mark.parametrize("chunk", [60, 4])
async def test_fast_table_draws_what_data_table_draws(chunk, monkeypatch):
    """``chunk`` 4: every update of more than four rows is spread over several frames."""
    monkeypatch.setattr(FastTable, "CHUNK", chunk)
    for cursor in ("row", "cell"):
        expected = await run(DataTable, cursor)
        got = await run(FittedTable, cursor)
        assert len(got) == len(expected) == 9
        for i, (a, b) in enumerate(zip(got, expected)):
            assert a == b, f"{cursor} cursor, screenshot {i} differs"


async def test_only_the_changed_rows_are_rendered_again():
    app = Table(FittedTable, "row")
    async with app.run_test(size=(70, 20)) as pilot:
        table = app.query_one("#t", FittedTable)
        reset_table(table, COLUMNS)
        keys, data = rows(0)
        sync_table(table, keys, data)
        await pilot.pause()
        rendered: list[int] = []
        original = FastTable._render_cell

        def counting(self, row_index, column_index, *args, **kwargs):
            """Record body cells that have no cached render (the header has its own key)."""
            key = (self._row_locations.get_key(row_index), self._column_locations.get_key(column_index))
            if row_index >= 0 and not any(k[:2] == key for k in self._cell_render_cache.keys()):
                rendered.append(row_index)
            return original(self, row_index, column_index, *args, **kwargs)

        FastTable._render_cell = counting
        try:
            changed = list(data)
            changed[3] = changed[3][:4] + ("99½",)
            sync_table(table, keys, changed)
            await pilot.pause()
        finally:
            FastTable._render_cell = original
        assert set(rendered) == {3}
        assert str(table.get_cell_at((3, 4))) == "99½"


async def test_an_update_while_rows_wait_merges_into_them(monkeypatch):
    monkeypatch.setattr(FastTable, "CHUNK", 3)
    app = Table(FittedTable, "row")
    async with app.run_test(size=(70, 12)) as pilot:
        table = app.query_one("#t", FittedTable)
        reset_table(table, COLUMNS)
        keys, data = rows(0)
        sync_table(table, keys, data)
        await wait_for(pilot, lambda: table.settled)
        first = [r[:3] + ("1", "x") for r in data]
        sync_table(table, keys, first)  # 30 rows change: most of them wait
        assert not table.settled
        second = list(first)
        second[25] = second[25][:3] + ("2", "y")  # one of the waiting rows changes again
        second[0] = second[0][:3] + ("3", "x")  # and one already shown
        sync_table(table, keys, second)
        await wait_for(pilot, lambda: table.settled)
        assert [tuple(str(c) for c in table.get_row_at(i)) for i in range(30)] == [
            tuple(str(c) for c in r) for r in second]


async def test_new_rows_widen_the_columns_as_data_table_does_without_rich_measuring(monkeypatch):
    """A 1,000-row table's first fill measured ~10,000 cells through Rich; plain cells are
    measured by their length now, to the same column widths as DataTable's own measure."""
    import textual.widgets._data_table as data_table

    cells = [("1", 12, Text("大山 Kōji")), ("2", 7, "a longer name, a plain str"), ("10", 1234, Text(""))]

    async def widths(cls: type[DataTable]) -> tuple[list[int], int]:
        measured = []
        real = data_table.measure
        monkeypatch.setattr(data_table, "measure", lambda *a, **k: measured.append(a[1]) or real(*a, **k))
        app = Table(cls, "row")
        async with app.run_test(size=(70, 12)) as pilot:
            table = app.query_one("#t", DataTable)
            table.add_columns("Rk", "No.", "Name")
            table.add_rows(cells)
            await pilot.pause()
            return [c.content_width for c in table.ordered_columns], len(measured)

    expected, rich_measured = await widths(DataTable)
    got, fast_measured = await widths(FastTable)
    assert got == expected == [2, 4, len("a longer name, a plain str")]  # "1234" and 大山 Kōji's 9 are less
    # Rich measures the three column labels either way; DataTable also its nine cells
    assert rich_measured == 3 + 9 and fast_measured == 3


def many_rows(n: int) -> tuple[list[str], list[tuple]]:
    """``n`` rows of plain values (ints, ``str`` with markup-like and wide text)."""
    return [f"r{i}" for i in range(n)], [
        (str(i + 1), 5000 - i, f"[i]Player[/i] {i:04d}" if i % 7 == 0 else f"大山 {i:04d}", f"{i % 9}½", i % 13)
        for i in range(n)]


async def test_a_long_table_makes_only_the_rows_it_draws_and_shows_every_row_as_data_table():
    """1,000 rows put in at once: only the rows drawn (and those read) get their cells made;
    PageDown, End, Home and a jump to a middle row show what Textual's DataTable shows given
    the same rows, and reading a row far down gives its cells."""
    keys, data = many_rows(1000)

    async def shots(cls: type[DataTable]) -> tuple[list[str], int]:
        app = Table(cls, "row")
        made = 0
        async with app.run_test(size=(70, 20)) as pilot:
            table = app.query_one("#t", DataTable)
            if isinstance(table, FittedTable):
                reset_table(table, COLUMNS)
                sync_table(table, keys, data)
            else:
                PlainRows(table).sync(keys, data)
            await pilot.pause()
            table.focus()
            if isinstance(table, FittedTable):
                made = sum(table.waiting_values(table.row_key_at(i)) is None for i in range(1000))
            out = [screenshot(app)]
            for key in ("pagedown", "pagedown", "end", "up", "home"):
                # a list's End and Home are DataTable's Ctrl+End and Ctrl+Home (FastTable)
                await pilot.press(key if isinstance(table, FittedTable) or key in ("pagedown", "up") else f"ctrl+{key}")
                await pilot.pause()
                out.append(screenshot(app))
            table.move_cursor(row=537)
            await pilot.pause()
            out.append(screenshot(app))
            assert [str(c) for c in table.get_row_at(811)] == [str(v) for v in data[811]]
        return out, made

    expected, _made = await shots(DataTable)
    got, made = await shots(FittedTable)
    assert len(got) == len(expected) == 7
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a == b, f"screenshot {i} differs"
    assert 0 < made <= 20  # the first screen's rows (the table is 20 lines high), not 1,000


async def test_a_waiting_row_takes_an_update_and_is_sorted_as_its_values():
    """A cell update to a row not yet drawn is kept with its plain values; DataTable's own sort
    and reads make the cells, as they were given."""
    keys, data = many_rows(200)
    app = Table(FittedTable, "row")
    async with app.run_test(size=(70, 12)) as pilot:
        table = app.query_one("#t", FittedTable)
        reset_table(table, COLUMNS)
        sync_table(table, keys, data)
        await pilot.pause()
        changed = list(data)
        changed[150] = changed[150][:3] + ("99", 1)
        sync_table(table, keys, changed)
        assert table.waiting_values(table.row_key_at(150)) is not None  # still not made
        assert [str(c) for c in table.get_row_at(150)] == [str(v) for v in changed[150]]
        table.sort("pno", key=lambda cell: int(str(cell)))  # DataTable's sort reads every row
        assert [str(table.get_row_at(i)[1]) for i in range(200)] == sorted(
            (str(r[1]) for r in changed), key=int)


async def test_an_update_of_every_row_makes_cells_only_for_the_rows_drawn():
    """A new ranking of 1,000 rows (every row's cells change, as a tie-break draft's preview):
    the rows not drawn keep the new plain values and make their cells when drawn or read, as
    the rows first put in; what is shown and read is the new values."""
    keys, data = many_rows(1000)
    app = Table(FittedTable, "row")
    async with app.run_test(size=(70, 12)) as pilot:
        table = app.query_one("#t", FittedTable)
        table.spread = False  # the standings' table: the whole new ranking at once
        reset_table(table, COLUMNS)
        sync_table(table, keys, data)
        await pilot.pause()
        changed = [r[:3] + (f"{(i + 1) % 9}", (i + 5) % 13) for i, r in enumerate(data)]
        sync_table(table, keys, changed)
        await pilot.pause()
        waiting = [table.waiting_values(table.row_key_at(i)) for i in range(1000)]
        assert sum(w is None for w in waiting) <= 20  # made: the rows drawn (12 lines high)
        assert all(not isinstance(v, Text) for w in waiting if w is not None for v in w)
        assert [str(c) for c in table.get_row_at(700)] == [str(v) for v in changed[700]]
        assert [str(c) for c in table.get_row_at(3)] == [str(v) for v in changed[3]]
