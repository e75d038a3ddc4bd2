"""Result entry through the data service vs in-process, and how soon another organiser's
screen hears of it (issue 30).

    python tests/benchmarks/bench_service_roundtrip.py [--players 300] [--clients 8] [--each 40]

1. in-process: ``Desk.enter_result`` on a store of this process (the embedded mode), one
   writer; median and worst per result;
2. through the service (the real :class:`core.service.server.Service` in a child process, on
   a Unix socket): ``--clients`` client processes at once, each entering ``--each`` results on
   boards of its own; median and worst round trip per result (call → outcome decoded);
3. push latency: a watcher (the TUI's :class:`core.service.client.Watch`) on one side, a result
   entered on the other; time from the call's start to the event's arrival, and to the
   watcher's reload of the snapshot (what the TUI's refresh does before drawing).

Figures print with ``uptime``'s load: quote them with it (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core.model import Board, GameResult, Player, Round, Tournament
from core.store import Store

RESULTS = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW)


def tournament(players: int) -> Tournament:
    half = players // 2
    ps = tuple(Player(i, f"Player {i:04d}", 2400 - i) for i in range(1, players + 1))
    rs = (Round(1, tuple(Board(i, i + half) for i in range(1, half + 1))),)
    return Tournament(id="", name="Round trip", players=ps, rounds=rs, total_rounds=9)


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, worst {max(values) * 1000:.1f} ms (n={len(values)})"


def in_process(data: str, tid: str, count: int) -> list[float]:
    from core.app.workspace import Workspace

    desk = Workspace(data).open(tid)
    times = []
    for i in range(count):
        start = time.perf_counter()
        desk.enter_result(1, 1 + i % 8, RESULTS[i % 3])
        times.append(time.perf_counter() - start)
    return times


def serve(data: str, path: str) -> int:
    pid = os.fork()
    if pid:
        return pid
    from core.service.server import Service

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    try:
        Service(data, listener, log=lambda line: None).serve_forever()
    finally:
        os._exit(0)


def client(path: str, tid: str, worker: int, each: int, out: int) -> None:
    """Child: ``each`` results on boards of its own; writes its round trips (seconds)."""
    from core.service.client import RemoteWorkspace

    desk = RemoteWorkspace(path).open(tid)
    times = []
    for i in range(each):
        board = 9 + worker * 4 + i % 4
        start = time.perf_counter()
        desk.enter_result(1, board, RESULTS[i % 3])
        times.append(time.perf_counter() - start)
    os.write(out, (" ".join(f"{t:.6f}" for t in times) + "\n").encode())


def through_service(path: str, tid: str, clients: int, each: int) -> list[float]:
    read_fd, write_fd = os.pipe()
    pids = []
    for worker in range(clients):
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            try:
                client(path, tid, worker, each, write_fd)
            finally:
                os._exit(0)
        pids.append(pid)
    os.close(write_fd)
    for pid in pids:
        os.waitpid(pid, 0)
    with os.fdopen(read_fd) as pipe:
        return [float(x) for x in pipe.read().split()]


def push_latency(path: str, tid: str, count: int) -> tuple[list[float], list[float]]:
    from core.service.client import RemoteWorkspace

    watching = RemoteWorkspace(path)
    screen = watching.open(tid)
    arrived = threading.Event()
    came: list[float] = []
    reloaded: list[float] = []

    def changed(_event: dict) -> None:
        came.append(time.perf_counter())
        arrived.set()
        screen.snapshot()  # what the TUI's refresh reads
        reloaded.append(time.perf_counter())

    watch = screen.watch(changed)
    other = RemoteWorkspace(path).open(tid)
    events, reloads = [], []
    for i in range(count):
        arrived.clear()
        start = time.perf_counter()
        other.enter_result(1, 2 + i % 4, RESULTS[i % 3])
        if not arrived.wait(10):
            raise SystemExit("no event arrived")
        events.append(came[i] - start)
        deadline = time.monotonic() + 10
        while len(reloaded) <= i and time.monotonic() < deadline:
            time.sleep(0.001)
        reloads.append(reloaded[i] - start)
    watch.close()
    return events, reloads


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--each", type=int, default=40)
    args = parser.parse_args()
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        data = str(Path(tmp) / "data")
        tid = Store(data).create(tournament(args.players))
        print(f"{args.players} players, one round of {args.players // 2} boards")
        print("in-process, one writer:           ", ms(in_process(data, tid, args.each)))
        path = str(Path(tmp) / "hakem.sock")
        pid = serve(data, path)
        try:
            while not os.path.exists(path):
                time.sleep(0.01)
            print("through the service, 1 client:    ", ms(through_service(path, tid, 1, args.each)))
            print(f"through the service, {args.clients} clients:   ",
                  ms(through_service(path, tid, args.clients, args.each)))
            events, reloads = push_latency(path, tid, 20)
            print("another organiser's result → event:", ms(events))
            print("… → the watcher's snapshot reloaded:", ms(reloads))
        finally:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
