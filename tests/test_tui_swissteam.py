"""A Swiss Team event (C.04.6) on the rounds pane: the engine's team matches above their
boards, the team with the pairing-allocated bye on a row of its own, board results entered by
key adding up to the match's board and match points."""

from __future__ import annotations

import random

import pytest
from textual.widgets import DataTable

from core import changes
from core.model import GameResult
from core.pairing.base import PairOptions
from core.pairing.registry import get_system
from core.pairing.swissteam.simulate import new_team_event
from tui.app import HakemApp
from tests.tui_fixtures import organiser_uses_single_keys, store_with, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_team_swiss_round_with_the_bye_and_a_match_result(tmp_path):
    organiser_uses_single_keys()
    t = new_team_event(5, 2, 3, random.Random(1)).with_changes(id="", name="Team Swiss")
    t = changes.apply_pairing(t, get_system("swiss-team").pair(t, PairOptions()))
    rnd = t.rounds[0]
    # five teams, round 1: the bye to the largest number (Art. 3.4.4), 1-3 and 2-4 (Art. 3.6)
    assert [(m.home, m.away) for m in rnd.matches if not m.bye] in ([(1, 3), (4, 2)], [(3, 1), (2, 4)])
    assert [m.home for m in rnd.matches if m.bye] == [5]
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()
        table = app.screen.query_one("#boards", DataTable)
        assert table.kept.keys == ["m0", "b1", "b2", "m1", "b3", "b4", "m2"]
        bye = row_values(table, 6)
        # the bye: a drawn match of two boards, 1 game point and 1 match point (Art. 1.4)
        assert (bye[2], bye[4], bye[7]) == ("▸ Team 005", "1 → 1", "Pairing-allocated bye")
        table.move_cursor(row=1)
        await pilot.pause()
        for key in ("1", "1"):  # White wins both boards of the first match
            await pilot.press(key)
            await pilot.pause()
        pane = app.screen.query_one("#pane-rounds")
        boards = pane.t.rounds[0].boards
        assert [b.result for b in boards[:2]] == [GameResult.WHITE_WINS] * 2
        # the first-named team has White on board 1 only (odd boards): 1:1 on the boards, 1:1
        assert row_values(table, 0)[4] == "1:1 → 1:1"


async def test_new_team_swiss_asks_colour_preferences_and_boards(tmp_path):
    from textual.widgets import Input, Select, Static

    from core.store import Store

    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        form = app.screen
        assert not form.query_one("#team-fields").display  # a Dutch Swiss: no team fields
        form.query_one("#name", Input).value = "Team Swiss"
        form.query_one("#system", Select).value = "swiss-team"
        await wait_for(pilot, lambda: form.query_one("#team-fields").display)
        assert form.query_one("#team-colours", Select).value == "A"  # the text's default (Art. 1.7)
        form.query_one("#team-colours", Select).value = "B"
        form.query_one("#team-boards", Input).value = "0"
        await pilot.press("ctrl+s")
        error = form.query_one("#form-error", Static)
        await wait_for(pilot, lambda: "'0'" in str(error.render()))
        assert type(app.screen).__name__ == "NewTournamentDialog"  # nothing created
        form.query_one("#team-boards", Input).value = "4"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tid = app.screen.session.tournament.id
    t = Store(data).load(tid).tournament
    assert (t.system, t.options["colour_preferences"], t.options["boards"]) == ("swiss-team", "B", 4)
