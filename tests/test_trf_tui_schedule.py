"""Round date and start time set in the rounds pane (key d), stored and shown in its title."""

from __future__ import annotations

import pytest

from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, type_text, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_round_date_and_time_from_the_rounds_pane(tmp_path) -> None:
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()
        session = app.screen.session
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, "2026-05-05 15:30")
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.round_dates == ("", "2026-05-05"))
        assert session.tournament.round_times == ("", "15:30")
        title = app.screen.query_one("#round-title")
        await wait_for(pilot, lambda: "2026-05-05, 15:30" in str(title.render()))
        # a bad date changes nothing
        await pilot.press("d")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one("Input").value = "2026-02-30"
        await pilot.press("enter")
        await pilot.pause()
    assert Store(data).load(tid).tournament.round_dates == ("", "2026-05-05")
