"""The command palette's commands of an event are built once per state, not per search
(issue 35 item 6).

Textual asks the screen for its commands on every search of the palette (about 19 times for
one Ctrl+P), and the event screen walked all its panes with queries each time: at 1,000
players a Ctrl+P took 157–235 ms.  The commands are now kept until the language, the snapshot
or the panes built change — and they still follow each of those.
"""

from __future__ import annotations

import pytest

from core.store import Store
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.screens.tournament import TournamentScreen

pytestmark = pytest.mark.usefixtures("quiet_tui")


def titles(screen: TournamentScreen) -> list[str]:
    return [str(command.title) for command in screen.palette_commands()]


async def test_one_palette_walks_the_panes_once_and_follows_the_event(tmp_path, monkeypatch) -> None:
    walks: list[int] = []
    real = TournamentScreen.panes
    monkeypatch.setattr(TournamentScreen, "panes", lambda self: walks.append(1) or real(self))
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))  # opens on the rounds tab; 5 rounds planned
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TournamentScreen) and app.screen.query("#pane-rounds"))
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        await pilot.pause()
        walks.clear()
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CommandPalette")
        await pilot.press(*"pair")  # a search per key
        await pilot.pause(0.2)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert len(walks) <= 1  # was once per search: ~19 walks for this palette
        assert "Pair next round" in titles(screen) and "Add player" not in titles(screen)
        # a pane built: its commands join
        await pilot.press("f2")
        await wait_for(pilot, lambda: bool(screen.query("#pane-players")))
        assert "Add player" in titles(screen)
        # a change by someone else (a new snapshot): the rounds' commands follow it
        Store(data).update(tid, "one round", lambda t: t.with_changes(total_rounds=1))
        await wait_for(pilot, lambda: screen.session.tournament.total_rounds == 1)
        assert "Pair next round" not in titles(screen) and "Add player" in titles(screen)
