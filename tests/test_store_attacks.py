"""The audit's attacks on the journal (issue 30, B3–B6), by a real Unix user of the club's group.

alice is chief arbiter, mallory a member of the group with the viewer role; the data directory
is the README's shared one (setgid, 2770) without a service, so mallory can write every file in
it.  What the hash chain must give there is evidence: alice's hakem notices what mallory did to
one file, says what, refuses to build on it and repairs from the journal.  Needs root (to create
the users and switch to them); skipped with the reason otherwise.  The users and the group are
created once and left in place: ``hk-journal-mallory`` first, so her uid is the lower one (the
earlier design searched her journal first), then ``hk-journal-alice``, group ``hk-journal-club``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.unix_club import club_fixture, run_as

USERS = ("hk-journal-mallory", "hk-journal-alice")
GROUP = "hk-journal-club"


@pytest.fixture(scope="module")
def club():
    yield from club_fixture("hakem-journal-attacks-", USERS, GROUP, short_keys=True)


def _setpriv(club, user: str) -> list[str]:
    pw = club["users"][user]
    return ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
            "--inh-caps=-all"]


def _hakem(club, user: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    proc = run_as(club, user, *args, timeout=180)
    if check:
        assert proc.returncode == 0, (args, proc.stdout, proc.stderr)
    return proc


def _mallory_runs(club, code: str, *args: str) -> None:
    """mallory, with nothing but Python and her group's write permission."""
    subprocess.run([*_setpriv(club, "mallory"), sys.executable, "-c", code, *args], check=True,
                   timeout=60, cwd=club["data"])


def _tournament(club) -> str:
    """alice's tournament: she is chief arbiter, mallory a viewer; round 1 paired, 1.1 entered."""
    tid = _hakem(club, "alice", "new", "Club Open", "--rounds", "3").stdout.strip().splitlines()[-1]
    for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        _hakem(club, "alice", "players", "add", tid, "--name", name, "--rating", str(rating))
    _hakem(club, "alice", "roles", tid, "--grant", "chief-arbiter", "user:hk-journal-alice")
    _hakem(club, "alice", "roles", tid, "--grant", "viewer", "user:hk-journal-mallory")
    _hakem(club, "alice", "round", "pair", tid)
    _hakem(club, "alice", "result", tid, "1", "1", "1-0")
    return tid


def _doctor(club, *args: str) -> str:
    proc = _hakem(club, "alice", "doctor", *args, check=False)
    return proc.stdout + proc.stderr


REWRITE_LINE = """
import os, sys
journal, old, new = sys.argv[1:4]
lines = open(journal).read().splitlines()
lines = [line.replace(old, new) for line in lines]
open("copy.tmp", "w").write("\\n".join(lines) + "\\n")
os.rename("copy.tmp", journal)
"""


def test_b3_a_rewritten_copy_renamed_onto_the_journal_is_caught_by_the_chain(club):
    tid = _tournament(club)
    _hakem(club, "alice", "result", tid, "1", "2", "1-0")
    _hakem(club, "alice", "players", "add", tid, "--name", "Eve", "--rating", "2000")
    # mallory rewrites alice's result 1.2 (white won) into a black win and renames her copy
    # over the journal
    _mallory_runs(club, REWRITE_LINE, f"{tid}.chain.jsonl", '"n":"1-0","o":null,"p":["rounds",0,"boards",1,"r"]',
                  '"n":"0-1","o":null,"p":["rounds",0,"boards",1,"r"]')
    _mallory_runs(club, REWRITE_LINE, f"{tid}.chain.jsonl", "result round 1 board 2 1-0", "result round 1 board 2 0-1")
    log = json.loads(_hakem(club, "alice", "log", tid, "--format", "json").stdout)
    forged = [e for e in log if e["action"] == "result round 1 board 2 0-1"]
    assert len(forged) == 1 and forged[0]["altered"] and forged[0]["user"] == "hk-journal-alice"
    report = _doctor(club, tid)
    assert "does not follow the journal before it" in report
    assert "result round 1 board 2 0-1) was changed after it was written" in report


def test_b4_alices_undo_takes_her_change_from_the_chain(club):
    tid = _tournament(club)
    _hakem(club, "alice", "result", tid, "1", "2", "1/2-1/2")
    head = json.loads((club["data"] / f"{tid}.hakem.json").read_text())["meta"]["1"]["head"]
    mallory = club["users"]["mallory"].pw_uid
    # mallory's own journal (the earlier layout's name) claims the id of alice's last change;
    # inverting its operations would make her chief arbiter
    planted = {"id": head, "base": None, "rev": 1, "uid": mallory, "user": "hk-journal-mallory",
               "action": "result 1 2 1/2-1/2",
               "ops": [{"p": ["options", "roles", "chief-arbiter"], "o": ["user:hk-journal-mallory"],
                        "n": ["user:hk-journal-alice"]}]}
    _mallory_runs(club, "import sys; open(sys.argv[1], 'w').write(sys.argv[2])",
                  f"{tid}.journal.{mallory}.jsonl", json.dumps(planted) + "\n")
    _hakem(club, "alice", "undo", tid)
    shown = _hakem(club, "alice", "roles", tid).stdout
    assert "hk-journal-mallory" in shown and "viewer" in shown
    refused = _hakem(club, "mallory", "round", "unpair", tid, "--force", check=False)
    assert refused.returncode == 3
    board = json.loads((club["data"] / f"{tid}.hakem.json").read_text())["tournament"]["1"]["rounds"][0]["boards"][1]
    assert board["r"] is None


FORGE = """
import json, sys
path = sys.argv[1]
raw = json.load(open(path))
t = raw["tournament"]["1"]
t["rounds"][0]["boards"][0]["r"] = "0-1"
t["options"]["roles"]["chief-arbiter"].append("user:hk-journal-mallory")
open(path, "w").write(json.dumps(raw))
"""


def test_b5_a_forged_data_file_is_named_refused_and_repaired_from_the_journal(club):
    tid = _tournament(club)
    _mallory_runs(club, FORGE, f"{tid}.hakem.json")
    report = _doctor(club, tid)
    assert 'round 1, board 1, r: "1-0" in the journal, "0-1" in the file' in report
    assert "roles, chief-arbiter" in report and "user:hk-journal-mallory" in report
    # mallory "uses hakem normally" with the role she gave herself: refused
    refused = _hakem(club, "mallory", "result", tid, "1", "2", "0-1", check=False)
    assert refused.returncode != 0 and "changed outside hakem" in refused.stderr
    assert "changed outside hakem" in _hakem(club, "alice", "result", tid, "1", "2", "1-0", check=False).stderr
    repaired = _hakem(club, "alice", "doctor", "--repair", tid, check=False)
    assert repaired.returncode == 0, repaired.stdout
    assert "rebuilt from the journal" in repaired.stdout
    data = json.loads((club["data"] / f"{tid}.hakem.json").read_text())["tournament"]["1"]
    assert data["rounds"][0]["boards"][0]["r"] == "1-0"
    assert data["options"]["roles"]["chief-arbiter"] == ["user:hk-journal-alice"]
    last = json.loads(_hakem(club, "alice", "log", tid, "--format", "json").stdout)[-1]
    assert last["user"] == "hk-journal-alice" and last["action"] == "doctor: rebuilt from the journal"
    _hakem(club, "alice", "result", tid, "1", "2", "1-0")


def test_b6_an_old_copy_over_the_data_file_is_caught_and_rolled_forward(club):
    tid = _tournament(club)
    _mallory_runs(club, "import shutil, sys; shutil.copy(sys.argv[1], 'old-copy')", f"{tid}.hakem.json")
    _hakem(club, "alice", "roles", tid, "--grant", "arbiter", "user:hk-journal-alice")
    _hakem(club, "alice", "result", tid, "1", "2", "0-1")
    _hakem(club, "alice", "round", "pair", tid)
    _hakem(club, "alice", "result", tid, "2", "1", "1/2-1/2")
    expected = json.loads((club["data"] / f"{tid}.hakem.json").read_text())["tournament"]["1"]
    _mallory_runs(club, "import os, sys; os.rename('old-copy', sys.argv[1])", f"{tid}.hakem.json")
    report = _doctor(club, tid)
    assert "but the journal goes on with 4 changes" in report and "an older copy of the file" in report
    refused = _hakem(club, "alice", "players", "add", tid, "--name", "Eve", check=False)
    assert refused.returncode != 0 and "an older copy of the file was put in its place" in refused.stderr
    repaired = _hakem(club, "alice", "doctor", "--repair", tid, check=False)
    assert repaired.returncode == 0, repaired.stdout
    assert json.loads((club["data"] / f"{tid}.hakem.json").read_text())["tournament"]["1"] == expected
    _hakem(club, "alice", "result", tid, "2", "2", "1-0")
    assert _hakem(club, "alice", "doctor", tid, check=False).returncode == 0
