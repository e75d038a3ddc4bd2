"""F5 lays its list and preview side by side when both fit, else the list above the preview
(the ``-stacked`` class); the class restyles only the boxes hakem.tcss names for it.

Reference: the layout the stylesheet asks for (``TiebreaksPane.-stacked`` rules), read from the
widgets' places on the screen, not from the class.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.tui_fixtures import demo, store_with, wait_for
from tui.screens.tiebreaks import TiebreaksPane

pytestmark = pytest.mark.usefixtures("quiet_tui")


def test_every_box_the_stacked_rules_name_is_restyled():
    css = (Path(__file__).resolve().parents[1] / "tui" / "hakem.tcss").read_text()
    named = set(re.findall(r"TiebreaksPane\.-stacked\s+#([\w-]+)", css))
    assert named and named == set(TiebreaksPane.STACKED)


async def test_the_list_goes_above_the_preview_and_back_as_the_terminal_narrows_and_widens(tmp_path):
    from tui.app import HakemApp

    [tid] = store_with(tmp_path / "data", demo(rounds=3, tiebreaks=("BH/C1", "BH", "SB", "WIN")))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid)
    async with app.run_test(size=(160, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#pane-tiebreaks")
                       and app.screen.query_one("#pane-tiebreaks").preview is not None)
        pane = app.screen.query_one("#pane-tiebreaks")

        def side_by_side() -> bool:
            left, right = pane.query_one("#tb-left").region, pane.query_one("#tb-right").region
            return right.x >= left.right and right.y == left.y and pane.query_one("#tb-help").display

        def stacked() -> bool:
            left, right = pane.query_one("#tb-left").region, pane.query_one("#tb-right").region
            return (right.y >= left.bottom and left.width == right.width == pane.region.width
                    and not pane.query_one("#tb-help").display
                    and pane.query_one("#tb-list").region.height <= 8)

        await wait_for(pilot, side_by_side)
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, stacked)
        await pilot.resize_terminal(160, 40)
        await wait_for(pilot, side_by_side)
