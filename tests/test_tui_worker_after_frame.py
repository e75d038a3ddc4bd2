"""A big event's pane is drawn before its thread worker starts.

Above ``BIG`` players the standings (F4), tie-break (F5), reports (F6) and playoff (F7) panes
compute their content in a thread worker.  A worker started inside the key's handler shares
the interpreter with the UI thread while that thread composes the pane's first frame: at 1,000
players F6's first frame took 181 ms of wall time for 53 ms of the UI thread's work.  So the
worker starts after the pane's refresh (``call_after_refresh``): right after ``show`` no
worker of the pane is there yet; after the next refresh it runs and the pane is filled with
what the worker computed.  (Standings computed already are shown at once, without a worker:
``tests/test_tui_standings_ahead.py``.)
"""

from __future__ import annotations

import pytest
from textual.widgets import TextArea

from core.standings import compute_standings
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.screens.playoff import PlayoffPane
from tui.screens.reports import ReportsPane
from tui.screens.standings_pane import StandingsPane
from tui.screens.tiebreaks import TiebreaksPane
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")

PANES = [
    ("f4", "standings", StandingsPane, "compute_worker"),
    ("f5", "tiebreaks", TiebreaksPane, "preview_worker"),
    ("f6", "reports", ReportsPane, "text_worker"),
    ("f7", "playoff", PlayoffPane, "groups_worker"),
]


def filled(pane, tab: str) -> bool:
    """Whether the pane shows what its worker computed."""
    if tab == "standings":
        return pane.view is not None
    if tab == "tiebreaks":
        return pane.preview is not None and pane.computing is None
    if tab == "reports":
        return pane.query_one("#report-text", TextArea).text.startswith("Standings")
    return bool(str(pane.query_one("#ties-title").content))


@pytest.mark.parametrize(("key", "tab", "cls", "worker"), PANES, ids=[p[1] for p in PANES])
async def test_the_worker_starts_after_the_panes_frame(tmp_path, monkeypatch, key, tab, cls, worker):
    monkeypatch.setattr(cls, "BIG", 0)  # every event counts as big here
    started: list[object] = []
    start = getattr(cls, worker)

    def counted(self, *args):
        started.append(args)
        return start(self, *args)

    monkeypatch.setattr(cls, worker, counted)
    data = tmp_path / "data"
    t = demo(rounds=3, tiebreaks=("BH/C1", "BH", "SB", "WIN"))
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen.query(f"#pane-{tab}") and filled(
            app.screen.query_one(f"#pane-{tab}"), tab))
        pane = app.screen.query_one(f"#pane-{tab}")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert started  # the first show's content came from the worker
        ran = len(started)
        changed = app.screen.session.tournament.with_changes(name="Changed")  # a new snapshot, as after a change
        pane.show(changed, force=True)
        assert len(started) == ran  # not in show's own frame
        await wait_for(pilot, lambda: len(started) > ran)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert filled(pane, tab)
        if tab == "standings":  # and what is shown is the worker's standings
            expected = compute_standings(changed)
            table = pane.query_one("#standings")
            assert [row_values(table, i)[1] for i in range(len(expected.rows))] == [r.pno for r in expected.rows]
