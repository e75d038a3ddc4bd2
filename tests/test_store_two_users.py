"""Two real Unix users in one club directory (2770, setgid), each running the real ``hakem``.

Needs root (to create the users with ``useradd`` and to switch to them with ``setpriv``);
skipped with the reason otherwise.  The users and the group are created once and left in place
(``hakem-alice``, ``hakem-bob``, group ``hakem-club``).
"""

from __future__ import annotations

import grp
import json
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.unix_club import club_directory, ensure_users, missing

USERS = ("hakem-alice", "hakem-bob")
GROUP = "hakem-club"
RUN = "import os, sys; os.umask(0o022); from tui.launch import main; sys.exit(main(sys.argv[1:]))"
"""The real ``hakem`` entry point, run with the default umask 022 of most systems."""


@pytest.fixture(scope="module")
def club():
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = ensure_users(USERS, GROUP)
    gid = grp.getgrnam(GROUP).gr_gid
    base, data, homes = club_directory("hakem-two-users-", users, gid)
    yield {"data": data, "homes": homes, "users": users, "gid": gid}
    shutil.rmtree(base, ignore_errors=True)


def _as(club, user: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    pw = club["users"][user]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(club["homes"][user]),
           "HAKEM_DATA": str(club["data"]), "LANG": "C.UTF-8", "LANGUAGE": "en",
           "HAKEM_USER": "someone-else", "HAKEM_CONFIG_DIR": str(club["homes"][user] / "cfg")}
    cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
           "--inh-caps=-all", sys.executable, "-c", RUN, *args]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120, check=False)
    if check:
        assert proc.returncode == 0, (args, proc.stdout, proc.stderr)
    return proc


def _as_root_file(path: Path, content: bytes, owner: pwd.struct_passwd, mode: int,
                  gid: int | None = None) -> None:
    path.write_bytes(content)
    os.chown(path, owner.pw_uid, owner.pw_gid if gid is None else gid)
    os.chmod(path, mode)


def test_two_organisers_with_umask_022_share_every_step(club):
    tid = _as(club, "hakem-alice", "new", "Club Open", "--rounds", "3").stdout.strip().splitlines()[-1]
    for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        _as(club, "hakem-alice", "players", "add", tid, "--name", name, "--rating", str(rating))
    _as(club, "hakem-alice", "round", "pair", tid)  # creates backups/ and backups/<id>
    for board in (1, 2):
        _as(club, "hakem-bob", "result", tid, "1", str(board), "1-0")
    _as(club, "hakem-bob", "round", "pair", tid)  # the second organiser pairs (was exit 5)
    _as(club, "hakem-alice", "undo", tid, "--theirs")  # alice undoes bob's pairing
    _as(club, "hakem-bob", "redo", tid)
    data = club["data"]
    for folder in (data / "backups", data / "backups" / tid):
        assert oct(folder.stat().st_mode & 0o7777) == oct(0o2770)
    log = json.loads(_as(club, "hakem-bob", "log", tid, "--format", "json").stdout)
    authors = [e["user"] for e in log]
    assert authors[0] == "hakem-alice" and "hakem-bob" in authors
    assert "someone-else" not in authors  # HAKEM_USER is ignored
    assert authors[-1] == "hakem-bob" and authors[-2] == "hakem-alice"
    assert _as(club, "hakem-alice", "doctor", tid).returncode == 0


def test_bob_cannot_make_alice_write_into_her_own_files(club):
    alice, bob = club["users"]["hakem-alice"], club["users"]["hakem-bob"]
    data = club["data"]
    tid = _as(club, "hakem-alice", "new", "Blitz", "--rounds", "1").stdout.strip().splitlines()[-1]
    bashrc = club["homes"]["hakem-alice"] / ".bashrc"
    _as_root_file(bashrc, b"# alice\n", alice, 0o644)
    journal = data / f"{tid}.chain.jsonl"
    # bob (a member of the group) replaces the journal by a link to alice's .bashrc
    planted = data / "planted"
    subprocess.run(["setpriv", f"--reuid={bob.pw_uid}", f"--regid={bob.pw_gid}",
                    f"--groups={club['gid']}", "--inh-caps=-all", "sh", "-c",
                    f'ln -s "{bashrc}" "{planted}" && mv -f "{planted}" "{journal}"'], check=True)
    assert journal.is_symlink()
    refused = _as(club, "hakem-alice", "players", "add", tid, "--name", "Evil $(touch /tmp/pwned)", check=False)
    assert bashrc.read_bytes() == b"# alice\n"
    # the history is gone from hakem's view: it refuses to start a new journal over it (it
    # used to set the link aside and begin a fresh chain), names what is there, moves nothing
    assert refused.returncode != 0 and f"the journal of {tid} cannot be used (a symbolic link, owner hakem-bob" in refused.stderr
    assert journal.is_symlink()
    doctor = _as(club, "hakem-alice", "doctor", tid, check=False)
    assert doctor.returncode == 1 and "cannot be read (a symbolic link, owner hakem-bob" in doctor.stdout
    tid = _as(club, "hakem-alice", "new", "Rapid", "--rounds", "1").stdout.strip().splitlines()[-1]
    journal = data / f"{tid}.chain.jsonl"
    # without a service every member may write the one journal; what bob changes in alice's
    # line is evident (the line's hash no longer fits), not forbidden
    _as(club, "hakem-bob", "players", "add", tid, "--name", "Bob's entry")
    _as(club, "hakem-alice", "players", "add", tid, "--name", "Alice's entry")
    lines = journal.read_text().splitlines()
    entry = json.loads(lines[-2])
    entry["uid"], entry["user"] = alice.pw_uid, "hakem-alice"
    subprocess.run(["setpriv", f"--reuid={bob.pw_uid}", f"--regid={bob.pw_gid}",
                    f"--groups={club['gid']}", "--inh-caps=-all", sys.executable, "-c",
                    "import sys; open(sys.argv[1], 'w').write(sys.argv[2])", str(journal),
                    "\n".join([*lines[:-2], json.dumps(entry), lines[-1]]) + "\n"], check=True)
    log = json.loads(_as(club, "hakem-alice", "log", tid, "--format", "json").stdout)
    assert log[-2]["user"] == "hakem-alice" and log[-2]["altered"]
    doctor = _as(club, "hakem-alice", "doctor", tid, check=False)
    assert doctor.returncode == 1 and "was changed after it was written" in doctor.stdout


def test_a_private_tournament_linked_into_the_club_is_refused(club):
    alice = club["users"]["hakem-alice"]
    private = club["homes"]["hakem-alice"] / "private.hakem.json"
    _as_root_file(private, b'{"meta": {"1": {}}, "tournament": {"1": {}}}', alice, 0o600)
    link = club["data"] / "private.hakem.json"
    link.symlink_to(private)
    try:
        proc = _as(club, "hakem-alice", "players", "add", "private", "--name", "X", check=False)
        assert proc.returncode == 5 and "symbolic link" in proc.stderr
        assert private.read_bytes() == b'{"meta": {"1": {}}, "tournament": {"1": {}}}'
    finally:
        link.unlink()


def test_roles_follow_the_real_unix_user_and_group(club):
    tid = _as(club, "hakem-alice", "new", "Rapid", "--rounds", "3").stdout.strip().splitlines()[-1]
    for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        _as(club, "hakem-alice", "players", "add", tid, "--name", name, "--rating", str(rating))
    _as(club, "hakem-alice", "roles", tid, "--grant", "chief-arbiter", "user:hakem-alice")
    _as(club, "hakem-alice", "roles", tid, "--grant", "results", f"group:{GROUP}")
    _as(club, "hakem-alice", "round", "pair", tid)
    shown = _as(club, "hakem-bob", "roles", tid).stdout
    assert "your role: results entry only" in shown
    _as(club, "hakem-bob", "result", tid, "1", "1", "1-0")  # bob, through his group: results
    refused = _as(club, "hakem-bob", "round", "unpair", tid, "--force", check=False)
    assert refused.returncode == 3 and "results entry only" in refused.stderr
    refused = _as(club, "hakem-bob", "players", "add", tid, "--name", "Eve", check=False)
    assert refused.returncode == 3
    # HAKEM_USER=hakem-alice does not make bob the chief arbiter
    pw = club["users"]["hakem-bob"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(club["homes"]["hakem-bob"]),
           "HAKEM_DATA": str(club["data"]), "HAKEM_USER": "hakem-alice", "USER": "hakem-alice",
           "LANG": "C.UTF-8", "SSH_ORIGINAL_COMMAND": f"hakem round pair {tid}"}
    forced = subprocess.run(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                             "--inh-caps=-all", sys.executable, "-c", RUN, "results-only"],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert forced.returncode == 3 and "may only enter results" in forced.stderr
    env["SSH_ORIGINAL_COMMAND"] = f"hakem result {tid} 1 2 0-1"
    forced = subprocess.run(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                             "--inh-caps=-all", sys.executable, "-c", RUN, "results-only"],
                            env=env, capture_output=True, text=True, timeout=120, check=False)
    assert forced.returncode == 0, forced.stderr
    log = json.loads(_as(club, "hakem-alice", "log", tid, "--format", "json").stdout)
    assert [e["user"] for e in log[-2:]] == ["hakem-bob", "hakem-bob"]
