"""The tournament screen's tab strip under messages that arrive late.

A focus inside a tab pane makes TabbedContent activate that pane's tab.  When the focus message
arrives while the strip is being rebuilt (a language switch, F-keys in a burst on a loaded
machine), the tab it names is not in the strip: Textual's own check raised ``No Tab with id``
in its message handler and the app ended (seen twice under load in the random-key and the
language-switch tests).  Here the late message is posted on purpose."""

from __future__ import annotations

import pytest
from textual.widgets import TabbedContent, TabPane

from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_a_focus_message_for_a_tab_not_in_the_strip_is_ignored(tmp_path):
    (tid,) = store_with(tmp_path / "data", demo(rounds=1, complete_last=False))
    app = HakemApp(data_dir=tmp_path / "data", lang="en", open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tabs = app.screen.query_one(TabbedContent)
        await pilot.press("f3")
        await wait_for(pilot, lambda: tabs.active == "tab-rounds")
        ghost = TabPane("ghost", id="tab-ghost")  # a pane of a strip that is gone
        tabs.post_message(TabPane.Focused(ghost))
        await pilot.pause()
        await pilot.press("f4")  # the app is alive and the keys still switch tabs
        await wait_for(pilot, lambda: tabs.active == "tab-standings")
        assert app.is_running
        assert tabs.active == "tab-standings"


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_a_narrow_tab_bar_names_the_tab_shown_whole_and_the_others_by_key(tmp_path, lang):
    """Issue 34 (rev34e #20): at 60 columns every tab was cut to four letters ("Oyun… F2
    Turl… F3 …").  The compact bar: the tab shown by its whole name and key, the others by key;
    switching tabs moves the name.  The whole bar fits the width (nothing scrolled away)."""
    from rich.cells import cell_len

    from tui.screens.tournament import TABS

    (tid,) = store_with(tmp_path / "data", demo(rounds=1, complete_last=False))
    app = HakemApp(data_dir=tmp_path / "data", lang=lang, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tabs = app.screen.query_one(TabbedContent)
        names = {tab: str(label) for tab, label, _key in TABS}  # in the app's language
        for key, shown in (("f2", "players"), ("f7", "playoff"), ("f4", "standings")):
            await pilot.press(key)
            await wait_for(pilot, lambda shown=shown: tabs.active == f"tab-{shown}")
            await pilot.pause()
            labels = {tab: str(tabs.get_tab(f"tab-{tab}").label) for tab, _l, _k in TABS}
            assert labels == {tab: f"{names[tab]} {k.upper()}" if tab == shown else k.upper()
                              for tab, _l, k in TABS}
            assert "…" not in "".join(labels.values())
            assert sum(cell_len(text) + 2 for text in labels.values()) <= 60


async def test_the_russian_tab_bar_says_participants_and_every_title_whole_at_80(tmp_path):
    """Issue 34: the Russian F2 tab read "Игроки" while every other line says "участники" (the
    glossary's participant); "Участники" beside "Доп. показатели" made the bar 81 columns, so the
    F5 tab is "Тай-брейки" (the glossary's other Russian word for a tie-break).  Expected: the
    glossary words, every title whole with its key, the bar within 80 columns."""
    from rich.cells import cell_len

    (tid,) = store_with(tmp_path / "data", demo(rounds=1, complete_last=False))
    app = HakemApp(data_dir=tmp_path / "data", lang="ru", open_id=tid, poll_interval=3600)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
            tabs = app.screen.query_one(TabbedContent)
            labels = [str(tabs.get_tab(f"tab-{tab}").label) for tab in
                      ("players", "rounds", "standings", "tiebreaks", "reports", "playoff")]
            assert labels == ["Участники F2", "Туры F3", "Положение F4", "Тай-брейки F5", "Отчёты F6", "Плей-офф F7"]
            assert sum(cell_len(text) + 2 for text in labels) <= 80  # a Tab's padding: one cell each side
            row = "".join(s.text for s in app.screen._compositor.render_strips()[1])
            assert all(f" {label} " in f"{row} " for label in labels), row
    finally:
        from core.i18n import set_language

        set_language("en")
