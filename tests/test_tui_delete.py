"""The tournaments list's Del (issue 30's leftovers): a question first, then the tournament goes to
the trash; No keeps it; F1 and the command palette name the key (the footer is full at 80 columns)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Markdown

from core.model import Tournament
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


def _names(app) -> list[str]:
    table = app.screen.query_one("#tournaments", DataTable)
    return sorted(row_values(table, i)[0] for i in range(table.row_count))


async def test_del_asks_then_moves_the_tournament_to_the_trash(tmp_path):
    data = tmp_path / "data"
    store = Store(data)
    for name in ("Autumn Open", "Winter Open"):
        store.create(Tournament(id="", name=name, system="dutch", total_rounds=5))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: _names(app) == ["Autumn Open", "Winter Open"])
        commands = {c.title: c.help for c in app.screen.palette_commands()}
        assert "(Del)" in commands["Delete tournament"]
        table = app.screen.query_one("#tournaments", DataTable)
        table.move_cursor(row=[row_values(table, i)[0] for i in range(table.row_count)].index("Winter Open"))
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("n")  # No: nothing happens
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        assert _names(app) == ["Autumn Open", "Winter Open"] and store.trash() == []
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: _names(app) == ["Autumn Open"])
        assert [e.name for e in Store(data).trash()] == ["Winter Open"]
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        text = app.screen.query_one(Markdown).source
        assert "Del on the tournaments list asks first" in text and "hakem delete --restore ID" in text
