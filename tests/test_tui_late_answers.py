"""An answer of the store that arrives after the widget that asked has left the screen (the
tournament closed with ``q`` just after a result was typed) is dropped; the writer thread that
carries it lives on (it died of ``NoScreen`` with changes still queued behind it)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static

from tui.app import HakemApp
from tui.services import on_ui_thread

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def test_an_answer_for_a_widget_gone_is_dropped(tmp_path):
    app = HakemApp(data_dir=tmp_path / "data", poll_interval=3600)
    shown: list[object] = []

    class Asker(Static):
        def answered(self, outcome, error) -> None:
            shown.append(self.screen)  # what a pane does with an answer: needs its screen

    async with app.run_test(size=(80, 24)) as pilot:
        asker = Asker("waiting for the store")
        await app.screen.mount(asker)
        done = on_ui_thread(asker, asker.answered)
        await asyncio.to_thread(done, None, None)  # the writer thread's call, answered on screen
        await pilot.pause()  # the answer is queued to the UI thread, not awaited by the writer
        assert len(shown) == 1
        await asker.remove()
        await pilot.pause()
        await asyncio.to_thread(done, None, None)  # raised NoScreen into the writer thread
        await pilot.pause()
        assert len(shown) == 1
