"""The store under kill -9 and under concurrent writers: nothing acknowledged is ever lost."""

from __future__ import annotations

import os
import random
import signal
import time

from core.model import Board, Player, Round, Tournament
from core.store import Store


def _tournament(players: int, boards: int, rounds: int = 1) -> Tournament:
    ps = tuple(Player(i, f"Player {i:04d}", 2400 - i) for i in range(1, players + 1))
    rs = tuple(Round(r, tuple(Board(i, i + boards) for i in range(1, boards + 1)))
               for r in range(1, rounds + 1))
    return Tournament(id="", name="Crash test", players=ps, rounds=rs, total_rounds=max(rounds, 9))


def _writer(data: str, tid: str, start: int, ack_fd: int) -> None:
    """Child: append numbers to options['acks'], writing each acknowledged number to a pipe."""
    store = Store(data)
    i = start
    while True:
        store.update(tid, f"ack {i}", lambda t, i=i: t.with_changes(
            options={**t.options, "acks": [*t.options.get("acks", []), i]}))
        os.write(ack_fd, f"{i}\n".encode())
        i += 1


def test_sigkill_during_writes_never_loses_an_acknowledged_write(tmp_path):
    data = str(tmp_path)
    store = Store(data)
    tid = store.create(_tournament(120, 60))
    rng = random.Random(20261129)
    acked: list[int] = []
    kills = 0
    next_start = 0
    while kills < 200:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # child
            os.close(read_fd)
            try:
                _writer(data, tid, next_start, write_fd)
            finally:
                os._exit(0)
        os.close(write_fd)
        # mostly short lives (kills land mid-write); every 10th a longer one so writes get acked
        time.sleep(rng.uniform(0.0, 0.1) if kills % 10 else 0.4)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with os.fdopen(read_fd) as pipe:
            acked.extend(int(x) for x in pipe.read().split())
        kills += 1
        snap = Store(data).load(tid)  # must always load
        present = set(snap.tournament.options.get("acks", []))
        assert set(acked) <= present, f"lost acknowledged writes after kill {kills}"
        next_start = max(present, default=-1) + 1
    assert kills == 200
    assert len(acked) > 0
    # no stray temporary files are taken for tournaments
    assert [tr.id for tr in Store(data).list()] == [tid]


def _result_writer(data: str, tid: str, worker: int, workers: int, rounds: int, boards: int) -> None:
    from core.changes import set_result
    from core.model import GameResult

    store = Store(data)
    results = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)
    for k in range(worker, rounds * boards, workers):
        rnd, board = k // boards + 1, k % boards + 1
        store.update(tid, f"result {rnd}.{board}",
                     lambda t, r=rnd, b=board: set_result(t, r, b, results[(r + b) % 3]))


def test_four_processes_writing_results_at_once_lose_nothing(tmp_path):
    from core.model import GameResult

    rounds, boards, workers = 5, 100, 4  # 500 results in all
    data = str(tmp_path)
    tid = Store(data).create(_tournament(2 * boards, boards, rounds))
    pids = []
    for w in range(workers):
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                _result_writer(data, tid, w, workers, rounds, boards)
            except BaseException:
                code = 1
            os._exit(code)
        pids.append(pid)
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    snap = Store(data).load(tid)
    results = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)
    got = [[b.result for b in rnd.boards] for rnd in snap.tournament.rounds]
    assert got == [[results[(r + b) % 3] for b in range(1, boards + 1)] for r in range(1, rounds + 1)]
    assert snap.revision == 1 + rounds * boards
    assert len(Store(data).journal(tid)) == 1 + rounds * boards
