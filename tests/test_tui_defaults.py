"""Defaults chosen by the system (issue 19 item 11): a new round robin gets the round-robin
tie-breaks (Aktar p. 85: DE, SB, WIN, KS), not the Swiss list and then a warning that
Buchholz is forbidden; the settings dialog and the tie-break tab show the preset in force."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from tui.app import HakemApp
from tui.standings import compute
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_new_round_robin_gets_the_round_robin_list(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        assert app.screen.query_one("#preset", Select).value == "auto"  # the form's default
        app.screen.query_one("#name", Input).value = "Club RR"
        app.screen.query_one("#system", Select).value = "berger"
        app.screen.query_one("#rounds", Input).value = "5"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        t = app.screen.session.tournament
        for name in ("A", "B", "C", "D", "E", "F"):
            from core import changes

            t = changes.add_player(t, name=f"{name}, {name}", rating=0)
        assert t.tiebreaks == ()  # nothing stored: the system decides, as `hakem new` does
        view = compute(t)
        assert view.columns == ("DE", "SB", "WIN", "KS")
        assert not [w for w in view.warnings if "Buchholz" in w]


async def test_settings_and_tiebreak_tab_show_the_preset_in_force(tmp_path):
    data = tmp_path / "data"
    tsf = ("DE", "BH/C1", "SB", "AOB", "WIN", "LOT")  # TSF Art. 9
    [tid] = store_with(data, demo(rounds=1, tiebreaks=tsf))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#tb-preset"))
        await pilot.pause()
        assert app.screen.query_one("#tb-preset", Select).value == "tsf-swiss"
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        assert app.screen.query_one("#preset", Select).value == "tsf-swiss"


def test_a_column_of_averages_is_shown_in_one_notation():
    from fractions import Fraction

    from core.i18n import set_language
    from core.i18n.format import column_formatter, halves_only

    set_language("en")
    column = [Fraction(43, 2), Fraction(55, 3), 18]  # 21½, 18⅓, 18: an average among halves
    assert not halves_only(column)
    assert [column_formatter(column)(v) for v in column] == ["21.50", "18.33", "18.00"]
    # A column of quarters (an SB of game points, 2 × ½ × ¾ …) stays exact, in the points'
    # notation: 21½ above 18¾, still one notation in the column (notes/tui.md).
    quarters = [Fraction(43, 2), Fraction(75, 4), 18]
    assert [column_formatter(quarters)(v) for v in quarters] == ["21½", "18¾", "18"]
    assert halves_only([Fraction(43, 2), 18, None])
