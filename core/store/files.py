"""Crash-safe file primitives: atomic replace, durable append, exclusive lock.

Why: a venue's power cut or ``kill -9`` must leave either the previous or the new file, never
a torn one; and two organisers saving at once must not lose each other's change.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Iterator

from core.store.paths import file_mode_for


def _apply_owner(fd: int, directory: Path) -> None:
    """Give the file the directory's group (so a club group can share), mode without others."""
    os.fchmod(fd, file_mode_for(directory))
    st = directory.stat()
    if os.fstat(fd).st_gid != st.st_gid:
        with contextlib.suppress(OSError):
            os.fchown(fd, -1, st.st_gid)


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: temp file in the same directory, fsync, rename."""
    directory = path.parent
    tmp = directory / f".{path.name}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        _apply_owner(fd, directory)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    os.replace(tmp, path)
    fsync_dir(directory)


def durable_append(path: Path, line: bytes) -> None:
    """Append one line and fsync before returning (the journal's acknowledgement)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        if os.fstat(fd).st_size == 0:
            _apply_owner(fd, path.parent)
        os.write(fd, line)
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (a side file) for a read-modify-write."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if os.fstat(fd).st_size == 0:
            with contextlib.suppress(OSError):
                _apply_owner(fd, path.parent)
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
