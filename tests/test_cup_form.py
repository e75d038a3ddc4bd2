"""The cup settings in the new-tournament form (what `hakem new --system knockout
--knockout-rules P --start-time HH:MM --third-place --places N` stores): shown only for the
knockout system, checked before anything is created, stored as options["knockout"]."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def open_form(pilot, app):
    await pilot.pause()
    await pilot.press("n")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
    return app.screen


async def test_cup_fields_are_asked_and_stored(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        assert not form.query_one("#cup-fields").display        # a Swiss: no cup fields
        form.query_one("#name", Input).value = "Club Cup"
        form.query_one("#system", Select).value = "knockout"
        await wait_for(pilot, lambda: form.query_one("#cup-fields").display)
        assert not form.query_one("#rounds", Input).display    # the bracket counts a cup's rounds
        rules = form.query_one("#ko-rules", Select)
        assert rules.value == "seed-rapid"                      # the CLI's default
        # the rules by what they are, not by their ids
        labels = {v: str(k) for k, v in rules._options if v is not Select.NULL}
        assert labels["seed"] == "2 games 3 min + 3 s; if level 2 games 3 min + 3 s; then Armageddon (White 5 min, Black 4 min)"
        rules.value = "fide-2025"
        form.query_one("#ko-start", Input).value = "25:00"
        await pilot.press("ctrl+s")
        error = form.query_one("#form-error", Static)
        await wait_for(pilot, lambda: "25:00" in str(error.render()))
        assert type(app.screen).__name__ == "NewTournamentDialog"   # nothing created
        assert app.focused is form.query_one("#ko-start", Input)
        form.query_one("#ko-start", Input).value = "18:30"
        form.query_one("#ko-places", Input).value = "2"
        form.query_one("#ko-third", Checkbox).value = True
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "third place" in str(error.render()))
        form.query_one("#ko-places", Input).value = "1"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tid = app.screen.session.tournament.id
    t = Store(data).load(tid).tournament
    assert t.system == "knockout"
    assert t.options["knockout"] == {"rules": "fide-2025", "start": "18:30", "third_place": True}


async def test_cup_settings_change_until_round_one_is_paired(tmp_path):
    from core import changes
    from tests.cup_data import cup10
    from tests.tui_fixtures import store_with

    data = tmp_path / "data"
    [tid] = store_with(data, cup10())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        form = app.screen
        assert form.query_one("#cup-fields").display
        assert form.query_one("#ko-rules", Select).value == "seed"      # as stored
        form.query_one("#ko-start", Input).value = "19:00"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await wait_for(pilot, lambda: app.screen.session.tournament.options["knockout"].get("start") == "19:00")
    t = Store(data).load(tid).tournament
    assert t.options["knockout"] == {"rules": "seed", "start": "19:00"}
    paired = changes.pair_next_round(t)
    [tid2] = store_with(tmp_path / "data2", paired)
    app = HakemApp(data_dir=tmp_path / "data2", open_id=tid2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        assert app.screen.query_one("#ko-start", Input).disabled     # the bracket is drawn
        assert not app.screen.query("#team-fields, #go-bar-row")      # a cup's own fields only


async def test_the_default_rules_line_shows_the_clock_typed(tmp_path):
    """Issue 34 (rev34e #23, de): "Bedenkzeit 5 Min. + 3 Sek." typed, the rules line kept "2 Partien
    20′; bei Gleichstand 2 Partien 20′" while the games are created at 5′+3″ (core.playoff.cup.
    cup_rules: the default rules take the event's one clock).  Other presets keep their clocks."""
    from core.i18n import set_language

    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data, lang="de")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            form = await open_form(pilot, app)
            form.query_one("#system", Select).value = "knockout"
            await wait_for(pilot, lambda: form.query_one("#cup-fields").display)
            form.query_one("#time_control", Input).value = "5 Min. + 3 Sek."
            await pilot.pause()
            rules = form.query_one("#ko-rules", Select)
            labels = {v: str(k) for k, v in rules._options if v is not Select.NULL}
            assert rules.value == "seed-rapid"
            assert labels["seed-rapid"].startswith("2 Partien 5 Min. + 3 Sek.; bei Gleichstand 2 Partien 5 Min. + 3 Sek."), labels
            assert labels["seed"].startswith("2 Partien 3 Min. + 3 Sek."), labels
    finally:
        set_language("en")
