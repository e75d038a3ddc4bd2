"""Opening the folder a user named for a file written for them, one component at a time, and
refusing one inside a data directory (:func:`refuse_data_directory`).

Why not ``open(path)``: the kernel follows every symbolic link in a path's folders.  A member
of a group-writable folder (``/tmp/exp``, a shared print folder) plants ``sub -> /home/alice``
and alice's ``export -o /tmp/exp/sub/.bashrc --force`` writes into her own start-up file — a
command at her next login.  Checking the path first and opening it afterwards leaves a gap
(the link can be planted in between), so the folder is *walked*: each component opened with
``O_NOFOLLOW | O_DIRECTORY`` relative to the descriptor of the one before.  A link met on the
way is followed by the rule of the kernel's ``protected_symlinks``, made stricter: only when
it belongs to the user or to root (``~/docs -> /srv/docs`` of one's own, ``/home ->
/usr/home`` of the system); any other is refused with a message naming the link and its
owner.  The file itself is then created relative to the final folder's descriptor
(:func:`core.app.exports.write_in`: ``O_EXCL``/``O_NOFOLLOW``; a link as the final name is
never followed, whoever owns it).
"""

from __future__ import annotations

import contextlib
import errno
import os
import pwd
import stat
from pathlib import Path

from core.errors import StoreError, os_reason
from core.i18n import _
from core.file_safety import SafeDir

_STEP = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_PATH = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_CLOEXEC
_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
MAX_LINKS = 40
"""Links followed in one path at most (the kernel's own limit), so a loop ends."""


def _owner(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


class _Walk:
    """One walk: the descriptor reached (``fd``) and where that is (``here``, for messages)."""

    def __init__(self, path: Path, create: bool) -> None:
        self.path = path
        self.create = create
        self.links = 0
        self.here = Path("/") if path.is_absolute() else Path(os.path.abspath("."))
        self.fd = os.open("/" if path.is_absolute() else ".", _STEP)

    def run(self) -> int:
        """The final folder opened for reading its entries (the caller's to close)."""
        try:
            self._walk(list(self.path.parts[1:] if self.path.is_absolute() else self.path.parts))
            return os.open(".", _DIR, dir_fd=self.fd)
        finally:
            os.close(self.fd)

    def _enter(self, fd: int, here: Path) -> None:
        os.close(self.fd)
        self.fd = fd
        self.here = here

    def _walk(self, parts: list[str]) -> None:
        todo = list(reversed(parts))
        while todo:
            name = todo.pop()
            if name in ("", "."):
                continue
            step = self.here.parent if name == ".." else self.here / name
            try:
                self._enter(os.open(name, _STEP, dir_fd=self.fd), step)
                continue
            except FileNotFoundError:
                if not self.create:
                    raise StoreError(_("{output}: directory {parent} does not exist").format(
                        output=self.path, parent=step)) from None
                self._make(name, step)
                continue
            except OSError as error:
                if error.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise StoreError(_("{path}: {error}").format(path=step, error=os_reason(error, writing=self.create))) from error
            todo.extend(reversed(self._link(name, step)))

    def _link(self, name: str, step: Path) -> list[str]:
        """The components of the link ``name`` points to, if it may be followed."""
        entry = os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        if not stat.S_ISLNK(entry.st_mode):
            raise StoreError(_("{path}: not a directory").format(path=step))
        if entry.st_uid not in (0, os.geteuid()):
            raise StoreError(_("{path}: is a symbolic link belonging to {owner}; hakem follows only your own "
                               "links and root's to a file it writes for you (choose another folder)").format(
                                   path=step, owner=_owner(entry.st_uid)))
        self.links += 1
        if self.links > MAX_LINKS:
            raise StoreError(_("{path}: too many symbolic links").format(path=step))
        target = Path(os.readlink(name, dir_fd=self.fd))
        if target.is_absolute():
            self._enter(os.open("/", _STEP), Path("/"))
            return list(target.parts[1:])
        return list(target.parts)

    def _make(self, name: str, step: Path) -> None:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o777, dir_fd=self.fd)  # the umask decides, as for any folder of the user's
        self._enter(os.open(name, _STEP, dir_fd=self.fd), step)


def open_folder(path: str | os.PathLike[str], create: bool = False) -> SafeDir:
    """The folder ``path`` (``~`` expanded; relative to the current directory), reached
    without following a link another user owns; ``create``: missing folders are made (as the
    user, their umask deciding the mode)."""
    where = Path(os.path.expanduser(os.fspath(path)))
    try:
        fd = _Walk(where, create).run()
    except StoreError:
        raise
    except OSError as error:
        raise StoreError(_("{path}: {error}").format(path=where, error=os_reason(error, writing=create))) from error
    return SafeDir(where, fd)


_IN_USE: set[Path] = set()
"""Data directories this process has opened (:func:`note_data_directory`)."""


def note_data_directory(path: str | os.PathLike[str]) -> None:
    """Remember a data directory this process works on (the Workspace calls it), so nothing
    for the user is written there whichever way it was chosen."""
    _IN_USE.add(Path(os.path.abspath(path)))


def _data_directories() -> dict[tuple[int, int], Path]:
    found: dict[tuple[int, int], Path] = {}
    from core.store.paths import resolve_data_dir

    for path in (resolve_data_dir(os.environ.get("HAKEM_DATA") or None, create=False), *_IN_USE):
        try:
            st = os.stat(path)
        except OSError:
            continue  # no such directory: nothing to be inside of
        found[(st.st_dev, st.st_ino)] = path
    return found


def refuse_data_directory(folder: SafeDir, shown: Path) -> None:
    """Refuse a folder that is a data directory or lies inside one (compared by device and
    inode from the folder up to ``/``, so links and ``..`` in the typed path do not matter)."""
    tops = _data_directories()
    if not tops:
        return
    fd = os.open(".", _PATH, dir_fd=folder.fd)
    try:
        while True:
            here = os.fstat(fd)
            data = tops.get((here.st_dev, here.st_ino))
            if data is not None:
                raise StoreError(_("{path}: inside the data directory {data}; hakem writes files for you "
                                   "only outside it (choose another folder)").format(path=shown, data=data))
            parent = os.open("..", _PATH, dir_fd=fd)
            os.close(fd)
            fd = parent
            up = os.fstat(fd)
            if (up.st_dev, up.st_ino) == (here.st_dev, here.st_ino):
                return
    finally:
        os.close(fd)
