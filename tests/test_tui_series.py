"""The series screen (``e`` on the tournaments list): the club's series and the selected one's
table, as the CLI shows it."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from core.app.workspace import Workspace
from core.club.series import Series, parse_table
from tui.app import HakemApp
from tests.tui_fixtures import demo, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_the_series_screen_shows_the_table(tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    tid = workspace.store.create(demo(rounds=1))  # twelve players without ids: not in the register
    workspace.create_series(Series("Club GP", table=parse_table("10,8,6")))
    workspace.add_series_events("Club GP", [tid])
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeriesScreen")
        table = app.screen.query_one("#series-list", DataTable)
        assert [row_values(table, i)[:2] for i in range(table.row_count)] == [("Club GP", "1")]
        text = str(app.screen.query_one("#series-table", Static).render())
        assert "Demo Club Rapid" in text and "Not in the register" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")


async def test_the_series_screen_follows_another_organisers_change(tmp_path) -> None:
    """Another process (another organiser's hakem) adds an event to the series while the
    screen is open: the screen shows it without a key pressed."""
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    tid = workspace.store.create(demo(rounds=1))
    workspace.create_series(Series("Club GP", table=parse_table("10,8,6")))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeriesScreen")
        table = app.screen.query_one("#series-list", DataTable)
        assert [row_values(table, i)[:2] for i in range(table.row_count)] == [("Club GP", "0")]
        Workspace(data).add_series_events("Club GP", [tid])  # not through the app
        await wait_for(pilot, lambda: [row_values(table, i)[:2] for i in range(table.row_count)] == [("Club GP", "1")],
                       timeout=30)
        assert "Demo Club Rapid" in str(app.screen.query_one("#series-table", Static).render())
