"""TinyDB's ``Storage`` for a tournament's data file: read with limits, written only journaled.

Why a storage of our own: TinyDB's ``JSONStorage`` opens a path (following links, truncating in
place: a kill or a full disk mid-write leaves half a file), and its ``CachingMiddleware`` once
wrote ``null`` over a tournament after a failed flush.  Here TinyDB keeps what it is good at —
the file is its two tables, ``meta`` and ``tournament`` (document 1 each), read and written
through :class:`tinydb.table.Table` — while every byte goes through :class:`SafeDir`:

- :meth:`DataFile.read` reads a regular file we trust, at most :data:`MAX_DATA_BYTES`, JSON
  depth and integer length bounded (:mod:`core.store.bounded`);
- :meth:`DataFile.write` is refused outside :meth:`DataFile.journaled`, which collects what
  the tables write in memory and then commits it the write-ahead way: the journal line
  appended and fsynced, the file replaced atomically (temp, fsync, rename, fsync of the
  directory); any failure before the rename cuts the journal back (removes it if this commit
  created it) and leaves the previous file byte for byte.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from core.errors import StoreError
from core.i18n import _
from core.store import bounded
from core.file_safety import SafeDir
from core.store.journal import canonical

WriteCheck = Callable[[str, int, int], None]
"""``check(file, written, growth)``: may a commit write ``written`` bytes (the journal line and
the new data file, both on the disk at once until the old file goes) that make ``file`` and
its journal ``growth`` bytes larger?  Raises to refuse; called before anything is written."""
_write_check: ContextVar[WriteCheck | None] = ContextVar("hakem_write_check", default=None)


@contextlib.contextmanager
def checking_writes(check: WriteCheck) -> Iterator[None]:
    """Ask ``check`` before every commit made in the block (the data service: its disk
    reserve and the member's quota are judged on what a change really writes, known only
    once the change is computed — a 6 MB import checked before it ran took the whole reserve)."""
    token = _write_check.set(check)
    try:
        yield
    finally:
        _write_check.reset(token)

MAX_DATA_BYTES = 10 << 20
"""A data file larger than this is refused unread: ten times a real event's (2,000 players, 15
rounds, every result entered: 881 KB, ``tests/benchmarks/bench_store_sizes.py --rounds 15``).
A planted 200 MB file used to be read and parsed whole by ``hakem list`` (840 MB of memory)."""
TABLES = ("meta", "tournament")

Tables = dict[str, dict[str, Any]]


def decode(raw: bytes, where: Path, tables: tuple[str, ...] = TABLES) -> Tables:
    """The tables of a data file's bytes, or a StoreError naming the file and what is wrong.
    ``tables``: the tables the file must hold (a tournament's; the club database has others,
    :mod:`core.store.clubdb`), each a mapping of document ids to documents."""
    if not raw.strip():
        raise StoreError(_('{path}: not a hakem tournament file').format(path=where))
    try:
        data = bounded.loads(raw)
    except bounded.TooComplex as error:
        raise StoreError(_('{path}: not a hakem tournament file ({reason})').format(path=where, reason=error.reason)) from None
    except (ValueError, UnicodeDecodeError) as error:
        msg, pos = getattr(error, "msg", str(error)), getattr(error, "pos", 0)
        raise StoreError(_('{path}: not a valid hakem file ({msg} at byte {pos})').format(path=where, msg=msg, pos=pos)) from None
    if not isinstance(data, dict) or not all(isinstance(data.get(t), dict) for t in tables) \
            or not all(isinstance(doc, dict) for t in tables for doc in data[t].values()):
        raise StoreError(_('{path}: not a hakem tournament file').format(path=where))
    return data


def refuse_unreadable(payload: bytes, line: bytes, where: Path) -> None:
    """Never write what :func:`decode` and the journal's reader would refuse to read back
    (a tournament nested deeper than :data:`bounded.MAX_DEPTH`, an integer too long, a file
    over :data:`MAX_DATA_BYTES`): checked before anything is written, so nothing changes."""
    from core.errors import TournamentError

    mib = 1024 * 1024
    if len(payload) > MAX_DATA_BYTES:  # named by the limit, not by a path (the service's, on a club machine)
        raise TournamentError(_("not saved: the data would take {size} MiB, more than the {limit} MiB hakem keeps "
                                "in one file; nothing was changed").format(size=f"{len(payload) / mib:.1f}",
                                                                           limit=MAX_DATA_BYTES // mib))
    try:
        bounded.loads(payload, bounded.MAX_DEPTH)  # what every reader reads, even inside a repair
        bounded.loads(line, bounded.MAX_DEPTH)
    except bounded.TooComplex as error:
        raise TournamentError(_("{name}: not saved, hakem could not read it back ({reason}); nothing was changed")
                              .format(name=where.name, reason=error.reason)) from None


class DataFile(Storage):
    """One tournament's data file in a :class:`SafeDir`, as TinyDB's storage."""

    tables: tuple[str, ...] = TABLES
    """The tables its file must hold."""

    def __init__(self, folder: SafeDir, name: str) -> None:
        self.folder = folder
        self.name = name
        self._held: Tables | None = None
        self._pending: Tables | None = None

    @property
    def where(self) -> Path:
        return self.folder.path / self.name

    def read(self) -> Tables | None:
        if self._pending is not None:
            return self._pending
        if self._held is not None:
            return self._held
        return decode(self.folder.read(self.name, MAX_DATA_BYTES), self.where, self.tables)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._pending is None:
            raise StoreError(_('{path}: changed only by a commit').format(path=self.where))
        self._pending = data

    def close(self) -> None:
        self._held = self._pending = None

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Read the file once for every table read inside the block."""
        self._held = decode(self.folder.read(self.name, MAX_DATA_BYTES), self.where, self.tables)
        try:
            yield
        finally:
            self._held = None

    @contextlib.contextmanager
    def journaled(self, journal: str, line: bytes) -> Iterator[None]:
        """Collect the tables written inside the block (starting from none), then commit them:
        ``line`` appended to ``journal`` first, then the data file replaced.  OSError (with
        every file as before) if that fails."""
        self._pending = {}
        try:
            yield
            payload = canonical(self._pending)
        finally:
            self._pending = None
        refuse_unreadable(payload, line, self.where)
        check = _write_check.get()
        if check is not None:
            st = self.folder.lstat(self.name)
            written = len(payload) + len(line)
            check(self.name, written, written - (st.st_size if st is not None else 0))
        start, created = self.folder.append(journal, line, own=False)
        try:
            self.folder.replace(self.name, payload)
        except BaseException:
            with contextlib.suppress(OSError, StoreError):
                if created:
                    self.folder.unlink(journal)
                else:
                    self.folder.truncate(journal, start, own=False)
            raise
        from core.store import heads

        heads.record(self.folder, self.name, line)  # after the file: the register never runs ahead


def open_db(folder: SafeDir, name: str) -> TinyDB:
    """A TinyDB on the data file ``name`` of ``folder``."""
    return TinyDB(folder, name, storage=DataFile)


def read_tables(folder: SafeDir, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(meta, tournament document) through TinyDB's tables, the file read once."""
    db = open_db(folder, name)
    storage = db.storage
    assert isinstance(storage, DataFile)
    with storage.held():
        meta, tdoc = (db.table(t).get(doc_id=1) for t in TABLES)
    return (dict(meta) if isinstance(meta, dict) else {}), (dict(tdoc) if isinstance(tdoc, dict) else {})


def write_tables(folder: SafeDir, name: str, meta: dict[str, Any], tdoc: dict[str, Any],
                 journal: str, line: bytes) -> None:
    """Replace both tables' document 1, journaled (see :meth:`DataFile.journaled`)."""
    db = open_db(folder, name)
    storage = db.storage
    assert isinstance(storage, DataFile)
    with storage.journaled(journal, line):
        for table, doc in zip(TABLES, (meta, tdoc), strict=True):
            db.table(table).insert(Document(doc, doc_id=1))
