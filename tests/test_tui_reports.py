"""Reports pane: core reports shown and exported, pictures.  (The playoff pane's flow is in
test_tui_playoff.py.)"""

from __future__ import annotations

import pytest
from textual.widgets import Input, TextArea

from tui.app import HakemApp
from tui.testing import demo, store_with, wait_for


pytestmark = pytest.mark.usefixtures("quiet_tui")


async def open_tab(tmp_path, t, key, pane):
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    return app, data, tid


async def test_reports_show_and_export(tmp_path):
    app, data, tid = await open_tab(tmp_path, demo(rounds=3), "f6", "reports")
    target = tmp_path / "standings.html"
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text")
                       and app.screen.query_one("#report-text", TextArea).text.startswith("Standings"))
        pane = app.screen.query_one("#pane-reports")
        assert "crosstable" in pane.kinds and "pairings" in pane.kinds
        await pilot.press("left_square_bracket")
        pane.kind = "pairings"
        pane.render_report()
        assert app.screen.query_one("#report-text", TextArea).text.startswith("Pairings of round 2")
        pane.kind = "standings"
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await wait_for(pilot, target.exists)
    html = target.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html") and "Ivanov, Sergei" in html


async def test_pictures_in_the_reports_pane(tmp_path):
    app, data, tid = await open_tab(tmp_path, demo(rounds=3), "f6", "reports")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text"))
        pane = app.screen.query_one("#pane-reports")
        await wait_for(pilot, lambda: "pic-wallchart" in pane.kinds)
        names = ("Ivanov", "Kaya", "Schneider", "Wagner")  # the wallchart writes names in capitals
        for kind in ("pic-wallchart", "pic-progress"):
            pane.kind = kind
            pane.render_report()
            await wait_for(pilot, lambda: len(app.screen.query(".report-picture")) == 1)
            text = app.screen.query(".report-picture").first().picture_text
            assert all(name.upper() in text.upper() for name in names), kind
            assert not app.screen.query_one("#report-text", TextArea).display
        pane.kind = "standings"
        pane.render_report()
        await wait_for(pilot, lambda: len(app.screen.query(".report-picture")) == 0)
        assert app.screen.query_one("#report-text", TextArea).display
