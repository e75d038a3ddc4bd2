"""Toasts at 60 columns keep off the players' names (issue 34, a review: at 60×20 a toast
took half the width, with a blank line above and below its text, over the players table)."""

from __future__ import annotations

import pytest

from tests.test_tui_fits import SMALL, _open
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_a_toast_at_60_columns_leaves_the_names_free(tmp_path):
    from textual.widgets._toast import Toast

    [tid] = store_with(tmp_path / "data", demo(rounds=1))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        table = await _open(pilot, app, "f2", "#players")
        app.notify("Spieler 13 Öztürk, Mehmet Ali wurde mit der Startnummer 13 angemeldet", timeout=60)
        await wait_for(pilot, lambda: app.screen.query(Toast) and app.screen.query(Toast).first().region.area)
        await pilot.pause()
        toast = app.screen.query(Toast).first().region
        labels = [str(c.label) for c in table.ordered_columns]
        name = labels.index(next(label for label in labels if label.startswith("Name")))
        x = table.region.x + sum(c.get_render_width(table) for c in table.ordered_columns[:name + 1])
        assert toast.x >= x, (toast, x)  # right of the name column
        assert toast.width <= SMALL[0] * 0.34 + 1
