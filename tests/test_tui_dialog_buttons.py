"""Every dialog keeps its buttons on screen (issue 34, item 4: "dialogs never cut their buttons").

At 60×20 the knockout new-tournament form (its cup fields under the main ones) ran past the
screen's bottom: "Create (Ctrl+S) / Cancel (Esc)" were never drawn, not even when tabbed onto.
The fields now scroll and the buttons stay docked at the dialog's bottom, for each system's form.
"""

from __future__ import annotations

import pytest
from textual.widgets import Button, Select

from tests.test_tui_fits import SMALL, _screen_lines
from tests.tui_fixtures import wait_for
from tui.app import HakemApp
from tui.screens.new_tournament import system_choices

pytestmark = pytest.mark.usefixtures("quiet_tui")


def _drawn(app, button: Button) -> bool:
    """The button is wholly on the screen and its label is what is drawn there."""
    region = button.region
    if not region.height or not app.screen.region.contains_region(region):
        return False
    line = _screen_lines(app)[region.y + region.height // 2]
    return str(button.label) in line


@pytest.mark.parametrize("lang", ["de", "tr", "ru"])
async def test_the_new_tournament_form_shows_its_buttons_at_60x20_for_every_system(tmp_path, lang):
    app = HakemApp(data_dir=tmp_path / "data", lang=lang, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=30)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        cut = []
        for system in system_choices():
            app.screen.query_one("#system", Select).value = system
            for _ in range(4):
                await pilot.pause()
            buttons = list(app.screen.query(".dialog-buttons Button").results(Button))
            if not all(_drawn(app, b) for b in buttons):
                cut.append((system, [(str(b.label), b.region) for b in buttons]))
        assert not cut, cut
        # tabbing onto the last field of the cup's form still shows the buttons and the field
        app.screen.query_one("#system", Select).value = "knockout"
        await pilot.pause()
        third = app.screen.query_one("#ko-third")
        third.focus()
        for _ in range(4):
            await pilot.pause()
        assert app.screen.region.contains_region(third.region) and third.region.height
        assert all(_drawn(app, b) for b in app.screen.query(".dialog-buttons Button").results(Button))
