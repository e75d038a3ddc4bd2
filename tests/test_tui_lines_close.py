"""The input model's rule for lines and the keys the screens offer (issue 34, rev34e #5, #24).

A typed line closes after Enter once its record is complete, so the single keys the screen
then offers work: after the last result of a round typed through ``:``, ``p`` pairs the next
round instead of being typed into the entry line.  The players tab opens in the empty name
field; ``/`` there is the footer's "Search" (no name starts with ``/``), not a letter of a name.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from core.model import Player, Tournament
from tui.app import HakemApp
from tests.test_tui_type_ahead import burst
from tests.tui_fixtures import demo, store_with, wait_for, with_rounds

pytestmark = pytest.mark.usefixtures("quiet_tui")


def four_boards() -> Tournament:
    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 9))
    return with_rounds(Tournament(id="", name="Fix", system="dutch", total_rounds=3, players=players), 1,
                       complete_last=False)


@asynccontextmanager
async def four_boards_open(tmp_path) -> AsyncIterator[tuple[HakemApp, Pilot, Input]]:
    """The four-board round open in German at 80×24: the app, its pilot and the entry line."""
    data = tmp_path / "data"
    [tid] = store_with(data, four_boards())
    app = HakemApp(data_dir=data, open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        yield app, pilot, app.screen.query_one("#result-entry", Input)


async def test_the_result_line_closes_when_the_round_is_complete_and_p_pairs(tmp_path):
    """Was (de, ``: 1 0:1⏎2 =⏎``): "All results are in. Press p to pair round 2." and ``p``
    typed into the line.  A line refused or a round still open keeps the line focused."""
    async with four_boards_open(tmp_path) as (app, pilot, entry):
        await burst(pilot, app, ":1 1-0\n2 0-1\n3 =\n")
        assert app.focused is entry  # board 4 still playing: the line stays open
        await burst(pilot, app, "4 9-9\n")
        assert app.focused is entry  # refused: the round is not complete
        await burst(pilot, app, "4 1-0\np")
        session = app.screen.session
        await wait_for(pilot, lambda: session.tournament.current_round == 2 and not app.keys_pending, timeout=60)
        assert entry.value == ""


async def test_back_on_the_rounds_tab_the_open_line_has_the_focus_again(tmp_path):
    """A review (de, single keys on): lines typed into the open entry line, F4 to glance at the
    standings, F3 — the focus was on the boards, and the next line ``3 1-0`` met the table's
    single keys (a forfeit stored on board 3, a result on board 4 nobody typed).  The line that
    was open when the tab was left is open again; left from the table, the table it is."""
    async with four_boards_open(tmp_path) as (app, pilot, entry):
        app.screen.query_one("#pane-rounds").single_keys = True
        await burst(pilot, app, ":1 1-0\n")
        assert app.focused is entry
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.focused is not entry)
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.focused is entry)
        await burst(pilot, app, "3 1-0\n")
        session = app.screen.session
        session.flush()
        assert [b.result.value if b.result else None for b in session.tournament.round(1).boards] == [
            "1-0", None, "1-0", None]
        await pilot.press("escape")  # the line closed: the boards
        await wait_for(pilot, lambda: app.focused is not entry)
        await pilot.press("f4", "f3")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "boards")


async def test_a_pasted_result_line_with_a_hidden_character_waits_alone(tmp_path):
    """Result lines pasted onto the boards, a zero-width space in the second: the other lines are
    entered, the second waits in the refused list without the character (Ctrl+R, Enter)."""
    from textual import events

    async with four_boards_open(tmp_path) as (app, pilot, entry):
        app.post_message(events.Paste("1 1-0\n2 \u200b=\n3 0-1\n"))
        session = app.screen.session
        await wait_for(pilot, lambda: not app.keys_pending)
        session.flush()
        assert [b.result.value if b.result else None for b in session.tournament.round(1).boards] == [
            "1-0", None, "0-1", None]
        [refused] = app.screen.query_one("#result-refused").records
        assert refused.typed == "2 =" and refused.reason.startswith("Zeile 2")
        await pilot.press("escape")
        await pilot.press("ctrl+r", "enter")
        await wait_for(pilot, lambda: session.tournament.round(1).boards[1].result is not None)
        assert session.tournament.round(1).boards[1].result.value == "1/2"


async def test_a_draw_with_a_decimal_comma_is_one_pair_and_a_line_is_entered_whole_or_not_at_all(tmp_path):
    """A review (tr, 13 boards): ``13 0,5-0,5⏎`` stored 0-1 on board 13 — the decimal comma was
    read as the comma between two pairs (``13 0``, ``5-0``, ``5``).  A comma between two digits
    is part of the number; pairs parted by ", " are each taken or refused on their own (as the
    hint shows them), and ``2 1-0,3 =`` — no space — is one pair no result reads: refused whole."""
    async with four_boards_open(tmp_path) as (app, pilot, entry):
        session = app.screen.session
        await burst(pilot, app, ":4 0,5-0,5\n1 1-0, 9 =\n2 1-0,3 =\n")
        session.flush()
        assert [b.result.value if b.result else None for b in session.tournament.round(1).boards] == [
            "1-0", None, None, "1/2"]
        refused = [r.typed for r in app.screen.query_one("#result-refused").records]
        assert refused == ["9 =", "2 1-0,3 ="]  # board 9 does not exist; "1-0,3 =" is no result


async def test_a_correction_answered_after_another_organisers_correction_is_refused(tmp_path):
    """A review (two TUIs): b2 asked "1-0 becomes 0-1?"; meanwhile b1 corrected the board to
    ½-½; b2's yes replaced the ½-½ — the question's 1-0 was no longer there.  The answer now
    counts for the board the question showed: refused, naming the other's result."""
    from core.app import Workspace
    from core.model import GameResult

    async with four_boards_open(tmp_path) as (app, pilot, entry):
        session = app.screen.session
        await burst(pilot, app, ":1 1-0\n")
        session.flush()
        await burst(pilot, app, "1 0-1\n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        other = Workspace(tmp_path / "data").open(session.tournament.id)  # the other organiser
        other.enter_result(1, 1, GameResult.DRAW)
        session.poll()  # their change arrives (the service pushes it)
        await pilot.press("y")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        session.flush()
        await pilot.pause()
        assert session.tournament.round(1).boards[0].result is GameResult.DRAW
        assert "1 0-1" in [r.typed for r in app.screen.query_one("#result-refused").records]


async def test_p_in_the_empty_line_pairs_when_another_organiser_completed_the_round(tmp_path):
    """A review (two organisers): the round was completed by the other organiser's result, so
    this line stayed open; the screen said "press p" and ``p`` went into the line, taking the
    next line with it (``p1 1-0`` refused).  In the empty line of a complete round, ``p`` pairs."""
    from core.app import Workspace
    from core.model import GameResult

    async with four_boards_open(tmp_path) as (app, pilot, entry):
        session = app.screen.session
        await burst(pilot, app, ":1 1-0\n2 0-1\n3 =\n")
        session.flush()
        assert app.focused is entry
        Workspace(tmp_path / "data").open(session.tournament.id).enter_result(1, 4, GameResult.WHITE_WINS)
        app.screen.poll_store()  # their result arrives (the service pushes it)
        await pilot.pause()
        assert app.focused is entry
        await burst(pilot, app, "p")
        await wait_for(pilot, lambda: session.tournament.current_round == 2 and not app.keys_pending, timeout=60)
        assert entry.value == ""


async def test_a_half_typed_line_stays_for_its_round_when_another_organiser_pairs(tmp_path):
    """A review (two organisers): a line half typed for round 6 went into round 7, which the
    other organiser had paired meanwhile (the screen followed the new round).  The screen now
    stays on the round of the half-typed line and says so."""
    from core.app import Workspace
    from core.model import GameResult

    async with four_boards_open(tmp_path) as (app, pilot, entry):
        session = app.screen.session
        await burst(pilot, app, ":1 1-0\n2 0-1\n3 =\n4 1-")
        session.flush()
        other = Workspace(tmp_path / "data").open(session.tournament.id)
        other.enter_result(1, 4, GameResult.BLACK_WINS)
        other.pair_next_round()
        app.screen.poll_store()  # their changes arrive
        await pilot.pause()
        pane = app.screen.query_one("#pane-rounds")
        assert session.tournament.current_round == 2 and pane.round_no == 1
        await burst(pilot, app, "0\n")  # the line ends: 4 1-0, for round 1 (a correction: asked)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("n")
        session.flush()
        assert all(b.result is None for b in session.tournament.round(2).boards)


async def test_slash_in_the_empty_name_field_searches(tmp_path):
    """Was (ru, F2 ``/ivanov⏎``): a player "/ivanov/" registered; ``/`` now opens the search
    from the empty name field, and is still a letter inside a begun name."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=0))
    app = HakemApp(data_dir=data, open_id=tid, lang="ru", poll_interval=3600)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        await burst(pilot, app, "/ivanov")
        name, search = (app.screen.query_one(f"#p-{k}", Input) for k in ("name", "search"))
        assert (name.value, search.value, app.focused) == ("", "ivanov", search)
        name.focus()
        await burst(pilot, app, "A/B")
        assert name.value == "A/B"


async def test_the_late_entry_question_says_how_many_players_move_at_60_columns(tmp_path):
    """Was (ru, 60×20): the question listed 3 of the 6 renumbered players and did not say more
    followed.  The demo's 12 players: a 2000 newcomer is number 8, so 8–12 (five) would move;
    the count and the numbers stand above the list, on screen."""
    from tests.test_tui_playoff_narrow import screen_text

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid, lang="ru", poll_interval=3600)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        await burst(pilot, app, "Late, Comer\t2000\n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "5 участников, номера 8–12" in shown, shown
