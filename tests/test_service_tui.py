"""Another organiser's change reaches the TUI at once through the data service (issue 30 item
3): the service pushes the new revision, the screen reloads — no polling (the screen's timer is
set to an hour, so only the push can bring the change) — and the result entered on the other
organiser's screen is refused on ours as before ("changed by …")."""

from __future__ import annotations

import pytest

from core.model import GameResult
from core.service import open_workspace
from tui.app import HakemApp
from tests.service_thread import service_thread
from tests.tui_fixtures import demo, store_with, wait_for


@pytest.fixture
def served(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, complete_last=False))
    path = str(tmp_path / "hakem.sock")
    with service_thread(data, path):
        yield path, tid


def board_result(app, round_no: int, board: int):
    return app.screen.session.tournament.rounds[round_no - 1].boards[board - 1].result


async def test_another_organisers_result_is_pushed_to_the_screen(served):
    path, tid = served
    app = HakemApp(socket=path, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", 30)
        assert app.workspace.remote and app.screen.session.desk.remote
        assert board_result(app, 1, 1) is None
        other = open_workspace(socket=path).open(tid)  # the other organiser's hakem
        other.enter_result(1, 1, GameResult.BLACK_WINS)
        await wait_for(pilot, lambda: board_result(app, 1, 1) is GameResult.BLACK_WINS, 30)
        import os
        import pwd

        # the journal's words name the board's players (circle method, round 1 of 12: 1 – 12)
        name = {p.pno: p.name for p in other.snapshot().tournament.players}
        said = (f"{pwd.getpwuid(os.getuid()).pw_name} changed the tournament: "
                f"result round 1 board 1: 1 {name[1]} – 12 {name[12]} 0-1")
        await wait_for(pilot, lambda: any(said == str(n.message) for n in app._notifications), 30)
        # our screen saw "no result" before the push; a result typed against that is refused
        from core.app.conflicts import BoardSeen, StaleChange

        stale = BoardSeen(other.snapshot().tournament.rounds[0].boards[0].white,
                          other.snapshot().tournament.rounds[0].boards[0].black, None)
        with pytest.raises(StaleChange, match="changed by"):
            app.screen.session.desk.enter_result(1, 1, GameResult.WHITE_WINS, seen=stale)


def test_a_local_workspace_and_desk_say_nothing_is_pushed(tmp_path):
    """In this process nothing pushes changes: ``watch`` answers ``None`` (the screens read
    again on a timer) and ``remote`` is false (a result is computed here once)."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    from core.app.workspace import Workspace

    workspace = Workspace(data)
    desk = workspace.open(tid)
    assert (workspace.remote, desk.remote) == (False, False)
    assert workspace.watch("*", lambda _event: None) is None
    assert desk.watch(lambda _event: None) is None


def test_the_service_client_declares_what_the_in_process_classes_declare():
    """The data service's client stands in for a Workspace and a Desk (``open_workspace`` types
    it as one): the members the screens ask for take the same arguments on both."""
    import inspect

    from core.app.desk import Desk
    from core.app.workspace import Workspace
    from core.service.client import RemoteDesk, RemoteWorkspace

    for local, remote in ((Workspace, RemoteWorkspace), (Desk, RemoteDesk)):
        assert (local.remote, remote.remote) == (False, True)
        assert list(inspect.signature(local.watch).parameters) == list(inspect.signature(remote.watch).parameters)


async def test_a_pushed_change_reaches_the_list_of_tournaments(served):
    """The list is not read again on a timer through the service: the service's push brings
    a renamed event."""
    path, tid = served
    app = HakemApp(socket=path, poll_interval=3600)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", 30)
        screen = app.screen
        assert screen._watch is not None
        table = screen.query_one("#tournaments")
        assert table.row_count == 1
        open_workspace(socket=path).duplicate(tid, "Pushed Copy")
        await wait_for(pilot, lambda: table.row_count == 2, 30)


async def test_the_header_of_a_group_writable_directory_says_the_group_is_trusted(tmp_path):
    import grp
    import os

    data = tmp_path / "shared"
    store_with(data, demo())
    os.chmod(data, 0o2770)
    group = grp.getgrgid(data.stat().st_gid).gr_name
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(160, 36)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", 30)
        assert app.screen.sub_title.endswith(f"group {group} trusted with every record")
    private = tmp_path / "private"
    store_with(private, demo())
    os.chmod(private, 0o700)
    app = HakemApp(data_dir=private)
    async with app.run_test(size=(160, 36)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", 30)
        assert "trusted" not in app.screen.sub_title


async def test_the_list_lookup_searches_through_the_service(served, tmp_path):
    from textual.widgets import DataTable

    from core.ratinglists.formats.csv_list import parse_mapping
    from tui.screens.list_lookup import ListLookupDialog
    from tests.tui_fixtures import type_text

    path, tid = served
    source = tmp_path / "club.csv"
    source.write_text("Nr\tSpieler\tElo\n7\tBauer, Max\t1890\n8\tKaya, Can\t1750\n", encoding="utf-8")
    open_workspace(socket=path).import_rating_list(
        str(source), name="club", layout=parse_mapping("national_id=Nr,name=Spieler,national_rating=Elo"))
    app = HakemApp(socket=path, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", 30)
        app.push_screen(ListLookupDialog(app.workspace, app.screen.session.tournament))
        await wait_for(pilot, lambda: isinstance(app.screen, ListLookupDialog) and bool(app.screen.query("#lookup-table")), 30)
        await type_text(pilot, "kaya")
        table = app.screen.query_one("#lookup-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1, 30)
        assert "Kaya, Can" in [str(c) for c in table.get_row_at(0)]
