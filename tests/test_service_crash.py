"""The data service under kill -9 (issue 30, "the kill stress run against the service"): clients
entering results through the socket are killed, and so is the service itself, at random
moments; every result a client had acknowledged is in the store after every kill.

The service runs in a forked child of this process (the real :class:`core.service.server.Service`
on a socket made by :func:`core.service.setup.listening_socket`, as ``hakem serve`` does), the
clients too (the real :class:`core.service.client.RemoteWorkspace`); same user, so no root is
needed.  Slow: ≥ 200 kills.
"""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from core.errors import TournamentError
from core.model import Board, GameResult, Player, Round, Tournament
from core.store import Store

pytestmark = pytest.mark.slow

BOARDS = 30
ROUNDS = 40


def _tournament() -> Tournament:
    ps = tuple(Player(i, f"Player {i:04d}", 2400 - i) for i in range(1, 2 * BOARDS + 1))
    rs = tuple(Round(r, tuple(Board(i, i + BOARDS) for i in range(1, BOARDS + 1))) for r in range(1, ROUNDS + 1))
    return Tournament(id="", name="Service crash test", players=ps, rounds=rs, total_rounds=ROUNDS)


def _slot(i: int) -> tuple[int, int]:
    """Result number ``i`` → (round, board)."""
    return 1 + i // BOARDS, 1 + i % BOARDS


def _serve(data: str, path: str) -> int:
    pid = os.fork()
    if pid:
        return pid
    try:  # child: the service, until killed
        from core.service.server import Service
        from core.service.setup import listening_socket

        listener, _where = listening_socket(path, None)
        Service(data, listener, log=lambda line: None).serve_forever()
    finally:
        os._exit(0)


def _client(path: str, tid: str, start: int, ack_fd: int) -> None:
    """Child: enter results from number ``start`` on, writing each acknowledged number to a
    pipe; a refused or unanswered request (the service is down) is tried again."""
    from core.service.client import RemoteWorkspace, ServiceUnavailable

    i = start
    while True:
        try:
            desk = RemoteWorkspace(path).open(tid)
            while True:
                r, b = _slot(i)
                try:
                    desk.enter_result(r, b, GameResult.WHITE_WINS)
                    os.write(ack_fd, f"{i}\n".encode())
                except ServiceUnavailable:
                    raise
                except TournamentError:
                    pass  # saved before an unanswered try: the board already has it
                i += 1
        except (ServiceUnavailable, OSError):  # the service is down: try again
            time.sleep(0.02)


def _acknowledged(read_fd: int, count: int) -> list[int]:
    """Read acknowledged numbers from a client's pipe until ``count`` have come."""
    data = b""
    while data.count(b"\n") < count:
        chunk = os.read(read_fd, 4096)
        if not chunk:
            break
        data += chunk
    done, _sep, rest = data.rpartition(b"\n")
    assert not rest, "a partial line"  # the client writes whole lines, one write each
    return [int(x) for x in done.split()]


def _wait_for(path: str) -> None:
    import socket

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
            return
        except OSError:
            time.sleep(0.01)
        finally:
            probe.close()
    raise AssertionError("the service did not come back")


def test_kills_of_clients_and_of_the_service_lose_no_acknowledged_result(tmp_path):
    data = str(tmp_path / "data")
    path = str(tmp_path / "hakem.sock")
    tid = Store(data).create(_tournament())
    rng = random.Random(20261207)
    service = _serve(data, path)
    _wait_for(path)
    acked: list[int] = []
    kills = {"client": 0, "service": 0}
    next_start = 0
    try:
        while sum(kills.values()) < 200:
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read_fd)
                try:
                    _client(path, tid, next_start, write_fd)
                finally:
                    os._exit(0)
            os.close(write_fd)
            lives = kills["client"]
            early: list[int] = []
            if lives % 10 == 0:  # every 10th client lives until it has 3 results acknowledged
                early = _acknowledged(read_fd, 3)
            else:  # the others die at a random moment, mostly in the middle of a request
                time.sleep(rng.uniform(0.0, 0.15))
            if lives % 4 == 3:  # the service dies mid-request; its client is killed next
                os.kill(service, signal.SIGKILL)
                os.waitpid(service, 0)
                kills["service"] += 1
                service = _serve(data, path)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            kills["client"] += 1
            acked.extend(early)
            with os.fdopen(read_fd) as pipe:
                acked.extend(int(x) for x in pipe.read().split())
            _wait_for(path)
            t = Store(data).load(tid).tournament  # must always load
            present = {i for i in range(ROUNDS * BOARDS)
                       if t.rounds[_slot(i)[0] - 1].boards[_slot(i)[1] - 1].result is GameResult.WHITE_WINS}
            lost = set(acked) - present
            assert not lost, f"lost acknowledged results {sorted(lost)[:5]} after {kills}"
            next_start = max(present, default=-1) + 1
            assert next_start < ROUNDS * BOARDS, "the test ran out of boards"
    finally:
        os.kill(service, signal.SIGKILL)
        os.waitpid(service, 0)
    assert kills == {"client": 160, "service": 40}
    assert len(acked) >= 16 * 3  # results were really entered between the kills
    print(f"kills {kills}, acknowledged results {len(acked)}")
