"""The tournaments list fits 80 columns in every language: long names give way, headers stay."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.i18n import set_language
from core.model import Tournament
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for


pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_tournament_list_fits_80_columns(tmp_path, lang):
    set_language(lang)
    data = tmp_path / "data"
    store_with(data, Tournament(id="", name="Vereinsmeisterschaft Schnellschach 2026", system="dutch",
                                total_rounds=9),
               Tournament(id="", name="Club League", system="double-berger", total_rounds=14))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.query("#tournaments"))
        table = app.screen.query_one("#tournaments", DataTable)
        await wait_for(pilot, lambda: table.row_count == 2)
        await pilot.pause()
        assert table.virtual_size.width <= table.size.width, (table.virtual_size.width, table.size.width)
        assert "arbiter" in (str(table.get_row_at(0)[5]), str(table.get_row_at(1)[5]))
