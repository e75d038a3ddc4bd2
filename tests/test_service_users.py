"""The data service with real Unix users (issue 30 item 1): ``hakem serve`` runs as the service
account and alone owns the data directory; alice (chief arbiter), bob (arbiter), boardside
(results entry only) and mallory (a viewer in the club's group) drive it with the real ``hakem``
CLI through the socket.

Needs root (``useradd`` and ``setpriv``); skipped with the reason otherwise.  The users and the
group are created once and left in place (prefix ``hk-svc-``).
"""

from __future__ import annotations

import grp
import json
import os
import pwd
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.unix_club import ensure_users, missing, service_layout, start_service, stop_service

GROUP = "hk-svc-club"
SERVICE = "hk-svc-hakem"
ALICE, BOB, BOARDSIDE, MALLORY = "hk-svc-alice", "hk-svc-bob", "hk-svc-boardside", "hk-svc-mallory"
RUN = "import os, sys; os.umask(0o022); from tui.launch import main; sys.exit(main(sys.argv[1:]))"
"""The real ``hakem`` entry point, run with the default umask 022 of most systems."""


def _ensure_users() -> dict[str, pwd.struct_passwd]:
    return ensure_users((SERVICE, ALICE, BOB, BOARDSIDE, MALLORY), GROUP)


def _command(club, user: str, *args: str) -> tuple[list[str], dict[str, str]]:
    pw = club["users"][user]
    home = club["base"] / "homes" / user
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8",
           "LANGUAGE": "en", "HAKEM_CONFIG_DIR": str(home / "cfg"), "HAKEM_USER": ALICE,
           "USER": ALICE, "LOGNAME": ALICE}  # every name the environment gives lies: alice
    groups = ",".join(str(g) for g in sorted({pw.pw_gid, club["gid"]}))
    cmd = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={groups}",
           "--inh-caps=-all", sys.executable, "-c", RUN, *args]
    return cmd, env


def _start_service(club) -> subprocess.Popen:
    sock = club["socket"]
    cmd, env = _command(club, SERVICE, "--data", str(club["data"]), "serve", "--socket", str(sock),
                        "--socket-group", GROUP, "--list-managers", f"user:{ALICE}")
    return start_service(cmd, env, sock)


@pytest.fixture(scope="module")
def club():
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = _ensure_users()
    gid = grp.getgrnam(GROUP).gr_gid
    state = service_layout("hakem-service-", users, SERVICE, gid, data_mode=0o755)  # left open on purpose: the service closes it (0700)
    state["service"] = _start_service(state)
    yield state
    stop_service(state)


def _as(club, user: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd, env = _command(club, user, "--socket", str(club["socket"]), *args)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180, check=False)
    if check:
        assert proc.returncode == 0, (user, args, proc.stdout, proc.stderr)
    return proc


@pytest.fixture(scope="module")
def event(club):
    """Alice's tournament: 8 players, round 1 paired with results on boards 1–2, then round 2
    paired; roles: alice chief arbiter, bob arbiter, boardside results, the group viewer."""
    tid = _as(club, ALICE, "new", "Service Open", "--rounds", "5").stdout.strip().splitlines()[-1]
    for i in range(8):
        _as(club, ALICE, "players", "add", tid, "--name", f"Player {i + 1}", "--rating", str(2400 - 50 * i))
    _as(club, ALICE, "round", "pair", tid)
    for board in (1, 2, 3, 4):
        _as(club, ALICE, "result", tid, "1", str(board), "1-0")
    _as(club, ALICE, "round", "pair", tid)
    for role, who in (("chief-arbiter", f"user:{ALICE}"), ("arbiter", f"user:{BOB}"),
                      ("results", f"user:{BOARDSIDE}"), ("viewer", f"group:{GROUP}")):
        _as(club, ALICE, "roles", tid, "--grant", role, who)
    return tid


def _journal(club, tid: str) -> list[dict]:
    return json.loads(_as(club, ALICE, "log", tid, "--format", "json").stdout)


def test_the_data_directory_is_the_services_alone(club, event):
    data = club["data"]
    service = club["users"][SERVICE]
    st = data.stat()
    assert (st.st_uid, oct(st.st_mode & 0o7777)) == (service.pw_uid, oct(0o700))
    files = list(data.rglob("*"))
    assert any(p.name.endswith(".hakem.json") for p in files)
    # mallory (in the club's group) cannot open, list or replace anything in there
    probe = ("import os, sys\n"
             "bad = []\n"
             "for p in sys.argv[1:]:\n"
             "    for how in (os.O_WRONLY, os.O_RDONLY):\n"
             "        try:\n"
             "            os.close(os.open(p, how))\n"
             "            bad.append(p)\n"
             "        except OSError:\n"
             "            pass\n"
             "try:\n"
             "    os.listdir(sys.argv[1]); bad.append('listed')\n"
             "except OSError:\n"
             "    pass\n"
             "try:\n"
             "    open(os.path.join(sys.argv[1], 'zzz.hakem.json'), 'w'); bad.append('created')\n"
             "except OSError:\n"
             "    pass\n"
             "print(bad)\n")
    pw = club["users"][MALLORY]
    out = subprocess.run(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                          "--inh-caps=-all", sys.executable, "-c", probe, str(data), *map(str, files)],
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]"


# the role matrix, from the roles' definitions (core/roles.py, README "Roles"): chief arbiter
# everything; arbiter results of open rounds, pairing the next round (not unpairing), players,
# undo of what an arbiter may do; results: a result of an
# open round only; viewer: reading only.
MATRIX = {
    #            open result  closed correction  player  schedule  roles   read
    ALICE:      (True,        True,              True,   True,     True,   True),
    BOB:        (True,        False,             True,   False,    False,  True),
    BOARDSIDE:  (True,        False,             False,  False,    False,  True),
    MALLORY:    (False,       False,             False,  False,    False,  True),
}


def test_the_role_matrix_holds_through_the_socket(club, event):
    tid = event
    # each try asks for a value nobody set before it (asking for what is there changes nothing)
    open_values = {ALICE: "1/2", BOB: "0-1", BOARDSIDE: "1-0", MALLORY: "1/2"}
    closed_values = {ALICE: "0-1", BOB: "1/2", BOARDSIDE: "1/2", MALLORY: "1/2"}
    for n, (user, expected) in enumerate(MATRIX.items()):
        tries = (
            ("result", tid, "2", "1", open_values[user], "--correct"),    # round 2 is open
            ("result", tid, "1", "1", closed_values[user], "--correct"),  # round 1 is closed
            ("players", "add", tid, "--name", f"Late {user}"),
            ("round", "schedule", tid, "3", "--date", f"2026-12-2{n}"),
            ("roles", tid, "--grant", "viewer", f"user:{pwd.getpwall()[n].pw_name}"),  # a real user not yet named
            ("standings", tid),
        )
        for what, allowed in zip(tries, expected):
            proc = _as(club, user, *what, check=False)
            if allowed:
                assert proc.returncode == 0, (user, what, proc.stderr)
            else:
                assert proc.returncode == 3, (user, what, proc.stdout, proc.stderr)
                assert "your role in 'Service Open' is" in proc.stderr, (user, what, proc.stderr)
                assert len(proc.stderr.strip().splitlines()) == 1  # one clear line, no traceback


def test_the_journal_names_the_kernels_user_even_when_the_client_lies(club, event):
    tid = event
    _as(club, BOB, "result", tid, "2", "2", "0-1", "--correct")  # HAKEM_USER, USER and LOGNAME say alice
    # a hand-made request claiming to be alice, sent as bob
    pw = club["users"][BOB]
    request = json.dumps({"id": 1, "call": "enter_result", "tournament": tid, "user": ALICE, "uid": 0,
                          "kwargs": {"round_no": 2, "board_no": 3,
                                     "result": {"$e": "core.model.GameResult", "v": "1-0"}}})
    client = ("import socket, sys\n"
              "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
              "s.sendall(sys.argv[2].encode() + b'\\n')\n"
              "print(s.makefile().readline())\n")
    out = subprocess.run(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                          "--inh-caps=-all", sys.executable, "-c", client, str(club["socket"]), request],
                         capture_output=True, text=True, timeout=60, check=True)
    assert '"ok"' in out.stdout, out.stdout
    entries = _journal(club, tid)
    last_two = entries[-2:]
    assert [e["action"] for e in last_two] == ["result round 2 board 2 0-1", "result round 2 board 3 1-0"]
    assert {e["user"] for e in last_two} == {BOB}
    assert all(e["user"] != SERVICE for e in entries)  # every entry names the caller, never the service


def test_a_client_killed_mid_request_loses_nothing(club, event):
    """Clients killed at any moment of a result entry: the service stays up, every result a
    client acknowledged (exit 0) is stored, and the journal and the data file agree."""
    import random

    tid = event
    rng = random.Random(30)
    acknowledged: dict[int, str] = {}
    values = ("1-0", "0-1", "1/2")
    for i in range(12):
        board = 1 + i % 4
        value = values[i % 3]
        cmd, env = _command(club, BOB, "--socket", str(club["socket"]), "result", tid, "2", str(board), value,
                            "--correct")
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if i % 3:
            time.sleep(rng.uniform(0.05, 0.6))
            proc.send_signal(signal.SIGKILL)
        if proc.wait(120) == 0:
            acknowledged[board] = value
        else:
            acknowledged.pop(board, None)  # unknown: saved or not
    snap = _snapshot(club, tid)
    for board, value in acknowledged.items():
        assert snap["rounds"][1]["boards"][board - 1]["r"] == value, (board, value)
    doctor = subprocess.run(_command(club, SERVICE, "--data", str(club["data"]), "doctor", tid)[0],
                            env=_command(club, SERVICE)[1], capture_output=True, text=True, timeout=120)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr


def _snapshot(club, tid: str) -> dict:
    """The tournament as the service account's own file has it (read as root)."""
    raw = json.loads((club["data"] / f"{tid}.hakem.json").read_text(encoding="utf-8"))
    return raw["tournament"]["1"]


def test_a_group_writable_directory_says_whom_it_trusts_and_moves_into_the_service(club):
    """Without a service, doctor says plainly that the group is trusted with every record; one
    command (as root) moves the directory into the service's, authors kept; the old one is
    closed for writing."""
    base = club["base"] / "adopt"
    base.mkdir(mode=0o755)
    shared = base / "shared"
    shared.mkdir()
    os.chown(shared, 0, club["gid"])
    os.chmod(shared, 0o2770)
    cmd, env = _command(club, ALICE, "--data", str(shared), "new", "Old Club Cup", "--rounds", "3")
    tid = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, timeout=120).stdout.split()[-1]
    cmd, env = _command(club, BOB, "--data", str(shared), "players", "add", tid, "--name", "Bob's entry")
    subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, timeout=120)
    cmd, env = _command(club, BOB, "--data", str(shared), "doctor")
    doctor = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert f"every member of group {GROUP} can change every file of {shared}" in doctor.stdout
    target = base / "service-data"
    adopt = subprocess.run([sys.executable, "-c", RUN, "--data", str(target), "serve", "--adopt", str(shared),
                            "--user", SERVICE], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "LANGUAGE": "en", "LANG": "C.UTF-8"})
    assert adopt.returncode == 0, adopt.stderr
    assert "copied 1 tournaments" in adopt.stdout
    assert target.stat().st_uid == club["users"][SERVICE].pw_uid and target.stat().st_mode & 0o777 == 0o700
    assert not shared.stat().st_mode & 0o222  # nobody writes the old directory any more
    second = {**club, "data": target, "socket": club["base"] / "run" / "adopted.sock"}
    service = _start_service(second)
    try:
        log = json.loads(_as(second, ALICE, "log", tid, "--format", "json").stdout)
        assert [e["user"] for e in log] == [ALICE, BOB]
        assert tid in _as(second, MALLORY, "list").stdout
        _as(second, BOB, "players", "add", tid, "--name", "After the move")  # the service writes on
        log = json.loads(_as(second, ALICE, "log", tid, "--format", "json").stdout)
        assert [e["user"] for e in log] == [ALICE, BOB, BOB]
        cmd, env = _command(club, MALLORY, "--data", str(shared), "players", "add", tid, "--name", "Mallory")
        assert subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120).returncode != 0
    finally:
        service.send_signal(signal.SIGTERM)
        service.wait(30)


def test_the_service_takes_the_socket_systemd_passes(club):
    """Socket activation: the listening socket arrives as descriptor 3 with LISTEN_PID and
    LISTEN_FDS (what systemd's hakem.socket does); the units ``hakem serve --print-units``
    writes name that socket, its group and this installation's hakem."""
    from core.service.setup import UnitSettings, units as printed

    units = printed("hakem.socket", UnitSettings(group=GROUP), "/opt/hakem/bin/hakem")
    assert "ListenStream=/run/hakem/hakem.sock" in units and f"SocketGroup={GROUP}" in units
    assert "SocketMode=0660" in units
    service_unit = printed("hakem.service", UnitSettings(), "/opt/hakem/bin/hakem")
    assert "User=hakem" in service_unit and " serve" in service_unit and "@HAKEM@" not in service_unit
    path = club["base"] / "run" / "activated.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(str(path))
    os.chown(path, club["users"][SERVICE].pw_uid, club["gid"])
    os.chmod(path, 0o660)
    listener.listen(8)
    data = club["base"] / "activated-data"
    data.mkdir()
    os.chown(data, club["users"][SERVICE].pw_uid, club["users"][SERVICE].pw_gid)
    cmd, env = _command(club, SERVICE, "--data", str(data), "serve")
    shell = "os.dup2(int(sys.argv[1]), 3); os.environ.update(LISTEN_PID=str(os.getpid()), LISTEN_FDS='1'); os.execvp(sys.argv[2], sys.argv[2:])"
    proc = subprocess.Popen([sys.executable, "-c", f"import os, sys; {shell}", str(listener.fileno()), *cmd],
                            env=env, pass_fds=(listener.fileno(),), stderr=subprocess.PIPE)
    listener.close()
    try:
        second = {**club, "socket": path}
        deadline = time.monotonic() + 60
        while True:
            proc_out = _as(second, ALICE, "list", check=False)
            if proc_out.returncode == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert proc_out.returncode == 0, (proc_out.stderr, proc.poll() is not None and proc.stderr.read())
        tid = _as(second, ALICE, "new", "Activated", "--rounds", "3").stdout.split()[-1]
        assert (data / f"{tid}.hakem.json").exists()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)


def test_a_results_only_key_is_capped_in_the_service_too(club, event):
    """alice is chief arbiter, but through the results-only SSH command her hakem sends the
    results cap with every request: the service refuses a correction of a closed round."""
    tid = event
    proc = _as(club, ALICE, "results-only", "result", tid, "1", "2", "1/2", "--correct", check=False)
    assert proc.returncode == 3, (proc.stdout, proc.stderr)
    assert "results entry only" in proc.stderr
    _as(club, ALICE, "results-only", "result", tid, "2", "4", "1/2", "--correct")  # an open round: fine
    assert _snapshot(club, tid)["rounds"][1]["boards"][3]["r"] == "1/2"


def test_a_private_list_file_is_imported_through_the_service(club):
    """alice's list file is hers alone (0600 in her home): the service cannot open it, her
    hakem does and passes it; the list lands in the service's directory for everyone."""
    home = club["base"] / "homes" / ALICE
    source = home / "club.csv"
    source.write_text("Nr\tSpieler\tElo\n7\tBauer, Max\t1890\n", encoding="utf-8")
    os.chown(source, club["users"][ALICE].pw_uid, club["users"][ALICE].pw_gid)
    os.chmod(source, 0o600)
    out = _as(club, ALICE, "lists", "import", str(source), "--name", "club",
              "--map", "national_id=Nr,name=Spieler,national_rating=Elo")
    assert "Rating list 'club': 1 players" in out.stdout
    lists = club["data"] / "lists" / "club.idx"
    assert lists.exists() and lists.stat().st_uid == club["users"][SERVICE].pw_uid
    found = json.loads(_as(club, BOB, "lists", "search", "bauer", "--list", "club", "--format", "json").stdout)
    assert [e["name"] for e in found["entries"]] == ["Bauer, Max"]
    # bob cannot make the service read alice's file by naming it
    refused = _as(club, BOB, "lists", "import", str(source), "--name", "stolen", check=False)
    assert refused.returncode == 5 and "permission denied" in refused.stderr.lower()
