"""F5's preview and F4 at 60×20 keep the players' names whole (a fresh-eyes review of issue 34:
with a Swiss rapid's four tie-breaks, "Schneider, Jo…" beside the rating and the pairing
number).  Standings are read for their order: the number and the rating leave before a name
is cut."""

from __future__ import annotations

import pytest

from core.i18n import set_language
from tests.test_tui_playoff_narrow import open_pane, screen_text
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("key, selector", [("f5", "#tb-preview"), ("f4", "#standings")])
@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_names_whole_in_the_standings_at_60_columns(tmp_path, lang, key, selector):
    t = demo(rounds=3, tiebreaks=("BH/C1", "BH", "SB", "WIN"))  # a Swiss rapid's, SB beside the Buchholz
    names = {p.name for p in t.players}
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            table = await open_pane(pilot, app, key, selector)
            await wait_for(pilot, lambda: table.row_count == len(names))
            await pilot.pause()
            labels = [str(c.label) for c in table.ordered_columns]
            rows = [row_values(table, i) for i in range(table.row_count)]
            column = next(j for j in range(len(labels)) if {row[j] for row in rows} & names)
            visible = [row[column] for row in rows[:table.size.height - 1]]  # under the head
            screen = screen_text(app)
            assert len(visible) >= 3 and all(name in screen for name in visible), (visible, screen)
    finally:
        set_language("en")
