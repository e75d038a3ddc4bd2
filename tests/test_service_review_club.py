"""What a fresh-eyes review of the club machine's set-up found (issue 30, third review): the
client's words when the service refuses or goes away, and the service's own guards.

The connection findings need no other user: a service in a thread of this process (the same
uid as the ``hakem`` run here, so its per-user limit is this user's), or a fake service that
greets and then breaks the connection the way a killed service does.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from core.service.server import MAX_CONNECTIONS_PER_USER
from tests.service_thread import service_thread
from tests.tui_fixtures import demo, store_with

HAKEM = [sys.executable, "-c", "import sys; from tui.launch import main; sys.exit(main(sys.argv[1:]))"]


def _hakem(path: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HAKEM_LANG": "en", "LANG": "C.UTF-8"}
    env.pop("HAKEM_DATA", None)
    return subprocess.run([*HAKEM, "--socket", path, *args], capture_output=True, text=True, env=env,
                          timeout=120, cwd=str(Path(__file__).resolve().parent.parent))


# -- 2: at the per-user connection limit, always the refusal --------------------------------------
def test_a_request_sent_after_the_refusal_closed_the_connection_reads_the_refusal(tmp_path):
    """The race itself, made certain: the service refuses (one line) and closes before the
    client's first line goes out, so the send fails with EPIPE.  Before, that BrokenPipeError
    reached the CLI's handler for a closed stdout (`hakem list | head`) and hakem exited 0
    saying nothing."""
    from core.service.client import _Link
    from core.errors import TournamentError

    path = str(tmp_path / "s.sock")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    link = _Link(path)
    server, _addr = listener.accept()
    server.sendall(b'{"error": {"type": "ProtocolError", "message": "alice has 32 connections to the hakem '
                   b'service already (its limit); close some hakem windows", "attrs": {}}}\n')
    server.close()
    with pytest.raises(TournamentError, match="32 connections to the hakem service already"):
        link.request({"call": "list_with_problems", "tournament": None, "kwargs": {}}, writes=False)
    link.close()
    listener.close()


def test_at_the_per_user_limit_every_command_is_refused_with_its_reason(tmp_path):
    """The reviewer's case: a member holding 32 connections runs hakem again and again —
    before, 4 of 6 runs exited 0 with no output and nothing saved."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, complete_last=False))
    path = str(tmp_path / "hakem.sock")
    held: list[socket.socket] = []
    with service_thread(data, path):
        try:
            for _ in range(MAX_CONNECTIONS_PER_USER):
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(path)
                s.sendall(b'{"hello": 1, "id": 1}\n')
                assert b'"ok"' in s.makefile("rb").readline()
                held.append(s)
            for args in (("list",), ("players", "add", tid, "--name", "Late, Lena", "--rating", "1500"),
                         ("log", tid), ("members", "list")) * 2:
                run = _hakem(path, *args)
                assert run.returncode != 0, (args, run.stdout, run.stderr)
                assert "32 connections to the hakem service already (its limit)" in run.stderr, (args, run.stderr)
        finally:
            for s in held:
                s.close()
    from core.store.store import Store

    assert all(p.name != "Late, Lena" for p in Store(str(data)).load(tid).tournament.players)


# -- 3: the service killed while it holds a request --------------------------------------------
class _KilledDuringChanges:
    """A proxy before a real service that passes reads on and, for a change, closes the
    caller's connection without reading the request — what the kernel does for a service
    killed (``kill -9``) while it was stopped: the caller's read fails with ECONNRESET."""

    def __init__(self, path: str, upstream: str) -> None:
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(8)
        self.upstream = upstream
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _addr = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn: socket.socket) -> None:
        from core.app.desk import Desk
        from core.app.workspace import Workspace
        from core.service.wire import use_cases

        up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        up.connect(self.upstream)
        answers = up.makefile("rb")
        with conn, up:
            while True:
                select.select([conn], [], [], 60)
                peek = conn.recv(1 << 20, socket.MSG_PEEK)
                if not peek:
                    return
                if b"\n" not in peek:
                    continue
                line = peek.split(b"\n", 1)[0]
                message = json.loads(line)
                cases = use_cases(Desk if message.get("tournament") else Workspace)
                if message.get("call") in cases and cases[message["call"]].writes:
                    return  # closed with the request unread: the caller's read is reset
                conn.recv(len(line) + 1)
                up.sendall(line + b"\n")
                while True:
                    answer = answers.readline()
                    conn.sendall(answer)
                    if b'"ok"' in answer or b'"error"' in answer:
                        break

    def close(self) -> None:
        self.listener.close()


def test_the_cli_says_the_readmes_sentence_when_the_service_dies_during_a_change(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, complete_last=False))
    real, path = str(tmp_path / "real.sock"), str(tmp_path / "hakem.sock")
    with service_thread(data, real):
        proxy = _KilledDuringChanges(path, real)
        try:
            run = _hakem(path, "players", "add", tid, "--name", "Late, Lena")
            assert run.returncode == 5, run.stderr
            assert "Errno" not in run.stderr and "Traceback" not in run.stderr
            assert "whether the change was saved is unknown: look with hakem log before repeating it" in run.stderr
        finally:
            proxy.close()


async def test_the_tui_says_so_when_the_service_dies_while_pairing_is_asked(tmp_path, monkeypatch):
    """`p` in Rounds while the service is stopped, then the service killed: the request's
    answer is a reset connection.  Before: a traceback from action_pair and exit 1."""
    from core.service import wire
    from tui.app import HakemApp
    from tests.tui_fixtures import wait_for

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, complete_last=True))
    path = str(tmp_path / "hakem.sock")
    with service_thread(data, path):
        app = HakemApp(socket=path, open_id=tid, poll_interval=3600)
        async with app.run_test(size=(120, 36)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", 30)
            real_send, real_receive = wire.Channel.send, wire.Channel.receive
            armed: list[object] = []

            def send(channel, message, fds=None):
                real_send(channel, message, fds)
                if message.get("call") == "prepare_round":
                    armed.append(channel)  # the request is out; the service is killed now

            def receive(channel, wait=None):
                if channel in armed:
                    raise ConnectionResetError(104, "Connection reset by peer")
                return real_receive(channel, wait)

            monkeypatch.setattr(wire.Channel, "send", send)
            monkeypatch.setattr(wire.Channel, "receive", receive)
            from tui.screens.rounds import RoundsPane

            app.screen.query_one(RoundsPane).action_pair()
            await pilot.pause()
            assert armed, "the pairing was not asked for"
            said = [str(n.message) for n in app._notifications]
            assert any("broke before it answered" in text and "Errno" not in text for text in said), said
            monkeypatch.setattr(wire.Channel, "send", real_send)
            monkeypatch.setattr(wire.Channel, "receive", real_receive)
        assert app.return_code in (None, 0)
