"""Issue 30's leftovers as real Unix users through one running data service: a consistent
rollback is refused at commit time until the administrator repairs it, and ``hakem delete`` is
the chief arbiter's (and the administrator's) alone.

``hk-fix30-svc`` (the service's account), ``hk-fix30-ann`` (chief arbiter), ``hk-fix30-ben``
(arbiter), ``hk-fix30-board`` (results entry only), ``hk-fix30-mal`` (a member of the club's
group: viewer) — created here and removed afterwards; skipped without root.  One service for
the module; each test works on tournaments of its own.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.unix_club import (
    as_administrator,
    in_service,
    members_fixture,
    service_command,
    service_layout,
    start_service,
    stop_service,
    succeeded,
)

GROUP = "hk-fix30-trash"
SERVICE, ANN, BEN, BOARD, MAL = "hk-fix30-svc", "hk-fix30-ann", "hk-fix30-ben", "hk-fix30-board", "hk-fix30-mal"
NAMES = (SERVICE, ANN, BEN, BOARD, MAL)


@pytest.fixture(scope="module")
def club():
    for state in members_fixture(NAMES, GROUP):
        layout = service_layout("hk-fix30-", state["users"], SERVICE, state["gid"])
        cmd, env = service_command(layout, SERVICE, "--data", str(layout["data"]), "serve", "--socket",
                                   str(layout["socket"]), "--socket-group", GROUP)
        layout["service"] = start_service(cmd, env, layout["socket"])
        try:
            yield layout
        finally:
            stop_service(layout)


hakem, as_root, ok = in_service, as_administrator, succeeded


def _copy_as_service(club, source, target) -> None:
    """What the service's account (or root's restore gone wrong) does with write access to the
    directory: a copy over the file, owned by the service as the directory's files are."""
    shutil.copyfile(source, target)
    service = club["users"][SERVICE]
    os.chown(target, service.pw_uid, service.pw_gid)
    os.chmod(target, 0o600)


# -- 1: a consistent rollback under a running service ---------------------------------------------
def test_the_running_service_refuses_to_build_on_a_rolled_back_event_until_it_is_repaired(club):
    data, kept = club["data"], club["base"] / "kept"
    tid = ok(hakem(club, ANN, "new", "Rollback Open", "--rounds", "5")).strip().splitlines()[-1]
    ok(hakem(club, ANN, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800"))
    files = [f"{tid}.hakem.json", f"{tid}.chain.jsonl"]
    kept.mkdir()
    for name in files:
        shutil.copyfile(data / name, kept / name)  # revision 2
    for name in ("Bo, Bora", "Ce, Cem"):
        ok(hakem(club, ANN, "players", "add", tid, "--name", name))  # revisions 3 and 4
    for name in files:
        _copy_as_service(club, kept / name, data / name)  # both put back: consistent, older
    said = hakem(club, ANN, "players", "add", tid, "--name", "De, Deniz")
    assert said.returncode == 5 and said.stderr.count("\n") == 1, said
    assert f"{tid} (Rollback Open): hakem had saved it up to revision 4 (" in said.stderr
    assert "its data file and journal end at revision 2: both were put back from an older copy; nothing was " \
           "changed (run hakem doctor)" in said.stderr
    assert "De, Deniz" not in ok(hakem(club, ANN, "players", "list", tid))
    seen = hakem(club, ANN, "doctor")
    assert seen.returncode == 1 and f"{tid}.hakem.json: hakem wrote revision 4 of it" in seen.stdout, seen
    assert "restore the newer copy, or hakem doctor --repair accepts the older state as the record" in seen.stdout
    refused = hakem(club, ANN, "doctor", "--repair")
    assert refused.returncode == 3, refused  # the directory's owner repairs: the administrator
    assert "De, Deniz" not in ok(hakem(club, ANN, "players", "list", tid))
    repaired = ok(as_root(club, "doctor", "--repair"))
    assert f"{tid}.hakem.json: the older state (revision 2) was accepted as the record" in repaired
    ok(hakem(club, ANN, "players", "add", tid, "--name", "De, Deniz"))
    assert "De, Deniz" in ok(hakem(club, ANN, "players", "list", tid))


# -- 2: hakem delete through the service ------------------------------------------------------------
def _event(club, name: str) -> str:
    tid = ok(hakem(club, ANN, "new", name, "--rounds", "5")).strip().splitlines()[-1]
    ok(hakem(club, ANN, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800"))
    for role, who in (("arbiter", f"user:{BEN}"), ("results", f"user:{BOARD}"), ("viewer", f"group:{GROUP}")):
        ok(hakem(club, ANN, "roles", tid, "--grant", role, who))
    return tid


def test_only_the_chief_arbiter_and_the_administrator_delete_and_restore(club):
    tid = _event(club, "Delete Open")
    for user, role in ((MAL, "viewer"), (BEN, "arbiter"), (BOARD, "results entry only")):
        said = hakem(club, user, "delete", tid, "--yes")
        assert said.returncode == 3 and said.stderr.count("\n") == 1, (user, said)
        assert f"your role in 'Delete Open' is {role}: deleting the tournament is not allowed" in said.stderr, said
    asked = hakem(club, ANN, "delete", tid)
    assert asked.returncode == 3 and "nothing was deleted; add --yes to delete it" in asked.stderr, asked
    assert tid in ok(hakem(club, MAL, "list"))
    ok(hakem(club, ANN, "delete", tid, "--yes"))
    assert tid not in ok(hakem(club, MAL, "list", "--all"))
    listed = ok(hakem(club, MAL, "delete", "--list"))
    assert f"{tid}." in listed and f"by {ANN}" in listed
    for user in (MAL, BEN, BOARD):  # the deleted event's own table decides who may bring it back
        said = hakem(club, user, "delete", "--restore", tid)
        assert said.returncode == 3 and "deleting the tournament is not allowed" in said.stderr, (user, said)
    trash = club["data"] / "trash"
    st = trash.stat()
    assert (st.st_uid, st.st_mode & 0o777) == (club["users"][SERVICE].pw_uid, 0o700)  # the service's, unreadable to members
    ok(hakem(club, ANN, "delete", "--restore", tid))
    assert "Ak, Ali" in ok(hakem(club, MAL, "players", "list", tid))
    ok(as_root(club, "delete", tid, "--yes"))  # the administrator, whatever the table says
    ok(as_root(club, "delete", "--restore", tid))
    assert tid in ok(hakem(club, MAL, "list"))


def test_a_member_cannot_reach_anothers_event_by_a_path(club):
    tid = _event(club, "Path Open")
    mine = ok(hakem(club, MAL, "new", "Mal Blitz", "--rounds", "3")).strip().splitlines()[-1]
    for trick in (f"{mine}/../{tid}", f"../{club['data'].name}/{tid}", f"{mine}/..", str(club["data"] / tid), ".."):
        said = hakem(club, MAL, "delete", trick, "--yes")
        assert said.returncode == 3 and "is not a valid tournament id" in said.stderr, (trick, said)
    ok(hakem(club, MAL, "delete", mine, "--yes"))
    [entry] = [line.split()[0] for line in ok(hakem(club, MAL, "delete", "--list")).splitlines()
               if line.startswith(mine + ".")]
    for trick in (f"../trash/{entry}", f"{entry}/../../{tid}.hakem.json", f"{tid}.hakem.json"):
        said = hakem(club, MAL, "delete", "--restore", trick)
        assert said.returncode == 3 and "is not in the trash" in said.stderr, (trick, said)
    assert tid in ok(hakem(club, ANN, "list"))
    assert "Ak, Ali" in ok(hakem(club, ANN, "players", "list", tid))
