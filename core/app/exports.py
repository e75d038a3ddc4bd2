"""Where exported reports go, what they are called, and that nothing is replaced unasked.

Why a folder per tournament under the data directory: an export used to land in whatever
directory hakem happened to be started from, under a name without the round, silently
replacing a file of the same name there (issue 19 item 9: it replaced a ``notes.txt``).  Now a
report of "Club Rapid 2026" is ``DATA/exports/club-rapid-2026-1a2b/round-3-pairings.pdf``: the
organiser (and the next organiser of the club) finds every paper of the event in one place,
and the round is in the name because the round-3 pairings and the round-4 pairings are
different papers.

The folder is in the shared data directory, so it is hostile ground (architecture.md):
``exports/`` and ``exports/ID/`` are opened with :meth:`SafeDir.subdir` (never a link, never a
folder others may write), a new file is created exclusively with :meth:`SafeDir.create`, and
only when the organiser chose "replace" does :meth:`SafeDir.replace` put a new file in place of
the old one (a link planted under the name is replaced, never written through).  A path the
organiser typed (``~/Desktop/list.pdf``) is theirs: written there the same way.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from core.errors import StoreError, TournamentError
from core.i18n import _
from core.model import Tournament
from core.store.files import SafeDir

if TYPE_CHECKING:
    from core.store import Store

EXPORTS = "exports"
"""The folder of the data directory that holds one folder of exports per tournament."""

Exists = Literal["refuse", "replace", "keep"]
"""What to do when the name is taken: refuse (and say so), replace the file, or keep both
(the new file gets the next free ``-2``, ``-3`` … name)."""

_BAD_NAME = re.compile(r"[\x00-\x1f\x7f/\\]")


class ExportExists(TournamentError):
    """The export's name is taken; nothing was written.  ``path`` is the existing entry."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(_("{path} already exists; nothing was written (replace it, keep both, or choose "
                           "another name)").format(path=path))


def default_name(t: Tournament, kind: str, suffix: str, round_no: int | None = None,
                 pno: int | None = None) -> str:
    """``round-3-pairings.pdf``: the round the report shows (or the round the event is at),
    the report kind, the player of a card; ``before-round-1-…`` while nothing is paired."""
    base = kind.replace(":", "-")
    if pno is not None and kind in ("card", "pic-card"):
        base = f"{base}-{pno}"
    number = round_no or t.current_round
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


def folder_path(store: Store, tid: str) -> Path:
    """Where the exports of ``tid`` go (absolute, as shown to the organiser)."""
    return Path(os.path.abspath(store.data_dir)) / EXPORTS / tid


def _folder(store: Store, tid: str) -> SafeDir:
    """``exports/ID`` opened (created) through the data directory's descriptor."""
    store.path(tid)  # an invalid id is refused before anything is created
    top = store.dir.subdir(EXPORTS, create=True)
    assert top is not None
    try:
        folder = top.subdir(tid, create=True)
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


def write_in(folder: SafeDir, name: str, data: bytes, exists: Exists = "refuse") -> Path:
    """Write ``data`` as ``name`` in ``folder`` as ``exists`` says; returns the file written."""
    shown = Path(os.path.abspath(folder.path))
    try:
        if exists == "replace":
            folder.replace(name, data)
            return shown / name
        for candidate in [name] + (_numbered(name) if exists == "keep" else []):
            try:
                folder.create(candidate, data)
            except FileExistsError:
                if exists == "refuse":
                    raise ExportExists(shown / name) from None
                continue
            return shown / candidate
    except OSError as error:
        raise StoreError(_("Could not write {path}: {error}").format(
            path=shown / name, error=error.strerror or error)) from error
    raise StoreError(_("{path}: every name up to -99 is taken; nothing was written").format(path=shown / name))


def write_export(store: Store, tid: str, name: str, data: bytes, exists: Exists = "refuse") -> Path:
    """Write an export of ``tid`` into its folder under the data directory."""
    name = check_name(name)
    folder = _folder(store, tid)
    try:
        return write_in(folder, name, data, exists)
    finally:
        folder.close()


def write_user_path(path: str | os.PathLike[str], data: bytes, exists: Exists = "refuse") -> Path:
    """Write an export to a path the organiser typed (``~`` expanded); the folder must exist."""
    target = Path(path).expanduser()
    if not target.is_absolute():
        raise TournamentError(_("{path!r}: give a file name (saved in the tournament's export folder) "
                                "or a full path starting with / or ~").format(path=str(path)))
    name = check_name(target.name)
    folder = SafeDir.open(target.parent)
    try:
        return write_in(folder, name, data, exists)
    finally:
        folder.close()


def check_typed(typed: str) -> None:
    """Refuse what the export prompt cannot write before the prompt closes (the text stays):
    a bad file name, a relative path with a folder part, a folder that does not exist."""
    typed = typed.strip()
    if not (typed.startswith(("/", "~")) or "/" in typed.rstrip("/")):
        check_name(typed)
        return
    target = Path(typed).expanduser()
    if not target.is_absolute():
        raise TournamentError(_("{path!r}: give a file name (saved in the tournament's export folder) "
                                "or a full path starting with / or ~").format(path=typed))
    check_name(target.name)
    if not target.parent.is_dir():
        raise TournamentError(_('{output}: directory {parent} does not exist').format(output=typed, parent=target.parent))


def write_typed(store: Store, tid: str, typed: str, data: bytes, exists: Exists = "refuse") -> Path:
    """What the organiser typed in the export prompt: a plain name goes into the tournament's
    export folder, a full path (``/…``, ``~/…``) where it says."""
    typed = typed.strip()
    if typed.startswith(("/", "~")) or "/" in typed.rstrip("/"):
        return write_user_path(typed, data, exists)
    return write_export(store, tid, typed, data, exists)
