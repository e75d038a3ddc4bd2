"""Reports pane: ``p`` prints the shown report through (a fake) ``lp``, ``e`` writes a PDF,
``g`` opens the prize groups where a group is added, the sharing rule changed and the prize
list shown — all saved in the tournament's options."""

from __future__ import annotations

import json
import os
import stat
import sys

import pytest
from pypdf import PdfReader
from textual.widgets import DataTable, Input, TextArea

from core.store import Store
from tests.test_print_cli import FAKE_LP
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for as _wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def wait_for(pilot, condition, timeout: float = 30.0) -> None:
    """A longer patience than the default: PDF rendering runs in these steps."""
    await _wait_for(pilot, condition, timeout=timeout)


@pytest.fixture()
def fake_lp(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    lp = bin_dir / "lp"
    lp.write_text(FAKE_LP.format(python=sys.executable), encoding="utf-8")
    lp.chmod(lp.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_LP_LOG", str(tmp_path / "lp.json"))
    return tmp_path / "lp.json"


async def _reports(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f6")
    await wait_for(pilot, lambda: app.screen.query("#report-text")
                   and app.screen.query_one("#report-text", TextArea).text.startswith("Standings"))
    return app.screen.query_one("#pane-reports")


async def test_print_key_sends_the_shown_report_to_lp(tmp_path, fake_lp):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        pane = await _reports(pilot, app)
        pane.kind = "pairings"
        pane.render_report()
        await pilot.press("p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrintDialog")
        app.screen.query_one(Input).value = "office"
        await pilot.press("enter")
        await wait_for(pilot, fake_lp.exists)
    args = json.loads(fake_lp.read_text())
    assert args[:2] == ["-d", "office"]
    text = PdfReader(str(fake_lp) + ".pdf").pages[0].extract_text()
    assert "Pairings of round 2" in text


async def test_export_to_pdf_and_prize_groups(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    app = HakemApp(data_dir=data, open_id=tid)
    target = tmp_path / "wall.pdf"
    async with app.run_test(size=(100, 32)) as pilot:
        pane = await _reports(pilot, app)
        assert "wallchart" in pane.kinds and "slips" in pane.kinds and "cards" in pane.kinds
        pane.kind = "wallchart"
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")  # name and language
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await wait_for(pilot, target.exists)
        await pilot.press("g")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrizesScreen")
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrizeGroupForm")
        form = app.screen
        form.query_one("#f-key", Input).value = "open"
        form.query_one("#f-name", Input).value = "Genel"
        form.query_one("#f-amounts", Input).value = "300, 200 100"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrizesScreen")
        prizes = app.screen
        await wait_for(pilot, lambda: prizes.query_one("#prize-groups", DataTable).row_count == 1)
        assert "Genel" in prizes.query_one("#prize-list", TextArea).text
        await pilot.press("s")  # none → equal
        await wait_for(pilot, lambda: "equal" in json.dumps(app.screen.owner.session.tournament.options.get("prizes")))
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrizeGroupForm")
        app.screen.query_one("#f-key", Input).value = "bad"
        app.screen.query_one("#f-amounts", Input).value = "10, 20"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "PrizeGroupForm"
        assert "lower place" in str(app.screen.query_one("#form-error").render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrizesScreen")
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await wait_for(pilot, lambda: "prizes" in pane.kinds and "ranking:open" in pane.kinds)
    assert "Wallchart" in PdfReader(str(target)).pages[0].extract_text()
    stored = Store(data).load(tid).tournament.options["prizes"]
    assert stored["sharing"] == "equal"
    assert stored["groups"] == [{"key": "open", "name": "Genel", "kind": "overall", "amounts": ["300", "200", "100"]}]
