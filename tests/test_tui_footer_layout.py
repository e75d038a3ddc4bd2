"""The key footer is laid out again only when the keys it would show change (``KeyFooter``):
Textual's footer composed all its keys again for every binding change it was told of, eight
times while an event opened, for the same keys."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tui.app import HakemApp
from tui.widgets.footer import KeyFooter
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


def shown_keys(app: HakemApp) -> list[str]:
    return [str(key.key) for key in app.screen.query_one(KeyFooter).query(FooterKey)]


async def test_unchanged_keys_are_not_laid_out_again_and_changed_ones_are(tmp_path, monkeypatch):
    [tid] = store_with(tmp_path / "data", demo(rounds=2))
    layouts: list[str] = []
    compose = KeyFooter.compose

    def counted(self):
        layouts.append(type(self.screen).__name__)
        return compose(self)

    monkeypatch.setattr(KeyFooter, "compose", counted)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, poll_interval=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and bool(shown_keys(app)), timeout=30)
        await pilot.pause(0.2)
        on_rounds = shown_keys(app)
        assert "f1" in on_rounds
        before = len(layouts)
        for _ in range(3):  # told of changes that change nothing
            app.screen.refresh_bindings()
            await pilot.pause()
        await pilot.pause(0.2)
        assert len(layouts) == before
        assert shown_keys(app) == on_rounds

        await pilot.press("f2")  # the players pane's keys
        await wait_for(pilot, lambda: shown_keys(app) != on_rounds, timeout=30)
        assert len(layouts) > before
