"""The command palette says "no matches" in the organiser's language (issue 34, a review: an
unmatched search in the Turkish and Russian palette read "No matches found", Textual's own
English words)."""

from __future__ import annotations

import pytest
from rich.console import Console

from core.i18n import _, set_language
from tests.tui_fixtures import wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_an_unmatched_search_says_so_in_the_organisers_language(tmp_path, lang):
    from textual.command import CommandList

    set_language(lang)
    try:
        expected = _("No matches found")
    finally:
        set_language("en")
    assert expected != "No matches found"
    app = HakemApp(data_dir=tmp_path / "data", lang=lang, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=30)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CommandPalette")
        await pilot.press(*"qxzqj")
        palette = app.screen
        found = lambda: palette.query(CommandList) and palette.query_one(CommandList).option_count \
            and palette.query_one(CommandList).get_option_at_index(0).id == palette._NO_MATCHES
        await wait_for(pilot, found, timeout=10)
        prompt = palette.query_one(CommandList).get_option_at_index(0).prompt
        console = Console(width=80, record=True)
        console.print(prompt)
        assert console.export_text().strip() == expected
