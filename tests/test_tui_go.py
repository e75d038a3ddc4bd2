"""A Go evening in the TUI, one per scheme: registration asks for rank, EGD pin, club and
country (not title, FIDE id, national id, birth); the boards show handicap and komi; the
standings use the scheme's criteria (McMahon: MMS, SOS, SODOS, SOSOS; Gamma: level, then
coefficient) with the UI's own words."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.model import Player, Tournament
from tui.app import HakemApp
from tui.testing import store_with, type_text, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")

RANKS = ["2d", "1k", "3k", "5k", "8k"]


def go_event(system: str) -> Tournament:
    players = tuple(Player(pno=i, name=f"Player {i}", club="Lei", federation="NED", extra={"go_rank": r})
                    for i, r in enumerate(RANKS, start=1))
    options = {"go": {"bar": "1d", "floor": "10k"}} if system == "mcmahon" else {}
    return Tournament(id=f"go-{system}", name="Go evening", system=system, total_rounds=3, players=players,
                      options=options)


@pytest.mark.parametrize("system, criteria", [("mcmahon", ["MMS", "SOS", "SODOS", "SOSOS"]),
                                              ("gamma", ["LEVEL", "COEF"])])
async def test_go_evening(tmp_path, system, criteria):
    data = tmp_path / "data"
    [tid] = store_with(data, go_event(system))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#p-name"))
        session = app.screen.session
        screen = app.screen
        # the form: Go fields shown, chess fields hidden; the country, not "Fed"
        for key in ("rank", "egd_pin", "club", "federation"):
            assert screen.query_one(f"#p-{key}", Input).display
        for key in ("title", "fide_id", "national_id", "birth"):
            assert not screen.query_one(f"#p-{key}", Input).display
        assert screen.query_one("#p-federation", Input).placeholder == "Country"
        screen.query_one("#p-name", Input).focus()
        await type_text(pilot, "Sixth, Sam")
        screen.query_one("#p-rank", Input).value = "4k"
        screen.query_one("#p-egd_pin", Input).value = "10453283"
        screen.query_one("#p-name", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 6)
        sam = next(p for p in session.tournament.players if p.name == "Sixth, Sam")
        assert sam.extra["go_rank"] == "4k" and sam.extra["egd_pin"] == "10453283"
        players = screen.query_one("#players", DataTable)
        headers = [c.label.plain for c in players.columns.values()]
        assert "Rank" in headers and "Country" in headers and "Title" not in headers
        # a round: pair, boards with handicap and komi, results with the single keys
        await pilot.press("f3")
        await wait_for(pilot, lambda: screen.query("#pane-rounds"))
        await pilot.press("p")
        await wait_for(pilot, lambda: session.tournament.current_round == 1, timeout=20)
        rnd = session.tournament.rounds[0]
        assert all(b.komi is not None for b in rnd.boards)
        boards = screen.query_one("#boards", DataTable)
        await wait_for(pilot, lambda: boards.row_count >= len(rnd.boards))
        first = rnd.boards[0]
        cell = str(row_values(boards, 0)[4])
        assert (f"H{first.handicap}" in cell) == bool(first.handicap) and "k" in cell
        boards.focus()
        boards.move_cursor(row=0)
        for _b in rnd.boards:
            await pilot.press("1")
        await wait_for(pilot, lambda: session.tournament.rounds[0].complete, timeout=20)
        await pilot.press("f4")
        table = screen.query_one("#standings", DataTable)
        await wait_for(pilot, lambda: table.row_count == 6)
        headers = [c.label.plain for c in table.columns.values()]
        assert headers[5:] == criteria
        assert not any(h in headers for h in ("BH", "ARO", "DE"))
        # the FIDE unplayed-rounds regime means nothing for a Go list: not stated (as the CLI)
        title = str(screen.query_one("#standings-title").render())
        assert f"Tie-breaks: {', '.join(criteria)}" in title
        assert "regime" not in title and "FIDE" not in title
