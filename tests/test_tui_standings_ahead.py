"""A big event's standings are computed ahead once its screen is drawn, and never go stale.

At 1,000 players the first F4, F5 or F7 computed the standings in its worker after the key
(~0.4 s before the table); ``tui.preload.standings_ahead`` computes them in a thread right
after the event's first frame, into ``tui.standings.compute``'s memo (per snapshot).  What is
checked: F4 and F5 then show them in the key's frame, without a worker and without computing
them again; after a result (a new snapshot) F4 computes the new standings in its worker and
shows them, not the ones computed ahead; a small event computes nothing ahead.  The reference is ``core.standings.compute_standings`` on what the store holds.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.standings import compute_standings
from core.store import Store
from tests.tui_fixtures import demo, store_with, wait_for
from tui import preload
from tui import standings as shared
from tui.app import HakemApp
from tui.screens.standings_pane import StandingsPane
from tui.screens.tiebreaks import TiebreaksPane
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


def computed(monkeypatch) -> list[object]:
    """The snapshots whose standings are computed from now on (the memo's misses), each
    once computed."""
    seen: list[object] = []
    compute = shared._compute

    def counted(t, *args):
        view = compute(t, *args)
        seen.append(t)
        return view

    monkeypatch.setattr(shared, "_compute", counted)
    return seen


def shown_order(app) -> list[int]:
    table = app.screen.query_one("#standings", DataTable)
    return [row_values(table, i)[1] for i in range(table.row_count)]


def workers(monkeypatch, cls, name: str) -> list[object]:
    """The snapshots the pane's thread worker ``name`` is started for from now on."""
    started: list[object] = []
    start = getattr(cls, name)

    def counted(self, t, *args):
        started.append(t)
        return start(self, t, *args)

    monkeypatch.setattr(cls, name, counted)
    return started


async def test_a_big_events_standings_are_computed_ahead_and_follow_a_result(tmp_path, monkeypatch):
    monkeypatch.setattr(preload, "BIG", 0)  # every event counts as big here
    monkeypatch.setattr(StandingsPane, "BIG", 0)
    monkeypatch.setattr(TiebreaksPane, "BIG", 0)
    seen = computed(monkeypatch)
    standings_worker = workers(monkeypatch, StandingsPane, "compute_worker")
    preview_worker = workers(monkeypatch, TiebreaksPane, "preview_worker")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3, complete_last=False, tiebreaks=("BH/C1", "BH", "SB", "WIN")))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        opened = app.screen.session.tournament
        await wait_for(pilot, lambda: seen == [opened])  # no pane asked: computed ahead
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.screen.query("#pane-standings")
                       and app.screen.query_one("#pane-standings").generation > 0)
        stand = app.screen.query_one("#pane-standings")
        assert seen == [opened] and standings_worker == []  # F4 showed them at once, no worker
        assert shown_order(app) == [r.pno for r in compute_standings(opened).rows]
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#pane-tiebreaks")
                       and app.screen.query_one("#pane-tiebreaks").preview is not None)
        preview = app.screen.query_one("#tb-preview", DataTable)
        assert seen == [opened] and preview_worker == []  # the preview too
        assert [row_values(preview, i)[1] for i in range(preview.row_count)] == [
            r.pno for r in compute_standings(opened).rows]
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.screen.query_one("#tabs").active == "tab-rounds")
        rounds = app.screen.query_one("#pane-rounds")
        rounds.query_one("#boards", DataTable).move_cursor(row=0)
        before = stand.generation
        rounds.action_result("0")
        await pilot.press("f4")
        await wait_for(pilot, lambda: stand.generation > before and stand.t is app.screen.session.tournament)
        assert app.screen.session.tournament is not opened and seen[-1] is app.screen.session.tournament
        assert standings_worker == [app.screen.session.tournament]  # the new snapshot's: a worker
        app.screen.session.flush()
        await pilot.pause()
        stored = Store(data).load(tid).tournament
        assert shown_order(app) == [r.pno for r in compute_standings(stored).rows]


async def test_a_small_event_computes_nothing_ahead(tmp_path, monkeypatch):
    seen = computed(monkeypatch)
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause(0.3)
        assert seen == []


async def test_a_big_events_first_report_is_made_ahead_and_follows_a_result(tmp_path, monkeypatch):
    """F6's first text (the standings report) is made in the same thread, after the standings:
    the first F6 shows it without its worker; after a result (a new snapshot) the worker makes
    the new snapshot's text, and that is what is shown.  The reference is the report made
    directly from the snapshot (``report_text``, as ``hakem report`` makes it)."""
    from textual.widgets import TextArea

    from tui.screens import reports
    from tui.screens.reports import ReportsPane, report_text

    monkeypatch.setattr(preload, "BIG", 0)  # every event counts as big here
    monkeypatch.setattr(ReportsPane, "BIG", 0)
    text_worker = workers(monkeypatch, ReportsPane, "text_worker")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3, complete_last=False, tiebreaks=("BH/C1", "BH", "SB", "WIN")))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        opened = app.screen.session.tournament
        await wait_for(pilot, lambda: reports.made_ahead(opened, "standings", None, None, 0) is not None)
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text")
                       and app.screen.query_one("#report-text", TextArea).text)
        area = app.screen.query_one("#report-text", TextArea)
        assert area.text == report_text(opened, "standings", screen=True)
        assert text_worker == []  # made ahead: shown without the worker
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.screen.query_one("#tabs").active == "tab-rounds")
        rounds = app.screen.query_one("#pane-rounds")
        rounds.query_one("#boards", DataTable).move_cursor(row=0)
        rounds.action_result("0")
        await wait_for(pilot, lambda: app.screen.session.tournament is not opened)
        await pilot.press("f6")
        changed = app.screen.session.tournament
        await wait_for(pilot, lambda: text_worker == [changed])  # the new snapshot's: its worker
        await app.workers.wait_for_complete()
        await wait_for(pilot, lambda: area.text == report_text(changed, "standings", screen=True))
        assert area.text != report_text(opened, "standings", screen=True)  # the result is in it
