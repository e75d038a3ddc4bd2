"""The TUI computes an event's standings once per change and shares them between its panes
(standings, tie-breaks, playoff, explanations): at 1,000 players each computation is ~0.2 s.

The reference is ``core.standings.compute_standings`` on the same snapshot: the shared table
must be the one the engine computes, and a new snapshot (a change) must never get the old one.
"""

from __future__ import annotations

import pytest

from core import changes, i18n
from core.model import GameResult
from core.standings_ties import propose_ties
from core.standings import compute_standings
from tests.tui_fixtures import demo, store_with, wait_for
from tui.screens.playoff import tied_groups
from tui.standings import compute

TIEBREAKS = ("BH/C1", "BH", "SB", "WIN")


def test_one_snapshot_is_computed_once_for_every_pane():
    t = demo(rounds=3, tiebreaks=TIEBREAKS)
    view = compute(t)
    assert compute(t) is view  # the standings pane, the playoff pane...
    assert compute(t, TIEBREAKS, t.tiebreak_regime) is view  # ...and the tie-breaks pane's preview
    engine = compute_standings(t)
    assert [r.pno for r in view.rows] == [r.pno for r in engine.rows]


def test_a_preset_asked_by_its_codes_is_the_table_of_the_event_without_a_list():
    t = demo(rounds=3, tiebreaks=())
    view = compute(t)
    assert view.columns  # the system's preset
    assert compute(t, view.columns) is view


def test_a_change_or_another_list_or_language_is_computed_anew():
    t = demo(rounds=3, complete_last=False, tiebreaks=TIEBREAKS)
    view = compute(t)
    after = changes.set_result(t, 3, 1, GameResult.WHITE_WINS)
    assert compute(after) is not view
    assert [r.pno for r in compute(after).rows] == [r.pno for r in compute_standings(after).rows]
    other = compute(t, ("SB", "BH"))
    assert other is not view and other.columns == ("SB", "BH")
    try:
        i18n.set_language("de")
        assert compute(t) is not view  # the cells and the regime's name are in the language
    finally:
        i18n.set_language("en")


def test_the_playoff_pane_proposes_the_groups_the_engine_proposes():
    t = demo(rounds=2, tiebreaks=TIEBREAKS)
    shared = compute(t).source
    assert propose_ties(t, len(t.players), shared) == propose_ties(t, len(t.players))
    groups = [g.players for g in tied_groups(t)]
    assert groups == [p.players for p in propose_ties(t, len(t.players))]
    assert groups  # two rounds of twelve players leave equal points (the test would pass empty)


def test_a_table_under_way_in_a_worker_is_waited_for_not_computed_again(monkeypatch):
    import threading

    import tui.standings as standings

    t = demo(rounds=2, tiebreaks=TIEBREAKS)
    started, go_on = threading.Event(), threading.Event()
    calls = []
    real = standings._compute

    def slow(*args):
        calls.append(args)
        started.set()
        go_on.wait(10)  # the worker is still computing when the UI thread asks
        return real(*args)

    monkeypatch.setattr(standings, "_compute", slow)
    got = []
    worker = threading.Thread(target=lambda: got.append(compute(t)))
    worker.start()
    assert started.wait(10)
    threading.Timer(0.2, go_on.set).start()
    view = compute(t)  # waits for the worker's table
    worker.join(10)
    assert len(calls) == 1 and got == [view] and got[0] is view


async def pane_of_big_event(tmp_path, rounds: int, key: str, tab: str, ready):
    """The app on a demo event opened at ``tab`` (by ``key``) once ``ready(pane)`` holds; the
    pane's class counts every event as big (its ``BIG`` is patched by the caller)."""
    from tui.app import HakemApp

    [tid] = store_with(tmp_path / "data", demo(rounds=rounds, tiebreaks=TIEBREAKS))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press(key)
        await wait_for(pilot, lambda: app.screen.query(f"#pane-{tab}") and ready(app.screen.query_one(f"#pane-{tab}")))
        yield app.screen.query_one(f"#pane-{tab}"), app.screen.session.tournament


@pytest.mark.usefixtures("quiet_tui")
async def test_a_big_event_computes_the_tiebreaks_preview_in_a_worker_after_the_pane(tmp_path, monkeypatch):
    from tui.screens.tiebreaks import TiebreaksPane
    from tui.widgets.tables import row_values

    monkeypatch.setattr(TiebreaksPane, "BIG", 0)  # every event counts as big here
    async for pane, shown in pane_of_big_event(tmp_path, 3, "f5", "tiebreaks", lambda p: p.preview is not None):
        table = pane.query_one("#tb-preview")
        engine = compute_standings(shown)
        assert [row_values(table, i)[1] for i in range(len(engine.rows))] == [r.pno for r in engine.rows]
        late = compute(shown, ("SB",))
        pane.fill_preview((shown, ("SB",), None), late)  # asked for before the last one, arriving late
        assert pane.preview is not late


@pytest.mark.usefixtures("quiet_tui")
async def test_a_big_event_finds_the_tied_groups_in_a_worker(tmp_path, monkeypatch):
    from tui.screens.playoff import PlayoffPane
    from tui.widgets.tables import row_values

    monkeypatch.setattr(PlayoffPane, "BIG", 0)  # every event counts as big here
    async for pane, shown in pane_of_big_event(tmp_path, 2, "f7", "playoff", lambda p: p.groups):
        proposals = propose_ties(shown, len(shown.players))
        assert [g.players for g in pane.groups] == [p.players for p in proposals] and len(proposals) > 1
        # the place column: each group's first place to its last, as propose_ties numbers them
        assert [row_values(pane.query_one("#ties"), i)[0] for i in range(len(proposals))] == [
            f"{p.first_place}–{p.first_place + len(p.players) - 1}" for p in proposals]
