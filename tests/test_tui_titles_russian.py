"""A FIDE title in the reader's words everywhere on screen (a fresh-eyes review of issue 34: a
Russian list showed GM/IM while the form takes ГМ/ММ): Russian lists write ГМ, ММ, МФ, КМ and
Ж- for the women's titles (гроссмейстер, международный мастер, мастер ФИДЕ, кандидат в
мастера); the stored value and the TRF keep the FIDE code."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.fields import title_code, title_word
from core.model import TITLES
from core.i18n import set_language, speaking
from core.store import Store
from tests.test_tui_registration import opened, select_player
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")

RUSSIAN = {"GM": "ГМ", "IM": "ММ", "FM": "МФ", "CM": "КМ", "WGM": "ЖГМ", "WIM": "ЖММ", "WFM": "ЖМФ", "WCM": "ЖКМ"}


def test_each_title_reads_back_as_the_code_it_shows():
    with speaking("ru"):
        assert {code: title_word(code) for code in TITLES} == RUSSIAN
        assert all(title_code(title_word(code)) == code for code in TITLES)
    for lang in ("tr", "de", "en"):  # their lists write the FIDE codes
        with speaking(lang):
            assert [title_word(code) for code in TITLES] == list(TITLES)


async def test_the_russian_players_list_and_form_show_russian_titles(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo())
    app = HakemApp(data_dir=data, open_id=tid, lang="ru")
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            session, _pane = await opened(pilot, app)
            table = app.screen.query_one("#players", DataTable)
            await wait_for(pilot, lambda: any("ММ" in map(str, row_values(table, i)) for i in range(table.row_count)))
            rows = {row_values(table, i)[0]: row_values(table, i) for i in range(table.row_count)}
            ivanov = next(p for p in session.tournament.players if p.name == "Ivanov, Sergei")
            assert "ММ" in rows[ivanov.pno] and "IM" not in rows[ivanov.pno]
            select_player(app, ivanov.pno)
            await pilot.press("e")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayerForm")
            assert app.screen.query_one("#f-title", Input).value == "ММ"
            app.screen.query_one("#f-rating", Input).value = "2320"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: session.tournament.player(ivanov.pno).rating == 2320)
    finally:
        set_language("en")
    assert Store(data).load(tid).tournament.player(ivanov.pno).title == "IM"  # the code is stored
