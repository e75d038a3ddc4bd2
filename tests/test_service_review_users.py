"""The club machine's review (issue 30, third review) as real Unix users through the service:
``hk-fix30-hakem`` (the service's account), ``hk-fix30-alice`` (an organiser),
``hk-fix30-mallory`` (a member of the group), created here and removed afterwards; skipped
without root.
"""

from __future__ import annotations

import grp
import json
import os
import subprocess
import sys

import pytest

from tests.unix_club import RUN, missing, service_command, service_layout, start_service, stop_service

GROUP = "hk-fix30-club"
SERVICE, ALICE, MALLORY = "hk-fix30-hakem", "hk-fix30-alice", "hk-fix30-mallory"
NAMES = (SERVICE, ALICE, MALLORY)


@pytest.fixture(scope="module")
def members():
    reason = missing()
    if reason:
        pytest.skip(reason)
    from tests.unix_club import ensure_users

    users = ensure_users(NAMES, GROUP)
    yield {"users": users, "gid": grp.getgrnam(GROUP).gr_gid}
    for name in NAMES:
        subprocess.run(["userdel", name], check=False, capture_output=True)
    subprocess.run(["groupdel", GROUP], check=False, capture_output=True)


@pytest.fixture
def club(members):
    state = service_layout("hk-fix30-", members["users"], SERVICE, members["gid"])
    cmd, env = service_command(state, SERVICE, "--data", str(state["data"]), "serve", "--socket",
                               str(state["socket"]), "--socket-group", GROUP, "--list-managers", f"user:{ALICE}")
    state["service"] = start_service(cmd, env, state["socket"])
    yield state
    stop_service(state)


def hakem(club, user: str, *args: str) -> subprocess.CompletedProcess:
    cmd, env = service_command(club, user, "--socket", str(club["socket"]), *args)
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180, check=False)


def as_root(club, *args: str) -> subprocess.CompletedProcess:
    """The administrator's hakem: root, through the service."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LANGUAGE": "en",
           "HOME": str(club["base"])}
    return subprocess.run([sys.executable, "-c", RUN, "--socket", str(club["socket"]), *args], env=env,
                          capture_output=True, text=True, timeout=180)


def ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, (done.args[-4:], done.stdout, done.stderr)
    return done.stdout


# -- 6: the creator is chief arbiter; the administrator can always reset the roles ---------------
def test_a_member_cannot_make_herself_chief_arbiter_of_anothers_new_event(club):
    tid = ok(hakem(club, ALICE, "new", "Open", "--rounds", "5")).strip().splitlines()[-1]
    roles = ok(hakem(club, ALICE, "roles", tid))
    assert f"user:{ALICE}" in roles
    grab = hakem(club, MALLORY, "roles", tid, "--grant", "chief-arbiter", f"user:{MALLORY}")
    assert grab.returncode == 3 and "your role in 'Open' is viewer" in grab.stderr, grab
    locked = hakem(club, MALLORY, "roles", tid, "--revoke", f"user:{ALICE}")
    assert locked.returncode == 3, locked
    assert f"user:{MALLORY}" not in ok(hakem(club, ALICE, "roles", tid))
    # the administrator (root, through the service) resets a table whatever it says
    ok(as_root(club, "roles", tid, "--grant", "chief-arbiter", f"user:{MALLORY}"))
    ok(as_root(club, "roles", tid, "--revoke", f"user:{ALICE}"))
    ok(as_root(club, "roles", tid, "--grant", "chief-arbiter", f"user:{ALICE}"))
    ok(as_root(club, "roles", tid, "--revoke", f"user:{MALLORY}"))
    final = ok(hakem(club, ALICE, "roles", tid))
    assert f"user:{ALICE}" in final and f"user:{MALLORY}" not in final
    ok(hakem(club, ALICE, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800"))


# -- 9: doctor shows contact data only to those who may see it ----------------------------------
def test_doctor_names_a_changed_register_without_showing_a_members_contact_data(club):
    ok(hakem(club, ALICE, "members", "add", "--name", "Ak, Ali", "--email", "ali.secret@example.org",
             "--phone", "+90 555 0100"))
    path = club["data"] / "club.json"
    raw = json.loads(path.read_text())
    [doc] = raw["members"].values()
    doc["name"] = "Ak, Alp"
    doc["contact"]["email"] = "forged@example.org"
    path.write_text(json.dumps(raw))  # by hand, in place: the service's file keeps its owner
    seen = hakem(club, MALLORY, "doctor")
    assert seen.returncode == 1 and '"Ak, Ali" in the journal, "Ak, Alp" in the file' in seen.stdout, seen
    assert "example.org" not in seen.stdout + seen.stderr and "0100" not in seen.stdout + seen.stderr
    assert "the contact data (e-mail, phone) of some members differs" in seen.stdout
    shown = hakem(club, ALICE, "doctor")  # a list manager sees what the register shows her
    assert "ali.secret@example.org" in shown.stdout and "forged@example.org" in shown.stdout, shown
