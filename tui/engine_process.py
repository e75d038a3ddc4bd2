"""Provides :func:`propose_in_child`: the pairing engine of the TUI's pairing worker, run in a
forked child process.

Why a process and not just the worker thread: the engines are pure Python and hold the GIL
while they compute.  In a thread they shared it with the UI thread, so on a 1000-player round
every key waited for the engine to hand the GIL back (11 characters typed into a form took
22 s instead of 1.5 s), and Escape could only act when the engine next called
``PairOptions.check()`` — up to a second of CPU apart inside one matcher solve, 1.8 s of wall
time on a loaded machine.  A child has its own interpreter: the UI thread keeps the GIL to
itself, and cancelling ends the child at once, whatever the engine is doing.

Why fork: the child starts with everything the parent has loaded (no second start-up, no
pickling of the tournament) and with the same registered systems and language.  Only the
calling thread exists in the child.  It first closes every descriptor it inherited except its
end of the pipe — an ``flock`` on the data directory held by the save thread at the moment of
the fork would otherwise stay held for as long as the child lives, and every save would wait
for it — and points 0–2 at ``/dev/null`` (nothing may reach the terminal), then runs the
engine and leaves with ``os._exit`` (no exit handlers, no flushing of the parent's streams).
(Every platform hakem runs on forks: the store's locks need ``fcntl`` already.)
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, NoReturn

from core.errors import TournamentError
from core.i18n import _
from core.pairing.base import Cancelled, RoundPairing

if TYPE_CHECKING:
    from core.app.desk import Desk, RoundPlan

POLL_SECONDS = 0.05
"""How often the worker thread looks at the cancel event while the child computes."""

Progress = Callable[[float, str], None]
Work = Callable[[Progress], RoundPairing]
"""What runs in the child: given a progress callback, an engine's answer (no cancel event:
killing the child cancels it)."""


def propose_in_child(desk: Desk, plan: RoundPlan, cancelled: Callable[[], bool],
                     progress: Progress) -> RoundPairing:
    """``desk.propose(plan)`` computed in a forked child (see :func:`compute_in_child`)."""
    return compute_in_child(lambda report: desk.propose(plan, progress=report), cancelled, progress)


def compute_in_child(work: Work, cancelled: Callable[[], bool], progress: Progress) -> RoundPairing:
    """``work(report)`` computed in a forked child; its progress reports are passed to
    ``progress`` as they arrive.  Raises :class:`Cancelled` within :data:`POLL_SECONDS` of
    ``cancelled()`` becoming true (Escape, or the worker cancelled because the app quits: the
    child is killed), the engine's own error (``PairingImpossible``, ``TournamentError``), or a
    :class:`TournamentError` naming the exit code when the child died (killed, out of memory).
    Nothing may be saved by ``work``: recording a round is the caller's."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        _child(write_end, work)
    os.close(write_end)  # the child holds the only writing end: its death ends our reads
    receiver = Connection(read_end, writable=False)
    try:
        return _follow(receiver, pid, cancelled, progress)
    finally:
        receiver.close()
        _reap(pid)


def _follow(receiver: Connection, pid: int, cancelled: Callable[[], bool],
            progress: Progress) -> RoundPairing:
    """Relay the child's messages until its answer; raise :class:`Cancelled` on a cancel."""
    while True:
        if cancelled():
            raise Cancelled()
        if not receiver.poll(POLL_SECONDS):
            continue
        try:
            kind, payload = receiver.recv()
        except EOFError:
            raise TournamentError(_("The pairing engine stopped unexpectedly (exit code {code}); "
                                    "nothing was changed.").format(code=_reap(pid))) from None
        if kind == "progress":
            progress(*payload)
        elif kind == "done":
            answer: RoundPairing = payload
            return answer
        else:
            raise payload


def _reap(pid: int) -> int:
    """End the child if it still runs and collect it (no zombie); its exit code."""
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == 0:
            os.kill(pid, signal.SIGKILL)  # it writes nothing anywhere: nothing to clean up
            done, status = os.waitpid(pid, 0)
    except ChildProcessError:  # already collected
        return 0
    return os.waitstatus_to_exitcode(status)


def _child(write_end: int, work: Work) -> NoReturn:
    """In the child: compute, send progress and then the answer or the error, and end."""
    code = 1
    try:
        _isolate(write_end)
        sender = Connection(write_end, readable=False)

        def report(fraction: float, text: str) -> None:
            sender.send(("progress", (fraction, text)))

        try:
            answer = work(report)
        except Exception as error:  # the parent raises it
            sender.send(("error", _portable(error)))
        else:
            sender.send(("done", answer))
        code = 0
    finally:
        os._exit(code)


def _isolate(keep: int) -> None:
    """Close every inherited descriptor but ``keep``; standard streams go to /dev/null."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.closerange(3, keep)
    os.closerange(keep + 1, os.sysconf("SC_OPEN_MAX"))


def _portable(error: Exception) -> Exception:
    """``error`` itself if it survives pickling, else one with its text (an exception whose
    constructor takes other arguments than its message cannot be rebuilt by the parent)."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        if isinstance(error, TournamentError):
            return TournamentError(str(error))
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error
