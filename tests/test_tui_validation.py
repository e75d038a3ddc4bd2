"""Forms keep what was typed when the core refuses a field (issue 19 item 10): the field is
focused and marked, the message under the form names it, nothing is saved, and a corrected
value then goes through."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from core.model import ByeKind
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_new_tournament_form_refuses_a_field_and_keeps_the_text(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        form = app.screen
        form.query_one("#name", Input).value = "Club Open"
        cases = (("#rounds", "99999", "Rounds: 99999", "7"),
                 ("#time_control", "forever", "Time control: 'forever'", "90/40+30+30"),
                 ("#start_date", "2026-13-45", "Start date: '2026-13-45'", "2026-05-04"))
        for selector, bad, message, good in cases:
            form.query_one(selector, Input).value = bad
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda m=message: m in shown(app, "#form-error"))
            field = form.query_one(selector, Input)
            assert app.screen is form and field.value == bad and field.has_class("-refused")
            assert app.focused is field
            field.value = good
        assert Store(data).list() == []
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(Store(data).list()) == 1)
    [info] = Store(data).list()
    t = Store(data).load(info.id).tournament
    assert (t.total_rounds, t.time_control_code, t.start_date) == (7, "40/5400+30:1800+30", "2026-05-04")


async def test_settings_cannot_go_below_the_rounds_paired_and_keep_the_text(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        app.screen.query_one("#rounds", Input).value = "2"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "3 rounds are paired" in shown(app, "#form-error"))
        assert app.screen.query_one("#rounds", Input).value == "2"
    assert Store(data).load(tid).tournament.total_rounds == 5


async def test_bye_dialog_refuses_an_unknown_kind_and_keeps_the_text(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#players"))
        table = app.screen.query_one("#players", DataTable)
        table.focus()
        table.move_cursor(row=table.kept.keys.index("6"))
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        dialog = app.screen
        for typed, message in (("3 q", "'q' is neither a round number"), ("1 h", "round 1 is already paired")):
            dialog.query_one(Input).value = typed
            await pilot.press("enter")
            await wait_for(pilot, lambda m=message: m in shown(app, "#prompt-error"))
            assert app.screen is dialog and dialog.query_one(Input).value == typed
            assert dialog.query_one(Input).has_class("-refused")
        dialog.query_one(Input).value = "3 z"
        await pilot.press("enter")
        await wait_for(pilot, lambda: [(b.pno, b.round, b.kind) for b in app.screen.session.tournament.requested_byes]
                       == [(6, 3, ByeKind.ZERO)])
    assert [(b.pno, b.round) for b in Store(data).load(tid).tournament.requested_byes] == [(6, 3)]
