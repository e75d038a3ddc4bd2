"""Writing a file the user named on the command line (``-o``, ``-p``).

Why not always an atomic rename: the name may be ``-``, a terminal, a pipe, ``/dev/stdout``
(a link to the process's output) or a link the user keeps on purpose.  Renaming over those
replaces the link or device node with a regular file (as root, ``/dev/stdout`` itself) and the
output never reaches its reader.  So:

* ``-`` or nothing: standard output;
* a path that is, or links to, anything but a regular file (device, FIFO, socket), or a link
  at all: opened and written through, never replaced;
* a regular file or a new name: written to a temporary file beside it and renamed over it, so a
  reader never sees half a file; the temporary file is removed on every failure;
* a directory: refused before anything is created.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path

from core.errors import StoreError
from core.i18n import _


def write_user_file(text: str, output: str | None) -> None:
    """Write ``text`` (UTF-8) to ``output`` as described in the module docstring."""
    fd = _standard_fd(output)
    if fd == 1 or not output:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    data = text.encode("utf-8")
    if fd is not None:
        _write_fd(fd, data, output)
        return
    target = Path(output)
    try:
        link = target.lstat()
    except FileNotFoundError:
        link = None
    except OSError as error:
        raise StoreError(_('{output}: {error}').format(output=output, error=error.strerror or error)) from error
    if link is not None and stat.S_ISDIR(link.st_mode):
        raise StoreError(_('{output}: is a directory').format(output=output))
    if link is not None and not stat.S_ISREG(link.st_mode):
        _write_through(target, data, output)
        return
    if not target.parent.is_dir():
        raise StoreError(_('{output}: directory {parent} does not exist').format(output=output, parent=target.parent))
    _replace(target, data, output, stat.S_IMODE(link.st_mode) if link is not None else None)


def _standard_fd(output: str | None) -> int | None:
    """``-``, ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``: the
    descriptor meant, written to as it is (opening the name again would truncate a file the
    shell redirected output to, under the process's own feet)."""
    if output in (None, "", "-", "/dev/stdout"):
        return 1
    if output == "/dev/stderr":
        return 2
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if output.startswith(prefix) and output[len(prefix):].isascii() and output[len(prefix):].isdigit():
            return int(output[len(prefix):])
    return None


def _write_fd(fd: int, data: bytes, output: str) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as error:
        raise StoreError(_('{output}: {error}').format(output=output, error=error.strerror or error)) from error


def _write_through(target: Path, data: bytes, output: str) -> None:
    """Open the name as it is (following a link) and write; a directory behind a link is
    refused, a regular file behind it is truncated first."""
    sys.stdout.flush()
    try:
        if target.is_dir():
            raise StoreError(_('{output}: is a directory').format(output=output))
        # O_TRUNC: a regular file behind a link is rewritten, as the shell's ``>`` does
        fd = os.open(target, os.O_WRONLY | os.O_TRUNC)
    except OSError as error:
        raise StoreError(_('{output}: {error}').format(output=output, error=error.strerror or error)) from error
    try:
        _write_fd(fd, data, output)
    finally:
        os.close(fd)


def _replace(target: Path, data: bytes, output: str, mode: int | None) -> None:
    """Temporary file beside ``target`` (exclusive creation), fsync, rename; a replaced file
    keeps its permissions, a new one gets the user's umask."""
    tmp = target.parent / f".{target.name}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise StoreError(_('{output}: {error}').format(output=output, error=error.strerror or error)) from error
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise StoreError(_('{output}: {error}').format(output=output, error=error.strerror or error)) from error
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
