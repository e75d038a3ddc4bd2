"""A fresh review of files written for the user, by real Unix users (root needed).

``hk-fixfiles-alice`` (the organiser) and ``hk-fixfiles-mallory`` (another member of the group
``hk-fixfiles-club``) run the real ``hakem`` through ``setpriv``.

- A link in a *parent* folder of ``-o``: mallory plants ``exp/sub -> /home/alice`` in a folder
  the group may write; alice's ``export --trf -o exp/sub/.bashrc --force`` wrote a player named
  ``Evil $(touch ~/pwned) #`` into her ``.bashrc`` (and without ``--force`` new files into her
  home), the same for the PDF, the standings CSV, the crosstable and ``export --html -o DIR``.
  A link alice owns herself is still followed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.unix_club import club_fixture, run_as

USERS = ("hk-fixfiles-alice", "hk-fixfiles-mallory")
ALICE, MALLORY = USERS
GROUP = "hk-fixfiles-club"
BASHRC = b"# alice's shell start-up\nexport EDITOR=vi\n"


@pytest.fixture(scope="module")
def club():
    yield from club_fixture("hk-fixfiles-", USERS, GROUP)


def hakem(club, user: str, *args: str) -> subprocess.CompletedProcess:
    return run_as(club, user, *args, data=club["homes"][user] / "data", timeout=180)


def ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, (proc.args[-6:], proc.stdout, proc.stderr)
    return proc.stdout


def as_user(club, user: str, path: Path) -> None:
    pw = club["users"][user]
    os.chown(path, pw.pw_uid, pw.pw_gid, follow_symlinks=False)


@pytest.fixture(scope="module")
def event(club):
    tid = ok(hakem(club, ALICE, "new", "Blitz", "--rounds", "3")).strip().splitlines()[-1]
    for name, rating in (("Evil $(touch ~/pwned) #", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        ok(hakem(club, ALICE, "players", "add", tid, "--name", name, "--rating", str(rating)))
    ok(hakem(club, ALICE, "round", "pair", tid))
    return tid


@pytest.fixture(scope="module")
def exp(club):
    """A folder every member may write (root:club 2770, as a shared print folder) with
    mallory's link ``sub -> alice's home``."""
    folder = club["base"] / "exp"
    folder.mkdir()
    os.chown(folder, 0, club["gid"])
    os.chmod(folder, 0o2770)
    (folder / "sub").symlink_to(club["homes"][ALICE])
    as_user(club, MALLORY, folder / "sub")
    home = club["homes"][ALICE]
    (home / ".bashrc").write_bytes(BASHRC)
    as_user(club, ALICE, home / ".bashrc")
    return folder


def _home_unchanged(club) -> None:
    home = club["homes"][ALICE]
    assert (home / ".bashrc").read_bytes() == BASHRC
    assert not ({p.name for p in home.iterdir()} - {".bashrc", ".config", "data", "out"})


@pytest.mark.parametrize("args", [
    ("export", "{tid}", "--trf", "-o", "{exp}/sub/.bashrc", "--force"),
    ("export", "{tid}", "--trf", "-o", "{exp}/sub/x.trf"),
    ("report", "{tid}", "pairings", "--format", "pdf", "-o", "{exp}/sub/p.pdf"),
    ("standings", "{tid}", "--format", "csv", "-o", "{exp}/sub/.bashrc", "--force"),
    ("report", "{tid}", "crosstable", "-o", "{exp}/sub/c.txt"),
    ("export", "{tid}", "--html", "-o", "{exp}/sub/site"),
    ("export", "{tid}", "--html", "-o", "{exp}/sub/../sub/site2"),
], ids=lambda a: " ".join(a[2:4]))
def test_a_link_of_another_user_in_a_parent_folder_is_not_followed(club, event, exp, args):
    proc = hakem(club, ALICE, *(a.format(tid=event, exp=exp) for a in args))
    assert proc.returncode == 5, (proc.stdout, proc.stderr)  # a file hakem cannot write, as for a link as the name
    assert f"{exp}/sub: is a symbolic link belonging to {MALLORY}" in proc.stderr, proc.stderr
    assert sum("hakem:" in line for line in proc.stderr.splitlines()) == 1
    _home_unchanged(club)


def test_the_users_own_link_is_followed(club, event, exp):
    """``~/out -> exp/alice`` is alice's own link: the file lands where it points."""
    home = club["homes"][ALICE]
    mine = exp / "alice"
    mine.mkdir()
    as_user(club, ALICE, mine)
    (home / "out").symlink_to(mine)
    as_user(club, ALICE, home / "out")
    try:
        ok(hakem(club, ALICE, "export", event, "--trf", "-o", "out/blitz.trf"))
        ok(hakem(club, ALICE, "export", event, "--html", "-o", str(home / "out" / "site")))
        assert (mine / "blitz.trf").read_text().startswith("012 Blitz")
        assert (mine / "site" / "index.html").is_file()
    finally:
        (home / "out").unlink()
