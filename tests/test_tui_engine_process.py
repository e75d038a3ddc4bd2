"""The pairing worker's engine process (tui.engine_process): the answer, progress, errors,
a dead child, cancelling, and that the child never keeps a lock of the data directory.

Stand-in desks run in the forked child; they hold no timing assumptions: a slow one works
until it is killed, and every test waits for conditions, never for a fixed time.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time

import pytest

from core.errors import PairingImpossible, TournamentError
from core.model import Board, Bye, ByeKind
from core.pairing.base import Cancelled, RoundPairing
from tui import engine_process
from tui.engine_process import propose_in_child

ANSWER = RoundPairing(3, (Board(1, 2), Board(4, 3)), (Bye(5, ByeKind.PAB),),
                      explanations={0: ("same scoregroup",), "bye": ("lowest score",)})


class Desk:
    """What the worker's desk does in the child: ``propose`` with a progress callback."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour

    def propose(self, plan, cancel=None, progress=None):
        if self.behaviour == "answer":
            for i in range(3):
                progress(i / 3, f"bracket {i}")
            return ANSWER
        if self.behaviour == "impossible":
            raise PairingImpossible("round 3: no legal pairing for player 5")
        if self.behaviour == "unpicklable":
            raise Unpicklable("x", 1)
        if self.behaviour == "crash":
            os._exit(7)
        for i in range(60_000):  # "slow": until killed (10 minutes at most)
            progress(0.0, f"step {i}")
            time.sleep(0.01)
        raise AssertionError("never killed")


class Unpicklable(TournamentError):
    def __init__(self, name: str, number: int) -> None:
        super().__init__(f"engine trouble with {name} ({number})")


def collect() -> tuple[list[tuple[float, str]], threading.Event]:
    return [], threading.Event()


def test_the_answer_and_the_progress_come_back_in_order() -> None:
    seen, cancel = collect()
    got = propose_in_child(Desk("answer"), None, cancel.is_set, lambda f, text: seen.append((f, text)))
    assert got == ANSWER and got.explanations == ANSWER.explanations
    assert [text for _f, text in seen] == ["bracket 0", "bracket 1", "bracket 2"]


def test_the_engines_error_is_raised_with_its_message() -> None:
    seen, cancel = collect()
    with pytest.raises(PairingImpossible, match="no legal pairing for player 5"):
        propose_in_child(Desk("impossible"), None, cancel.is_set, lambda f, text: None)
    with pytest.raises(TournamentError, match=r"engine trouble with x \(1\)"):
        propose_in_child(Desk("unpicklable"), None, cancel.is_set, lambda f, text: None)


def test_a_child_that_dies_is_a_clear_error() -> None:
    seen, cancel = collect()
    with pytest.raises(TournamentError, match="exit code 7"):
        propose_in_child(Desk("crash"), None, cancel.is_set, lambda f, text: None)


def run_slow(cancel: threading.Event, started: threading.Event, outcome: list[BaseException]) -> None:
    try:
        propose_in_child(Desk("slow"), None, cancel.is_set, lambda f, text: started.set())
    except BaseException as error:  # the test thread looks at it
        outcome.append(error)


def test_cancel_kills_the_child_and_collects_it(monkeypatch) -> None:
    pids: list[int] = []
    real_fork = os.fork

    def fork() -> int:
        pid = real_fork()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(engine_process.os, "fork", fork)
    cancel, started, outcome = threading.Event(), threading.Event(), []
    worker = threading.Thread(target=run_slow, args=(cancel, started, outcome))
    worker.start()
    assert started.wait(120)  # the child is computing
    cancel.set()
    worker.join(120)
    assert not worker.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], Cancelled)
    with pytest.raises(ChildProcessError):  # killed and collected: no zombie left
        os.waitpid(pids[0], os.WNOHANG)


def test_a_lock_held_when_the_child_is_forked_is_released_by_the_parent_alone(tmp_path) -> None:
    # the save thread holds the data directory's flock while the engine's child is forked
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    cancel, started, outcome = threading.Event(), threading.Event(), []
    worker = threading.Thread(target=run_slow, args=(cancel, started, outcome))
    worker.start()
    try:
        assert started.wait(120)  # the child exists and is computing
        os.close(fd)  # the save is done: the parent lets the lock go
        other = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free although the child lives
        finally:
            os.close(other)
    finally:
        cancel.set()
        worker.join(120)
    assert isinstance(outcome[0], Cancelled)
