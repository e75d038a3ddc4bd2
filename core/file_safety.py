"""Files in a directory that other people can write, handled the way SQLite and git handle theirs.

Why: a club's data directory (mode 2770) lets every organiser create, rename and delete any entry
in it.  So every name hakem opens there is treated as if another member had just replaced it
with a symbolic link to one of *our* files (``~/.bashrc``), a hard link, a FIFO or a file of
their own.  The rules, all enforced here and nowhere else:

- everything goes through a file descriptor of the directory (``*at`` calls), so a path is
  resolved once and a renamed parent cannot redirect us;
- no link is ever followed (``O_NOFOLLOW``), nothing blocks on a FIFO (``O_NONBLOCK``), a
  file we create is created exclusively (``O_EXCL``) under an unguessable name;
- mode and group are set on our own descriptor right after creation (``fchmod``/``fchown``), so
  the umask cannot make a file or directory private by accident and we never chmod a file
  someone else planted;
- a file read is a regular file with one link, nobody-may-write bits clear, owned by us or by
  the directory's group; a file appended to (our journal) is owned by us;
- replacing is write-temp → fsync → ``renameat`` → fsync the directory; any failure before the
  rename removes the temp file and leaves the previous file as it was;
- the lock is an ``flock`` on the directory itself: there is no lock file to replace.

:func:`forbid_writes` turns every write primitive of the process off (``hakem --view``), so a
view-only session cannot write by any path, including exports.

Why not inside :mod:`core.store`: the store, the rating lists' library and the exports all
write through these primitives, and the lists sit below the store (the changes read them).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import grp
import os
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from core.errors import StoreError
from core.i18n import _
from core.identity import user_name

_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
LOCK_TIMEOUT = 60.0
"""Seconds to wait for the directory lock; only commits hold it, for milliseconds."""

_writes_forbidden = False


def forbid_writes() -> None:
    """Refuse every write of this process from now on (view-only mode: a public terminal)."""
    global _writes_forbidden
    _writes_forbidden = True


def writes_forbidden() -> bool:
    return _writes_forbidden


def check_writable() -> None:
    if _writes_forbidden:
        raise StoreError(_('hakem is in view-only mode; nothing can be changed here'))


def describe_entry(st: os.stat_result) -> str:
    """What a directory entry is, whose, and its mode ("a symbolic link, owner mallory, mode
    0777"), from its ``lstat`` — for messages that must name a planted or unreadable entry
    without opening or following it."""
    mode = st.st_mode
    kinds = ((stat.S_ISLNK, _("a symbolic link")), (stat.S_ISFIFO, _("a FIFO")), (stat.S_ISDIR, _("a folder")),
             (stat.S_ISSOCK, _("a socket")), (stat.S_ISCHR, _("a device")), (stat.S_ISBLK, _("a device")))
    kind = next((text for test, text in kinds if test(mode)), _("a file"))
    return _("{kind}, owner {user}, group {group}, mode {mode}").format(
        kind=kind, user=user_name(st.st_uid), group=_group_name(st.st_gid), mode=f"{stat.S_IMODE(mode):04o}")


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # a zero-byte write on a full device: never loop forever
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


class SafeDir:
    """One directory opened once; every file operation inside it goes through its descriptor."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self.fd = fd

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> SafeDir:
        """Open a directory the user named (following the links *they* chose in its path)."""
        where = Path(path)
        try:
            fd = os.open(where, _DIR)
        except FileNotFoundError as error:
            raise StoreError(_('{path}: no such directory').format(path=where)) from error
        except NotADirectoryError as error:
            raise StoreError(_('{path}: not a directory').format(path=where)) from error
        except PermissionError as error:
            raise StoreError(_('{path}: permission denied').format(path=where)) from error
        return cls(where, fd)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __del__(self) -> None:
        with contextlib.suppress(OSError, AttributeError, TypeError):
            self.close()

    # -- modes ------------------------------------------------------------------------------
    def dir_stat(self) -> os.stat_result:
        return os.fstat(self.fd)

    @property
    def file_mode(self) -> int:
        """Files get the directory's user/group read-write bits, never bits for others."""
        return (self.dir_stat().st_mode & 0o660) | 0o600

    @property
    def own_mode(self) -> int:
        """A file only its owner writes (a journal): the group may read it, never change it."""
        return (self.dir_stat().st_mode & 0o640) | 0o600

    @property
    def dir_mode(self) -> int:
        """Subdirectories get the directory's user/group bits and its setgid bit, not others'."""
        return (self.dir_stat().st_mode & 0o2770) | 0o700

    def _own(self, fd: int, mode: int) -> None:
        """Mode and group on a descriptor we created ourselves (the umask does not decide)."""
        os.fchmod(fd, mode)
        gid = self.dir_stat().st_gid
        if os.fstat(fd).st_gid != gid:
            with contextlib.suppress(OSError):
                os.fchown(fd, -1, gid)
        os.fchmod(fd, mode)  # fchown may clear the setgid bit of a directory

    # -- checks -----------------------------------------------------------------------------
    def _where(self, name: str) -> Path:
        return self.path / name

    def check_file(self, name: str, st: os.stat_result, own: bool = False) -> None:
        """Refuse what a hostile member could have planted under ``name``."""
        where = self._where(name)
        if stat.S_ISLNK(st.st_mode):
            raise StoreError(_('{path}: is a symbolic link; refusing to open it').format(path=where))
        if not stat.S_ISREG(st.st_mode):
            raise StoreError(_('{path}: not a regular file').format(path=where))
        if st.st_nlink != 1:
            raise StoreError(_('{path}: has other hard links; refusing to open it').format(path=where))
        if st.st_mode & 0o002:
            raise StoreError(_('{path}: anybody may write this file; refusing to open it (chmod o-w it if you trust it)').format(path=where))
        uid = os.getuid()
        if own and st.st_uid != uid:
            raise StoreError(_('{path}: belongs to another user; refusing to write to it').format(path=where))
        if uid != 0 and st.st_uid != uid and st.st_gid != self.dir_stat().st_gid:
            raise StoreError(_('{path}: owned by another user and group; refusing to open it').format(path=where))

    def lstat(self, name: str) -> os.stat_result | None:
        """The entry itself (a link is not followed), or None if there is none."""
        try:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def names(self) -> list[str]:
        return sorted(os.listdir(self.fd))

    def _open(self, name: str, flags: int, mode: int = 0o600) -> int:
        try:
            return os.open(name, flags, mode, dir_fd=self.fd)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise StoreError(_('{path}: is a symbolic link; refusing to open it').format(path=self._where(name))) from error
            raise

    # -- reading ----------------------------------------------------------------------------
    def read(self, name: str, limit: int | None = None) -> bytes:
        """The whole content of a trusted regular file (FileNotFoundError if there is none);
        a file larger than ``limit`` bytes is refused unread (a planted giant stops nobody)."""
        return self.read_with_owner(name, limit)[0]

    def read_with_owner(self, name: str, limit: int | None = None) -> tuple[bytes, int]:
        """Content and owner uid of a trusted regular file (journals of others are read, never
        written), refused with a StoreError if larger than ``limit`` bytes."""
        fd = self._open(name, _READ)
        try:
            st = os.fstat(fd)
            self.check_file(name, st)
            if limit is not None and st.st_size > limit:
                raise StoreError(_('{path}: {size} bytes, larger than any file hakem writes; refusing to read it').format(path=self._where(name), size=st.st_size))
            chunks: list[bytes] = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    return b"".join(chunks), st.st_uid
                chunks.append(chunk)
        finally:
            os.close(fd)

    def read_tail(self, name: str, size: int) -> tuple[bytes, bool]:
        """The last ``size`` bytes of a trusted regular file, and whether that is all of it
        (a commit reads the end of the journal, not megabytes of history)."""
        fd = self._open(name, _READ)
        try:
            st = os.fstat(fd)
            self.check_file(name, st)
            start = max(0, st.st_size - size)
            return os.pread(fd, st.st_size - start, start), start == 0
        finally:
            os.close(fd)

    def read_from(self, name: str, start: int, limit: int) -> tuple[bytes, int]:
        """The bytes of a trusted regular file from offset ``start`` (at most ``limit``), and
        the file's inode: what an append-only file gained since it was last read."""
        fd = self._open(name, _READ)
        try:
            st = os.fstat(fd)
            self.check_file(name, st)
            return os.pread(fd, max(0, min(st.st_size - start, limit)), start), st.st_ino
        finally:
            os.close(fd)

    # -- writing ----------------------------------------------------------------------------
    def _create_temp(self, name: str, mode: int) -> tuple[str, int]:
        for _attempt in range(16):
            tmp = f".{name}.{secrets.token_hex(6)}.tmp"
            try:
                fd = self._open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC)
            except FileExistsError:
                continue
            try:
                self._own(fd, mode)
            except BaseException:
                os.close(fd)
                self.unlink(tmp)
                raise
            return tmp, fd
        raise StoreError(_('{path}: cannot create a temporary file').format(path=self.path))

    def _written_temp(self, name: str, data: bytes, mode: int | None) -> str:
        """A new temporary file beside ``name`` holding ``data``, on disk (fsync) before it is
        renamed or linked into place; on any failure it is removed again and the error raised."""
        tmp, fd = self._create_temp(name, self.file_mode if mode is None else mode)
        try:
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
        except BaseException:
            self.unlink(tmp)
            raise
        return tmp

    def replace(self, name: str, data: bytes, mode: int | None = None) -> None:
        """Atomically make ``name`` hold ``data``: the old content or the new, never a mix.

        Raises OSError (the previous file untouched, no temp file left) on any failure before
        the rename; an existing ``name`` that is a link is replaced, never written through."""
        check_writable()
        tmp = self._written_temp(name, data, mode)
        try:
            os.rename(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except PermissionError as error:
            self.unlink(tmp)
            raise self._not_ours(name, error) from error
        except BaseException:
            self.unlink(tmp)
            raise
        with contextlib.suppress(OSError):  # the rename is done: the new state is in place
            os.fsync(self.fd)

    def _not_ours(self, name: str, error: PermissionError) -> PermissionError:
        """The refused rename named by its target and the target's owner (a directory with the
        sticky bit — a shared web root — lets only an entry's owner replace it; the rename's own
        error named our temporary file)."""
        st = self.lstat(name)
        if st is None or st.st_uid == os.geteuid():
            return error
        return PermissionError(error.errno, _("{what}: only its owner may replace it in this directory; nothing was "
                                              "written (ask {owner} to remove it, or choose another directory)")
                               .format(what=describe_entry(st), owner=user_name(st.st_uid)), str(self.path / name))

    def create(self, name: str, data: bytes, mode: int | None = None) -> None:
        """Make a *new* entry ``name`` holding ``data``; FileExistsError if any entry of that
        name exists (a file, a link someone planted, a folder) — nothing is replaced.

        Why temp + ``linkat``: the file appears whole or not at all (a reader never sees half
        an export, a full disk leaves nothing behind), and ``linkat`` refuses an existing name
        atomically, which a check before ``renameat`` could not."""
        check_writable()
        tmp = self._written_temp(name, data, mode)
        try:
            os.link(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd, follow_symlinks=False)
        finally:
            self.unlink(tmp)
        with contextlib.suppress(OSError):
            os.fsync(self.fd)

    def append(self, name: str, data: bytes, own: bool = True, durable: bool = True) -> tuple[int, bool]:
        """Append ``data`` durably to the file ``name`` (created if missing); returns the offset
        it starts at and whether this call created the file.  On failure the file is cut back
        to where it was — removed if this call created it — and OSError is raised: a full disk
        never leaves half a line, nor an empty file, behind.  ``own``: the file must be ours
        (else any file of ours or of the directory's group, like a data file)."""
        check_writable()
        fd, created = self._open_appending(name, own)
        try:
            start = os.fstat(fd).st_size
            if start and os.pread(fd, 1, start - 1) != b"\n":
                data = b"\n" + data  # a line torn before us stays a line of its own
            try:
                _write_all(fd, data)
                if durable:  # ``durable=False``: a record whose loss only weakens a check (heads)
                    os.fsync(fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    if created:
                        self.unlink(name)
                    os.ftruncate(fd, start)
                    os.fsync(fd)
                raise
            return start, created
        finally:
            os.close(fd)

    def _open_appending(self, name: str, own: bool) -> tuple[int, bool]:
        """Open an append-only file (and whether we created it); whatever else sits under its
        name (a link, a FIFO, a hard link, a file we may not trust) is set aside unopened and a
        fresh file created."""
        flags = os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
        for _attempt in range(4):
            try:
                fd = os.open(name, flags, dir_fd=self.fd)
            except FileNotFoundError:
                try:
                    fd = os.open(name, flags | os.O_CREAT | os.O_EXCL, 0o600, dir_fd=self.fd)
                except FileExistsError:
                    continue
                try:
                    self._own(fd, self.own_mode if own else self.file_mode)
                except BaseException:
                    os.close(fd)
                    self.unlink(name)
                    raise
                return fd, True
            except OSError as error:
                if error.errno not in (errno.ELOOP, errno.ENXIO, errno.EISDIR):
                    raise  # permission denied is not damage: the caller names it, nothing moves
                self.set_aside(name)
                continue
            try:
                self.check_file(name, os.fstat(fd), own=own)
                return fd, False
            except StoreError:
                os.close(fd)
                self.set_aside(name)
        raise StoreError(_('{path}: keeps being replaced by someone else; nothing was changed').format(path=self._where(name)))

    def set_aside(self, name: str) -> str:
        """Rename a suspicious entry to a hidden name (``hakem doctor`` reports it)."""
        aside = f".{name}.suspect-{secrets.token_hex(4)}"
        os.rename(name, aside, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        return aside

    def truncate(self, name: str, size: int, own: bool = True) -> None:
        """Cut a file we append to back to ``size`` bytes (undo an append whose commit failed)."""
        fd = self._open(name, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            self.check_file(name, os.fstat(fd), own=own)
            os.ftruncate(fd, size)
            os.fsync(fd)
        finally:
            os.close(fd)

    def unlink(self, name: str) -> None:
        """Remove the entry ``name`` itself (a link, never what it points to)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name, dir_fd=self.fd)

    def rename(self, name: str, new_name: str) -> None:
        check_writable()
        os.rename(name, new_name, src_dir_fd=self.fd, dst_dir_fd=self.fd)

    def subdir(self, name: str, create: bool = False) -> SafeDir | None:
        """The subdirectory ``name`` (None if missing and not ``create``): never a link, created
        with this directory's group bits and setgid whatever the umask, trusted like a file."""
        where = self._where(name)
        try:
            fd = self._open(name, _DIR | os.O_NOFOLLOW)
        except FileNotFoundError:
            if not create:
                return None
            check_writable()
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, 0o700, dir_fd=self.fd)
            fd = self._open(name, _DIR | os.O_NOFOLLOW)
            st = os.fstat(fd)
            if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) != self.dir_mode:
                self._own(fd, self.dir_mode)
        except NotADirectoryError as error:
            entry = self.lstat(name)
            if entry is not None and stat.S_ISLNK(entry.st_mode):
                raise StoreError(_('{path}: is a symbolic link; refusing to open it').format(path=where)) from error
            raise StoreError(_('{path}: not a directory').format(path=where)) from error
        st = os.fstat(fd)
        uid = os.getuid()
        if st.st_mode & 0o002 or (uid != 0 and st.st_uid != uid and st.st_gid != self.dir_stat().st_gid):
            os.close(fd)
            raise StoreError(_('{path}: owned by another user and group, or anybody may write it; refusing to use it').format(path=where))
        return SafeDir(where, fd)

    # -- locking ----------------------------------------------------------------------------
    @contextlib.contextmanager
    def lock(self, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
        """Hold the exclusive lock of this directory (an ``flock`` on the directory itself)."""
        fd = os.open(".", _DIR, dir_fd=self.fd)
        try:
            deadline = time.monotonic() + timeout
            pause = 0.001
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise StoreError(_('{path}: another hakem has held the lock for more than {seconds} s; nothing was changed').format(path=self.path, seconds=int(timeout))) from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.02)
            yield
        finally:
            os.close(fd)


