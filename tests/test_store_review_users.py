"""The review's attack on repair, by a real Unix user of the club's group (issue 30).

mallory (viewer) edits a round backup so that its roles make her chief arbiter, then makes the
data file and the journal unreadable for alice (``cp f x; chmod 600 x; mv x f``).  alice's
``hakem doctor --repair`` used to restore the edited backup (mallory sole chief arbiter), set
the journal aside and throw away the later round and its results.  Now doctor names the backup
it cannot verify, repair names the unreadable journal (owner, mode) and changes nothing, and
once the files are readable again the repair keeps the journal's history and sets the edited
backup aside.  Needs root (to create the users and switch to them); skipped otherwise.  Users
``hk-fixstore-mallory`` (created first: the lower uid) and ``hk-fixstore-alice``, group
``hk-fixstore-club``, created once and left in place.
"""

from __future__ import annotations

import grp
import json
import shutil
import subprocess

import pytest

from tests import unix_club
from tests.test_store_attacks import _hakem, _setpriv

USERS = ("hk-fixstore-mallory", "hk-fixstore-alice")
GROUP = "hk-fixstore-club"


@pytest.fixture(scope="module")
def club():
    reason = unix_club.missing()
    if reason:
        pytest.skip(reason)
    users = {name.rsplit("-", 1)[1]: pw for name, pw in unix_club.ensure_users(USERS, GROUP).items()}
    gid = grp.getgrnam(GROUP).gr_gid
    base, data, homes = unix_club.club_directory("hakem-review-", users, gid)
    yield {"data": data, "homes": homes, "users": users, "gid": gid}
    shutil.rmtree(base, ignore_errors=True)


def _mallory(club, script: str) -> None:
    """mallory, with a shell and her group's write permission."""
    subprocess.run([*_setpriv(club, "mallory"), "sh", "-c", script], check=True, timeout=60, cwd=club["data"])


def test_an_edited_backup_and_an_unreadable_journal_do_not_make_mallory_chief_arbiter(club):
    tid = _hakem(club, "alice", "new", "Club Open", "--rounds", "3").stdout.strip().splitlines()[-1]
    for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        _hakem(club, "alice", "players", "add", tid, "--name", name, "--rating", str(rating))
    _hakem(club, "alice", "roles", tid, "--grant", "chief-arbiter", "user:hk-fixstore-alice")
    _hakem(club, "alice", "roles", tid, "--grant", "viewer", "user:hk-fixstore-mallory")
    _hakem(club, "alice", "round", "pair", tid)
    _hakem(club, "alice", "result", tid, "1", "1", "1-0")
    _hakem(club, "alice", "result", tid, "1", "2", "0-1")
    _hakem(club, "alice", "round", "pair", tid)  # the round backup of round 1 is taken here
    _hakem(club, "alice", "result", tid, "2", "1", "1-0")
    _hakem(club, "alice", "result", tid, "2", "2", "1-0")
    backup = sorted((club["data"] / "backups" / tid).iterdir())[-1]
    raw = json.loads(backup.read_text())
    raw["tournament"]["1"]["options"]["roles"] = {"chief-arbiter": ["user:hk-fixstore-mallory"]}
    edited = json.dumps(raw)
    _mallory(club, f"printf '%s' '{edited}' > x && mv x '{backup}'")
    doctor = _hakem(club, "alice", "doctor", check=False)
    assert doctor.returncode == 1 and f"backup {backup.name}: is not the state the journal records" in doctor.stdout
    data, journal = f"{tid}.hakem.json", f"{tid}.chain.jsonl"
    _mallory(club, f"for f in {data} {journal}; do cp $f x && chmod 600 x && mv x $f; done")
    inode = (club["data"] / journal).stat().st_ino
    refused = _hakem(club, "alice", "result", tid, "2", "1", "0-1", check=False)
    assert refused.returncode != 0 and "permission denied (a file, owner hk-fixstore-mallory, group hk-fixstore-club, mode 0600)" in refused.stderr
    repair = _hakem(club, "alice", "doctor", "--repair", tid, check=False)
    out = repair.stdout
    assert "restored from backup" not in out
    assert f"not repaired: the journal of {tid} cannot be used (a file, owner hk-fixstore-mallory, group hk-fixstore-club, mode 0600)" in out
    # nothing moved: the journal is where it was, nothing set aside, the backup still there
    assert (club["data"] / journal).stat().st_ino == inode
    assert not [p for p in club["data"].iterdir() if ".suspect-" in p.name]
    assert backup.read_text() == edited
    # the files readable again (the group's mode): repair keeps the journal's history
    _mallory(club, f"chmod 660 {data} {journal}")
    _hakem(club, "alice", "doctor", "--repair", tid, check=False)
    roles = _hakem(club, "alice", "roles", tid).stdout
    assert "hk-fixstore-alice" in roles and "chief-arbiter: user:hk-fixstore-mallory" not in roles
    shown = _hakem(club, "alice", "round", "show", tid, "2").stdout
    assert shown.count("1-0") >= 2  # round 2's results kept
    assert not backup.exists() and (backup.parent / f".{backup.name}.unverified").exists()
    assert _hakem(club, "alice", "doctor", tid, check=False).returncode == 0
