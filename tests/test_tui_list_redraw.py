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


async def test_two_events_of_one_name_are_told_apart_at_60_columns(tmp_path):
    """Issue 31 (fresh-eyes item 11): an event and its re-imported copy ("DS Open" twice) showed
    the same row at 60 columns — the last change and the players, which differ, give way first.
    The name of a row shares with another now carries the id (what every command takes)."""
    from core.model import Player, Tournament

    data = tmp_path / "data"
    players = tuple(Player(i, f"Player {i:02d}", rating=2000 - i) for i in range(1, 5))
    first, second, other = store_with(data, *(Tournament(id="", name=name, total_rounds=3, players=players)
                                            for name in ("DS Open", "DS Open", "Club Evening")))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        table = app.screen.query_one("#tournaments", DataTable)
        await wait_for(pilot, lambda: table.row_count == 3)
        shown = {str(table.get_row_at(k)[0]) for k in range(3)}
    assert shown == {f"DS Open · {first}", f"DS Open · {second}", "Club Evening"}
