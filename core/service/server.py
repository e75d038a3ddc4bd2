"""``hakem serve``: the one process that opens a club's shared data directory.

Why a service: a directory every organiser can write protects nothing from any of them (the
journal can be forged, a role raised, a link planted).  So the shared directory belongs to one
account and this process alone opens it; organisers' hakem (TUI and CLI) send it use cases of
:mod:`core.app` over a Unix socket.  For every request it

1. asks the kernel who is calling (``SO_PEERCRED``) — nothing the caller says about itself is
   read;
2. runs the use case as that user (:func:`core.identity.acting_as`, the caller's role cap
   and language): the same :class:`~core.app.Workspace` / :class:`~core.app.Desk` with the same
   policy (:func:`core.app.access.default_policy`: read-only rule and roles) as the embedded
   mode — the application layer is the protocol;
3. answers with the outcome or the refusal (:mod:`core.service.wire`), and after a change
   pushes ``{"event": "revision"}`` to every connection watching that tournament.

One thread per connection: a long pairing on one connection does not hold the others; the
store's directory lock serialises the commits.  A caller that disappears mid-request changes
nothing the store would not have committed anyway: the commit is atomic and the answer is
simply not delivered.
"""

from __future__ import annotations

import inspect
import os
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.service.quota import Limits, Quota, connection_cap
from core.service.wire import (
    MAX_REQUEST,
    PROTOCOL,
    Channel,
    ProtocolError,
    decode,
    encode,
    encode_error,
    read_passed_file,
    use_cases,
)

WATCH_SEND_TIMEOUT = 2
"""Seconds an event may wait for a watcher's socket to take it; then the watcher is dropped
(its screen reconnects and reloads when it reads again)."""
PROGRESS_EVERY = 0.05
"""Seconds between two progress messages of a pairing (the last one always goes)."""
WORKING_EVERY = 10.0
"""Seconds between two "still working" lines while a use case runs: the client gives up on a
service that sends nothing for ``client.ANSWER_TIMEOUT`` (a hung service), never on a long
pairing or list import that is still at work."""


def peer_credentials(sock: socket.socket) -> tuple[int, int, int]:
    """(pid, uid, gid) of the process at the other end, as the kernel recorded it at connect."""
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    pid, uid, gid = struct.unpack("3i", raw)
    return pid, uid, gid


MAX_CONNECTIONS_PER_USER = 32
"""Connections one Unix user may hold at once (a TUI holds a watcher and a few idle request
connections; 32 organisers' worth fits in the unit's ``LimitNOFILE``)."""
LINE_DEADLINE = 10.0
"""Seconds to complete a request line once its first byte came (idle between requests is fine)."""


class Service:
    """The data service over one data directory, answering on one listening socket."""

    def __init__(self, data_dir: str, listener: socket.socket, log: Callable[[str], None] | None = None,
                 list_managers: tuple[str, ...] = (), limits: Limits | None = None, pages: str | None = None) -> None:
        from core.app.workspace import Workspace

        # pages: the administrator's directory where the service keeps the series' pages
        self.workspace = Workspace(data_dir, list_managers=list_managers, pages=pages)
        self.limits = limits or Limits()
        self.quota = Quota(self.workspace.store, self.limits)
        self.max_connections = connection_cap(self.limits)
        self.listener = listener
        self.log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self._watchers: dict[Connection, set[str]] = {}
        self._writers: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._per_uid: dict[int, int] = {}

    @property
    def data_dir(self) -> str:
        return self.workspace.data_dir

    def serve_forever(self) -> None:
        """Accept connections until :meth:`stop`; each gets a thread of its own."""
        while not self._stopped.is_set():
            try:
                sock, _addr = self.listener.accept()
            except OSError:
                if self._stopped.is_set():
                    return
                time.sleep(0.05)  # out of descriptors for a moment: try again, never spin
                continue
            try:
                connection = Connection(self, sock)
            except OSError:
                sock.close()  # gone before its credentials were read
                continue
            if not self.admit(connection):
                continue
            threading.Thread(target=connection.run, name="hakem-serve-connection", daemon=True).start()

    def admit(self, connection: Connection) -> bool:
        """Count the caller's connection; beyond :data:`MAX_CONNECTIONS_PER_USER`, or beyond
        the service's :attr:`max_connections` of everyone together, refuse it with one line
        and close it.  Why: ~1000 half-open connections of one member used every descriptor
        of the service and locked every other organiser out; 32 each of many members could
        still do it — the global cap keeps the service below its descriptor limit, so it
        keeps working for the connections it holds and says why it refuses the others."""
        from core.identity import user_name

        with self._lock:
            held = self._per_uid.get(connection.uid, 0)
            total = sum(self._per_uid.values())
            if held < MAX_CONNECTIONS_PER_USER and total < self.max_connections:
                self._per_uid[connection.uid] = held + 1
                return True
        if held >= MAX_CONNECTIONS_PER_USER:
            refusal = _("{user} has {count} connections to the hakem service already (its limit); close some hakem windows").format(
                user=user_name(connection.uid), count=MAX_CONNECTIONS_PER_USER)
        else:
            refusal = _("the hakem service holds {count} connections, its limit for everyone together; "
                        "try again in a moment, or tell the administrator").format(count=self.max_connections)
            self.log(f"hakem serve: refused a connection of {user_name(connection.uid)}: {self.max_connections} connections held")
        try:
            connection.channel.send({"error": encode_error(ProtocolError(refusal))})
        except OSError:
            pass
        connection.sock.close()
        return False

    def release(self, connection: Connection) -> None:
        with self._lock:
            left = self._per_uid.get(connection.uid, 1) - 1
            if left > 0:
                self._per_uid[connection.uid] = left
            else:
                self._per_uid.pop(connection.uid, None)

    def stop(self) -> None:
        self._stopped.set()
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()

    @contextmanager
    def writing(self, tournament: Any, queue: bool) -> Iterator[None]:
        """Changes of one tournament one after another (``queue``), in the order they came.

        Why: the store computes a change outside its lock and computes it again if another
        committed meanwhile — right for separate processes, but eight callers of this one
        process then compete for one interpreter and redo each other's work (a result took up
        to 1.6 s with 8 clients).  A change is short, so waiting for the one before costs
        less; computations that can take long (a pairing: its use cases take ``cancel``) and
        reading are not queued."""
        if not queue or tournament is None:
            yield
            return
        with self._lock:
            lock = self._writers.setdefault(str(tournament), threading.Lock())
        with lock:
            yield

    # -- pushed events ------------------------------------------------------------------------
    def watch(self, connection: Connection, tournament: str) -> None:
        with self._lock:
            self._watchers.setdefault(connection, set()).add(tournament)

    def forget(self, connection: Connection) -> None:
        with self._lock:
            self._watchers.pop(connection, None)

    def publish(self, event: dict[str, Any]) -> None:
        """Send ``event`` to every connection watching its tournament (or ``*``: every change).
        A watcher whose socket fails is dropped; nobody waits for a slow one beyond
        :data:`WATCH_SEND_TIMEOUT`."""
        key = str(event.get("tournament") or "")
        with self._lock:
            targets = [c for c, keys in self._watchers.items() if "*" in keys or key in keys]
        for connection in targets:
            try:
                connection.channel.send(event)
            except OSError:
                self.forget(connection)
                try:
                    connection.sock.shutdown(socket.SHUT_RDWR)  # its client sees the end, reconnects
                except OSError:
                    pass


class Connection:
    """One caller's connection: requests in order, answered on the same socket."""

    def __init__(self, service: Service, sock: socket.socket) -> None:
        self.service = service
        self.sock = sock
        self.channel = Channel(sock, MAX_REQUEST, line_deadline=LINE_DEADLINE)
        self.pid, self.uid, self.gid = peer_credentials(sock)
        self._next: list[tuple[dict[str, Any], list[int]]] = []
        self._watching = False

    def run(self) -> None:
        try:
            while True:
                try:
                    received = self._next.pop(0) if self._next else self.channel.receive(self._idle_limit())
                except ProtocolError as error:
                    self._send({"error": encode_error(error)})
                    return
                except TimeoutError:
                    return  # idle past the limit: closed (the client opens another when it needs one)
                if received is None:
                    return
                message, fds = received
                self.handle(message, fds)
        except OSError:
            return  # the caller went away: whatever it asked was committed or not, atomically
        finally:
            self.service.forget(self)
            self.service.release(self)
            self.sock.close()

    def handle(self, message: dict[str, Any], fds: list[int]) -> None:
        if "hello" in message:
            from core.identity import user_name
            from core.pairing.matching.incremental import matcher_state

            self._close(fds)
            # the matcher the service pairs with: hakem doctor names it (the caller's may differ)
            self._send({"id": message.get("id"), "ok": {"protocol": PROTOCOL, "data_dir": self.service.data_dir,
                                                        "user": user_name(self.uid), "uid": self.uid,
                                                        "matcher": matcher_state().to_json()}})
        elif "watch" in message:
            self._close(fds)
            # a screen that stops reading (suspended, a dead network) must not hold the writer
            # who publishes: its sends fail after WATCH_SEND_TIMEOUT and it is dropped
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO,
                                 struct.pack("ll", int(WATCH_SEND_TIMEOUT), 0))
            self._watching = True
            self.service.watch(self, str(message["watch"]))
            self._send({"id": message.get("id"), "ok": str(message["watch"])})
        elif "call" in message:
            self.call(message, fds)
        elif "cancel" in message:
            self._close(fds)  # it crossed the answer of the call it meant: nothing left to stop
        else:
            self._close(fds)
            self._send({"id": message.get("id"), "error": encode_error(ProtocolError(_("an unknown request")))})

    def _idle_limit(self) -> float | None:
        """Seconds this connection may wait for its next request: a watcher waits by design,
        a request connection idle for ``limits.idle_seconds`` is closed (its descriptor is
        someone else's to use)."""
        idle = self.service.limits.idle_seconds
        return None if self._watching or not idle else float(idle)

    # -- one use case ----------------------------------------------------------------------------
    def call(self, message: dict[str, Any], fds: list[int]) -> None:
        """Run the use case on a thread of its own while this one reads (a cancel, the
        caller's end, the next request) and says "still working" every
        :data:`WORKING_EVERY` seconds, so the client can tell a long use case from a hung
        service."""
        ident = message.get("id")
        cancel = threading.Event()
        if message.get("cancelled"):
            cancel.set()  # cancelled before it was sent
        worker = threading.Thread(target=self._answer, args=(message, fds, cancel), daemon=True,
                                  name="hakem-serve-call")
        worker.start()
        self._wait_for_cancel(ident, worker, cancel)

    def _wait_for_cancel(self, ident: Any, worker: threading.Thread, cancel: threading.Event) -> None:
        """Read while the call runs: ``{"cancel": id}`` or the caller's end (a closed
        connection cancels too — nobody is left to want the answer)."""
        import select

        said = time.monotonic()
        try:
            while worker.is_alive():
                readable, _w, _x = select.select([self.sock], [], [], 0.1)
                if not readable:
                    if time.monotonic() - said >= WORKING_EVERY and worker.is_alive():
                        said = time.monotonic()
                        self._send({"id": ident, "working": True})
                    continue
                try:
                    received = self.channel.receive()
                except ProtocolError:
                    received = None
                if received is None:
                    cancel.set()
                    break
                message, fds = received
                if "cancel" in message:
                    self._close(fds)
                    if message["cancel"] == ident:
                        cancel.set()
                else:  # the next request, sent as the answer went out: served after this one
                    self._next.append((message, fds))
        finally:
            worker.join()

    def _answer(self, message: dict[str, Any], fds: list[int], cancel: threading.Event) -> None:
        ident = message.get("id")
        try:
            value = self._run(message, fds, cancel)
            answer: dict[str, Any] = {"id": ident, "ok": encode(value)}
        except TournamentError as error:
            answer = {"id": ident, "error": encode_error(error)}
        except OSError as error:
            answer = {"id": ident, "error": encode_error(error)}
        except RecursionError:
            answer = {"id": ident, "error": encode_error(ProtocolError(_("a value nested too deeply")))}
        except Exception as error:  # a cancelled pairing, or a defect: the caller is told, never left waiting
            from core.pairing.base import Cancelled

            if not isinstance(error, Cancelled):
                self.service.log(f"hakem serve: {message.get('call')!r} failed: {type(error).__name__}: {error}")
            answer = {"id": ident, "error": encode_error(error)}
        self._send(answer)

    def _run(self, message: dict[str, Any], fds: list[int], cancel: threading.Event) -> Any:
        from core import roles
        from core.i18n import speaking
        from core.identity import acting_as

        cap_name = message.get("cap")
        cap = roles.Role(cap_name) if cap_name else None
        with acting_as(self.uid), roles.capped(cap), speaking(message.get("lang")):
            try:
                method, declared = self._method(message)
                kwargs = self._arguments(message, method, fds, cancel)
                tid = message.get("tournament")
                self.service.quota.check(declared.name, declared.writes, None if tid is None else str(tid), self.uid)
            finally:
                self._close(fds)
            if declared.writes and message.get("read_only"):
                from core.app.access import ReadOnlyError

                raise ReadOnlyError(_("hakem is in view-only mode; nothing can be changed here"))
            import functools

            from core.store.storage import checking_writes

            judge = functools.partial(self.service.quota.check_write, declared.name, None if tid is None else str(tid), self.uid)
            with self.service.writing(message.get("tournament"), declared.writes and "cancel" not in kwargs), \
                    checking_writes(judge):
                value = method(**kwargs)
            if declared.writes:
                self._announce(message)
        from core.app.desk import Desk

        return None if isinstance(value, Desk) else value

    def _method(self, message: dict[str, Any]) -> tuple[Any, Any]:
        """The use case asked for: a method declared with ``@use_case`` and nothing else."""
        from core.app.desk import Desk
        from core.app.workspace import Workspace

        name = str(message.get("call", ""))
        tid = message.get("tournament")
        cls = Desk if tid is not None else Workspace
        declared = use_cases(cls).get(name)
        if declared is None:
            raise ProtocolError(_("{name!r} is not a use case of hakem").format(name=name))
        target = self.service.workspace if tid is None else self.service.workspace.open(str(tid))
        return getattr(target, name), declared

    def _arguments(self, message: dict[str, Any], method: Any, fds: list[int],
                   cancel: threading.Event) -> dict[str, Any]:
        """The call's keyword arguments: decoded values, files read from the descriptors the
        caller passed, and the service's own cancel and progress hooks."""
        from core.app.files import InputFile

        raw = message.get("kwargs") or {}
        if not isinstance(raw, dict):
            raise ProtocolError(_("the arguments are not a JSON object"))
        parameters = inspect.signature(method).parameters
        kwargs: dict[str, Any] = {}
        for name, value in raw.items():
            if isinstance(value, dict) and "$fd" in value:
                index = value["$fd"]
                if not isinstance(index, int) or not 0 <= index < len(fds):
                    raise ProtocolError(_("a file was announced but not passed"))
                fd, fds[index] = fds[index], -1
                label = str(value.get("name", "?"))
                kwargs[name] = InputFile(label, read_passed_file(fd, label))
            else:
                kwargs[name] = decode(value)
                parameter = parameters.get(name)
                if parameter is not None and parameter.annotation == "Source" and not isinstance(kwargs[name], InputFile):
                    raise ProtocolError(_("a file must be passed to the hakem service, not named"))
        if "cancel" in parameters and message.get("cancellable"):
            kwargs["cancel"] = cancel
        if "progress" in parameters and message.get("progress"):
            kwargs["progress"] = self._progress(message.get("id"))
        unknown = [k for k in kwargs if k not in parameters and not _takes_any(parameters)]
        if unknown:
            raise ProtocolError(_("{name!r} is not an argument of this use case").format(name=unknown[0]))
        return kwargs

    def _progress(self, ident: Any) -> Callable[[float, str], None]:
        last = [0.0]

        def progress(fraction: float, text: str = "") -> None:
            now = time.monotonic()
            if fraction < 1 and now - last[0] < PROGRESS_EVERY:
                return
            last[0] = now
            self._send({"id": ident, "progress": [float(fraction), str(text)]})

        return progress

    def _announce(self, message: dict[str, Any]) -> None:
        """After a change: the tournament's new revision to its watchers (a workspace change —
        new, archived, imported — to the watchers of the list)."""
        from core.identity import current_user

        tid = message.get("tournament")
        if tid is None:
            self.service.publish({"event": "list", "tournament": "*", "user": current_user()})
            return
        try:
            revision = self.service.workspace.store.revision(str(tid))
        except TournamentError:
            return
        self.service.publish({"event": "revision", "tournament": str(tid), "revision": revision,
                              "user": current_user(), "call": str(message.get("call"))})

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self.channel.send(message)
        except OSError:
            pass  # the caller is gone; its connection thread ends at the next read

    @staticmethod
    def _close(fds: list[int]) -> None:
        for fd in fds:
            if fd >= 0:
                os.close(fd)


def _takes_any(parameters: Any) -> bool:
    return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
