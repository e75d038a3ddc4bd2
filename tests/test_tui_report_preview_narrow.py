"""F6's preview at 60×20 and 80×24 keeps each player's line whole (issue 34: a fresh-eyes
review found a cup's standings, made for the printed page's 80 columns, running past the edge
so the match score read "1½–"; then, fitted in blocks of columns as on paper, the match score
and the opponent a screen below the stage, and a crosstable's rounds 3–5 in blocks below
rounds 1–2 — a thousand lines further down at 1,000 players).

On the screen a table stays one table: names shrink (to 10 cells), optional and then minor
columns leave, and what still does not fit runs past the edge (the preview scrolls sideways).
Expected values: the cup of ``tests.cup_data`` (10 lost 0–2 to 7 in the preliminary round), the
demo's five rounds (a crosstable cell is the opponent's rank, the colour mark and the result)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.widgets import TextArea

from core.i18n import _, set_language
from tests.cup_data import played_preliminary
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def preview(tmp_path, t, lang: str, size: tuple[int, int], kind: str | None, shown: str) -> tuple[str, int]:
    """F6's text (of ``kind``, chosen in the drop-down; None: the first) once it holds
    ``shown``, and the cells the text area shows of a line without scrolling."""
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                           and app.screen.query("#pane-rounds"), timeout=30)
            await pilot.press("f6")
            area = lambda: app.screen.query_one("#report-text", TextArea)
            await wait_for(pilot, lambda: app.screen.query("#report-text") and area().text, timeout=30)
            if kind is not None:
                pane = app.screen.query_one("#pane-reports")
                pane.kind = kind
                pane.render_report()
            await wait_for(pilot, lambda: shown in area().text, timeout=30)
            await pilot.pause()
            return area().text, area().content_region.width - area().styles.scrollbar_size_vertical
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_a_cup_players_line_holds_the_stage_the_match_score_and_the_opponent(tmp_path, lang, size):
    text, room = await preview(tmp_path, played_preliminary(), lang, size, None, "0–2")
    set_language(lang)
    stage = _("Preliminary round")
    set_language("en")
    [row] = [line for line in text.splitlines() if "0–2" in line]
    assert "Player 10" in row and stage in row, row  # the player, the stage reached
    assert cell_len(row[:row.index("0–2") + 3]) <= room, row  # the score on the screen, whole
    assert re.search(r"0–2\s+7 Player", row), row  # and the opponent, by number and name


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_a_crosstable_shows_every_round_on_the_players_line(tmp_path, size):
    text, _room = await preview(tmp_path, demo(rounds=5), "en", size, "crosstable", "Crosstable")
    players = [line for line in text.splitlines() if re.match(r"\s+\d+\s", line)]
    assert len(players) == 12
    for line in players:  # five games each (the demo has no byes): rank, colour, result
        assert len(re.findall(r"\d+[☐■][01½]", line)) == 5, line
