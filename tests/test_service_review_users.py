"""The club machine's review (issue 30, third review) as real Unix users through the service:
``hk-fix30-hakem`` (the service's account), ``hk-fix30-alice`` (an organiser),
``hk-fix30-mallory`` (a member of the group), created here and removed afterwards; skipped
without root.
"""

from __future__ import annotations

import json
import os
import subprocess

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

GROUP = "hk-fix30-club"
SERVICE, ALICE, MALLORY = "hk-fix30-hakem", "hk-fix30-alice", "hk-fix30-mallory"
NAMES = (SERVICE, ALICE, MALLORY)


@pytest.fixture(scope="module")
def members():
    yield from members_fixture(NAMES, GROUP)


@pytest.fixture
def layout(members):
    """The service's layout, not started yet (:func:`serve`); a tmpfs under its data directory
    is unmounted afterwards."""
    state = service_layout("hk-fix30-", members["users"], SERVICE, members["gid"])
    yield state
    if "service" in state:
        import signal

        state["service"].send_signal(signal.SIGTERM)
        state["service"].wait(30)
    if state.get("tmpfs"):
        subprocess.run(["umount", str(state["data"])], check=False)
    stop_service({**state, "service": _Ended()})


class _Ended:
    def send_signal(self, _signal):
        pass

    def wait(self, _timeout):
        return 0


def serve(state, *options: str) -> dict:
    cmd, env = service_command(state, SERVICE, "--data", str(state["data"]), "serve", "--socket",
                               str(state["socket"]), "--socket-group", GROUP, "--list-managers", f"user:{ALICE}",
                               *options)
    state["service"] = start_service(cmd, env, state["socket"])
    return state


@pytest.fixture
def club(layout):
    return serve(layout)


hakem, as_root, ok = in_service, as_administrator, succeeded


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


# -- 5: the reserve and the quota judge what a change writes ------------------------------------
def _field_csv(path, players: int) -> str:
    rows = ["Name,Rating,Club"] + [f"\"Player{i:05d}, Given{i:05d}\",{1000 + i % 1500},{'Club ' + 'x' * 60}"
                                   for i in range(players)]
    path.write_text("\n".join(rows) + "\n")
    os.chmod(path, 0o644)
    return str(path)


def test_one_import_cannot_take_the_reserve(layout):
    """A 12 MiB tmpfs, 11 MiB kept for results: an import of 6,000 players writes more than
    the 1 MiB above the reserve (its journal line and the new data file, each over half a MiB).
    Before, the reserve was asked before the change (12 MiB free: fine) and the import took it."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=12m,mode=0700", "tmpfs", str(layout["data"])], check=True)
    layout["tmpfs"] = True
    pw = layout["users"][SERVICE]
    os.chown(layout["data"], pw.pw_uid, pw.pw_gid)
    serve(layout, "--reserve", "11M")
    tid = ok(hakem(layout, ALICE, "new", "Big", "--rounds", "5")).strip().splitlines()[-1]
    csv = _field_csv(layout["base"] / "homes" / ALICE / "field.csv", 6000)
    said = hakem(layout, ALICE, "players", "import", tid, csv)
    assert said.returncode == 3, said
    assert "kept for results: nothing was changed" in said.stderr and "this change writes" in said.stderr, said.stderr
    assert "Player" not in ok(hakem(layout, ALICE, "players", "list", tid))
    ok(hakem(layout, ALICE, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800"))  # small changes go on


def test_one_import_cannot_go_past_the_members_limit(club):
    """256 KiB per member: a 2,000-player import is refused by what it writes (before: alice
    used a few KiB when it was asked, so it went in and left her far past the limit)."""
    import signal

    club["service"].send_signal(signal.SIGTERM)
    club["service"].wait(30)
    club["socket"].unlink(missing_ok=True)
    serve(club, "--max-data", "256K")
    tid = ok(hakem(club, ALICE, "new", "Open", "--rounds", "5")).strip().splitlines()[-1]
    csv = _field_csv(club["base"] / "homes" / ALICE / "field.csv", 2000)
    said = hakem(club, ALICE, "players", "import", tid, csv)
    assert said.returncode == 3 and "over the limit for one member of 256.0 KiB" in said.stderr, said.stderr
    assert "archived tournaments count too" in said.stderr
    assert "Player" not in ok(hakem(club, ALICE, "players", "list", tid))


# -- 7: series count against the member; the administrator removes any -----------------------
def test_a_member_organises_a_limited_number_of_series_and_the_administrator_removes_any(club):
    from core.app.series import MAX_SERIES_PER_MEMBER

    script = ("import sys\n"
              "from core.club.series import Series\n"
              "from core.service import open_workspace\n"
              "ws = open_workspace(socket=sys.argv[1])\n"
              "for i in range(int(sys.argv[2])): ws.create_series(Series(f'Junk {i:04d}'))\n")
    cmd, env = service_command(club, MALLORY, "x")
    cmd = [*cmd[:cmd.index("-c") + 1], script, str(club["socket"]), str(MAX_SERIES_PER_MEMBER)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300, cwd=os.getcwd())
    assert done.returncode == 0, done.stderr
    said = hakem(club, MALLORY, "series", "new", "One more")
    assert said.returncode == 3, said
    assert f"{MALLORY} organises {MAX_SERIES_PER_MEMBER} series, the limit for one member; nothing was created" in said.stderr
    ok(hakem(club, ALICE, "series", "new", "Season"))  # another member's own count
    refused = hakem(club, MALLORY, "series", "delete", "Season")
    assert refused.returncode == 3 and "only the organisers of series 'Season'" in refused.stderr
    ok(as_root(club, "series", "delete", "Junk 0000"))  # the administrator removes anyone's
    listed = ok(hakem(club, ALICE, "series", "list"))
    assert "Junk 0000" not in listed and "Junk 0001" in listed and "Season" in listed


# -- 10: a planted entry in a shared (sticky) web root is named with its owner -------------------
def test_publishing_over_someone_elses_planted_link_names_it_and_its_owner(club):
    tid = ok(hakem(club, ALICE, "new", "Open", "--rounds", "5")).strip().splitlines()[-1]
    web = club["base"] / "web"
    web.mkdir()
    os.chmod(web, 0o1777)  # a shared web root: everyone writes, only an entry's owner replaces it
    mallory = club["users"][MALLORY]
    os.symlink("/etc/passwd", web / "index.html")
    os.lchown(web / "index.html", mallory.pw_uid, mallory.pw_gid)
    said = hakem(club, ALICE, "publish", tid, str(web), "--force")  # --force: she means to replace it
    assert said.returncode != 0, said
    assert f"index.html: a symbolic link, owner {MALLORY}" in said.stderr, said.stderr
    assert "only its owner may replace it in this directory" in said.stderr and ".tmp" not in said.stderr
    assert os.readlink(web / "index.html") == "/etc/passwd"
