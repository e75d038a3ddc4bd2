"""A cup's rounds pane (F3) at 60×20 and 80×24 in every language: the players off the boards
say why in words that are whole ("ausgeschieden: Viertelfin…" was cut even at 80 columns in
German), and every name stays whole; ``x`` on such a row says it in full.

The cup: ten players with real names (Aktar p. 68: a 16-bracket, seeds 1-6 advance without a
game to the quarter-final, 7 v 10 and 8 v 9 play the preliminary round); every match won 2-0
by the higher seed, so round 3 (the semi-final) has 1-4 on the boards, 5-8 out in the
quarter-final and 9-10 out in the preliminary round."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core import changes
from core.i18n import _, set_language
from core.model import Player, Tournament
from tests.test_tui_playoff_narrow import screen_text
from tests.tui_fixtures import store_with, wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")

NAMES = ("Ivanov, Sergei", "Aktar, Tahsin", "Schneider, Jonas", "Yılmaz, Elif", "Petrova, Anna",
         "Demir, Mehmet", "Krüger, Lena", "Kaya, Can", "Öztürk, Sibel", "Wagner, Paul")


def cup_in_semi_final() -> Tournament:
    players = tuple(Player(i, name, rating=2400 - 10 * i) for i, name in enumerate(NAMES, start=1))
    t = Tournament(id="", name="Pokal", system="knockout", total_rounds=4, players=players,
                   options={"knockout": {"rules": "seed"}})
    for r in (1, 2):
        t = changes.pair_next_round(t)
        for b, board in enumerate(t.rounds[-1].boards, start=1):
            t = changes.set_result(t, r, b, "1-0" if board.white < board.black else "0-1")
    return changes.pair_next_round(t)


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_why_a_player_has_no_board_is_whole(tmp_path, lang, size):
    [tid] = store_with(tmp_path / "data", cup_in_semi_final())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                           and app.screen.query("#pane-rounds"), timeout=30)
            table = app.screen.query_one("#boards", DataTable)
            await wait_for(pilot, lambda: table.row_count == 4 + 6, timeout=30)
            await pilot.pause()
            shown = dict(zip(table.kept.keys, table.kept.shown))
            stage = {5: _("Quarter-final"), 6: _("Quarter-final"), 7: _("Quarter-final"), 8: _("Quarter-final"),
                     9: _("Preliminary round"), 10: _("Preliminary round")}
            for pno, name in ((p, NAMES[p - 1]) for p in stage):
                row = shown[f"p{pno}"]
                assert name in row, row  # the player's name whole
                words = row[-1]
                assert "…" not in words and stage[pno] in words, (words, row)
            for row in shown.values():
                assert not any(isinstance(c, str) and c.endswith("…") and c != "…" for c in row), row  # "…": no result yet
            # on screen as in the rows (the first rows under the head)
            text = screen_text(app)
            assert shown["p5"][-1] in text and NAMES[4] in text, text
            # x on such a row: the words in full
            table.focus()
            table.move_cursor(row=table.kept.keys.index("p9"))
            await pilot.press("x")
            full = _("eliminated in the {stage}").format(stage=_("Preliminary round"))
            await wait_for(pilot, lambda: type(app.screen).__name__ != "TournamentScreen", timeout=30)
            await wait_for(pilot, lambda: full in " ".join(screen_text(app).split()), timeout=30)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_a_cup_s_standings_keep_every_name_whole_at_60_columns(tmp_path, lang):
    """F4 of a cup at 60×20: the stage reached, the match and the opponent beside each name
    ("4 Yılmaz,…", "3 Schneide…" in English; in Russian beside "Предварительный тур" the
    player's own name was cut too).  Expected: no cell cut; each player's name whole; each
    opponent still named by pairing number: of the last match with a game played (the semi-final
    of 1 v 4 and 2 v 3 is paired, no game played: the quarter-final 1 v 8, 2 v 7, 3 v 6, 4 v 5;
    the preliminary round 7 v 10 and 8 v 9 for the players out there)."""
    [tid] = store_with(tmp_path / "data", cup_in_semi_final())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    opponent = {1: 8, 4: 5, 2: 7, 3: 6, 5: 4, 6: 3, 7: 2, 8: 1, 9: 8, 10: 7}
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                           and app.screen.query("#pane-rounds"), timeout=30)
            await pilot.press("f4")
            table = app.screen.query_one("#standings", DataTable)
            await wait_for(pilot, lambda: table.row_count == len(NAMES), timeout=30)
            await pilot.pause()
            text = screen_text(app)
            for row in table.kept.shown:
                assert not any(isinstance(c, str) and c.endswith("…") for c in row), row
                pno = NAMES.index(row[2]) + 1  # the name whole in its cell
                assert str(row[6]).split()[:1] == [str(opponent[pno])], row
                assert row[2] in text, (row[2], text)
    finally:
        set_language("en")
