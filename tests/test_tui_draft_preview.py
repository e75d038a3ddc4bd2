"""A tie-break draft edited on a big event (issue 35, item 6): the key changes the list at once,
the preview is computed in a worker with the latest draft winning, and no preview of an older
list or an older snapshot is ever shown as the current one.

The reference for the preview's rows is ``core.standings.compute_standings`` with the draft's
list on the snapshot shown.
"""

from __future__ import annotations

import threading
from contextlib import asynccontextmanager

import pytest

from core.standings import compute_standings
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")

TIEBREAKS = ("BH/C1", "BH", "SB", "WIN")


def preview_rows(pane) -> list[tuple]:
    """(pairing number, the criteria's cells) of every row of the preview."""
    from tui.widgets.tables import row_values

    table = pane.query_one("#tb-preview")
    return [row_values(table, i) for i in range(len(table.kept.given))]


def engine_order(t, codes) -> list[int]:
    return [r.pno for r in compute_standings(t, codes).rows]


@asynccontextmanager
async def tiebreaks_pane(tmp_path, complete_last: bool):
    """The app on a demo event (three rounds) with its tie-breaks pane shown and its first
    preview filled: (pilot, app, pane)."""
    from tui.app import HakemApp

    [tid] = store_with(tmp_path / "data", demo(rounds=3, complete_last=complete_last, tiebreaks=TIEBREAKS))
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#pane-tiebreaks")
                       and app.screen.query_one("#pane-tiebreaks").preview is not None)
        yield pilot, app, app.screen.query_one("#pane-tiebreaks")


async def test_keys_in_a_burst_compute_the_latest_draft_once_and_never_show_an_older_one(tmp_path, monkeypatch):
    import tui.standings as standings
    from tui.screens.tiebreaks import TiebreaksPane
    from tui.widgets.tables import row_values

    monkeypatch.setattr(TiebreaksPane, "BIG", 0)  # every event counts as big here
    async with tiebreaks_pane(tmp_path, complete_last=True) as (pilot, app, pane):
        shown = app.screen.session.tournament
        title = pane.query_one("#tb-title")
        assert "Computing" not in str(title.content)

        computed: list[tuple] = []
        release = threading.Event()
        real = standings._compute

        def held(t, criteria, regime):
            computed.append(criteria)
            release.wait(10)  # the worker is still computing while the next keys arrive
            return real(t, criteria, regime)

        monkeypatch.setattr(standings, "_compute", held)
        await pilot.press("c")  # BH/C1 → BH/C2 on the first row
        await wait_for(pilot, lambda: len(computed) == 1)
        await pilot.press("c", "J")  # BH/C3, then moved below BH
        # the list follows every key at once; the preview says it is not the list's yet
        assert [row_values(pane.query_one("#tb-list"), i)[1] for i in range(4)] == ["BH", "BH/C3", "SB", "WIN"]
        assert "Computing the preview" in str(title.content)
        assert pane.preview is not None and pane.preview.columns == TIEBREAKS  # still the stored list's
        release.set()
        final = ("BH", "BH/C3", "SB", "WIN")
        await wait_for(pilot, lambda: pane.preview is not None and pane.preview.columns == final)
        await pilot.pause()
        # BH/C2 (asked for while the first was computed, then replaced) was never computed
        assert computed == [("BH/C2", "BH", "SB", "WIN"), final]
        assert "Computing" not in str(title.content)
        assert [row[1] for row in preview_rows(pane)] == engine_order(shown, final)


async def test_a_change_while_the_draft_is_computed_shows_the_new_snapshot(tmp_path, monkeypatch):
    import tui.standings as standings
    from core.model import GameResult
    from tui.screens.tiebreaks import TiebreaksPane

    monkeypatch.setattr(TiebreaksPane, "BIG", 0)
    async with tiebreaks_pane(tmp_path, complete_last=False) as (pilot, app, pane):
        release = threading.Event()
        real = standings._compute
        monkeypatch.setattr(standings, "_compute", lambda *a: (release.wait(10), real(*a))[1])
        await pilot.press("J")  # BH below BH/C1... the draft's preview is being computed
        await wait_for(pilot, lambda: pane.computing is not None)
        session = app.screen.session
        number = next(i for i, b in enumerate(session.tournament.rounds[2].boards, 1) if b.result is None and b.black)
        # a result saved meanwhile (another organiser's, or ours from the boards)
        session.do(lambda desk: desk.enter_result(3, number, GameResult.WHITE_WINS))
        app.screen.refresh_panes()
        changed = session.tournament
        release.set()
        draft = ("BH", "BH/C1", "SB", "WIN")
        await wait_for(pilot, lambda: pane.preview is not None and pane.preview.columns == draft
                       and pane.shown_for is not None and pane.shown_for[0] is changed)
        assert pane.draft == list(draft)  # the draft survived the change
        assert [row[1] for row in preview_rows(pane)] == engine_order(changed, draft)
