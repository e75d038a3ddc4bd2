"""A focused checkbox is marked by reverse video, not by a shade alone (issue 34, rev34e #23:
on TERM=xterm-mono the new-cup dialog's focused "Platz 3" box was drawn with a grey background,
ESC[100m, invisible there; buttons were reversed)."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox

from tui.app import HakemApp
from tests.tui_fixtures import wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_a_focused_checkbox_is_reversed_without_no_color(tmp_path):
    app = HakemApp(data_dir=tmp_path / "data", poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        assert not app.no_color
        box, other = Checkbox("Platz 3"), Checkbox("Other")
        await app.screen.mount(box, other)
        other.focus()
        await pilot.pause()
        assert not box.get_component_rich_style("toggle--label").reverse
        box.focus()
        await pilot.pause()
        assert box.get_component_rich_style("toggle--label").reverse
