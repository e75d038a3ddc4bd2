"""Big events compute their standings in a thread worker; the table shows the same standings.

Above ``StandingsPane.BIG`` players the standings pane hands the computation to a worker so
frames and keys are not held (1,000 players: ~100 ms).  The reference is ``core.standings``
itself, computed here directly on the tournament the store holds after the results.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.model import GameResult
from core.standings import compute_standings
from core.store import Store
from tui.app import HakemApp
from tui.screens.standings_pane import StandingsPane
from tests.tui_fixtures import demo, store_with, wait_for
from tui.widgets.tables import row_values


pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.fixture(autouse=True)
def every_event_is_big(monkeypatch):
    monkeypatch.setattr(StandingsPane, "BIG", 0)  # every event counts as big here


async def test_standings_from_the_worker_follow_each_result(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3, complete_last=False, tiebreaks=("BH/C1", "BH", "SB", "WIN")))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.screen.query("#pane-standings")
                       and app.screen.query_one("#pane-standings").generation > 0)
        stand = app.screen.query_one("#pane-standings")
        rounds = app.screen.query_one("#pane-rounds")
        table = app.screen.query_one("#standings", DataTable)
        for board, key in ((1, "1"), (2, "="), (3, "0")):
            seen = stand.generation
            rounds.query_one("#boards", DataTable).move_cursor(row=board - 1)
            rounds.action_result(key)
            await wait_for(pilot, lambda seen=seen: stand.generation > seen and stand.t is app.screen.session.tournament)
        app.screen.session.flush()
        await pilot.pause()
        stored = Store(data).load(tid).tournament
        assert [b.result for b in stored.rounds[2].boards[:3]] == [
            GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]
        expected = compute_standings(stored)
        got = [row_values(table, i)[1] for i in range(len(expected.rows))]
        assert got == [r.pno for r in expected.rows]
