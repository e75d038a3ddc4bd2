"""The club set-up attacked by its own members (real Unix users through the service's socket):
a viewer archiving someone else's tournament, replacing the club's rating lists, a raw request
the store could not read back.

Needs root (``useradd`` and ``setpriv``); skipped with the reason otherwise.  Users and group
are created once and left in place (prefix ``hk-fixsvc-``).
"""

from __future__ import annotations

import grp
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.unix_club import ensure_users, missing, service_command, service_layout, start_service, stop_service

GROUP = "hk-fixsvc-club"
SERVICE = "hk-fixsvc-hakem"
ALICE, BOB, MALLORY = "hk-fixsvc-alice", "hk-fixsvc-bob", "hk-fixsvc-mallory"
RUN = "import os, sys; os.umask(0o022); from tui.launch import main; sys.exit(main(sys.argv[1:]))"


def _command(club, user: str, *args: str) -> tuple[list[str], dict[str, str]]:
    return service_command(club, user, *args)


def _start_service(club, *extra: str) -> subprocess.Popen:
    sock = club["socket"]
    cmd, env = _command(club, SERVICE, "--data", str(club["data"]), "serve", "--socket", str(sock),
                        "--socket-group", GROUP, *extra)
    return start_service(cmd, env, sock)


@pytest.fixture(scope="module")
def club():
    reason = missing()
    if reason:
        pytest.skip(reason)
    users = ensure_users((SERVICE, ALICE, BOB, MALLORY), GROUP)
    gid = grp.getgrnam(GROUP).gr_gid
    state = service_layout("hakem-fixsvc-", users, SERVICE, gid)
    state["service"] = _start_service(state, "--list-managers", f"user:{BOB},group:hk-fixsvc-nobody")
    yield state
    stop_service(state)


def _as(club, user: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd, env = _command(club, user, "--socket", str(club["socket"]), *args)
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180, check=False)
    if check:
        assert proc.returncode == 0, (user, args, proc.stdout, proc.stderr)
    return proc


def _raw(club, user: str, request: dict) -> dict:
    """One hand-made request line sent as ``user`` (what a client that is not hakem can do)."""
    script = ("import json, socket, sys\n"
              "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
              "s.sendall(sys.argv[2].encode() + b'\\n')\n"
              "f = s.makefile('rb')\n"
              "print(f.readline().decode())\n")
    pw = club["users"][user]
    out = subprocess.run(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                          "--inh-caps=-all", sys.executable, "-c", script, str(club["socket"]),
                          json.dumps({"id": 1, **request})],
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def alices(club):
    """Alice's event; roles: alice chief arbiter, bob arbiter, the group viewer."""
    tid = _as(club, ALICE, "new", "Club Rapid", "--rounds", "5").stdout.strip().splitlines()[-1]
    _as(club, ALICE, "players", "add", tid, "--name", "Player One", "--rating", "2100")
    for role, who in (("chief-arbiter", f"user:{ALICE}"), ("arbiter", f"user:{BOB}"),
                      ("viewer", f"group:{GROUP}")):
        _as(club, ALICE, "roles", tid, "--grant", role, who)
    return tid


def _listed(club, user: str) -> list[str]:
    return [r["id"] for r in json.loads(_as(club, user, "list", "--format", "json").stdout)]


def test_a_viewer_cannot_archive_someone_elses_tournament(club, alices):
    # the attack as found: a raw request, then the CLI; both refused, the event stays listed
    answer = _raw(club, MALLORY, {"call": "archive", "tournament": None, "kwargs": {"tid": alices}})
    assert "error" in answer and "your role in 'Club Rapid' is viewer" in answer["error"]["message"], answer
    proc = _as(club, MALLORY, "archive", alices, check=False)
    assert proc.returncode == 3 and "your role in 'Club Rapid' is viewer" in proc.stderr, proc.stderr
    proc = _as(club, BOB, "archive", alices, check=False)  # an arbiter is not the chief arbiter
    assert proc.returncode == 3 and "your role in 'Club Rapid' is arbiter" in proc.stderr, proc.stderr
    assert alices in _listed(club, MALLORY)
    # the chief arbiter archives and brings it back
    _as(club, ALICE, "archive", alices)
    assert alices not in _listed(club, ALICE)
    proc = _as(club, MALLORY, "archive", alices, "--undo", check=False)
    assert proc.returncode == 3
    _as(club, ALICE, "archive", alices, "--undo")
    assert alices in _listed(club, MALLORY)


def test_a_duplicate_belongs_to_its_maker_not_to_the_sources_roles(club, alices):
    answer = _raw(club, MALLORY, {"call": "duplicate", "tournament": None,
                                  "kwargs": {"tid": alices, "name": "Mallory's copy"}})
    copy = answer["ok"]
    roles = json.loads(_as(club, MALLORY, "roles", copy, "--format", "json").stdout)
    assert roles == {"roles": {"chief-arbiter": [f"user:{MALLORY}"]}, "you": "chief-arbiter"}, roles
    # alice's arbiter bob is nothing in mallory's copy: a viewer there
    proc = _as(club, BOB, "players", "add", copy, "--name", "Intruder", check=False)
    assert proc.returncode == 3 and "is viewer" in proc.stderr, proc.stderr
    # and the source is untouched
    assert json.loads(_as(club, ALICE, "roles", alices, "--format", "json").stdout)["roles"]["arbiter"] == [f"user:{BOB}"]


def _club_list(club, user: str, name: str, rating: int) -> Path:
    home = club["base"] / "homes" / user
    source = home / name
    source.write_text(f"Nr\tSpieler\tElo\n7\tBauer, Max\t{rating}\n", encoding="utf-8")
    os.chown(source, club["users"][user].pw_uid, club["users"][user].pw_gid)
    return source


def test_only_the_list_managers_replace_or_remove_the_clubs_lists(club):
    mapping = ("--map", "national_id=Nr,name=Spieler,national_rating=Elo")
    _as(club, BOB, "lists", "import", str(_club_list(club, BOB, "club.csv", 2100)), "--name", "club", *mapping)
    # mallory (a viewer) and alice (a chief arbiter of her events, not a list manager)
    for user in (MALLORY, ALICE):
        fake = _club_list(club, user, "fake.csv", 2900)
        proc = _as(club, user, "lists", "import", str(fake), "--name", "club", *mapping, check=False)
        assert proc.returncode == 3 and "only the club's list managers" in proc.stderr, proc.stderr
        proc = _as(club, user, "lists", "remove", "club", check=False)
        assert proc.returncode == 3 and "only the club's list managers" in proc.stderr, proc.stderr
    found = json.loads(_as(club, MALLORY, "lists", "search", "bauer", "--list", "club", "--format", "json").stdout)
    assert [e["national_rating"] for e in found["entries"]] == [2100]
    # every import and removal is in the lists' journal: who, what, which file, how many, its hash
    import hashlib

    data = (club["base"] / "homes" / BOB / "club.csv").read_bytes()
    _as(club, BOB, "lists", "remove", "club")
    log = json.loads(_as(club, MALLORY, "lists", "--log", "--format", "json").stdout)["log"]
    assert [(e["user"], e["action"], e["list"]) for e in log] == [(BOB, "import", "club"), (BOB, "remove", "club")]
    assert log[0]["file"].endswith("/club.csv") and (log[0]["count"], log[0]["sha256"]) == (1, hashlib.sha256(data).hexdigest())
    assert "club.csv" in _as(club, MALLORY, "lists", "--log").stdout


def test_a_socket_and_another_data_directory_are_refused_not_silently_merged(tmp_path):
    """``hakem --socket S --data ~/p2 new X`` created X in the service's store: refused now,
    nothing created anywhere; the same directory the service serves is fine; without the
    socket the named directory is used in-process."""
    from tests.service_thread import service_thread

    served, private = tmp_path / "served", tmp_path / "p2"
    served.mkdir(mode=0o700)
    private.mkdir(mode=0o700)
    sock = str(tmp_path / "s.sock")
    env = {**os.environ, "LANGUAGE": "en", "LANG": "C.UTF-8"}
    env.pop("HAKEM_SOCKET", None)
    env.pop("HAKEM_DATA", None)
    hakem = [sys.executable, "-c", RUN]
    with service_thread(served, sock):
        proc = subprocess.run([*hakem, "--socket", sock, "--data", str(private), "new", "X", "--rounds", "3"],
                              env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 3, (proc.stdout, proc.stderr)
        assert f"serves {served}, not {private}" in proc.stderr and len(proc.stderr.splitlines()) == 1
        proc = subprocess.run([*hakem, "--data", str(private), "new", "X", "--rounds", "3"],
                              env={**env, "HAKEM_SOCKET": sock}, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 3, (proc.stdout, proc.stderr)
        assert list(served.glob("*.hakem.json")) == [] and list(private.glob("*.hakem.json")) == []
        proc = subprocess.run([*hakem, "--socket", sock, "--data", str(served), "new", "Y", "--rounds", "3"],
                              env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert len(list(served.glob("*.hakem.json"))) == 1
    proc = subprocess.run([*hakem, "--data", str(private), "new", "X", "--rounds", "3"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and len(list(private.glob("*.hakem.json"))) == 1, proc.stderr


def _nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = {"k": value}
    return value


def test_the_service_never_saves_a_tournament_it_cannot_read_back(tmp_path):
    """A raw ``create`` whose options are nested 300 deep was written and then warned in
    everyone's list for ever (doctor could not repair it): refused now, nothing written; and
    the store itself refuses to write what its reader refuses (nested just past its limit)."""
    from core.model import Tournament
    from core.serialize import tournament_to_dict
    from core.store.bounded import MAX_DEPTH
    from tests.service_thread import service_thread

    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    sock = str(tmp_path / "s.sock")
    base = Tournament(id="", name="Deep", system="dutch", total_rounds=3)
    with service_thread(data, sock) as svc:
        for depth in (300, MAX_DEPTH - 3):
            t = tournament_to_dict(base.with_changes(options={"x": _nested(depth)}))
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(sock)
                s.sendall(json.dumps({"id": 1, "call": "create", "tournament": None,
                                      "kwargs": {"t": {"$T": t}}}).encode() + b"\n")
                answer = json.loads(s.makefile("rb").readline())
            assert "error" in answer, (depth, answer)
        assert list(data.glob("*.hakem.json")) == [] and svc.workspace.list_with_problems() == ([], [])
    # in-process: the write is checked by the store, whatever called it
    from core.app.workspace import Workspace
    from core.errors import TournamentError

    ws = Workspace(str(tmp_path / "own"))
    deep = base.with_changes(options={"x": _nested(MAX_DEPTH - 3)})
    with pytest.raises(TournamentError, match="could not read it back"):
        ws.store.create(deep)
    assert ws.list_with_problems() == ([], []) and list((tmp_path / "own").glob("*")) == []


def test_a_tournament_too_big_to_pair_is_not_created(tmp_path):
    from core.app.workspace import Workspace
    from core.errors import TournamentError
    from core.model import Tournament
    from core.pairing.dutch.system import MAX_PLAYERS_NATIVE

    from core.model import Player

    t = Tournament(id="", name="Huge", system="dutch", total_rounds=3,
                   players=tuple(Player(pno=i + 1, name=f"Player {i + 1}", rating=1500)
                                 for i in range(MAX_PLAYERS_NATIVE + 1)))
    ws = Workspace(str(tmp_path))
    with pytest.raises(TournamentError, match=f"more than hakem can pair \\({MAX_PLAYERS_NATIVE}\\)"):
        ws.create(t)
    assert ws.list() == []


HALF_OPEN = """
import json, select, socket, sys, time
held, refused = [], []
for _ in range(int(sys.argv[2])):
    s = socket.socket(socket.AF_UNIX)
    s.connect(sys.argv[1])
    s.sendall(b'{"hello":')  # a request begun, never ended
    held.append(s)
print(json.dumps({"opened": len(held)}), flush=True)
sys.stdin.readline()  # hold them while the test works
ended, deadline = set(), time.monotonic() + 120
while len(ended) < len(held) and time.monotonic() < deadline:
    ready, _w, _x = select.select([s for s in held if s not in ended], [], [], 1)
    for s in ready:
        line = s.makefile('rb').readline()
        ended.add(s)
        refused.append(line.decode())
print(json.dumps({"ended": len(ended), "lines": refused}), flush=True)
"""


def test_half_open_connections_of_one_member_lock_nobody_out(club):
    """mallory opens 40 connections that begin a request and never end it: beyond the
    per-user limit the service refuses (one line naming the limit), alice still lists, and
    each begun request is ended by the service (the line's deadline) instead of held."""
    from core.service.server import MAX_CONNECTIONS_PER_USER

    pw = club["users"][MALLORY]
    proc = subprocess.Popen(["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", f"--groups={club['gid']}",
                             "--inh-caps=-all", sys.executable, "-c", HALF_OPEN, str(club["socket"]), "40"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(proc.stdout.readline())["opened"] == 40
        assert _as(club, ALICE, "list").returncode == 0  # alice is served meanwhile
        proc.stdin.write("\n")
        proc.stdin.flush()
        result = json.loads(proc.stdout.readline())
    finally:
        proc.kill()
        proc.wait()
    assert result["ended"] == 40  # every connection ended by the service, none held for ever
    refused = [line for line in result["lines"] if "connections to the hakem service already" in line]
    timed_out = [line for line in result["lines"] if "not completed within" in line]
    assert len(refused) == 40 - MAX_CONNECTIONS_PER_USER and len(timed_out) == MAX_CONNECTIONS_PER_USER, result
    assert _as(club, MALLORY, "list").returncode == 0  # and mallory herself again afterwards


def test_a_service_that_does_not_answer_is_named_not_waited_for(tmp_path, monkeypatch):
    """A socket whose owner never greets (a wedged or overloaded service): one line, exit 5."""
    from core.service import client

    monkeypatch.setattr(client, "CONNECT_TIMEOUT", 0.5)
    path = str(tmp_path / "mute.sock")
    mute = socket.socket(socket.AF_UNIX)
    mute.bind(path)
    mute.listen(1)
    try:
        with pytest.raises(client.ServiceUnavailable, match="does not answer"):
            client.Client(path)
    finally:
        mute.close()


def test_the_units_run_this_installation_with_the_administrators_choices(tmp_path):
    """``--print-units`` wrote ExecStart with the first ``hakem`` on root's PATH (a pyenv shim
    in /root the service account cannot run) and ignored --data/--socket/--user."""
    from core.service import setup

    # the hakem beside the running interpreter (a venv's), not PATH's
    env = {**os.environ, "PATH": str(tmp_path), "LANGUAGE": "en"}
    (tmp_path / "hakem").write_text("#!/bin/sh\n")
    (tmp_path / "hakem").chmod(0o755)
    beside = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "hakem")
    expected = beside if os.access(beside, os.X_OK) else f"{os.path.abspath(sys.executable)} -m tui.launch"
    assert setup.installed_program() == expected
    # a program (or its interpreter) inside a home directory is refused, /opt is fine
    assert setup.unreachable("/root/.pyenv/shims/hakem") == "/root/.pyenv/shims/hakem"
    assert setup.unreachable("/home/alice/venv/bin/hakem") == "/home/alice/venv/bin/hakem"
    if not os.path.realpath(sys.executable).startswith(("/root/", "/home/")):
        assert setup.unreachable("/opt/hakem/bin/hakem") is None
    else:  # this very interpreter lives in a home: the CLI refuses and says where to install
        proc = subprocess.run([sys.executable, "-c", RUN, "serve", "--print-units"], env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 3 and "install hakem under /opt" in proc.stderr and proc.stdout == ""
    text = setup.units("", setup.UnitSettings(data_dir="/srv/club", socket="/run/club/h.sock", user="clubsvc",
                                              group="chess", list_managers=("group:chess", "user:alice")),
                       "/opt/hakem/bin/hakem")
    lines = set(text.splitlines())
    assert {"ListenStream=/run/club/h.sock", "SocketUser=clubsvc", "SocketGroup=chess", "User=clubsvc",
            "Group=clubsvc", "ReadWritePaths=/srv/club", "LimitNOFILE=65536",
            "ExecStart=/opt/hakem/bin/hakem --data /srv/club serve --list-managers group:chess,user:alice "
            "--max-tournaments 100 --max-data 256M --reserve 64M --max-connections 1000 --idle 600"} <= lines
    assert "/run/hakem" not in text and "/var/lib/hakem" not in text
    assert not any(line.startswith("StateDirectory") for line in lines)  # outside /var/lib: made by hand
    default = setup.units("hakem.service", setup.UnitSettings(), "/opt/hakem/bin/hakem")
    assert "StateDirectory=hakem" in default.splitlines() and "User=hakem" in default.splitlines()


def test_the_list_names_the_last_author_not_the_services_account(club, alices):
    """``hakem list``'s "By" (and the TUI's list, the same rows) showed the data file's owner —
    the service account — for every tournament; it is the author the journal names."""
    def by(user: str) -> str:
        rows = json.loads(_as(club, user, "list", "--format", "json").stdout)
        return next(r["modified_by"] for r in rows if r["id"] == alices)

    _as(club, BOB, "players", "add", alices, "--name", "Late Bob")
    assert by(MALLORY) == BOB
    assert _journal_author(club, alices) == BOB
    _as(club, ALICE, "players", "add", alices, "--name", "Late Alice")
    assert by(BOB) == ALICE
    assert any(line.startswith(alices) and line.rstrip().endswith(ALICE)
               for line in _as(club, MALLORY, "list").stdout.splitlines())


def _journal_author(club, tid: str) -> str:
    return json.loads(_as(club, ALICE, "log", tid, "--format", "json").stdout)[-1]["user"]
