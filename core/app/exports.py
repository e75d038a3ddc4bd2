"""Files written *for* the user: exports, reports, PDFs, ``-o FILE`` — one writer for all.

Why one writer, in the client: such a file is the user's, so it is written by the user's own
hakem process (never by a data service on their behalf, never by another member's), at the path
they named, and by the same rules whatever the command or screen (issue 30: ``export --trf -o``
followed a link another member had planted where ``report --format pdf -o`` refused it).  The
rules (:func:`write_file`):

- never through a link: the final name is looked at without following it (``lstat`` and
  ``O_NOFOLLOW`` through the folder's descriptor); a link there — dangling or not — is refused
  with a message, whoever planted it; the folder is reached by :func:`core.store.folders.open_folder`,
  which follows a link on the way only if it is the user's own or root's;
- never replacing an existing file unasked: a new file is created exclusively (temp + ``linkat``:
  it appears whole or not at all); an existing regular file is replaced (atomically, keeping its
  mode) only with ``--force`` / the TUI's "replace", or "keep both" takes the next free name;
- never inside the data directory: the folder and each of its parents are compared (device and
  inode, so no spelling of the path gets round it) with the data directory; the data directory
  is the store's, a shared one is hostile ground, and a file written there is no file *for* the
  user;
- a device or FIFO the user names (``/dev/null``, a pipe) is written through as it is (opened
  without following a link and without blocking: a FIFO nobody reads is refused, never waited for).

A plain name typed in the TUI goes into the user's export folder: ``$HAKEM_EXPORTS`` or
``~/hakem-exports``, one folder per tournament (``club-rapid-2026-1a2b/round-3-pairings.pdf``,
the round in the name because the round-3 and round-4 pairings are different papers).
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import Literal

from core.errors import StoreError, TournamentError, os_reason
from core.i18n import _, current_language, pgettext
from core.i18n.collation import slug
from core.model import Tournament
from core.store.folders import open_folder, refuse_data_directory
from core.file_safety import SafeDir

Exists = Literal["refuse", "replace", "keep"]
"""What to do when the name is taken: refuse (and say so), replace the file, or keep both
(the new file gets the next free ``-2``, ``-3`` … name)."""

_BAD_NAME = re.compile(r"[\x00-\x1f\x7f/\\]")


class ExportExists(TournamentError):
    """The name is taken; nothing was written.  ``path`` is the existing entry."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(_("{path} already exists; nothing was written (replace it, keep both, or choose "
                           "another name)").format(path=path))


def default_name(t: Tournament, kind: str, suffix: str, round_no: int | None = None,
                 pno: int | None = None, title: str | None = None) -> str:
    """``round-3-pairings.pdf``: the round the report shows (or the round the event is at),
    the report kind, the player of a card; ``before-round-1-…`` while nothing is paired.

    With ``title``, the report's name in the report's language (the TUI's export dialog), the
    whole name is in that language, the language active now, in transliterated safe letters
    (``tur-1-siralama.html``, ``runde-1-rangliste.html``, ``tur-1-polozhenie.html``): the file
    is the event's document.  Without it the name is the stable English one ``hakem report
    --save`` documents (``round-N-KIND.EXT``: scripts look for it)."""
    language = current_language()  # the title's: Turkish "Tüm belgeler" is tum-belgeler, German ü is ue
    words = None if title is None else slug(title, language)
    base = words or kind.replace(":", "-")
    if pno is not None and kind in ("card", "pic-card"):
        base = f"{base}-{pno}"
    number = round_no or t.current_round
    if words:
        prefix = slug(pgettext("file name", "round {number}").format(number=number) if number
                      else pgettext("file name", "before round 1"), language) + "-"
    else:
        prefix = f"round-{number}-" if number else "before-round-1-"
    return check_name(f"{prefix}{base}{suffix}")


def check_name(name: str) -> str:
    """A plain file name for the export folder (no folder part, no control character, not
    hidden): refused with what is wrong, never cleaned up silently."""
    name = name.strip()
    if not name or name in (".", "..") or name.startswith("."):
        raise TournamentError(_("{name!r} is not a file name for an export").format(name=name))
    if _BAD_NAME.search(name):
        raise TournamentError(_("{name!r}: an export's file name has no folder part and no control "
                                "characters").format(name=name))
    if len(name.encode("utf-8")) > 200:
        raise TournamentError(_("the file name is too long (at most 200 bytes)"))
    return name


def export_home() -> Path:
    """The user's own folder of exports (``$HAKEM_EXPORTS``, else ``~/hakem-exports``)."""
    env = os.environ.get("HAKEM_EXPORTS")
    return Path(env).expanduser() if env else Path.home() / "hakem-exports"


def folder_path(tid: str) -> Path:
    """Where the exports of ``tid`` go (absolute, as shown to the organiser)."""
    return Path(os.path.abspath(export_home())) / check_name(tid)


def _folder(tid: str) -> SafeDir:
    """The tournament's export folder, opened (created) in the user's export home."""
    top = open_folder(export_home(), create=True)
    try:
        folder = top.subdir(check_name(tid), create=True)
    finally:
        top.close()
    assert folder is not None
    return folder


def _numbered(name: str) -> list[str]:
    """``round-3-pairings-2.pdf`` … ``-99``: the names "keep both" tries after ``name``."""
    stem, dot, suffix = name.rpartition(".")
    if not stem:
        stem, dot, suffix = name, "", ""
    return [f"{stem}-{n}{dot}{suffix}" for n in range(2, 100)]


def _user_mode() -> int:
    """A new file's mode: 0666 less the user's umask, as any program of theirs would make it.
    The umask is read from ``/proc`` (setting it to read it back would change it for a moment
    under the TUI's other threads); only without ``/proc`` is it set and restored."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            line = next(x for x in status if x.startswith("Umask:"))
        mask = int(line.split()[1], 8)
    except (OSError, StopIteration, ValueError, IndexError):
        mask = os.umask(0o022)
        os.umask(mask)
    return 0o666 & ~mask


def data_directory() -> Path:
    """The data directory of this invocation (``--data`` / ``$HAKEM_DATA`` / the user's)."""
    from core.store.paths import resolve_data_dir

    return resolve_data_dir(os.environ.get("HAKEM_DATA") or None, create=False)


def _write_through(folder: SafeDir, name: str, data: bytes, shown: Path) -> None:
    """A device or FIFO the user named: opened as it is (no link followed, no waiting for a
    reader) and written."""
    try:
        fd = os.open(name, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder.fd)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise StoreError(_("{path}: a pipe nobody reads; nothing was written").format(path=shown)) from error
        raise
    try:
        st = os.fstat(fd)
        if not (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            raise StoreError(_("{path}: not a file hakem can write").format(path=shown))
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def write_in(folder: SafeDir, name: str, data: bytes, exists: Exists = "refuse") -> Path:
    """Write ``data`` as ``name`` in ``folder`` by the rules of the module docstring; returns
    the file written.  Every refusal is a :class:`TournamentError` naming the file."""
    shown = Path(os.path.abspath(folder.path)) / name
    try:
        refuse_data_directory(folder, shown)
        entry = folder.lstat(name)
        if entry is not None and stat.S_ISLNK(entry.st_mode):
            raise StoreError(_("{path}: is a symbolic link; hakem never writes through a link "
                               "(remove it or choose another name)").format(path=shown))
        if entry is not None and stat.S_ISDIR(entry.st_mode):
            raise StoreError(_("{path}: is a directory").format(path=shown))
        if entry is not None and not stat.S_ISREG(entry.st_mode):
            _write_through(folder, name, data, shown)
            return shown
        if entry is not None and exists == "replace":
            folder.replace(name, data, stat.S_IMODE(entry.st_mode))
            return shown
        for candidate in [name] + (_numbered(name) if exists == "keep" else []):
            try:
                folder.create(candidate, data, _user_mode())
            except FileExistsError:
                if exists == "keep":
                    continue
                raise ExportExists(shown) from None
            return shown.parent / candidate
    except OSError as error:
        raise StoreError(_("Could not write {path}: {error}").format(
            path=shown, error=os_reason(error, writing=True))) from error
    raise StoreError(_("{path}: every name up to -99 is taken; nothing was written").format(path=shown))


def write_file(path: str | os.PathLike[str], data: bytes, exists: Exists = "refuse") -> Path:
    """Write ``data`` at the path the user named (``~`` expanded, relative to the current
    directory), by the rules of the module docstring."""
    from core.user_files import check_user_files

    check_user_files(os.fspath(path))
    target = Path(os.path.expanduser(os.fspath(path)))
    name = target.name
    if not name or name in (".", "..") or "\0" in name:
        raise StoreError(_("{path}: not a file name").format(path=os.fspath(path)))
    folder = open_folder(target.parent)
    try:
        return write_in(folder, name, data, exists)
    finally:
        folder.close()


def write_export(tid: str, name: str, data: bytes, exists: Exists = "refuse") -> Path:
    """Write an export of ``tid`` into its folder in the user's export home."""
    from core.user_files import check_user_files

    check_user_files(name)
    name = check_name(name)
    folder = _folder(tid)
    try:
        return write_in(folder, name, data, exists)
    finally:
        folder.close()


def _is_path(typed: str) -> bool:
    return typed.startswith(("/", "~")) or "/" in typed.rstrip("/")


def check_typed(typed: str) -> None:
    """Refuse what the export prompt cannot write before the prompt closes (the text stays):
    a bad file name, a relative path with a folder part, a folder that does not exist."""
    typed = typed.strip()
    if not _is_path(typed):
        check_name(typed)
        return
    target = Path(typed).expanduser()
    if not target.is_absolute():
        raise TournamentError(_("{path!r}: give a file name (saved in the tournament's export folder) "
                                "or a full path starting with / or ~").format(path=typed))
    check_name(target.name)
    if not target.parent.is_dir():
        raise TournamentError(_('{output}: directory {parent} does not exist').format(output=typed, parent=target.parent))


def write_typed(tid: str, typed: str, data: bytes, exists: Exists = "refuse") -> Path:
    """What the organiser typed in the export prompt: a plain name goes into the tournament's
    export folder, a full path (``/…``, ``~/…``) where it says."""
    check_typed(typed)
    typed = typed.strip()
    if _is_path(typed):
        return write_file(typed, data, exists)
    return write_export(tid, typed, data, exists)
