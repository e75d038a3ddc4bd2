"""Where tournament files live: ``--data``, then ``$HAKEM_DATA``, then the user's data dir.

A shared club directory is just a directory owned by the organisers' group with mode 2770
(setgid): files we create inherit its group and its group permissions, nobody else can read.
"""

from __future__ import annotations

import os
from pathlib import Path

LISTS_JOURNAL = "lists.journal.jsonl"
"""The unchained audit journal of the rating lists of earlier versions, migrated into the club
database by its first change (core.app.list_journal).  Named here, beside the folders of a
data directory, because its name has the shape of a journal of the earlier per-tournament
layout (``<id>.journal.jsonl``): the store and doctor must know it is not a tournament's."""
CLUB_DB = "club.json"
"""The club database (:mod:`core.store.clubdb`): the register, the series, the lists' metadata."""
CLUB_CHAIN = "club"
"""The name of the club database's hash chain (``club.chain.jsonl``, the tournaments' chain
format).  A tournament is never given this id (``Store.create``), so the two never share a
journal."""

HEADS = "heads.jsonl"
"""The register of heads (:mod:`core.store.heads`): every data file's revision and head as
hakem wrote them, so that a data file put back together with its journal is noticed."""

TRASH = "trash"
"""The folder of a data directory that holds deleted tournaments (:mod:`core.store.trash`)."""
TRASH_DAYS = 30
"""Days a deleted tournament is kept in the trash before the next deletion removes it for good."""


def default_data_dir() -> Path:
    env = os.environ.get("HAKEM_DATA")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hakem"


def resolve_data_dir(data_dir: str | os.PathLike[str] | None = None, create: bool = True) -> Path:
    """The data directory to use, created private (0700) if it does not exist yet (unless
    ``create`` is false: a view-only store never creates anything)."""
    path = Path(data_dir).expanduser() if data_dir else default_data_dir()
    if create and not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)
    return path
