"""Toasts at 60 columns never lie over the table being worked in (issue 34, two reviews: at
60×20 a toast took half the width over the players table; kept to a third of it, three toasts
still stacked over the table's right half; a third review saw the same at 80×24 over F6's
preview).  At every size a toast is a line above the footer in the screen's own layout: the
panes give up the rows it takes while it shows."""

from __future__ import annotations

import pytest

from tests.test_tui_fits import MEDIUM, SMALL, _open
from tests.test_tui_playoff_narrow import screen_text
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.textual_internals.widgets import ToastRack

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("size", [SMALL, MEDIUM, (120, 40)])
async def test_toasts_take_rows_of_their_own_and_read_whole(tmp_path, size):
    [tid] = store_with(tmp_path / "data", demo(rounds=1))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=size, notifications=True) as pilot:
        table = await _open(pilot, app, "f2", "#players")
        rows_before = table.region.height
        texts = ["Spieler 13 Öztürk, Mehmet Ali wurde mit der Startnummer 13 angemeldet",
                 "Müller, Hans hinzugefügt.", "Weber, Jan hinzugefügt."]
        for text in texts:
            app.notify(text, timeout=60)
        rack = app.screen.query_one(ToastRack)
        await wait_for(pilot, lambda: len(rack.query("Toast")) == 3 and all(t.region.area for t in rack.query("Toast")))
        await pilot.pause()
        table = app.screen.query_one("#players")
        for toast in rack.query("Toast"):
            assert not toast.region.overlaps(table.region), (toast.region, table.region)
        assert table.region.height < rows_before  # the table gave up rows; nothing lies over it
        shown = " ".join(line.strip(" ▌") for line in screen_text(app).splitlines())
        for text in texts:  # each toast reads whole, across the width
            assert text in shown, shown

