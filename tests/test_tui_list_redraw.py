"""The tournaments list's refresh timer firing while a language switch composes the screen
again (found by the tmux replay of issue 19 under load: ``ValueError: More values provided
than there are columns`` from ``add_row`` — hakem ended with status 1)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from tui.app import HakemApp
from tui.screens.tournaments import TournamentsScreen
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_a_list_refresh_between_recompose_and_relabel_does_not_crash(tmp_path, monkeypatch):
    data = tmp_path / "data"
    store_with(data, demo())
    relabel = TournamentsScreen.relabel

    def timer_first(self: TournamentsScreen) -> None:
        self.refresh_list()  # what the 2-second timer does when it lands in that gap
        relabel(self)

    monkeypatch.setattr(TournamentsScreen, "relabel", timer_first)
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await app.screen.redraw()
        await wait_for(pilot, lambda: app.screen.query_one("#tournaments", DataTable).row_count == 1)
        assert app.is_running
