"""The register of heads: every data file's revision and head, appended by the process that
wrote them, to notice a **consistent rollback** — a data file and its journal both put back
from an older copy.

Why a register of its own: the chain proves that a journal and its data file agree with each
other, not that they are the newest ones hakem wrote.  A data file copied back together with
its journal (``ID.hakem.json`` + ``ID.chain.jsonl``, or ``club.json`` + ``club.chain.jsonl``)
is a consistent, older history: doctor said ok, ``hakem log`` ended earlier, and the service
went on building on it.  The register is a third file, written after the data file on every
commit (:meth:`core.store.storage.DataFile.journaled`), which such a copy leaves behind: a head
it records that the file's journal no longer holds is a rollback, even after later changes
were built on the older state.

Two readers: doctor reads the whole register (:func:`newest`); every commit asks
:func:`reached` — what the register says of the one file it is about to change, read
incrementally (only what was appended since the last commit of this process) — and refuses
to build on a file that hakem had already written further (:meth:`core.store.Store._check_journal`,
:meth:`core.store.clubdb.ClubDB._check_chain`): a service would otherwise go on accepting
changes on top of the rolled-back state until someone ran doctor.

What starts a file's record afresh: an ``accepted`` line (``hakem doctor --repair`` took the
older state as the record), a ``removed`` line (``hakem delete`` moved the file to the trash)
and revision 1 (a file created again under an id or name that was used before).

Limits (notes/store.md): whoever can write the data directory can put the register back too
(a copy of the whole directory is not noticed); the register is appended without fsync, so a
crash may lose its last line (a rollback of that one change then goes unnoticed).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from core.errors import StoreError
from core.file_safety import SafeDir
from core.store.paths import HEADS

MAX_REGISTER = 1 << 30
"""Bytes of the register read at once (100,000 changes take about 15 MB)."""
MAX_LINE = 4096
"""A register line is about 150 bytes; a longer one is not hakem's and is skipped unparsed."""


def record(folder: SafeDir, name: str, line: bytes) -> None:
    """Append the head that journal ``line`` (just committed for data file ``name``) makes.
    Never fails a commit: the data is saved already; a register line lost only weakens the
    check."""
    try:
        entry = json.loads(line)
        out = {"file": name, "rev": int(entry["rev"]), "head": hashlib.sha256(line.rstrip(b"\n")).hexdigest(),
               "time": str(entry.get("time", ""))}
        folder.append(HEADS, _line(out), own=False, durable=False)
    except (OSError, StoreError, ValueError, KeyError, TypeError):
        return


def accept(folder: SafeDir, name: str, revision: int, by: str) -> None:
    """Record that the administrator accepted ``name`` at ``revision`` as the current state
    (a repair of a rollback that no newer copy can undo)."""
    folder.append(HEADS, _line({"file": name, "accepted": revision, "by": by}), own=False)


def removed(folder: SafeDir, name: str, by: str) -> None:
    """Record that ``name`` left the directory on purpose (``hakem delete``): its history
    ends here, a file created later under the same name starts a new one."""
    folder.append(HEADS, _line({"file": name, "removed": time.strftime("%Y-%m-%dT%H:%M:%S"), "by": by}), own=False)


def further(item: dict[str, Any] | None, revision: int, head: str | None) -> bool:
    """Whether the register's ``item`` says hakem wrote the file further than ``revision`` /
    ``head`` (the data file and its journal as they are now): a higher revision, or the same
    revision with another head (a change built on a rolled-back state)."""
    if item is None:
        return False
    return int(item["rev"]) > revision or (int(item["rev"]) == revision and head is not None and item["head"] != head)


def newest(folder: SafeDir) -> dict[str, dict[str, Any]]:
    """Per data file, the record of the highest revision written since the file's record
    last started afresh (what doctor compares every journal with)."""
    from core.store.bounded import loads

    try:
        raw = folder.read(HEADS, MAX_REGISTER)
    except (OSError, StoreError):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for text in raw.split(b"\n"):
        try:
            _fold(out, loads(text))
        except (ValueError, UnicodeDecodeError, StoreError):
            continue
    return out


@dataclass
class _Read:
    """How far this process has read the register for one data file."""

    ino: int = -1
    offset: int = 0
    last: bytes = b""
    """The last whole line read (it ends at ``offset``): if the bytes there are no longer
    these, the register was replaced or cut and is read again from its start."""
    item: dict[str, Any] | None = None


_reads: weakref.WeakKeyDictionary[SafeDir, dict[str, _Read]] = weakref.WeakKeyDictionary()
_reads_lock = threading.Lock()


def reached(folder: SafeDir, name: str) -> dict[str, Any] | None:
    """The register's newest record of data file ``name`` (``rev``, ``head``, ``time``), or
    None when it has none (never written through the register, accepted, removed) or the
    register cannot be read (doctor names what is in its place).

    Read incrementally per open directory: a commit reads what was appended since this
    process's last commit, and only the lines that name ``name`` are parsed — a service's
    commit does not re-read megabytes of register, and a directory put in the place of
    another (a reused inode) is never mistaken for it, because the state belongs to the open
    :class:`SafeDir`, not to a path or an inode number."""
    with _reads_lock:
        per_file = _reads.setdefault(folder, {})
        state = per_file.setdefault(name, _Read())
        back = state.offset - len(state.last)
        try:
            raw, ino = folder.read_from(HEADS, back, MAX_REGISTER)
            if ino != state.ino or raw[:len(state.last)] != state.last:
                state = per_file[name] = _Read(ino)  # replaced or cut: read it afresh
                raw, ino = folder.read_from(HEADS, 0, MAX_REGISTER)
            else:
                raw = raw[len(state.last):]
        except FileNotFoundError:
            per_file[name] = _Read()
            return None
        except (OSError, StoreError):
            return None
        end = raw.rfind(b"\n") + 1  # a line still being appended is read next time
        if end:
            needle = b'"file":' + json.dumps(name).encode("ascii")
            found = {name: state.item} if state.item is not None else {}
            for text in _lines_with(raw[:end], needle):
                try:
                    _fold(found, json.loads(text))
                except (ValueError, UnicodeDecodeError, RecursionError):
                    continue
            state.item = found.get(name)
            state.offset += end
            state.last = raw[raw.rfind(b"\n", 0, end - 1) + 1:end]
        return state.item


def _lines_with(body: bytes, needle: bytes) -> Iterator[bytes]:
    """The whole lines of ``body`` that contain ``needle`` (found by searching, not by
    splitting every line: a register of 100,000 changes of 200 tournaments holds a few hundred
    lines of one file); lines longer than :data:`MAX_LINE` are not hakem's and are skipped."""
    at = body.find(needle)
    while at >= 0:
        start = body.rfind(b"\n", 0, at) + 1
        end = body.find(b"\n", at)
        end = len(body) if end < 0 else end
        if end - start <= MAX_LINE:
            yield body[start:end]
        at = body.find(needle, end)


def _fold(out: dict[str, dict[str, Any]], item: Any) -> None:
    """Take one register line into ``out`` (per file, the newest record)."""
    if not isinstance(item, dict) or not isinstance(item.get("file"), str):
        return
    name = item["file"]
    if "accepted" in item or "removed" in item:
        out.pop(name, None)
    elif isinstance(item.get("rev"), int) and isinstance(item.get("head"), str):
        if item["rev"] == 1 or name not in out or item["rev"] >= out[name]["rev"]:
            out[name] = item


def _line(item: dict[str, Any]) -> bytes:
    return json.dumps(item, sort_keys=True, separators=(",", ":")).encode("utf-8") + b"\n"
