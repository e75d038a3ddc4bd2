"""Home and End take a list's cursor to its first and last row (issue 34, a review: they
scrolled the table sideways and left the cursor where it was, in the players list, the boards
and every other list)."""

from __future__ import annotations

import pytest

from tests.test_tui_fits import MEDIUM, _open
from tests.tui_fixtures import demo, store_with
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_home_and_end_move_the_cursor_to_the_first_and_last_row(tmp_path):
    [tid] = store_with(tmp_path / "data", demo(rounds=1, complete_last=False))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=MEDIUM) as pilot:
        for key, selector in (("f2", "#players"), ("f3", "#boards")):
            table = await _open(pilot, app, key, selector)
            table.focus()
            await pilot.pause()
            assert table.cursor_type == "row" and table.row_count > 2
            await pilot.press("end")
            await pilot.pause()
            assert table.cursor_row == table.row_count - 1, selector
            await pilot.press("home")
            await pilot.pause()
            assert table.cursor_row == 0, selector
