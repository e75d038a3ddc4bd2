"""Roles (issue 18): chief arbiter, arbiter, results entry only, viewer — enforced at every
commit of the store from what the change does, whatever front end asked for it."""

from __future__ import annotations

import os
import pwd
from types import SimpleNamespace

import pytest

from core.changes.roles import set_roles
from core import changes, roles
from core.model import GameResult, Tournament
from core.roles import PermissionDenied, Role
from core.store import Store

ME = pwd.getpwuid(os.getuid()).pw_name


@pytest.fixture()
def event(tmp_path):
    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Roles", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        store.update(tid, name, lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair 1", changes.pair_next_round)
    store.update(tid, "result 1.1", lambda t: changes.set_result(t, 1, 1, GameResult.WHITE_WINS))
    return store, tid


def _as(monkeypatch, role: Role) -> None:
    monkeypatch.setattr(roles, "_cap", role)


def test_without_a_table_everyone_is_chief_arbiter(event):
    store, tid = event
    assert roles.role_of(store.load(tid).tournament) is Role.CHIEF_ARBITER
    assert roles.role_of(store.load(tid).tournament, uid=65534) is Role.CHIEF_ARBITER


def test_a_table_maps_users_groups_and_everyone(event):
    store, tid = event
    group = __import__("grp").getgrgid(os.getgid()).gr_name
    store.update(tid, "roles", lambda t: set_roles(t, {"chief-arbiter": [f"user:{ME}"], "results": ["*"]}))
    t = store.load(tid).tournament
    assert roles.role_of(t) is Role.CHIEF_ARBITER
    assert roles.role_of(t, uid=65534) is Role.RESULTS  # "*": nobody gets results entry
    t2 = set_roles(t, {"chief-arbiter": [f"user:{ME}"], "arbiter": [f"group:{group}"]})
    assert roles.role_of(t2, uid=65534) is Role.VIEWER  # not named: a viewer
    assert roles.role_of(t2) is Role.CHIEF_ARBITER  # the highest role named wins


def test_a_table_cannot_lock_its_author_out(event):
    store, tid = event
    with pytest.raises(Exception, match="without the chief arbiter role"):
        store.update(tid, "roles", lambda t: set_roles(t, {"results": ["*"]}))
    with pytest.raises(Exception, match="unknown role"):
        set_roles(store.load(tid).tournament, {"boss": ["*"]})
    with pytest.raises(Exception, match="user:NAME"):
        set_roles(store.load(tid).tournament, {"viewer": ["alice"]})


ALL = {
    "enter a result": lambda t: changes.set_result(t, 1, 2, GameResult.DRAW),
    "correct a closed round": lambda t: changes.set_result(changes.pair_next_round(
        changes.set_result(t, 1, 2, GameResult.DRAW)), 1, 1, GameResult.BLACK_WINS),
    "pair": lambda t: changes.pair_next_round(changes.set_result(t, 1, 2, GameResult.DRAW)),
    "unpair": lambda t: changes.unpair_last_round(t, force=True),
    "add a player": lambda t: changes.add_player(t, "Late"),
    "settings": lambda t: t.with_changes(total_rounds=5),
}
# what each role may do, from the policy in core/roles.py's docstring (not from its table)
MAY = {
    Role.CHIEF_ARBITER: set(ALL),
    Role.ARBITER: {"enter a result", "pair", "add a player"},  # unpairing is the chief arbiter's (FIDE Arbiters' Manual)
    Role.RESULTS: {"enter a result"},
    Role.VIEWER: set(),
}


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.value)
@pytest.mark.parametrize("what", list(ALL))
def test_each_role_may_do_exactly_its_part(event, monkeypatch, role, what):
    store, tid = event
    before = store.path(tid).read_bytes()
    _as(monkeypatch, role)
    if what == "correct a closed round":
        # the correction itself is judged on the state where round 1 is closed
        monkeypatch.setattr(roles, "_cap", None)
        store.update(tid, "close", ALL["pair"])
        before = store.path(tid).read_bytes()
        _as(monkeypatch, role)
        change = lambda t: changes.set_result(t, 1, 1, GameResult.BLACK_WINS)
    else:
        change = ALL[what]
    if what in MAY[role]:
        store.update(tid, what, change)
        assert store.path(tid).read_bytes() != before
    else:
        with pytest.raises(PermissionDenied, match=role.label):
            store.update(tid, what, change)
        assert store.path(tid).read_bytes() == before


def test_results_entry_cannot_undo_or_change_roles(event, monkeypatch):
    store, tid = event
    _as(monkeypatch, Role.RESULTS)
    with pytest.raises(PermissionDenied):
        store.undo(tid)
    with pytest.raises(PermissionDenied):
        store.update(tid, "roles", lambda t: t.with_changes(options={**t.options, "roles": {"chief-arbiter": ["*"]}}))


def test_the_cap_only_goes_down(monkeypatch):
    monkeypatch.setattr(roles, "_cap", None)
    roles.limit(Role.RESULTS)
    roles.limit(Role.ARBITER)
    assert roles._cap is Role.RESULTS


def test_role_policy_for_the_application_layer(event, monkeypatch):
    store, tid = event
    from core.app.access import RolePolicy

    policy = RolePolicy(lambda t_id: store.load(t_id).tournament)
    _as(monkeypatch, Role.RESULTS)
    request = lambda name, writes=True: SimpleNamespace(use_case=name, writes=writes, tournament=tid, read_only=False)
    policy.check(request("result.enter"))
    policy.check(request("tournament.read", writes=False))
    for name in ("round.pair", "player.add", "settings.change", "history.undo", "team.add"):
        with pytest.raises(PermissionDenied):
            policy.check(request(name))
    with pytest.raises(Exception, match="view-only"):
        policy.check(SimpleNamespace(use_case="result.enter", writes=True, tournament=tid, read_only=True))


def test_results_only_forced_command(event, monkeypatch, capsys):
    from core.cli import main

    store, tid = event
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("HAKEM_DATA", str(store.data_dir))
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem round pair {tid}")
    assert main(["results-only"]) == 3
    assert "may only enter results" in capsys.readouterr().err
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem result {tid} 1 2 1/2")
    assert main(["results-only"]) == 0
    assert Store(store.data_dir).load(tid).tournament.rounds[0].boards[1].result is GameResult.DRAW
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem players add {tid} --name X")
    assert main(["results-only"]) == 3


@pytest.mark.usefixtures("quiet_tui")
async def test_the_tui_shows_results_entry_only(event, monkeypatch):
    from tui.app import HakemApp

    store, tid = event
    monkeypatch.setattr(roles, "_cap", Role.RESULTS)
    app = HakemApp(data_dir=str(store.data_dir), open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "results entry only" in app.screen.sub_title


@pytest.mark.parametrize(("command", "allowed"), [
    ("result open-1a2b 3 7 1-0", True), ("result open-1a2b 3 7 1/2 --correct", True),
    ("result open-1a2b 3 7 -+ --unrated", True), ("list --format json", True),
    ("standings open-1a2b --format csv --round 2 --team", True), ("round show open-1a2b 3", True),
    ("standings open-1a2b -o /srv/hakem/x.jsonl", False), ("standings open-1a2b --output=x", False),
    ("standings open-1a2b -ox", False), ("standings open-1a2b --form csv", False),
    ("standings /etc/passwd", False), ("standings club.trf", False), ("standings ../x", False),
    ("--data /tmp list", False), ("list --lang de", False), ("round pair open-1a2b", False),
    ("round show open-1a2b 3 4", False), ("result open-1a2b 3 7", False), ("players list open-1a2b", False),
    ("standings open-1a2b --format pdf", False), ("result open-1a2b x 7 1-0", False), ("", False),
])
def test_results_only_passes_exactly_its_forms(command, allowed):
    """Every word is checked (issue 30, B1: the first word alone was, and ``-o`` followed)."""
    from core.cli.commands.roles import allowed_words

    assert allowed_words(command.split()) is allowed


def test_an_arbiter_pairs_round_one_the_colour_lot_is_part_of_it(tmp_path, monkeypatch):
    """Pairing round 1 draws the first colour by lot (``changes.prepare_next_round``); that
    is part of the pairing, so an arbiter, who may pair, may pair round 1 (it was refused as
    "changing settings").  Setting the first colour by hand stays a setting."""
    from core.model import Colour

    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="First", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        store.update(tid, name, lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    assert store.load(tid).tournament.initial_colour is None
    _as(monkeypatch, Role.ARBITER)
    paired = store.update(tid, "pair 1", changes.pair_next_round).tournament
    assert len(paired.rounds) == 1 and paired.initial_colour is not None
    with pytest.raises(PermissionDenied, match="changing settings"):
        store.update(tid, "colour", lambda t: t.with_changes(initial_colour=Colour.WHITE if t.initial_colour
                                                             is Colour.BLACK else Colour.BLACK))
    with pytest.raises(PermissionDenied, match="unpairing a round"):
        store.undo(tid)  # the pairing is published: the chief arbiter's to take back


def test_an_arbiter_records_a_requested_bye(event, monkeypatch):
    """A requested bye (a Keizer evening's announced absence, ``players bye … --kind zero``) is
    the players' part, which an arbiter handles; it was refused as "changing settings"."""
    from core.model import ByeKind

    store, tid = event
    _as(monkeypatch, Role.ARBITER)
    store.update(tid, "absent", lambda t: changes.request_bye(t, 3, 3, ByeKind.ZERO))
    assert [(b.pno, b.round, b.kind) for b in store.load(tid).tournament.requested_byes] == [(3, 3, ByeKind.ZERO)]
    store.update(tid, "back", lambda t: changes.cancel_bye(t, 3, 3))
    _as(monkeypatch, Role.RESULTS)
    with pytest.raises(PermissionDenied, match="changing players is not allowed"):
        store.update(tid, "absent", lambda t: changes.request_bye(t, 3, 3, ByeKind.ZERO))
