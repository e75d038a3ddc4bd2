"""The trash of a data directory: deleted tournaments, kept :data:`KEEP_DAYS` days to be restored.

Why a trash and not an unlink: a deleted event is an organiser's whole work (players, every
round, the journal), and the wrong line of a list is one key away.  What a club expects is
what a file manager does — the event leaves everyone's list at once, and for a month it can be
brought back with its history whole.  So ``hakem delete ID`` moves the event's files (data file,
journal, journals of earlier layouts, round backups) into ``trash/<ID>.<UTC time>/`` of the
same directory — the service's own on a club machine, never readable by members — after a
last journal entry saying who deleted it; ``hakem delete --restore`` moves them back and the
journal goes on.  Entries older than :data:`KEEP_DAYS` are removed by the next deletion or
restoration (nothing runs in the background).

Every move is a ``renameat`` between descriptors of folders opened without following a link
(:class:`core.file_safety.SafeDir`): an id is checked by the store before it names a file,
an entry is a name of the trash that matches :data:`ENTRY`, never a path.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import shutil
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from core.errors import StoreError, TournamentError
from core.i18n import _
from core.store import journal as _journal
from core.file_safety import SafeDir, check_writable
from core.store.paths import TRASH
from core.store.paths import TRASH_DAYS as KEEP_DAYS
ENTRY = re.compile(r"(?P<tid>[A-Za-z0-9][A-Za-z0-9_.-]*)\.(?P<when>\d{8}T\d{6}Z)(?:-(?P<n>\d{1,3}))?")
"""The name of one deleted tournament in the trash: its id and when it was deleted (UTC)."""
_STAMP = "%Y%m%dT%H%M%SZ"
_DATA_SUFFIX = ".hakem.json"


@dataclass(frozen=True)
class TrashEntry:
    """One deleted tournament, as ``hakem delete --list`` shows it."""

    entry: str
    id: str
    name: str
    deleted: str
    """When it was deleted (UTC, ISO 8601)."""
    deleted_by: str
    until: str
    """The day (UTC) after which the next deletion removes it for good."""
    revision: int


def deleted_at(entry: str) -> _dt.datetime | None:
    """When the trash entry ``entry`` was made (from its name), or None if hakem did not name it."""
    match = ENTRY.fullmatch(entry)
    if match is None:
        return None
    return _dt.datetime.strptime(match["when"], _STAMP).replace(tzinfo=_dt.UTC)


@contextmanager
def opened(folder: SafeDir, create: bool = False) -> Iterator[SafeDir | None]:
    """The trash folder of ``folder`` (None when there is none and ``create`` is false)."""
    trash = folder.subdir(TRASH, create=create)
    try:
        yield trash
    finally:
        if trash is not None:
            trash.close()


def _files_of(folder: SafeDir, tid: str) -> list[str]:
    """The entries of ``tid`` in the data directory besides its data file: its chain and the
    journals of earlier layouts."""
    chain = _journal.chain_name(tid)
    return ([chain] if folder.lstat(chain) is not None else []) + _journal.journal_names(folder, tid)


def _move(source: SafeDir, name: str, target: SafeDir, new_name: str) -> None:
    check_writable()
    os.rename(name, new_name, src_dir_fd=source.fd, dst_dir_fd=target.fd)


def put(folder: SafeDir, tid: str, now: _dt.datetime | None = None) -> str:
    """Move ``tid``'s files into a new trash entry; returns the entry's name.  The caller holds
    the directory's lock and has checked the id and the caller's right.  The data file goes
    first: from that moment the event is gone from every list, and its journal and backups
    follow (a kill in between leaves them in the directory, named by doctor)."""
    now = now or _dt.datetime.now(_dt.UTC)
    with opened(folder, create=True) as trash:
        assert trash is not None
        base = f"{tid}.{now.strftime(_STAMP)}"
        entry = next(name for name in (base, *(f"{base}-{n}" for n in range(2, 1000)))
                     if trash.lstat(name) is None)
        target = trash.subdir(entry, create=True)
        assert target is not None
        try:
            data = f"{tid}{_DATA_SUFFIX}"
            _move(folder, data, target, data)
            _move_rest(folder, tid, target)
        finally:
            target.close()
    return entry


def _move_rest(folder: SafeDir, tid: str, target: SafeDir) -> None:
    """Move ``tid``'s journals and round backups (what follows its data file) into ``target``."""
    for name in _files_of(folder, tid):
        _move(folder, name, target, name)
    backups = folder.subdir("backups")
    if backups is not None:
        try:
            if backups.lstat(tid) is not None and target.lstat("backups") is None:
                _move(backups, tid, target, "backups")
        finally:
            backups.close()


def _left_behind(folder: SafeDir, tid: str) -> bool:
    if _files_of(folder, tid):
        return True
    backups = folder.subdir("backups")
    if backups is None:
        return False
    try:
        return backups.lstat(tid) is not None
    finally:
        backups.close()


def unfinished(folder: SafeDir) -> list[tuple[str, str]]:
    """(id, entry) of every deletion a kill interrupted between the data file and the rest:
    the newest entry of an id holds its data file, while the directory has no data file of
    that id but still its journal or round backups."""
    newest: dict[str, str] = {}
    with opened(folder) as trash:
        if trash is None:
            return []
        for name, tid, _when in _named(trash):
            if _exists_in(trash, name, f"{tid}{_DATA_SUFFIX}") and (tid not in newest or name > newest[tid]):
                newest[tid] = name  # same id: the later UTC stamp sorts later
    return sorted((tid, entry) for tid, entry in newest.items()
                  if folder.lstat(f"{tid}{_DATA_SUFFIX}") is None and _left_behind(folder, tid))


def _exists_in(trash: SafeDir, entry: str, name: str) -> bool:
    source = trash.subdir(entry)
    if source is None:
        return False
    try:
        return source.lstat(name) is not None
    finally:
        source.close()


def finish(folder: SafeDir, tid: str, entry: str) -> None:
    """Move what an interrupted deletion left behind into its entry (doctor's repair; the
    caller holds the directory's lock and found the pair with :func:`unfinished`)."""
    with opened(folder) as trash:
        assert trash is not None
        target = trash.subdir(entry)
        assert target is not None
        try:
            _move_rest(folder, tid, target)
        finally:
            target.close()


def take_back(folder: SafeDir, entry: str, clear: Callable[[SafeDir, str], None]) -> str:
    """Move the files of the trash entry ``entry`` back into the directory; returns the id.
    ``clear(entry_folder, tid)`` is asked first (the caller's right, the id free again) and
    raises to refuse.  The data file goes last: the event reappears with its journal."""
    match = ENTRY.fullmatch(entry or "")
    if match is None:
        raise TournamentError(_("{entry!r} is not an entry of the trash (hakem delete --list shows them)").format(entry=entry))
    tid = match["tid"]
    with opened(folder) as trash:
        st = trash.lstat(entry) if trash is not None else None
        if trash is None or st is None or not stat.S_ISDIR(st.st_mode):
            raise TournamentError(_("{entry!r} is not an entry of the trash (hakem delete --list shows them)").format(entry=entry))
        source = trash.subdir(entry)
        assert source is not None
        try:
            clear(source, tid)
            for name in _files_of(source, tid):
                _move(source, name, folder, name)
            if source.lstat("backups") is not None:
                backups = folder.subdir("backups", create=True)
                assert backups is not None
                try:
                    _move(source, "backups", backups, tid)
                finally:
                    backups.close()
            data = f"{tid}{_DATA_SUFFIX}"
            _move(source, data, folder, data)
        finally:
            source.close()
        os.rmdir(entry, dir_fd=trash.fd)
    return tid


def _named(trash: SafeDir) -> Iterator[tuple[str, str, _dt.datetime]]:
    """(entry, id, deleted at) of every folder of the trash that hakem named."""
    for name in trash.names():
        match, st = ENTRY.fullmatch(name), trash.lstat(name)
        if match is not None and st is not None and stat.S_ISDIR(st.st_mode):
            when = deleted_at(name)
            assert when is not None
            yield name, match["tid"], when


def entries(folder: SafeDir, read: Callable[[SafeDir, str], tuple[dict, dict]]) -> list[TrashEntry]:
    """The deleted tournaments, newest first; ``read(entry_folder, tid)`` gives (meta,
    tournament document) of the entry's data file (the store's careful reader)."""
    out = []
    with opened(folder) as trash:
        if trash is None:
            return []
        for name, tid, when in _named(trash):
            source = trash.subdir(name)
            assert source is not None
            try:
                meta, tdoc = read(source, tid)
            except (OSError, StoreError, TournamentError):
                meta, tdoc = {}, {}
            finally:
                source.close()
            until = (when + _dt.timedelta(days=KEEP_DAYS)).date().isoformat()
            out.append(TrashEntry(name, tid, str(tdoc.get("name", ""))[:120], when.isoformat(timespec="seconds"),
                                  str(meta.get("modified_by", "")), until, int(meta.get("revision", 0) or 0)))
    return sorted(out, key=lambda e: (e.deleted, e.entry), reverse=True)


def purge(folder: SafeDir, now: _dt.datetime | None = None) -> list[str]:
    """Remove the entries older than :data:`KEEP_DAYS` for good; returns their names.  Only
    names hakem gave; removed through the trash's descriptor, never following a link."""
    now = now or _dt.datetime.now(_dt.UTC)
    gone = []
    with opened(folder) as trash:
        if trash is None:
            return []
        for name, _tid, when in _named(trash):
            if now - when > _dt.timedelta(days=KEEP_DAYS):
                check_writable()
                shutil.rmtree(name, dir_fd=trash.fd)
                gone.append(name)
    return gone


def usage(folder: SafeDir, creator: Callable[[SafeDir, str], int | None]) -> list[tuple[int | None, int]]:
    """(creator uid, bytes) of every entry: a deleted tournament takes room until it is removed
    for good, so the data service counts it against its creator's limit."""
    out: list[tuple[int | None, int]] = []
    with opened(folder) as trash:
        if trash is None:
            return out
        for name, tid, _when in _named(trash):
            source = trash.subdir(name)
            assert source is not None
            try:
                out.append((creator(source, tid), _size(source.fd)))
            finally:
                source.close()
    return out


def _size(fd: int) -> int:
    """Bytes of the regular files in the folder ``fd`` and in its one level of subfolders."""
    total = 0
    for name in os.listdir(fd):
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        if stat.S_ISREG(st.st_mode):
            total += st.st_size
        elif stat.S_ISDIR(st.st_mode):
            inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            try:
                total += sum(os.stat(n, dir_fd=inner, follow_symlinks=False).st_size for n in os.listdir(inner))
            finally:
                os.close(inner)
    return total
