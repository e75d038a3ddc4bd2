"""A Keizer club night in the TUI at 80×24: the rounds screen pairs it through the registry
(the first evening by hand: 1–2, 3–4, the lower-placed player White — tests/test_keizer_pairing
derives the rule), results with the single keys, and the standings rank by the Keizer score
(KZR, then the value KZV) with the game points beside them and no chess regime stated."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.model import Player, Tournament
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_keizer_evening(tmp_path):
    data = tmp_path / "data"
    players = tuple(Player(pno=i, name=f"Player {i}", rating=2000 - 100 * i) for i in range(1, 5))
    [tid] = store_with(data, Tournament(id="kz", name="Club nights", system="keizer", total_rounds=6,
                                        players=players, options={"keizer": {"top": "10"}}))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        screen, session = app.screen, app.screen.session
        await pilot.press("f3")
        await wait_for(pilot, lambda: screen.query("#pane-rounds"))
        await pilot.press("p")
        await wait_for(pilot, lambda: session.tournament.current_round == 1, timeout=20)
        assert [(b.white, b.black) for b in session.tournament.rounds[0].boards] == [(2, 1), (4, 3)]
        boards = screen.query_one("#boards", DataTable)
        await wait_for(pilot, lambda: boards.row_count >= 2)
        boards.focus()
        boards.move_cursor(row=0)
        await pilot.press("k")  # single-key results on
        await pilot.press("1", "equals_sign")  # 2 beats 1; 4–3 drawn
        await wait_for(pilot, lambda: session.tournament.rounds[0].complete, timeout=20)
        await pilot.press("f4")
        table = screen.query_one("#standings", DataTable)
        await wait_for(pilot, lambda: table.row_count == 4)
        headers = [c.label.plain for c in table.columns.values()]
        assert headers[-3:] == ["KZR", "KZV", "Rtg ±"]  # the rating change ends every standings table
        # values 10 9 8 7: 2: 9+10 = 19, 3: 8+7/2, 4: 7+8/2, 1: 10 → 2 3 4 1; again with
        # 2:10 3:9 4:8 1:7: 2: 17, 3: 13, 4: 12½, 1: 7 (the fixed point)
        rows = [row_values(table, i) for i in range(4)]
        assert [str(r[1]) for r in rows] == ["2", "3", "4", "1"]
        assert [str(r[-3]) for r in rows] == ["17", "13", "12½", "7"]
        assert [str(r[-2]) for r in rows] == ["10", "9", "8", "7"]
        title = str(screen.query_one("#standings-title").render())
        assert "KZR, KZV" in title and "regime" not in title
