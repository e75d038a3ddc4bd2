"""F6's preview at 60×20 fits the report to the pane (a fresh-eyes review of issue 34: a cup's
standings, made for the printed page's 80 columns, ran past the edge and the match score read
"1½–").  Fitted, the tables go in blocks or leave out what may go, as on paper; the score is
whole and no line is wider than the text area."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import TextArea

from core.i18n import set_language
from tests.cup_data import played_preliminary
from tests.tui_fixtures import store_with, wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_cup_standings_preview_fits_60_columns(tmp_path, lang):
    [tid] = store_with(tmp_path / "data", played_preliminary())  # 10 lost 0–2 to 7 (cup_data)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                           and app.screen.query("#pane-rounds"), timeout=30)
            await pilot.press("f6")
            area = lambda: app.screen.query_one("#report-text", TextArea)
            await wait_for(pilot, lambda: app.screen.query("#report-text") and "0–2" in area().text, timeout=30)
            await pilot.pause()
            room = area().content_region.width - area().styles.scrollbar_size_vertical
            widest = max(cell_len(line) for line in area().text.splitlines())
            assert widest <= room, (widest, room, area().text)
            row = next(line for line in area().text.splitlines() if "0–2" in line)
            assert "Player 10" in row, row
    finally:
        set_language("en")
