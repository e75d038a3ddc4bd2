"""The files a user names on the command line or in a dialog: whether this process may touch
any, and opening one to read without ever blocking.

Why its own module, below the application layer: a rating list's reader
(:mod:`core.ratinglists.formats.source`) and the data service's client open the file a user
named the same way as :mod:`core.app.files` does, and they sit below ``core.app``: reaching up
into it closed an import circle through the whole application layer.
"""

from __future__ import annotations

import os

from core.errors import StoreError, TournamentError, file_error_text
from core.i18n import _

_files_forbidden = False


def forbid_user_files() -> None:
    """Refuse every file the user names, to read or to write, for the rest of this process
    (``hakem results-only``: an SSH key that may enter results must reach no file)."""
    global _files_forbidden
    _files_forbidden = True


def user_files_forbidden() -> bool:
    return _files_forbidden


def check_user_files(what: str) -> None:
    """Refuse ``what`` (a path the user named) when user files are forbidden."""
    if _files_forbidden:
        raise TournamentError(_("{what}: this key may only enter results and read tournaments; "
                                "it names no files").format(what=what))


def open_input(path: str) -> int:
    """A read descriptor of the file the user named (``~`` expanded), refused unless it is a
    regular file: a FIFO or a device is opened without waiting (``O_NONBLOCK``) and refused, so
    hakem never blocks on a pipe nobody writes nor reads a device for ever."""
    import stat

    check_user_files(path)
    name = path.strip()
    try:
        fd = os.open(os.path.expanduser(name), os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise StoreError(file_error_text(name, error)) from error
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise StoreError(_("{path}: not a regular file (hakem reads no FIFO, device or directory)").format(path=name))
    os.set_blocking(fd, True)
    return fd
