"""The organiser's side of the data service: a Workspace and Desks whose use cases run there.

Why proxies and not a second API: the front ends call ``workspace.create(t)``,
``desk.enter_result(2, 1, WHITE_WINS, seen=…)`` exactly as in-process; each declared use case
(:func:`core.app.access.declared_use_cases`) becomes one request, its arguments bound by the
real method's signature, and the service's refusal is raised here as the same hakem error.
What cannot travel is turned into what can, on this side, as the user:

- a file the user names (a parameter typed ``Source``) is opened here and its descriptor passed
  (``SCM_RIGHTS``): the service never opens a path a caller names;
- ``cancel`` (an event) becomes a ``cancel`` message, ``progress`` (a function) is called for
  every progress message of the answer.

No other use case takes a function: every change is said with plain arguments (a playoff's
too, :mod:`core.app.playoffs`), so the service computes it on its own newest state.

Each request takes an idle connection or opens one, so the UI reading while a pairing runs
does not wait for it; pushed events come on a connection of their own (:class:`Watch`).
"""

from __future__ import annotations

import functools
import inspect
import itertools
import os
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.errors import StoreError, os_reason
from core.i18n import _
from core.service.wire import MAX_ANSWER, Channel, decode, decode_error, encode, use_cases

if TYPE_CHECKING:
    from core.pairing.matching.incremental import MatcherState


class ServiceUnavailable(StoreError):
    """The service could not be reached, or went away before it answered."""


CONNECT_TIMEOUT = 20.0
"""Seconds to wait for the service to accept a connection and greet it: a service that
cannot (out of descriptors, stopped) is named in one line instead of hakem hanging."""


ANSWER_TIMEOUT = 60.0
"""Seconds to wait for any line of an answer.  The service says "still working" every
``server.WORKING_EVERY`` (10 s) while a use case runs, so only a service that has stopped
answering stays silent this long."""
IDLE_REUSE = 300.0
"""Seconds an idle connection is kept for reuse: well below the service's idle limit (600 s
by default), so a request never goes out on a connection the service is closing."""


def _not_answering(path: str, seconds: float = CONNECT_TIMEOUT) -> ServiceUnavailable:
    if os.path.isdir("/run/systemd/system"):  # systemd is PID 1: its journal holds the service's words
        return ServiceUnavailable(_("the hakem service at {path} does not answer (waited {seconds} s); "
                                    "the administrator can look at it: journalctl -u hakem").format(
                                        path=path, seconds=round(seconds)))
    return ServiceUnavailable(_("the hakem service at {path} does not answer (waited {seconds} s); "
                                "tell the administrator").format(path=path, seconds=round(seconds)))


class AnswerLost(ServiceUnavailable):
    """A change was sent but its answer never came: whether it was saved is unknown."""


def _answer_lost(path: str, what: str, seconds: float) -> AnswerLost:
    return AnswerLost(_("the hakem service at {path} did not answer {what} within {seconds} s; whether the change "
                        "was saved is unknown: look with hakem log before repeating it").format(
                            path=path, what=what, seconds=round(seconds)))


def _broken(path: str, what: str, error: OSError, writes: bool) -> ServiceUnavailable:
    """The connection failed while the service had the request (reset: the service was killed
    or restarted).  A change: saved or not is unknown, the README's sentence; a read: try again."""
    problem = os_reason(error)
    if writes:
        return AnswerLost(_("the connection to the hakem service at {path} broke before it answered {what} ({problem}); "
                            "whether the change was saved is unknown: look with hakem log before repeating it").format(
                                path=path, what=what, problem=problem))
    return ServiceUnavailable(_("the connection to the hakem service at {path} broke before it answered ({problem}); "
                                "nothing was saved; try again when the service is back").format(path=path, problem=problem))


class _Link:
    """One connection to the service, used for one request at a time."""

    _ids = itertools.count(1)

    def __init__(self, path: str) -> None:
        self.path = path
        self.pid = os.getpid()
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(CONNECT_TIMEOUT)  # a service out of descriptors never accepts
        try:
            self.sock.connect(path)
        except TimeoutError as error:
            self.sock.close()
            raise _not_answering(path) from error
        except OSError as error:
            self.sock.close()
            raise ServiceUnavailable(_("cannot reach the hakem service at {path}: {problem}").format(
                path=path, problem=os_reason(error))) from error
        self.sock.settimeout(None)
        self.channel = Channel(self.sock, MAX_ANSWER)
        self.idle_since = 0.0

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def receive(self, wait: float | None = None) -> dict[str, Any]:
        try:
            received = self.channel.receive(wait)
        except TimeoutError as error:
            raise _not_answering(self.path, wait or CONNECT_TIMEOUT) from error
        if received is None:
            raise ServiceUnavailable(_("the hakem service closed the connection before it answered; "
                                       "look whether the change was saved before repeating it"))
        message, fds = received
        for fd in fds:
            os.close(fd)
        return message

    def usable(self) -> bool:
        """Whether this idle connection may carry a request: not idle too long and nothing
        waiting on it (an end of file: the service closed it, or a stray line)."""
        import select
        import time

        if time.monotonic() - self.idle_since > IDLE_REUSE:
            return False
        try:
            readable, _w, _x = select.select([self.sock], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable

    def request(self, message: dict[str, Any], fds: list[int] | None = None,
                progress: Callable[[float, str], None] | None = None,
                cancel: threading.Event | None = None, wait: float | None = None,
                writes: bool = False) -> Any:
        """``wait``: seconds for each answer line at most (the service says "still working"
        while a long use case runs).  A change whose answer does not come in time is
        :class:`AnswerLost` (saved or not: unknown), a read plainly "does not answer"."""
        ident = next(self._ids)
        message = {**message, "id": ident}
        if cancel is not None:
            message["cancellable"] = True
            message["cancelled"] = cancel.is_set()
        if progress is not None:
            message["progress"] = True
        what = str(message.get("call") or next(iter(message), ""))
        try:
            self.channel.send(message, fds)
        except OSError as error:
            raise self._refusal(error) from error
        done = threading.Event()
        guard = threading.Lock()
        if cancel is not None:
            threading.Thread(target=self._cancel_when, args=(cancel, done, guard, ident), daemon=True).start()
        try:
            while True:
                try:
                    answer = self.receive(wait)
                except ServiceUnavailable as error:
                    if writes and "call" in message and isinstance(error.__cause__, TimeoutError):
                        raise _answer_lost(self.path, what, wait or 0) from error
                    raise
                except OSError as error:
                    raise _broken(self.path, what, error, writes and "call" in message) from error
                if answer.get("id") != ident:
                    if "error" in answer:
                        raise decode_error(answer["error"])
                    continue
                if "working" in answer:
                    continue
                if "progress" in answer:
                    if progress is not None:
                        fraction, text = answer["progress"]
                        progress(float(fraction), str(text))
                    continue
                if "error" in answer:
                    raise decode_error(answer["error"])
                return decode(answer.get("ok"))
        finally:
            with guard:  # no cancel goes out once the answer is in (the link serves others next)
                done.set()

    def _refusal(self, error: OSError) -> Exception:
        """Why a request could not be sent: the service's own refusal when it sent one before
        closing (the per-user connection limit: the line is often already here when the send
        finds the connection closed), else a broken connection.  Either way the service never
        read a whole request line, so nothing was changed."""
        try:
            received = self.channel.receive(1.0)
        except (OSError, StoreError):
            received = None
        if received is not None:
            message, fds = received
            for fd in fds:
                os.close(fd)
            if isinstance(message.get("error"), dict):
                return decode_error(message["error"])
        return ServiceUnavailable(_("the connection to the hakem service at {path} closed before the request was sent "
                                    "({problem}); nothing was changed").format(
                                        path=self.path, problem=os_reason(error)))

    def _cancel_when(self, cancel: threading.Event, done: threading.Event, guard: threading.Lock,
                     ident: int) -> None:
        while not done.is_set():
            if cancel.wait(0.05):
                with guard:
                    if not done.is_set():
                        try:
                            self.channel.send({"cancel": ident})
                        except OSError:
                            pass
                return


class Client:
    """The requests of one front end to one service (idle connections are kept for reuse)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._idle: list[_Link] = []
        self._lock = threading.Lock()
        link = _Link(path)
        try:
            hello = link.request({"hello": 1}, wait=CONNECT_TIMEOUT)
        finally:
            link.close()
        self.hello: dict[str, Any] = hello if isinstance(hello, dict) else {}

    def call(self, name: str, tournament: str | None, kwargs: dict[str, Any], read_only: bool = False) -> Any:
        """Run use case ``name`` in the service (see the module docstring for the arguments
        that are not values)."""
        from core import roles
        from core.i18n import current_language

        cancel = kwargs.pop("cancel", None)
        progress = kwargs.pop("progress", None)
        files: list[int] = []
        try:
            sent = {k: self._value(v, files) for k, v in kwargs.items()}
            cap = roles.current_cap()
            message = {"call": name, "tournament": tournament, "kwargs": sent, "lang": current_language(),
                       "cap": cap.value if cap is not None else None, "read_only": read_only}
            link = self._take()
            writes = name in use_cases(self._cls_of(tournament)) and use_cases(self._cls_of(tournament))[name].writes
            try:
                value = link.request(message, files, progress if callable(progress) else None,
                                     cancel if isinstance(cancel, threading.Event) else None,
                                     wait=ANSWER_TIMEOUT, writes=writes)
            except (OSError, ServiceUnavailable):
                link.close()
                raise
            except BaseException:
                self._give_back(link)
                raise
            self._give_back(link)
            return value
        finally:
            for fd in files:
                os.close(fd)

    @staticmethod
    def _cls_of(tournament: str | None) -> type:
        from core.app.desk import Desk
        from core.app.workspace import Workspace

        return Workspace if tournament is None else Desk

    @staticmethod
    def _value(value: Any, files: list[int]) -> Any:
        if isinstance(value, _Upload):
            files.append(value.open())
            return {"$fd": len(files) - 1, "name": value.name}
        return encode(value)

    def _take(self) -> _Link:
        """An idle connection of this process (a forked child — the TUI's pairing — opens its
        own: the parent's are not its to use), else a new one."""
        with self._lock:
            while self._idle:
                link = self._idle.pop()
                if link.pid == os.getpid() and link.usable():
                    return link
                if link.pid == os.getpid():
                    link.close()
        return _Link(self.path)

    def _give_back(self, link: _Link) -> None:
        import time

        link.idle_since = time.monotonic()
        with self._lock:
            if len(self._idle) < 4:
                self._idle.append(link)
                return
        link.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for link in idle:
            link.close()


class _Upload:
    """A file the user named, to be opened by this process (as the user) and passed."""

    def __init__(self, name: str) -> None:
        self.name = name.strip()

    def open(self) -> int:
        """The descriptor, opened as the user with the rules of every import (a regular file,
        never a FIFO or a device: :func:`core.user_files.open_input`)."""
        from core.user_files import open_input

        return open_input(self.name)


def _bind(cls: type, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments by name, as the real method would bind them (a wrong call fails
    here, as in-process, before anything is sent)."""
    method = inspect.unwrap(getattr(cls, name))
    signature = inspect.signature(method)
    bound = signature.bind(None, *args, **kwargs)
    out: dict[str, Any] = {}
    if "cancel" in signature.parameters and bound.arguments.get("cancel") is None:
        out["cancel"] = threading.Event()  # a caller that goes away cancels the computation
    for key, value in list(bound.arguments.items())[1:]:
        parameter = signature.parameters[key]
        if key == "cancel" and value is None:
            continue
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            out.update(value)
        elif parameter.annotation in ("Source", "str | Source") and isinstance(value, str):
            out[key] = _Upload(value)
        else:
            out[key] = value
    return out


class _Remote:
    """What the remote Workspace and Desk share: the read-only rule and the use-case proxies."""

    _cls: type
    client: Client
    read_only: bool

    def _tournament(self) -> str | None:
        return None

    def permit(self, name: str, writes: bool, tid: str | None = None) -> None:
        """Refuse a write at once when this front end is read-only (``--view``); the service
        refuses it too, and checks everything else."""
        if writes and self.read_only:
            from core.app.access import ReadOnlyError

            raise ReadOnlyError(_("hakem is in view-only mode; nothing can be changed here"))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in use_cases(self._cls):
            raise AttributeError(name)
        return functools.partial(self._call, name)

    def _call(self, use_case: str, /, *args: Any, **kwargs: Any) -> Any:
        """``use_case`` is positional only: a use case may take an argument called ``name``."""
        self.permit(use_case, use_cases(self._cls)[use_case].writes)
        return self.client.call(use_case, self._tournament(), _bind(self._cls, use_case, args, kwargs),
                                self.read_only)


class RemoteWorkspace(_Remote):
    """The data directory of the service, with the use cases of :class:`core.app.Workspace`."""

    remote = True

    def __init__(self, path: str, read_only: bool = False) -> None:
        from core.app.workspace import Workspace

        self._cls = Workspace
        self.client = Client(path)
        self.read_only = read_only
        self.problems: list[tuple[str, str]] = []

    @property
    def data_dir(self) -> str:
        return str(self.client.hello.get("data_dir", ""))

    @property
    def socket_path(self) -> str:
        return self.client.path

    def service_matcher(self) -> MatcherState | None:
        """The matcher the service pairs with, as its greeting says (``None``: an older
        service that does not say)."""
        from core.pairing.matching.incremental import MatcherState

        return MatcherState.from_json(self.client.hello.get("matcher"))

    def list(self, include_archived: bool = False) -> list[Any]:
        rows, problems = self._call("list_with_problems", include_archived)
        self.problems = [tuple(p) for p in problems]
        return list(rows)

    def open(self, tid: str) -> RemoteDesk:
        self._call("open", tid)
        return RemoteDesk(self, tid)

    def watch(self, tournament: str, callback: Callable[[dict[str, Any]], None]) -> Watch:
        """Call ``callback(event)`` (on a thread of its own) after every change of
        ``tournament`` (``*``: of any, and the list) — pushed by the service, no polling."""
        return Watch(self.client.path, tournament, callback)

    def close(self) -> None:
        self.client.close()


class RemoteDesk(_Remote):
    """One tournament in the service, with the use cases of :class:`core.app.Desk`."""

    remote = True

    def __init__(self, workspace: RemoteWorkspace, tid: str) -> None:
        from core.app.desk import Desk

        self._cls = Desk
        self.workspace = workspace
        self.client = workspace.client
        self.read_only = workspace.read_only
        self.id = tid

    def _tournament(self) -> str | None:
        return self.id

    def _call(self, use_case: str, /, *args: Any, **kwargs: Any) -> Any:
        """The use case in the service; then, for a change of this user's, the pages this
        user keeps published (``hakem publish ID DIR --remember``, the user's own
        configuration) refreshed here, as the user — the service never writes them."""
        directory = self._published() if use_cases(self._cls)[use_case].writes else None
        before = self.snapshot().tournament if directory is not None else None
        value = super()._call(use_case, *args, **kwargs)
        from core.app.base import Outcome

        if before is not None and isinstance(value, Outcome):
            import dataclasses

            from core.app import effects
            from core.app.exports import data_directory

            warnings = effects.after_change(data_directory(), self.id, before, value.tournament, self._series_tables)
            value = dataclasses.replace(value, warnings=(*value.warnings, *warnings))
        return value

    def _published(self) -> str | None:
        """The web directory of this user's pages of the tournament, or of a series (whose
        table the service computes: :meth:`_series_tables`)."""
        from core.app import publishing
        from core.app.exports import data_directory

        try:
            series = publishing.remembered_series(data_directory())
            return publishing.remembered(data_directory(), self.id) or next(iter(series.values()), None)
        except OSError:
            return None

    def _series_tables(self, names: list[str]) -> list[Any]:
        known = {s.name for s in self.workspace.series_list()}
        return [self.workspace.series_table(name) for name in names if name in known]

    def watch(self, callback: Callable[[dict[str, Any]], None]) -> Watch:
        return self.workspace.watch(self.id, callback)


class Watch:
    """Events the service pushes for one tournament, on a connection and a thread of their
    own; when the service goes away (a restart) it connects again and reports
    ``{"event": "reconnected"}`` so the screen reloads what it may have missed."""

    def __init__(self, path: str, tournament: str, callback: Callable[[dict[str, Any]], None]) -> None:
        self.path = path
        self.tournament = tournament
        self.callback = callback
        self._closed = threading.Event()
        self._link: _Link | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"hakem-watch-{tournament}", daemon=True)
        self._thread.start()
        self._ready.wait(5)

    def _run(self) -> None:
        first = True
        pause = 0.1
        while not self._closed.is_set():
            try:
                self._link = _Link(self.path)
                self._link.request({"watch": self.tournament})  # from now on every change is pushed
                self._ready.set()
                if not first:
                    self.callback({"event": "reconnected", "tournament": self.tournament})
                first, pause = False, 0.1
                while not self._closed.is_set():
                    self.callback(self._link.receive())
            except (OSError, StoreError):
                self._ready.set()
                if self._link is not None:
                    self._link.close()
                self._closed.wait(pause)
                pause = min(pause * 2, 2.0)

    def close(self) -> None:
        self._closed.set()
        link = self._link
        if link is not None:
            try:
                link.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            link.close()
