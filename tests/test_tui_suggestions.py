"""A dialog's suggested answer and the last search are selected, never typed after (fresh-eyes
review of issue 34): the bye dialog offered ``2 h`` and ``3 z`` typed on it read ``2 h3 z``;
``/`` after a search for ``GER`` went on after ``GER``."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.model import ByeKind
from tests.tui_fixtures import demo, type_text, wait_for
from tests.test_tui_registration import open_app, opened, select_player
from tui.widgets.tables import row_values


pytestmark = pytest.mark.usefixtures("quiet_tui")


async def prompt(pilot, app, pno: int, key: str) -> Input:
    """Player ``pno``'s dialog of ``key`` (b bye, w withdraw, f forbidden pair), open; its field."""
    select_player(app, pno)
    await pilot.press(key)
    await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
    await pilot.pause()
    return app.screen.query_one(Input)


async def test_typing_replaces_the_bye_dialogs_suggestion_and_enter_takes_it(tmp_path):
    app, _data, _tid = open_app(tmp_path, demo(rounds=1))
    async with app.run_test(size=(100, 32)) as pilot:
        session, _pane = await opened(pilot, app)
        field = await prompt(pilot, app, 6, "b")
        assert field.value == "2 h"  # the next round, half a point: offered
        await type_text(pilot, "3 z")
        assert field.value == "3 z"
        await pilot.press("enter")
        await wait_for(pilot, lambda: [(b.pno, b.round, b.kind) for b in session.tournament.requested_byes]
                       == [(6, 3, ByeKind.ZERO)])
        assert (await prompt(pilot, app, 7, "b")).value == "2 h"  # Enter alone takes the suggestion as it is
        await pilot.press("enter")
        await wait_for(pilot, lambda: (7, 2, ByeKind.HALF) in
                       [(b.pno, b.round, b.kind) for b in session.tournament.requested_byes])


async def test_withdrawal_suggestion_is_replaced_and_a_forbidden_pair_goes_on_after_the_number(tmp_path):
    app, _data, _tid = open_app(tmp_path, demo(rounds=1))
    async with app.run_test(size=(100, 32)) as pilot:
        session, _pane = await opened(pilot, app)
        field = await prompt(pilot, app, 5, "w")
        await type_text(pilot, "4")  # offered 2: typed over, not "24"
        assert field.value == "4"
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.player(5).withdrawn_round == 4)
        field = await prompt(pilot, app, 1, "f")  # "1 " is the start of the answer: the numbers go on after it
        await type_text(pilot, "2")
        assert field.value == "1 2"
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.forbidden == ((1, 2),))


async def test_a_new_search_replaces_the_last_one(tmp_path):
    app, _data, _tid = open_app(tmp_path, demo())
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        table = app.screen.query_one("#players", DataTable)
        await pilot.press("down")
        await pilot.press("slash")
        await type_text(pilot, "GER")
        await pilot.press("enter")  # back to the list, which stays filtered
        await pilot.pause()
        assert app.focused is table and table.row_count == 3
        await pilot.press("slash")
        await pilot.pause()
        assert table.row_count == 3  # the last search still filters until a key replaces it
        await type_text(pilot, "TUR")
        await pilot.pause()
        assert app.screen.query_one("#p-search", Input).value == "TUR"
        names = {row_values(table, i)[1] for i in range(table.row_count)}
        assert "Kaya, Can" in names and "Krüger, Lena" not in names


async def test_the_series_forms_defaults_are_replaced_by_what_is_typed(tmp_path):
    # "Events to be ranked" offered 1: Tab to it and 3 typed read 13 (a fresh-eyes review of
    # issue 34 asked for every dialog with a prefilled suggestion to be checked)
    from tui.app import HakemApp

    (tmp_path / "data").mkdir()
    app = HakemApp(data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeriesScreen")
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SeriesForm")
        await pilot.pause()
        for field in ("#s-best", "#s-minimum"):
            app.screen.query_one(field, Input).focus()
            await pilot.pause()
            await type_text(pilot, "3")
            assert app.screen.query_one(field, Input).value == "3", field
