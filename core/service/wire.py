"""What travels on the data service's socket: JSON lines, values of the model, errors, files.

Why a codec of our own and not pickle: the service runs as the account that owns every
tournament of the club, and its callers are other people; unpickling (or ``eval``) what a
caller sends would run the caller's code as that account.  Here a message is JSON, and every
value the use cases take or give is one of

- JSON's own (``None``, booleans, numbers, strings, lists, dicts with string keys);
- a tournament, as :mod:`core.serialize` writes it into the store (``{"$T": …}``);
- a tuple, a set, a dict with other keys, a :class:`~fractions.Fraction`, bytes, a path;
- an enum member or a dataclass *defined in a hakem module* (``core.…``), rebuilt through its
  own constructor from its fields — nothing else can be named, so a message cannot make the
  service build an arbitrary object.

A line is at most :data:`MAX_REQUEST` bytes (the service reads no more, the caller gets one
clear line); a file the user named travels as a descriptor beside the line (``SCM_RIGHTS``).
"""

from __future__ import annotations

import array
import base64
import dataclasses
import enum
import functools
import importlib
import json
import os
import re
import socket
import threading
from fractions import Fraction
from pathlib import PurePath
from typing import Any

from core.errors import StoreError, TournamentError
from core.i18n import _

PROTOCOL = 1
MAX_REQUEST = 4 * 1024 * 1024
"""Bytes of one line a caller may send (a tournament of thousands of players fits; files
travel as descriptors, not in the line)."""
MAX_ANSWER = 512 * 1024 * 1024
"""Bytes of one line the client reads from the service (the service is trusted; this only
stops a runaway)."""
MAX_FDS = 4
"""Descriptors one line may carry (an import passes one)."""

_NAME = re.compile(r"core(\.[a-z_][a-z0-9_]*)+\.[A-Za-z_][A-Za-z0-9_]*")
_NOT_VALUES = ("core.cli", "core.i18n", "core.service")
"""Packages whose classes are no values of the model (the front end, the translation tools,
the service itself): a message naming one is refused before anything is imported."""


class ProtocolError(StoreError):
    """A message that is not one of the service's (too long, not JSON, an unknown value)."""


# -- values ------------------------------------------------------------------------------------
def encode(value: Any) -> Any:
    """``value`` as plain JSON (see the module docstring for what may travel)."""
    from core.model import Tournament

    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Tournament):
        from core.serialize import tournament_to_dict

        return {"$T": tournament_to_dict(value)}
    if isinstance(value, enum.Enum):
        return {"$e": _qualified(type(value)), "v": encode(value.value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {"$d": _qualified(type(value)), "f": fields}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$t": [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        return {"$s": [encode(v) for v in value], "frozen": isinstance(value, frozenset)}
    if isinstance(value, dict) or _is_mapping(value):
        items = list(value.items())
        if all(isinstance(k, str) and not k.startswith("$") for k, _v in items):
            return {k: encode(v) for k, v in items}
        return {"$m": [[encode(k), encode(v)] for k, v in items]}
    if isinstance(value, Fraction):
        return {"$f": str(value)}
    if isinstance(value, (bytes, bytearray)):
        return {"$b": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, PurePath):
        return {"$p": str(value)}
    raise ProtocolError(_("the hakem service cannot send a value of type {name}").format(name=type(value).__name__))


def decode(value: Any) -> Any:
    """The value :func:`encode` made (raises :class:`ProtocolError` for anything else)."""
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    tags = [k for k in value if k.startswith("$")]
    if not tags:
        return {k: decode(v) for k, v in value.items()}
    tag = tags[0]
    body = value[tag]
    try:
        return _DECODERS[tag](body, value)
    except ProtocolError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ProtocolError(_("a value the hakem service cannot read ({tag}: {error})").format(tag=tag, error=error)) from error


def _tournament(body: Any, _whole: dict[str, Any]) -> Any:
    from core.serialize import tournament_from_dict

    return tournament_from_dict(body)


def _enum(body: Any, whole: dict[str, Any]) -> Any:
    cls = _model_type(body)
    if not (isinstance(cls, type) and issubclass(cls, enum.Enum)):
        raise ProtocolError(_("{name} is not an enumeration of hakem").format(name=body))
    return cls(decode(whole["v"]))


def _dataclass(body: Any, whole: dict[str, Any]) -> Any:
    cls = _model_type(body)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise ProtocolError(_("{name} is not a value of hakem").format(name=body))
    fields = whole["f"]
    if not isinstance(fields, dict):
        raise ProtocolError(_("{name}: its fields are missing").format(name=body))
    known = {f.name for f in dataclasses.fields(cls) if f.init}
    return cls(**{k: decode(v) for k, v in fields.items() if k in known})


def _set(body: Any, whole: dict[str, Any]) -> Any:
    items = [decode(v) for v in body]
    return frozenset(items) if whole.get("frozen") else set(items)


_DECODERS: dict[str, Any] = {
    "$T": _tournament,
    "$e": _enum,
    "$d": _dataclass,
    "$t": lambda body, _w: tuple(decode(v) for v in body),
    "$s": _set,
    "$m": lambda body, _w: {decode(k): decode(v) for k, v in body},
    "$f": lambda body, _w: Fraction(str(body)),
    "$b": lambda body, _w: base64.b64decode(str(body), validate=True),
    "$p": lambda body, _w: PurePath(str(body)),
}


def _is_mapping(value: Any) -> bool:
    from collections.abc import Mapping

    return isinstance(value, Mapping)


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _model_type(name: Any, errors: bool = False) -> Any:
    """The class ``core.module.Name`` names — a hakem module's, never anything else (with
    ``errors``, the service's own errors too)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ProtocolError(_("{name!r} is not a value of hakem").format(name=name))
    module, _dot, attr = name.rpartition(".")
    if module.startswith(_NOT_VALUES) and not (errors and module.startswith("core.service")):
        raise ProtocolError(_("{name!r} is not a value of hakem").format(name=name))
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as error:
        raise ProtocolError(_("{name!r} is not a value of hakem").format(name=name)) from error


# -- use cases -------------------------------------------------------------------------------
@functools.cache
def use_cases(cls: type) -> dict[str, Any]:
    """``declared_use_cases(cls)`` (:mod:`core.app.access`), worked out once per class: both
    ends look a use case up at every request."""
    from core.app.access import declared_use_cases

    return declared_use_cases(cls)


# -- errors ------------------------------------------------------------------------------------
def encode_error(error: BaseException) -> dict[str, Any]:
    """A refusal as the caller will raise it again: its class (a hakem error), its message and
    its simple attributes (a form field's name, a conflict's path)."""
    from core.pairing.base import Cancelled

    if isinstance(error, (TournamentError, Cancelled)):
        cls: type = type(error)
    elif isinstance(error, OSError):
        cls = StoreError  # an OSError of the service (a full disk): the caller sees a store error
    else:
        cls = TournamentError
        error = TournamentError(_("the hakem service could not do this ({name}: {error}); nothing was changed by it").format(
            name=type(error).__name__, error=error))
    attrs = {k: v for k, v in vars(error).items() if isinstance(v, (str, int, bool)) and not k.startswith("_")}
    return {"type": _qualified(cls), "message": str(error), "attrs": attrs}


_REMOTE: dict[type, type] = {}
_REMOTE_LOCK = threading.Lock()


def decode_error(data: Any) -> Exception:
    """The error the service sent, as an instance of the same hakem class (so ``except
    StaleChange`` and the CLI's exit codes work as in-process), saying the same words."""
    if not isinstance(data, dict):
        return StoreError(_("the hakem service answered something unreadable"))
    try:
        cls = _model_type(data.get("type"), errors=True)
    except ProtocolError:
        cls = TournamentError
    from core.pairing.base import Cancelled

    if not (isinstance(cls, type) and issubclass(cls, (TournamentError, Cancelled))):
        cls = TournamentError
    with _REMOTE_LOCK:
        remote: Any = _REMOTE.get(cls)
        if remote is None:
            remote = type(cls.__name__, (cls,), {"__str__": lambda self: str(self.args[0]),
                                                  "__module__": cls.__module__})
            _REMOTE[cls] = remote
    error: Exception = Exception.__new__(remote)
    Exception.__init__(error, str(data.get("message", "")))
    for key, value in (data.get("attrs") or {}).items():
        if isinstance(key, str) and isinstance(value, (str, int, bool)):
            try:
                setattr(error, key, value)
            except AttributeError:
                continue
    return error


# -- lines and descriptors ---------------------------------------------------------------------
class Channel:
    """One end of a connection: JSON lines in both directions, descriptors beside a line.

    Sending is locked (answers, progress and pushed events of one connection come from
    different threads); receiving is done by one thread at a time."""

    def __init__(self, sock: socket.socket, limit: int, line_deadline: float | None = None) -> None:
        self.sock = sock
        self.limit = limit
        self.line_deadline = line_deadline
        """Seconds a line may take once its first byte came (the service's side: a caller that
        starts a request and never ends it must not hold a descriptor for ever)."""
        self._started = 0.0
        self._buffer = bytearray()
        self._fds: list[int] = []
        self._send_lock = threading.Lock()

    def send(self, message: dict[str, Any], fds: list[int] | None = None) -> None:
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        with self._send_lock:
            if fds:
                first = self.sock.sendmsg([data[:1]], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
                data = data[first:]
            self.sock.sendall(data)

    def receive(self, wait: float | None = None) -> tuple[dict[str, Any], list[int]] | None:
        """The next message and the descriptors that came with the bytes read so far; ``None``
        when the other side closed the connection between two messages.  ``wait``: seconds to
        wait for the message at most (``TimeoutError`` after)."""
        import time

        until = None if wait is None else time.monotonic() + wait
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                fds, self._fds = self._fds, []
                return self._parse(line, fds), fds
            if len(self._buffer) > self.limit:
                self._close_fds()
                raise ProtocolError(_("a message longer than {limit} bytes; the connection is closed").format(limit=self.limit))
            self._wait_readable(until)
            data, ancillary, _flags, _addr = self.sock.recvmsg(
                65536, socket.CMSG_SPACE(MAX_FDS * array.array("i").itemsize))
            for level, kind, payload in ancillary:
                if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                    passed = array.array("i")
                    passed.frombytes(payload[:len(payload) - len(payload) % passed.itemsize])
                    self._fds.extend(passed)
            if not data:
                self._close_fds()
                if self._buffer:
                    raise ProtocolError(_("the connection closed in the middle of a message"))
                return None
            if not self._buffer:
                self._started = time.monotonic()
            self._buffer += data

    def _wait_readable(self, until: float | None) -> None:
        """Block until the socket has bytes, within the caller's ``until`` and, in the middle
        of a line, the line's deadline (select: the socket's own timeout is left alone, other
        threads send on it)."""
        import select
        import time

        ends = [t for t in (until, self._started + self.line_deadline
                            if self._buffer and self.line_deadline is not None else None) if t is not None]
        if not ends:
            return
        readable, _w, _x = select.select([self.sock], [], [], max(0.0, min(ends) - time.monotonic()))
        if readable:
            return
        if until is not None and min(ends) == until:
            raise TimeoutError("no message in time")  # the caller says what it waited for
        self._close_fds()
        raise ProtocolError(_("a message not completed within {seconds} s; the connection is closed")
                            .format(seconds=self.line_deadline))

    def _close_fds(self) -> None:
        for fd in self._fds:
            os.close(fd)
        self._fds = []

    @staticmethod
    def _parse(line: bytes, fds: list[int]) -> dict[str, Any]:
        from core.store import bounded

        try:
            message = bounded.loads(line)  # the store's read limits: nothing it could not read back
        except bounded.TooComplex as error:
            for fd in fds:
                os.close(fd)
            raise ProtocolError(_("a message hakem does not read ({reason})").format(reason=error.reason)) from None
        except (ValueError, RecursionError) as error:
            for fd in fds:
                os.close(fd)
            raise ProtocolError(_("a message that is not JSON ({error})").format(error=error)) from None
        if not isinstance(message, dict):
            for fd in fds:
                os.close(fd)
            raise ProtocolError(_("a message that is not a JSON object"))
        return message


def read_passed_file(fd: int, name: str) -> bytes:
    """What a caller's file holds, read from the descriptor it passed (never by a path): a
    regular file within the import limit (:func:`core.app.files.read_descriptor`), else one
    sentence naming it."""
    import stat

    from core.app.files import read_descriptor

    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise StoreError(_("{path}: not a regular file (hakem reads no FIFO, device or directory)").format(path=name))
    return read_descriptor(fd, name)
