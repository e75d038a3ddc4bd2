"""Regression tests for the defects found where the TUI and the CLI had drifted apart.

Each test drives the real front end (Textual's Pilot, or ``core.cli.main``) and checks what
the store holds afterwards; before the application layer each of them failed:
- the TUI numbered a Berger event with drawn lots in rating order (the CLI by the lots);
- the manual-pairing screen showed a partial copy of the warnings (no colour or bye checks);
- a file decoded differently in the TUI and the CLI;
- pages remembered for publishing were never refreshed after results typed in the TUI;
- ``hakem --view``: ctrl+z rewrote the store, and editing dialogs opened;
- ctrl+z while a result save was held undid the change before it, then saved the result;
- the session could write settings without their validation.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import changes
from core.demo import demo_tournament
from core.cli import main as cli
from core.errors import TournamentError
from core.model import Board, Bye, ByeKind, GameResult, Tournament
from core.pairing.base import RoundPairing
from tui.app import HakemApp
from tui.services import Session
from tests.tui_fixtures import demo, store_with, type_text, wait_for, with_rounds
from tests.tui_fixtures import organiser_uses_single_keys

pytestmark = pytest.mark.usefixtures("quiet_tui")


def stored(data: Path, tid: str) -> Tournament:
    """What the store holds (read with the store itself: these tests also ran on the code
    before the application layer, to see them fail)."""
    from core.store import Store

    return Store(data).load(tid).tournament


def change(data: Path, tid: str, action: str, how) -> None:
    from core.store import Store

    Store(data).update(tid, action, how)


def journal(data: Path, tid: str) -> list[dict]:
    from core.store import Store

    return Store(data).journal(tid)


def files(root: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(root)): (p.read_bytes(), os.lstat(p).st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


async def opened(pilot, app) -> None:
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.pause()


# -- one round preparation --------------------------------------------------------------------
def berger_with_lots(seed: int) -> Tournament:
    t = Tournament(id="", name="Club round robin", system="berger", total_rounds=5)
    for name, rating in (("Aksoy", 2300), ("Bilgin", 2200), ("Cengiz", 2100), ("Duman", 2000),
                         ("Erol", 1900), ("Fidan", 1800)):
        t = changes.add_player(t, name, rating=rating)
    from core.changes.lots import draw_lots

    return draw_lots(t, seed)


async def test_tui_pairs_a_berger_event_by_the_drawn_lots(tmp_path):
    t = berger_with_lots(7)
    lots = {p.name: p.extra["lot"] for p in t.players}
    by_rating = {p.name: i for i, p in enumerate(sorted(t.players, key=lambda p: -p.rating), start=1)}
    assert lots != by_rating  # otherwise the test could not tell the two numberings apart
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("p")
        await wait_for(pilot, lambda: stored(data, tid).current_round == 1, 30)
    paired = stored(data, tid)
    assert {p.name: p.pno for p in paired.players} == lots
    # the command line numbers the same event the same way
    [other] = store_with(tmp_path / "cli", t)
    assert cli(["--data", str(tmp_path / "cli"), "round", "pair", other]) == 0
    by_cli = stored(tmp_path / "cli", other)
    assert [(b.white, b.black) for b in by_cli.round(1).boards] == [(b.white, b.black) for b in paired.round(1).boards]


# -- one list of manual-pairing warnings ------------------------------------------------------
def manual_event() -> Tournament:
    """Five players; player 1 had White in rounds 1 and 2 and gets White again on board 1 of
    round 3; player 3 had the bye in round 2 — the draft gives it to player 4, whose round 1
    was a forfeit win (a point without playing)."""
    t = Tournament(id="", name="Manual", total_rounds=5)
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100), ("E", 2000)):
        t = changes.add_player(t, name, rating=rating)
    t = changes.apply_pairing(t, RoundPairing(1, (Board(1, 3), Board(4, 2)), (Bye(5, ByeKind.PAB),)), manual=True)
    t = changes.set_result(t, 1, 1, "1/2")
    t = changes.set_result(t, 1, 2, "+-")
    t = changes.apply_pairing(t, RoundPairing(2, (Board(1, 4), Board(5, 2)), (Bye(3, ByeKind.PAB),)), manual=True)
    t = changes.set_result(t, 2, 1, "1/2")
    t = changes.set_result(t, 2, 2, "1/2")
    return changes.apply_pairing(t, RoundPairing(3, (Board(1, 5), Board(2, 3)), (Bye(4, ByeKind.PAB),)), manual=True)


async def test_the_manual_pairing_screen_names_colour_and_bye_problems(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, manual_event())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("m")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ManualPairingScreen")
        await pilot.pause()
        text = str(app.screen.query_one("#manual-warnings").render())
    assert "player 1 gets the same colour three times in a row" in text
    assert "Player 4 gets a pairing-allocated bye after already scoring a point without playing" in text


# -- one decoder ------------------------------------------------------------------------------
NAMES = ["Şahin, Ayşe", "Güneş, Ömer"]


def cp1254_csv(path: Path) -> Path:
    path.write_bytes("name;rating\nŞahin, Ayşe;1800\nGüneş, Ömer;1700\n".encode("cp1254"))
    return path


def bom_trf(path: Path) -> Path:
    def player(pno: int, name: str, rating: int) -> str:
        # TRF columns: 5-8 number, 15-47 name, 49-52 rating, 54-56 federation, 81-84 points
        return f"001 {pno:>4}      {name:<33} {rating:>4} TUR {'':>11} {'':<10} {'0.0':>4}"

    lines = ["012 Imported", player(1, "Şahin, Ayşe", 1800), player(2, "Güneş, Ömer", 1700)]
    path.write_bytes(("\ufeff" + "\n".join(lines) + "\n").encode("utf-8"))
    return path


@pytest.mark.parametrize("make", [cp1254_csv, bom_trf], ids=["cp1254-csv", "bom-trf-txt"])
def test_cli_import_reads_the_names_as_written(tmp_path, make):
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Import", total_rounds=5))
    source = make(tmp_path / ("players.csv" if make is cp1254_csv else "players.txt"))
    assert cli(["--data", str(data), "players", "import", tid, str(source)]) == 0
    names = sorted(p.name for p in stored(data, tid).players)
    assert names == sorted(NAMES)


@pytest.mark.parametrize("make", [cp1254_csv, bom_trf], ids=["cp1254-csv", "bom-trf-txt"])
async def test_tui_import_reads_the_names_as_written(tmp_path, make):
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Import", total_rounds=5))
    source = make(tmp_path / ("players.csv" if make is cp1254_csv else "players.txt"))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await pilot.press("f2")
        await pilot.pause()
        app.screen.pane("players").action_import()
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, str(source))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(stored(data, tid).players) == 2)
    names = sorted(p.name for p in stored(data, tid).players)
    assert names == sorted(NAMES)


# -- side effects of a change -----------------------------------------------------------------
async def test_results_typed_in_the_tui_refresh_the_remembered_pages(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    data, web = tmp_path / "data", tmp_path / "web"
    t = with_rounds(demo_tournament(), 2)
    [tid] = store_with(data, changes.set_result(t, 2, 6, None))
    # remembered in the user's own settings as ``hakem publish --remember`` does
    from core.app import publishing

    publishing.remember(data, tid, str(web))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("n")  # to board 6, the only one still playing
        await pilot.press("1")
        await wait_for(pilot, lambda: (web / "index.html").exists(), 30)
    assert stored(data, tid).round(2).complete


# -- read-only is the store's ---------------------------------------------------------------
async def test_view_mode_writes_nothing_and_offers_no_editing(tmp_path):
    data = tmp_path / "data"
    t = demo(rounds=2, complete_last=False)
    [tid] = store_with(data, t)
    change(data, tid, "result", lambda t: changes.set_result(t, 2, 1, GameResult.DRAW))  # for ctrl+z to undo
    before = files(data)
    app = HakemApp(data_dir=data, open_id=tid, view_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        screen = app.screen
        for keys in (["ctrl+z"], ["ctrl+y"], ["ctrl+t"], ["f3", "p"], ["f3", "1"], ["f3", "m"], ["f3", "u"],
                     ["f3", "r"], ["f2", "e"], ["f2", "enter"], ["f2", "w"], ["f2", "b"], ["f2", "a"],
                     ["f2", "i"], ["f2", "t"], ["f5", "s"], ["f7", "n"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert app.screen is screen, f"{keys} opened {type(app.screen).__name__}"
        assert not screen.check_action("undo", ())
        assert not screen.pane("rounds").check_action("pair", ())
        assert screen.pane("rounds").check_action("round", (1,))  # looking around stays
    assert files(data) == before


async def test_view_mode_tournament_list_offers_no_editing(tmp_path):
    data = tmp_path / "data"
    store_with(data, demo())
    before = files(data)
    app = HakemApp(data_dir=data, view_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        screen = app.screen
        for key in ("n", "c", "a", "i", "d"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, f"{key} opened {type(app.screen).__name__}"
    assert files(data) == before


# -- undo in typing order ---------------------------------------------------------------------
def test_undo_waits_for_the_held_result_and_undoes_it(tmp_path):
    from core.app import Workspace

    [tid] = store_with(tmp_path, demo(rounds=2, complete_last=False))
    desk = Workspace(tmp_path).open(tid)
    desk.enter_result(2, 2, GameResult.DRAW)
    session = Session(Workspace(tmp_path).open(tid))
    answers: list = []
    session.enter_result(2, 1, GameResult.WHITE_WINS, lambda o, e: answers.append(e), hold=True)
    session.undo(lambda o, e: answers.append(e))
    session.flush()
    session.close()
    boards = desk.snapshot().tournament.round(2).boards
    assert (boards[0].result, boards[1].result) == (None, GameResult.DRAW)
    assert answers == [None, None]
    actions = [e["action"] for e in desk.journal()][-2:]
    assert actions == ["result round 2 board 1 1-0", "undo: result round 2 board 1 1-0"]


async def test_ctrl_z_right_after_a_result_key_undoes_that_result(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    change(data, tid, "result round 2 board 2 1/2", lambda t: changes.set_result(t, 2, 2, GameResult.DRAW))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        known = len(journal(data, tid))
        await pilot.press("1", "ctrl+z")  # one burst: the result's save is still held
        # the result and the undo, in whichever order they reached the store
        await wait_for(pilot, lambda: len(journal(data, tid)) >= known + 2 and app.screen.session.pending == 0, 20)
    boards = stored(data, tid).round(2).boards
    assert (boards[0].result, boards[1].result) == (None, GameResult.DRAW)


# -- settings are validated on the session's path too ----------------------------------------
def test_session_settings_go_through_validation(tmp_path):
    from core.app import Workspace

    [tid] = store_with(tmp_path, demo())
    session = Session(Workspace(tmp_path).open(tid))
    for edits in ({"name": " "}, {"total_rounds": 0}):
        with pytest.raises(TournamentError):
            session.do(lambda desk, edits=edits: desk.change_settings(edits))
    stored = Workspace(tmp_path).open(tid).snapshot().tournament
    assert stored.name == "Demo Club Rapid" and stored.total_rounds == 5
    assert not any(name in vars(Session) for name in ("set_settings", "apply", "apply_soon"))
