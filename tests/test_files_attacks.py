"""Issue 30's attacks on files, by real Unix users in one club directory (2770, setgid).

``hk-files-alice`` (the organiser), ``hk-files-mallory`` (a member of the group, hostile) and
``hk-files-boardside`` (the results-only SSH key) run the real ``hakem`` through ``setpriv``
with the umask 022 of most systems.  Needs root; skipped with the reason otherwise.  The users
and the group are created once and left in place.

- B1: the results-only key named files: ``standings ID -o`` replaced a journal, ``-o
  ~/.bashrc`` planted a command, ``standings /etc/passwd`` read a file.
- B2: ``export ID --trf -o blitz.trf`` followed a link another member planted to the user's
  ``~/.bashrc``.
- B7: a publish directory stored in the group-writable tournament made the organiser's next
  result overwrite her own ``~/public_html/index.html``.
- B8 (lists): a FIFO planted as ``lists/fide.idx`` blocked ``lists search`` for ever.
- B9: under umask 022 ``lists/`` was created 2750 and the second member could not import.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.ratinglist_builder import fide_txt
from tests.test_ratinglists import PLAYERS
from tests.unix_club import club_fixture, run_as

USERS = ("hk-files-alice", "hk-files-mallory", "hk-files-boardside")
ALICE, MALLORY, BOARDSIDE = USERS
GROUP = "hk-files-club"
BASHRC = b"# alice's shell start-up\nexport EDITOR=vi\n"


@pytest.fixture(scope="module")
def club():
    yield from club_fixture("hk-files-", USERS, GROUP)


def hakem(club, user: str, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
          timeout: float = 120) -> subprocess.CompletedProcess:
    return run_as(club, user, *args, cwd=cwd, env=env, timeout=timeout)


def ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, (proc.args[-6:], proc.stdout, proc.stderr)
    return proc.stdout


def own_file(club, user: str, path: Path, content: bytes, mode: int = 0o644) -> None:
    pw = club["users"][user]
    path.write_bytes(content)
    os.chown(path, pw.pw_uid, pw.pw_gid)
    os.chmod(path, mode)


@pytest.fixture(scope="module")
def event(club):
    """Alice's tournament in the club directory: a player whose name is a shell command, round 1
    paired, boardside with the results role."""
    tid = ok(hakem(club, ALICE, "new", "Blitz; touch ~/pwned-alice #", "--rounds", "3")).strip().splitlines()[-1]
    for name, rating in (("Evil $(touch ~/pwned) #", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        ok(hakem(club, ALICE, "players", "add", tid, "--name", name, "--rating", str(rating)))
    ok(hakem(club, ALICE, "round", "pair", tid))
    ok(hakem(club, ALICE, "roles", tid, "--grant", "chief-arbiter", f"user:{ALICE}"))
    ok(hakem(club, ALICE, "roles", tid, "--grant", "results", f"user:{BOARDSIDE}"))
    ok(hakem(club, ALICE, "roles", tid, "--grant", "chief-arbiter", f"user:{MALLORY}"))  # B7 needs a writer
    return tid


def results_only(club, command: str) -> subprocess.CompletedProcess:
    """What sshd runs for the README's forced-command key."""
    return hakem(club, BOARDSIDE, "results-only", env={"SSH_ORIGINAL_COMMAND": command})


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.is_symlink()}


# -- B1 -----------------------------------------------------------------------------------------
def test_b1_the_results_only_key_writes_and_reads_no_file(club, event):
    data, home = club["data"], club["homes"][BOARDSIDE]
    own_file(club, BOARDSIDE, home / ".bashrc", BASHRC)
    before = snapshot(data)
    victim = next(name for name in before if name.startswith(event))  # the data file or a journal
    for command in (f"standings {event} -o {data / victim}",
                    f"standings {event} --format csv -o {home / '.bashrc'}",
                    f"standings {event} --format csv --output={home / '.bashrc'}",
                    f"standings {event} --format csv -o{home / '.bashrc'}",
                    f"standings {event} --form csv -o {home / 'new.csv'}",
                    "standings /etc/passwd", "standings passwd.txt", f"--data {home} list",
                    f"round show {event} --format json --lang de"):
        proc = results_only(club, command)
        assert proc.returncode == 3 and "may only enter results" in proc.stderr, (command, proc.stdout, proc.stderr)
        assert "root:" not in proc.stdout + proc.stderr
    (home / "passwd.txt").write_bytes(Path("/etc/passwd").read_bytes())
    proc = results_only(club, "standings passwd.txt")
    assert proc.returncode == 3 and "root:" not in proc.stdout + proc.stderr
    assert snapshot(data) == before
    assert (home / ".bashrc").read_bytes() == BASHRC and not (home / "new.csv").exists()
    assert not (home / "pwned").exists()
    # what the key is for still works: reading and entering a result
    assert "Evil" in ok(results_only(club, f"standings {event} --format csv"))
    ok(results_only(club, f"round show {event} 1"))
    ok(results_only(club, f"hakem result {event} 1 2 1-0"))


# -- B2 -----------------------------------------------------------------------------------------
def test_b2_no_output_path_follows_a_planted_link(club, event):
    """Mallory plants ``blitz.trf`` → alice's ``~/.bashrc`` in the club directory and in a
    shared print folder; every command that writes a file for alice refuses the link."""
    alice_rc = club["homes"][ALICE] / ".bashrc"
    own_file(club, ALICE, alice_rc, BASHRC)
    prints = club["base"] / "prints"
    prints.mkdir(exist_ok=True)
    os.chown(prints, 0, club["gid"])
    os.chmod(prints, 0o2770)
    mallory = club["users"][MALLORY]
    for folder in (club["data"], prints):
        for name in ("blitz.trf", "blitz.csv", "blitz.pdf", "blitz.txt", "blitz.json"):
            link = folder / name
            link.unlink(missing_ok=True)
            link.symlink_to(alice_rc)
            os.lchown(link, mallory.pw_uid, mallory.pw_gid)
    for folder in (club["data"], prints):
        for args in (("export", event, "--trf", "-o", "blitz.trf"),
                     ("export", event, "--csv", "-o", "blitz.csv", "--force"),
                     ("export", event, "--json", "-o", "blitz.json"),
                     ("report", event, "standings", "--format", "pdf", "-o", "blitz.pdf", "--force"),
                     ("standings", event, "-o", "blitz.txt", "--force")):
            proc = hakem(club, ALICE, *args, cwd=folder)
            assert proc.returncode == 5, (folder, args, proc.stdout, proc.stderr)
            assert "symbolic link" in proc.stderr or "inside the data directory" in proc.stderr
    assert alice_rc.read_bytes() == BASHRC
    assert "symbolic link" in hakem(club, ALICE, "export", event, "--trf", "-o", "blitz.trf", cwd=prints).stderr


def test_b2_an_existing_file_is_replaced_only_with_force(club, event):
    home = club["homes"][ALICE]
    own_file(club, ALICE, home / "blitz.trf", b"kept\n", 0o600)
    proc = hakem(club, ALICE, "export", event, "--trf", "-o", "blitz.trf")
    assert proc.returncode == 5 and "--force" in proc.stderr and (home / "blitz.trf").read_bytes() == b"kept\n"
    ok(hakem(club, ALICE, "export", event, "--trf", "-o", "blitz.trf", "--force"))
    written = home / "blitz.trf"
    assert written.read_text(encoding="utf-8").startswith("012 Blitz")
    assert written.stat().st_uid == club["users"][ALICE].pw_uid and written.stat().st_mode & 0o777 == 0o600


# -- B7 -----------------------------------------------------------------------------------------
def test_b7_a_publish_directory_never_comes_from_tournament_data(club, event):
    web = club["homes"][ALICE] / "public_html"
    web.mkdir(exist_ok=True)
    os.chown(web, club["users"][ALICE].pw_uid, club["gid"])
    os.chmod(web, 0o2775)  # alice lets the group update her pages
    # mallory (chief arbiter too, or anyone able to write the group's file) names alice's web root
    ok(hakem(club, MALLORY, "publish", event, str(web), "--remember"))
    own_file(club, ALICE, web / "index.html", b"<h1>Alice's home page</h1>\n")
    for name in os.listdir(web):
        if name != "index.html":
            (web / name).unlink()
    board_results = [(b, "1-0") for b in (1, 2)]
    for board, result in board_results:  # the last result of round 1: the pages would follow
        ok(hakem(club, ALICE, "result", event, "1", str(board), result))
    assert (web / "index.html").read_bytes() == b"<h1>Alice's home page</h1>\n"
    assert sorted(os.listdir(web)) == ["index.html"]


# -- B8 (lists) and B9 ---------------------------------------------------------------------------
def test_b9_the_lists_folder_is_the_groups_under_umask_022(club):
    source = club["base"] / "players_list_foa.txt"
    source.write_bytes(fide_txt(PLAYERS).encode("cp1252"))
    os.chmod(source, 0o644)
    ok(hakem(club, ALICE, "lists", "import", str(source)))
    lists = club["data"] / "lists"
    assert oct(lists.stat().st_mode & 0o7777) == oct(0o2770)
    ok(hakem(club, MALLORY, "lists", "import", str(source), "--name", "fide2"))  # the second member
    os.chmod(lists, 0o2750)  # as an earlier version left it
    assert hakem(club, MALLORY, "lists", "import", str(source), "--name", "fide3").returncode != 0
    ok(hakem(club, ALICE, "lists", "import", str(source)))  # alice's next import repairs her folder
    assert oct(lists.stat().st_mode & 0o7777) == oct(0o2770)
    ok(hakem(club, MALLORY, "lists", "import", str(source), "--name", "fide3"))
    assert "Carlsen" in ok(hakem(club, ALICE, "lists", "search", "carlsen", "--list", "fide2"))


def test_b8_a_fifo_planted_as_a_list_index_blocks_nobody(club):
    source = club["base"] / "players_list_foa.txt"
    source.write_bytes(fide_txt(PLAYERS).encode("cp1252"))
    os.chmod(source, 0o644)
    ok(hakem(club, ALICE, "lists", "import", str(source)))
    index = club["data"] / "lists" / "fide.idx"
    index.unlink()
    os.mkfifo(index)
    mallory = club["users"][MALLORY]
    os.chown(index, mallory.pw_uid, club["gid"])
    proc = hakem(club, ALICE, "lists", "search", "carlsen", "--list", "fide", timeout=60)
    assert proc.returncode != 0 and "not a regular file" in proc.stderr, (proc.stdout, proc.stderr)
    proc = hakem(club, ALICE, "lists", "import", str(index), "--name", "other", timeout=60)
    assert proc.returncode != 0 and "not a regular file" in proc.stderr, (proc.stdout, proc.stderr)
