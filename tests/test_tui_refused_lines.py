"""Every result line that is not stored waits in the refused list with why (issue 29, third
pass): a line the rules of a Go event refuse (a jigo with a half-point komi), a line another
organiser's result makes stale, a correction cancelled — and a refused line belongs to its
round (listed while that round is shown, counted while another one is)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from textual.widgets import DataTable, Input

from core import changes
from core.model import GameResult, Player, Tournament
from core.store import Store
from tui.app import HakemApp
from tests.test_tui_input_model import burst, press_all
from tests.tui_fixtures import store_with, wait_for, with_rounds

pytestmark = pytest.mark.usefixtures("quiet_tui")


def chess_event(rounds: int) -> Tournament:
    t = Tournament(id="", name="Lines", system="dutch", total_rounds=5,
                   players=tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 9)))
    return with_rounds(t, rounds, complete_last=False)


def go_event_with_half_komi() -> Tournament:
    """A McMahon round whose boards have komi 6½ (an even game): a jigo is impossible."""
    players = tuple(Player(pno=i, name=f"Go {i}", extra={"go_rank": "2k"}) for i in range(1, 9))
    t = Tournament(id="", name="Go lines", system="mcmahon", total_rounds=3, players=players,
                   options={"go": {"bar": "1d", "floor": "10k"}})
    t = with_rounds(t, 1, complete_last=False)
    rnd = t.rounds[0]
    boards = tuple(replace(b, komi=Fraction(13, 2), handicap=0) for b in rnd.boards)
    return t.with_changes(rounds=(replace(rnd, boards=boards),))


def opened(app: HakemApp) -> bool:
    return type(app.screen).__name__ == "TournamentScreen" and isinstance(app.focused, DataTable)


def refused(app: HakemApp) -> list[tuple[str, str]]:
    """(typed, why) of the refused lines the list shows now."""
    return [(r.typed, r.reason) for r in app.screen.query_one("#result-refused").shown]


async def type_over_another_organiser(pilot, app: HakemApp, data, tid: str, board: int) -> None:
    """Another organiser stores 0-1 on ``board`` of round 1 after this screen loaded; then
    ``board 1-0`` and ``board+1 =`` are typed here in one burst: the first is listed with who
    changed the board to what."""
    Store(data).update(tid, f"result round 1 board {board} 0-1",
                       lambda t: changes.set_result(t, 1, board, GameResult.BLACK_WINS))
    await burst(pilot, app, f":{board} 1-0\n{board + 1} =\n")
    app.screen.session.flush()
    await wait_for(pilot, lambda: bool(refused(app)))
    [(typed, why)] = refused(app)
    assert typed == f"{board} 1-0" and "0-1" in why and f"board {board}" in why


async def test_a_jigo_refused_by_the_komi_joins_the_refused_list(tmp_path):
    """`2 =` with komi 6½ (changes.set_result refuses a jigo): listed with the komi reason,
    the next line of the burst stored; Ctrl+R takes `2 =` back (was: a toast only, the line
    gone)."""
    data = tmp_path / "data"
    [tid] = store_with(data, go_event_with_half_komi())
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":2 =\n3 1-0\n")
        app.screen.session.flush()
        [(typed, why)] = refused(app)
        assert typed == "2 =" and "komi 6.5" in why
        await press_all(pilot, app, "ctrl+r")
        assert app.screen.query_one("#result-entry", Input).value == "2 ="
    boards = Store(data).load(tid).tournament.round(1).boards
    assert boards[1].result is None and boards[2].result is GameResult.WHITE_WINS


async def test_a_line_made_stale_by_another_organiser_joins_the_refused_list(tmp_path):
    """Another organiser stores 0-1 on board 3 after this screen loaded; `3 1-0` typed here is
    refused by the store (the board is not what the screen showed): listed with who changed
    it, and the screen shows 0-1 (was: a message dialog, the line lost)."""
    data = tmp_path / "data"
    [tid] = store_with(data, chess_event(1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.notify = lambda message, **kw: said.append(f"{kw.get('title', '')}: {message}")
        await wait_for(pilot, lambda: opened(app))
        await type_over_another_organiser(pilot, app, data, tid, 3)
        assert not app.screen.is_modal  # no dialog took the next line's Enter
        assert any(s.startswith("Changed by someone else") and "«3 1-0»" in s for s in said)
        assert app.screen.session.tournament.round(1).boards[2].result is GameResult.BLACK_WINS
    boards = Store(data).load(tid).tournament.round(1).boards
    assert boards[2].result is GameResult.BLACK_WINS and boards[3].result is GameResult.DRAW


async def test_team_boards_take_the_same_path(tmp_path):
    """A team round's boards (numbered through the round, under their matches): a line made
    stale by another organiser is listed like any other; the next line is stored."""
    from tests.test_tui_team_rounds import league

    data = tmp_path / "data"
    [tid] = store_with(data, league())
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await press_all(pilot, app, "f3")
        await wait_for(pilot, lambda: isinstance(app.focused, DataTable) and app.focused.id == "boards")
        await type_over_another_organiser(pilot, app, data, tid, 4)
    boards = Store(data).load(tid).tournament.round(1).boards
    assert boards[3].result is GameResult.BLACK_WINS and boards[4].result is GameResult.DRAW


async def test_a_cancelled_correction_joins_the_refused_list(tmp_path):
    """`1 0-1` over board 1's stored 1-0 asks; No keeps 1-0 and the line waits in the list."""
    data = tmp_path / "data"
    [tid] = store_with(data, chess_event(1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":1 1-0\n")
        app.screen.session.flush()
        await burst(pilot, app, "1 0-1\n")
        await wait_for(pilot, lambda: app.screen.is_modal)
        await press_all(pilot, app, "escape")
        await wait_for(pilot, lambda: not app.screen.is_modal)
        [(typed, why)] = refused(app)
        assert typed == "1 0-1" and "1-0" in why
    assert Store(data).load(tid).tournament.round(1).boards[0].result is GameResult.WHITE_WINS


async def test_a_refused_line_belongs_to_its_round(tmp_path):
    """A line refused in round 2 is listed in round 2 only: in round 1 the list counts it
    ("round 2: 1") and Ctrl+R there takes nothing; back in round 2 it is listed and Ctrl+R
    takes it back (was: listed under round 1's boards, and Ctrl+R put it into round 1)."""
    data = tmp_path / "data"
    [tid] = store_with(data, chess_event(2))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        pane = app.screen.query_one("#pane-rounds")
        assert pane.round_no == 2
        await burst(pilot, app, ":99 1-0\n")
        assert [typed for typed, _why in refused(app)] == ["99 1-0"]
        await press_all(pilot, app, "escape")  # the entry line is empty: back to the table
        app.screen.query_one("#boards", DataTable).focus()
        await press_all(pilot, app, "left_square_bracket")
        assert pane.round_no == 1
        assert refused(app) == []
        listed = str(app.screen.query_one("#result-refused").render())
        assert "round 2: 1" in listed and "99 1-0" not in listed
        # the status line's keys are shown as typed (they were read as markup: "[ und ]" vanished)
        assert "[ and ] switch rounds" in str(app.screen.query_one("#round-status").render())
        await press_all(pilot, app, "ctrl+r")
        assert app.screen.query_one("#result-entry", Input).value == ""
        app.screen.query_one("#boards", DataTable).focus()
        await press_all(pilot, app, "right_square_bracket")
        assert pane.round_no == 2 and [typed for typed, _why in refused(app)] == ["99 1-0"]
        await press_all(pilot, app, "ctrl+r")
        assert app.screen.query_one("#result-entry", Input).value == "99 1-0"


async def test_the_undo_toast_and_question_speak_the_organisers_language(tmp_path):
    """Issue 29 item 6: Ctrl+Z after `1 1-0` in Turkish said `Geri alındı: result round 1
    board 1 1-0`; now the change is said in Turkish (docs/glossary.md: tur, masa), on its tab at once,
    and off its tab in the undo question; a change by another organiser reads in German."""
    from core.app.desk import Desk

    data = tmp_path / "data"
    [tid] = store_with(data, chess_event(1))
    app = HakemApp(data_dir=data, open_id=tid, lang="tr", poll_interval=3600)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.notify = lambda message, **kw: said.append(str(message))
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":1 1-0\n2 0-1\n")
        app.screen.session.flush()
        await press_all(pilot, app, "escape", "ctrl+z")
        app.screen.session.flush()
        await wait_for(pilot, lambda: any(s.startswith("Geri alındı:") for s in said))
        toast = next(s for s in said if s.startswith("Geri alındı:"))
        assert "tur 1" in toast and "masa 2" in toast and "round" not in toast and "board" not in toast
        await press_all(pilot, app, "f2")  # the players tab: the undo asks first, naming the change
        await press_all(pilot, app, "down", "ctrl+z")
        await wait_for(pilot, lambda: app.screen.is_modal)
        question = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "masa 1" in question and "board" not in question
        await press_all(pilot, app, "escape")
        app.screen.session.flush()
        # another organiser's change (written by a Turkish hakem) arrives through the poll and
        # is said in the reader's language, here German
        from core.i18n import set_language

        Desk(Store(data), tid).withdraw(8)
        set_language("de")
        try:
            app.screen.poll_store()
            await pilot.pause()
        finally:
            set_language("en")
        assert any("Rückzug von Spieler 8" in s for s in said), said


async def test_a_go_line_takes_the_winners_colour(tmp_path):
    """A Go event's line takes the winner's colour as `hakem go result` does and as SGF writes
    a result (FF[4] RE: `B+R`, `W+3.5`, `B+F` a win by forfeit): `1 b+`, `2 W+R`, `3 w+f`,
    `4 B+3.5` (was: all four refused, "use 1-0, 0-1, 1/2 (or =)"); `5 x` is refused naming the
    Go spellings; a chess event still refuses `1 b+`."""
    data = tmp_path / "data"
    [tid, chess] = store_with(data, go_event_with_half_komi(), chess_event(1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":1 b+\n2 W+R\n3 w+f\n4 B+3.5\n")
        app.screen.session.flush()
        assert refused(app) == []
        await burst(pilot, app, "4 x\n")
        [(typed, why)] = refused(app)
        assert typed == "4 x" and "W+R" in why and "1/2" not in why
    boards = Store(data).load(tid).tournament.round(1).boards
    assert [b.result for b in boards] == [GameResult.BLACK_WINS, GameResult.WHITE_WINS,
                                          GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_WINS]
    app = HakemApp(data_dir=data, open_id=chess, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":1 b+\n")
        assert [typed for typed, _why in refused(app)] == ["1 b+"]
