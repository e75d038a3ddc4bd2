"""A fitted table whose columns keep their keys under new headers (a tie-break draft: ``BH/C1``
→ ``BH/C2``, two criteria swapped) keeps its rows and changes only the cells that differ
(issue 35, item 6: at 1,000 rows building the table again cost ~90 ms of a key).

Expected values: the headers and cells given; the widths by the fitting rule (a column as wide
as its widest value or header), derived in each test.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from tui.widgets.tables import FittedTable, reset_table, sync_table, text_col

pytestmark = pytest.mark.usefixtures("quiet_tui")


class One(App):
    def compose(self) -> ComposeResult:
        yield FittedTable(id="t")


def columns(first: str, second: str) -> list:
    return [text_col("Name", "name"), (first, "tb0"), (second, "tb1")]


async def test_new_headers_on_the_same_columns_keep_the_rows_and_show_the_new_headers(monkeypatch):
    app = One()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(FittedTable)
        reset_table(table, columns("BH/C1", "SB"))
        sync_table(table, ["a", "b"], [("Ann", "10", "7"), ("Bob", "9", "8")])
        await pilot.pause()
        added = []
        real_add = table.add_row
        monkeypatch.setattr(table, "add_row", lambda *a, **k: (added.append(a), real_add(*a, **k))[1])
        reset_table(table, columns("SB", "BH/C1 long header"))  # swapped; the second header 17 cells
        sync_table(table, ["a", "b"], [("Ann", "7", "10"), ("Bob", "8", "9")])
        await pilot.pause()
        assert added == []  # the rows stayed; their cells changed
        assert [c.label.plain for c in table.ordered_columns] == ["Name", "SB", "BH/C1 long header"]
        assert [[str(c) for c in table.get_row_at(i)[1:]] for i in range(2)] == [["7", "10"], ["8", "9"]]
        # widths: "SB" 2 cells (values 1), the long header 17 (values 2): as wide as the header
        assert [c.width for c in table.ordered_columns][1:] == [2, 17]


async def test_other_columns_build_the_table_again():
    app = One()
    async with app.run_test(size=(80, 10)) as pilot:
        table = app.query_one(FittedTable)
        reset_table(table, columns("BH", "SB"))
        sync_table(table, ["a"], [("Ann", "10", "7")])
        await pilot.pause()
        reset_table(table, [text_col("Name", "name"), ("BH", "tb0")])  # one criterion removed
        sync_table(table, ["a"], [("Ann", "10")])
        await pilot.pause()
        assert [c.label.plain for c in table.ordered_columns] == ["Name", "BH"]
        assert [str(c) for c in table.get_row_at(0)] == ["Ann", "10"]
