"""Teams dialog (Players tab, key t): a club league set up by keyboard only."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.model import Player, Tournament
from tui.app import HakemApp
from tests.tui_fixtures import store_with, type_text, wait_for


pytestmark = pytest.mark.usefixtures("quiet_tui")


def league() -> Tournament:
    clubs = ("Ankara SK", "Berlin SC")
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i, club=clubs[(i - 1) % 2])
                    for i in range(1, 9))
    return Tournament(id="", name="League", system="berger", total_rounds=3, players=players)


async def _open(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: app.screen.query("#players"))
    app.screen.query_one("#players", DataTable).focus()
    await pilot.pause()
    await pilot.press("t")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
    return app.screen


async def test_teams_from_the_keyboard(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, league())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _open(pilot, app)
        owner = dialog.owner
        # c: one team per club, players in ranking order
        await pilot.press("c")
        await wait_for(pilot, lambda: len(owner.session.tournament.teams) == 2)
        teams = owner.session.tournament.teams
        assert [(x.name, x.members) for x in teams] == [("Ankara SK", (1, 3, 5, 7)), ("Berlin SC", (2, 4, 6, 8))]
        table = dialog.query_one(DataTable)
        assert table.row_count == 2
        # r on the first team: new board order typed in the prompt
        table.move_cursor(row=0)
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = ""
        await type_text(pilot, "3 1 5 7")
        await pilot.press("enter")
        await wait_for(pilot, lambda: owner.session.tournament.teams[0].members == (3, 1, 5, 7))
        # a: a third team with a player of another team is refused, nothing changes
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, "Kazan")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Players of Kazan" in str(app.screen.query_one(".dialog-title").render()))
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert len(owner.session.tournament.teams) == 2
        # the saved state is what the store has
        from core.store import Store

        assert [x.members for x in Store(data).load(tid).tournament.teams] == [(3, 1, 5, 7), (2, 4, 6, 8)]
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
