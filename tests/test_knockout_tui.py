"""A 10-player cup driven through the TUI to its final: one round per knockout round ("round 2
of 4" is the quarter-final, its matches' games on the boards), pair with p, results with single keys;
players off the boards are named as eliminated / through without a game, never "absent"; the
standings rank by the stage reached; F7 offers no playoff for the cup's byes."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.playoff.cup import cup_places
from tests.cup_data import cup10, played_preliminary, two_player_final
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for
from tui.widgets.tables import row_values
from tests.tui_fixtures import organiser_uses_single_keys

pytestmark = pytest.mark.usefixtures("quiet_tui")


async def open_rounds(pilot, app) -> None:
    """The stored cup open on its Rounds tab (F3)."""
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f3")
    await wait_for(pilot, lambda: app.screen.query("#pane-rounds"))


def rows(table: DataTable) -> list[tuple]:
    return [row_values(table, i) for i in range(table.row_count)]


async def test_ten_player_cup_to_its_final(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    data = tmp_path / "data"
    [tid] = store_with(data, cup10())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_rounds(pilot, app)
        session = app.screen.session
        pane = app.screen.query_one("#pane-rounds")
        boards = app.screen.query_one("#boards", DataTable)
        title = app.screen.query_one("#round-title")
        for round_no in range(1, 5):  # one tournament round per knockout round: 4 for 10 players
            await pilot.press("p")
            await wait_for(pilot, lambda r=round_no: session.tournament.current_round == r, timeout=20)
            await wait_for(pilot, lambda r=round_no: pane.round_no == r)
            status = str(app.screen.query_one("#round-status").render())
            if round_no == 1:
                # 16-bracket: seeds 1-6 go through without a game, 7 v 10 and 8 v 9 play
                away = {r[1]: r[7] for r in rows(boards) if r[0] == ""}
                # short in the table (the line under it names the round's stage; x says it in full)
                assert away == dict.fromkeys(range(1, 7), "bye")
                assert "Round 1 of 4" in str(title.render())
                # the stage and its clock once, then which boards play which game
                assert "Preliminary round (3 min + 3 s): Bd 1, 2 — Game 1; Bd 3, 4 — Game 2" in status
            if round_no == 2:
                # the quarter-final is round 2 of 4: both games of its four matches
                assert "Round 2 of 4 · 0 of 8 results in" in str(title.render())
                assert "Quarter-final (3 min + 3 s): Bd 1–4 — Game 1; Bd 5–8 — Game 2" in status
                away = {r[1]: r[7] for r in rows(boards) if r[0] == ""}
                assert away == {9: "out: Preliminary round", 10: "out: Preliminary round"}
            boards.focus()
            boards.move_cursor(row=0)
            # the better seed (lower number) wins every game; colours come from the lot; the
            # cursor moves on to the next board after each key
            for board in session.tournament.rounds[-1].boards:
                await pilot.press("1" if board.white < board.black else "0")
            await wait_for(pilot, lambda: session.tournament.rounds[-1].complete, timeout=20)
        await wait_for(pilot, lambda: "Round 4 of 4 · 2 of 2 results in" in str(title.render()))
        t = session.tournament
        assert cup_places(t) == ((1,), (2,), (3, 4), (5, 6, 7, 8), (9, 10))
        assert [{b.white, b.black} for b in t.rounds[-1].boards] == [{1, 2}, {1, 2}]  # the final
        await pilot.press("f4")
        table = app.screen.query_one("#standings", DataTable)
        await wait_for(pilot, lambda: table.row_count == 10)
        order = [row_values(table, i)[1] for i in range(10)]
        assert order[:2] == [1, 2] and set(order[2:4]) == {3, 4} and set(order[8:]) == {9, 10}
        # a cup's standings: the stage reached and the latest match (score from the row's
        # player, opponent) instead of points and Swiss tie-breaks; the better seed won every
        # game, so each match of two games ended 2-0
        labels = [str(c.label) for c in table.ordered_columns]
        assert labels[4:7] == ["Stage", "Match", "Opponent"] and "BH" not in labels and "Pts" not in labels
        shown = {row_values(table, i)[1]: row_values(table, i)[4:7] for i in range(10)}
        assert shown[1] == ("Winner", "2–0", "2 Player 02") and shown[2] == ("Final", "0–2", "1 Player 01")
        assert shown[3][:2] == shown[4][:2] == ("Semi-final", "0–2")
        assert shown[9] == ("Preliminary round", "0–2", "8 Player 08")
        await pilot.press("f7")
        await pilot.pause()
        assert app.screen.query_one("#ties", DataTable).row_count == 0


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_bracket_screen_names_every_match_bye_and_elimination(tmp_path, size):
    t = played_preliminary()
    arm = t.rounds[0].boards[-1]
    assert arm.game == "p.r1m2.arm"
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=size) as pilot:
        await open_rounds(pilot, app)
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "BracketScreen")
        text = " ".join(str(line.render()) for line in app.screen.query(".bracket-line"))
        flat = " ".join(text.split())
        assert "Preliminary round · round 1 of 4" in flat
        assert "Match 1: 7 Player 07 – 10 Player 10 2–0" in flat
        assert "Player 07 goes through" in flat
        assert "Match 2: 8 Player 08 – 9 Player 09 2–2" in flat
        assert f"Player 0{arm.black} goes through (by the Armageddon game)" in flat
        assert ("Advance without a game: 1 Player 01, 2 Player 02, 3 Player 03, 4 Player 04, "
                "5 Player 05, 6 Player 06") in flat
        assert f"Eliminated: 10 Player 10, {arm.white} Player 0{arm.white}" in flat
        # the quarter-final is paired: 1 v the Armageddon winner, 2 v 7, 3 v 6, 4 v 5
        assert "Quarter-final · round 2 of 4" in flat and "to be played" in flat
        assert f"Match 1: 1 Player 01 – {arm.black} Player 0{arm.black}" in flat
        # the cup is re-seeded after each round (first meets last): while the quarter-final is
        # played, the semi-final shows no fixed tree
        assert "Semi-final · round 3 of 4" in flat
        assert "Match 1: to be paired after the Quarter-final (re-seeded)" in flat
        body = app.screen.query_one("#bracket-body")
        assert body.max_scroll_y > 0          # longer than the window: it scrolls
        await pilot.press("end")
        await wait_for(pilot, lambda: body.scroll_y == body.max_scroll_y)
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")


async def test_level_match_gets_its_tie_break_games_in_the_round(tmp_path):
    """Two players, rules "seed": ½-½ twice with the result keys → the two extension games
    join round 1 (a toast names them), the cursor goes on to board 3; `x` on board 3 says why
    it is there."""
    organiser_uses_single_keys()  # results below are single keys (off by default)
    t = two_player_final("seed")
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rounds(pilot, app)
        session = app.screen.session
        boards = app.screen.query_one("#boards", DataTable)
        boards.focus()
        boards.move_cursor(row=0)
        await pilot.press("equals_sign")
        await pilot.press("equals_sign")
        await wait_for(pilot, lambda: len(session.tournament.rounds[0].boards) == 4)
        toasts = [(str(n.title), str(n.message)) for n in app._notifications]
        assert ("The match is level: games added", "Bd 3: Extension 1, game 1; Bd 4: Extension 1, game 2") in toasts
        title = app.screen.query_one("#round-title")
        await wait_for(pilot, lambda: "Round 1 of 1 · 2 of 4 results in" in str(title.render()))
        assert boards.cursor_row == 2                           # on to the first extension game
        await pilot.press("x")
        said = "Final · Extension 1, game 1 (3 min + 3 s): added to the round when the match was level."

        def message() -> str:  # the body's text is mounted after the message's frame
            return " ".join(str(w.render()) for w in app.screen.query("#message-body Static"))

        await wait_for(pilot, lambda: said in message())
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+z")  # undo the second draw: its extension games go with it
        await wait_for(pilot, lambda: len(session.tournament.rounds[0].boards) == 2)
        assert [b.result for b in session.tournament.rounds[0].boards][1] is None


async def test_p_asks_for_the_armageddon_bids(tmp_path):
    """fide-2025: after eight drawn games the Armageddon waits for bids; p asks for them
    (bad text is refused in the dialog), the lower bid plays Black, the game is board 9."""
    from core import changes
    from textual.widgets import Input

    t = two_player_final("fide-2025")
    for board in range(1, 9):
        t = changes.set_result(t, 1, board, "1/2")
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rounds(pilot, app)
        session = app.screen.session
        app.screen.query_one("#boards", DataTable).focus()
        await pilot.press("p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        assert "Armageddon bids: 1 Player 01 v 2 Player 02" in str(app.screen.query_one(".dialog-title").render())
        field = app.screen.query_one("#prompt-input", Input)
        field.value = "four minutes"
        await pilot.press("enter")
        error = app.screen.query_one("#prompt-error")
        await wait_for(pilot, lambda: "two numbers" in str(error.render()))
        field.value = "200 240"
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.rounds[0].boards) == 9)
        arm = session.tournament.rounds[0].boards[8]
        assert (arm.white, arm.black, arm.game) == (2, 1, "p.r1m1.arm")   # 1 bid less: Black


async def test_f3_and_the_bracket_say_the_armageddon_waits_for_bids(tmp_path):
    """rev35a #12: with every game of the final drawn, F3 said "8 of 8 results in" and the
    bracket "playing: 8 games played": nothing said the Armageddon waits for the players' bids
    (only p found it).  Both say so now, naming the players."""
    from core import changes

    t = two_player_final("fide-2025")
    for board in range(1, 9):
        t = changes.set_result(t, 1, board, "1/2")
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rounds(pilot, app)
        status = app.screen.query_one("#round-status")
        await wait_for(pilot, lambda: "waits for the players' bids" in str(status.render()))
        assert "1 Player 01 – 2 Player 02" in str(status.render()) and "p to enter them" in str(status.render())
        app.screen.query_one("#boards", DataTable).focus()
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "BracketScreen")
        lines = " ".join(str(s.render()) for s in app.screen.query(".bracket-line"))
        assert "the Armageddon waits for the players' bids" in lines
