"""A store opened read-only (``hakem --view``) cannot write by any path of the application layer.

Every use case of :class:`~core.app.Desk` and :class:`~core.app.Workspace` is run on a
read-only store holding a real tournament (with a publish directory remembered inside the
data directory, so a side effect that wrote pages would show too); afterwards every file in
the data directory must have the same bytes and the same modification time, and no file may
have appeared or vanished.  The table of calls must name every declared use case: a new use
case without a line here fails the test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.app import BoardSeen, ReadOnlyError, RoundSeen, Workspace
from core.app.new_event import NewEvent
from core.app.access import declared_use_cases
from core.app.desk import Desk
from core.club.members import Member
from core.club.series import Series
from core.errors import TournamentError
from core.model import Board, Bye, ByeKind, GameResult
from core.store import Store
from tests.tui_fixtures import demo, store_with


def files(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``root`` with its bytes and mtime (nanoseconds)."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() or path.is_symlink():
            st = os.lstat(path)
            out[str(path.relative_to(root))] = (path.read_bytes(), st.st_mtime_ns)
    return out


@pytest.fixture()
def data(tmp_path: Path) -> tuple[Path, str, Path]:
    data = tmp_path / "data"
    t = demo(rounds=2, complete_last=False)
    [tid] = store_with(data, t.with_changes(forbidden=((1, 2),)))
    desk = Workspace(data).open(tid)
    from core.app import publishing

    publishing.remember(data, tid, str(tmp_path / "web"))  # the user's own setting, not the tournament's
    desk.enter_result(2, 1, GameResult.WHITE_WINS)  # something to undo
    desk.undo()  # ... and to redo
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nNew, Player,1500\n", encoding="utf-8")
    trf = tmp_path / "event.trf"
    trf.write_text("012 Imported\n001    1      Alpha, A                          2000\n", encoding="utf-8")
    return data, tid, tmp_path


def desk_calls(desk: Desk, tmp: Path) -> dict[str, object]:
    t = desk.snapshot().tournament
    board = BoardSeen.of(t, 2, 1)
    last = RoundSeen.of(t, 2)
    r2 = t.round(2)
    plan_holder: dict[str, object] = {}

    def record() -> object:
        # a plan cannot be prepared read-only; build the one a writable desk would have made
        from core.app.desk import RoundPlan

        plan = RoundPlan(t, desk.snapshot().revision)
        return desk.record_round(plan, object())  # type: ignore[arg-type]

    return {
        "add_player": lambda: desk.add_player("Late, Larry", rating=1400),
        "late_entry": lambda: desk.late_entry("Late, Larry", rating=1400),
        "add_player_from_list": lambda: desk.add_player_from_list(fide_id="1503014"),
        "register_member": lambda: desk.register_member(1),
        "link_members": lambda: desk.link_members({1: 1}),
        "update_ratings": desk.update_ratings,
        "register_from_list": lambda: desk.register_from_list(object(), object()),
        "schedule_round": lambda: desk.schedule_round(2, "2026-05-04", "10:00"),
        "preview_rating_update": desk.preview_rating_update,
        "result_entered": lambda: desk.result_entered(1, 1),
        "check_in": lambda: desk.check_in([1, 2], open_checkin=True),
        "change_fees": lambda: desk.change_fees(fee="10", currency="EUR"),
        "import_players": lambda: desk.import_players(str(tmp / "players.csv")),
        "edit_player": lambda: desk.edit_player(1, name="Renamed"),
        "remove_player": lambda: desk.remove_player(12),
        "withdraw": lambda: desk.withdraw(3, 3),
        "reinstate": lambda: desk.reinstate(3),
        "request_bye": lambda: desk.request_bye(4, [3], ByeKind.HALF),
        "cancel_bye": lambda: desk.cancel_bye(4, [3]),
        "check_bye": lambda: desk.check_bye(4, "3 h"),
        "add_forbidden": lambda: desk.add_forbidden([3, 4]),
        "remove_forbidden": lambda: desk.remove_forbidden(0),
        "draw_lots": lambda: desk.draw_lots(7),
        "add_team": lambda: desk.add_team("Team", [1, 2]),
        "edit_team": lambda: desk.edit_team(1, name="T"),
        "set_roster": lambda: desk.set_roster(1, [1]),
        "remove_team": lambda: desk.remove_team(1),
        "teams_from_clubs": desk.teams_from_clubs,
        "request_team_bye": lambda: desk.request_team_bye(1, [3]),
        "withdraw_team": lambda: desk.withdraw_team(1),
        "prepare_round": desk.prepare_round,
        "propose": lambda: plan_holder.setdefault("p", desk.propose(desk.prepare_round())),
        "record_round": record,
        "pair_next_round": desk.pair_next_round,
        "unpair_last_round": lambda: desk.unpair_last_round(force=True, seen=last),
        "pair_by_hand": lambda: desk.pair_by_hand(r2.boards, r2.byes, replace=True, seen=last),
        "draft_warnings": lambda: desk.draft_warnings(2, [Board(1, 2)], [Bye(3, ByeKind.PAB)]),
        "engine_pairing": lambda: desk.engine_pairing(2),
        "enter_result": lambda: desk.enter_result(2, 1, GameResult.DRAW, seen=board),
        "enter_go_result": lambda: desk.enter_go_result(2, 1, "white"),
        "go_refusal": lambda: desk.go_refusal(1, 3),
        "create_playoff": lambda: desk.create_playoff("p", [1, 2], force=True),
        "playoff_lot": lambda: desk.playoff_lot("p", "p.s0:1-2:lot", "1"),
        "playoff_bids": lambda: desk.playoff_bids("p", "p.arm:1-2", {1: 200, 2: 180}),
        "playoff_choice": lambda: desk.playoff_choice("p", "p.arm", "white"),
        "playoff_start": lambda: desk.playoff_start("p", "18:00"),
        "playoff_result": lambda: desk.playoff_result("p", "p.s0g1", "1-0"),
        "playoff_result_entered": lambda: desk.playoff_result_entered("p", "p.s0g1"),
        "cup_bids": lambda: desk.cup_bids({1: 240, 2: 200}),
        "cup_flag_later": lambda: desk.cup_flag_later(2, 1, "white"),
        "change_settings": lambda: desk.change_settings({"name": "Other"}),
        "add_prize_group": lambda: desk.add_prize_group(object()),
        "remove_prize_group": lambda: desk.remove_prize_group("open"),
        "set_prize_rules": lambda: desk.set_prize_rules("equal"),
        "change_go_settings": lambda: desk.change_go_settings({"komi": "6.5"}),
        "go_settings_question": lambda: desk.go_settings_question({"komi": "6.5"}),
        "edit_question": lambda: desk.edit_question(1, name="Renamed"),
        "edit_refusal": lambda: desk.edit_refusal(1, name="Renamed"),
        "change_keizer_settings": lambda: desk.change_keizer_settings({"top": "40"}),
        "remember_url": lambda: desk.remember_url("https://example.org/club"),
        "undo": desk.undo,
        "redo": desk.redo,
        "roles": desk.roles,
        "change_roles": lambda: desk.change_roles(["arbiter", "user:bob"]),
        "snapshot": desk.snapshot,
        "revision": desk.revision,
        "journal": desk.journal,
        "last_change": desk.last_change,
        "history": desk.history,
        "next_step": desk.next_step,
    }


def workspace_calls(ws: Workspace, tid: str, tmp: Path) -> dict[str, object]:
    return {
        "list": ws.list,
        "list_with_problems": ws.list_with_problems,
        "create": lambda: ws.create(demo()),
        "create_demo": ws.create_demo,
        "create_event": lambda: ws.create_event(NewEvent(name="Open", rounds=5)),
        "duplicate": lambda: ws.duplicate(tid),
        "archive": lambda: ws.archive(tid),
        "delete": lambda: ws.delete(tid),
        "trash": ws.trash,
        "restore": lambda: ws.restore(tid),
        "import_file": lambda: ws.import_file(str(tmp / "event.trf")),
        "rating_lists": ws.rating_lists,
        "import_rating_list": lambda: ws.import_rating_list(str(tmp / "players.csv"), fmt="csv"),
        "search_rating_list": lambda: ws.search_rating_list("A"),
        "rating_list_log": ws.rating_list_log,
        "remove_rating_list": lambda: ws.remove_rating_list("fide"),
        "may_edit_register": ws.may_edit_register,
        "members": ws.members,
        "member": lambda: ws.member(1),
        "add_member": lambda: ws.add_member(Member(0, "New, Member")),
        "edit_member": lambda: ws.edit_member(1, {"club": "Other"}),
        "remove_member": lambda: ws.remove_member(1),
        "search_members": lambda: ws.search_members("ka"),
        "club_log": ws.club_log,
        "member_history": lambda: ws.member_history(1),
        "import_members": lambda: ws.import_members(str(tmp / "players.csv")),
        "members_from_event": lambda: ws.members_from_event(tid),
        "preview_member_update": lambda: ws.preview_member_update("fide"),
        "update_members_from_list": lambda: ws.update_members_from_list("fide"),
        "series_list": ws.series_list,
        "series_definition": lambda: ws.series_definition("GP"),
        "series_table": lambda: ws.series_table("GP"),
        "create_series": lambda: ws.create_series(Series("GP")),
        "add_series_events": lambda: ws.add_series_events("GP", [tid]),
        "remove_series_event": lambda: ws.remove_series_event("GP", tid),
        "change_series": lambda: ws.change_series("GP", {"best": 2}),
        "delete_series": lambda: ws.delete_series("GP"),
        "keep_series_page": lambda: ws.keep_series_page("GP", "gp"),
        "open": lambda: ws.open(tid),
        "check_store": lambda: ws.check_store([tid]),
        "repair_store": lambda: ws.repair_store([tid]),
    }


def test_every_use_case_is_in_the_table(data):
    path, tid, tmp = data
    ws = Workspace(path, read_only=True)
    assert set(desk_calls(ws.open(tid), tmp)) == set(declared_use_cases(Desk))
    assert set(workspace_calls(ws, tid, tmp)) == set(declared_use_cases(Workspace))


def test_no_use_case_writes_through_a_read_only_store(data):
    path, tid, tmp = data
    before = files(path)
    ws = Workspace(path, read_only=True)
    desk = ws.open(tid)
    refused, allowed = [], []
    for table, declared in ((desk_calls(desk, tmp), declared_use_cases(Desk)),
                            (workspace_calls(ws, tid, tmp), declared_use_cases(Workspace))):
        for name, call in table.items():
            try:
                call()  # type: ignore[operator]
            except ReadOnlyError:
                refused.append(name)
                continue
            except TournamentError:
                pass  # a refusal for another reason (wrong system...) still wrote nothing
            allowed.append(name)
            assert not declared[name].writes, f"{name} writes but was not refused"
    assert files(path) == before
    assert sorted(refused) == sorted(n for d in (declared_use_cases(Desk), declared_use_cases(Workspace))
                                     for n, u in d.items() if u.writes)


def test_the_store_itself_refuses_too(data):
    """The second line of defence: the store opened read-only refuses even without the gate."""
    path, tid, _tmp = data
    before = files(path)
    store = Store(path, read_only=True)
    for write in (lambda: store.update(tid, "x", lambda t: t.with_changes(name="X")),
                  lambda: store.undo(tid), lambda: store.redo(tid), lambda: store.archive(tid),
                  lambda: store.create(demo()), lambda: store.duplicate(tid)):
        with pytest.raises(TournamentError):
            write()
    assert files(path) == before


def test_a_read_only_store_creates_no_data_directory(tmp_path):
    with pytest.raises(TournamentError):
        Workspace(tmp_path / "missing", read_only=True)
    assert not (tmp_path / "missing").exists()
