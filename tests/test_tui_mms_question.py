"""The TUI asks before a change moves initial MMS once McMahon pairing has begun (issue 32,
review item 6): the settings form and the player edit form show the CLI's sentence in a
question and store nothing until it is answered yes; no stores nothing at all.

The event: bar 4d, floor 10k; ranks 3d, 1d, 2k, 5k → initial MMS 32, 30, 28, 25 (1d = 30);
round 1 paired.  A bar of 1d caps the 3d at 30 (32→30, one player moves); 2k made 1k moves
that player 28→29."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from core.app import Workspace
from core.changes import apply_pairing
from core.model import Player, Tournament
from core.pairing.registry import get_system
from core.store import Store
from tests.tui_fixtures import store_with, wait_for
from tui.app import HakemApp


def paired_event() -> Tournament:
    players = tuple(Player(pno=i, name=f"Player {i}", extra={"go_rank": r})
                    for i, r in enumerate(("3d", "1d", "2k", "5k"), start=1))
    t = Tournament(id="mmsq", name="Go evening", system="mcmahon", total_rounds=3, players=players,
                   options={"go": {"bar": "4d", "floor": "10k"}})
    return apply_pairing(t, get_system("mcmahon").pair(t))


def test_the_questions_say_what_moves_and_store_nothing(tmp_path):
    """The desk's questions (what the TUI asks): the CLI's sentence without "--force"; "" when
    nothing moves (komi) or the change is refused anyway (a bar below the floor)."""
    [tid] = store_with(tmp_path, paired_event())
    desk = Workspace(tmp_path).open(tid)
    assert desk.go_settings_question({"bar": "1d"}) == (
        "this changes the initial MMS of 1 player (Player 1 32→30) and every score and standing after "
        "the 1 rounds paired, whose pairings and handicaps stay")
    assert desk.go_settings_question({"komi": "6.5"}) == ""
    assert desk.go_settings_question({"bar": "15k"}) == ""
    assert desk.edit_question(3, extra={"go_rank": "1k"}).startswith(
        "this changes the initial MMS of 1 player (Player 3 28→29)")
    assert desk.edit_question(3, name="Player Three") == ""
    after = desk.snapshot().tournament
    assert (after.options["go"]["bar"], after.player(3).extra["go_rank"]) == ("4d", "2k")


async def test_settings_and_player_edit_ask_before_moving_initial_mms(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, paired_event())

    def stored() -> Tournament:
        return Store(data).load(tid).tournament

    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        for answer in ("n", "y"):
            await pilot.press("ctrl+t")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
            app.screen.query_one("#go-bar", Input).value = "1d"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
            assert app.screen.body == ("This changes the initial MMS of 1 player (Player 1 32→30) and every score "
                                       "and standing after the 1 rounds paired, whose pairings and handicaps stay.")
            assert stored().options["go"]["bar"] == "4d"  # asked before anything is stored
            await pilot.press(answer)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
            await pilot.pause()
            assert stored().options["go"]["bar"] == ("4d" if answer == "n" else "1d")

        await pilot.press("f2")  # the players
        await wait_for(pilot, lambda: bool(app.screen.query("#players")))
        table = app.screen.query_one("#players", DataTable)
        for answer in ("n", "y"):
            table.focus()
            table.move_cursor(row=table.kept.keys.index("3"))
            await pilot.press("e")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayerForm")
            app.screen.query_one("#f-rank", Input).value = "1k"
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
            assert app.screen.body.startswith("This changes the initial MMS of 1 player (Player 3 28→29)")
            assert stored().player(3).extra["go_rank"] == "2k"
            await pilot.press(answer)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
            await pilot.pause()
            assert stored().player(3).extra["go_rank"] == ("2k" if answer == "n" else "1k")


def test_the_settings_question_names_scores_of_rounds_played(tmp_path):
    """Review rev32c item 3: bye points move no initial MMS but the MMS after the round with a
    bye; the settings form asks that sentence.  Player 5, 15k, is below the floor 10k and starts
    at the floor's 20 (30k = 0); round 1's bye is worth 1 point by default: 21, 20 with bye points 0."""
    t = paired_event()
    t = t.with_changes(players=(*t.players, Player(pno=5, name="Player 5", extra={"go_rank": "15k"})), rounds=())
    t = apply_pairing(t, get_system("mcmahon").pair(t))
    [tid] = store_with(tmp_path, t)
    desk = Workspace(tmp_path).open(tid)
    assert desk.go_settings_question({"bye_points": "0"}) == (
        "this changes the scores of the 1 rounds paired for 1 player (Player 5 MMS 21→20) and every standing, "
        "while their pairings and handicaps stay")
    assert desk.go_settings_question({"absent_points": "1"}) == ""  # nobody absent: nothing moves
