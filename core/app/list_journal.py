"""The rating lists' metadata and audit trail, in the club database.

Why: a rating list feeds every ``update-ratings`` of every event; replacing one (a rating
2100 → 2900) changes results of people who never saw it happen.  Each import and removal is a
change of the club database's ``lists`` table (one document per list: format, date, file,
count, the file's SHA-256, who imported it, when), so it is a line of the club's hash chain
(:mod:`core.store.clubdb`) like every change of a tournament: who, when, what — tamper-evident,
verified by ``hakem doctor``.  ``hakem lists --log`` reads it back from the chain.

Earlier directories kept an unchained ``lists.journal.jsonl`` (one JSON object a line).  It is
migrated by the first change of the club database (:func:`migration`): its lines become a
document of the ``lists`` table (so they are hashed into the chain from then on), and the old
file is removed once the table holds it.  A list imported before has no document until it is
imported again; until then its index's header describes it (:func:`listed`).
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from core.store.paths import LISTS_JOURNAL

if TYPE_CHECKING:
    from tinydb import TinyDB

    from core.ratinglists.index import ListInfo
    from core.store.clubdb import ClubDB
    from core.file_safety import SafeDir

TABLE = "lists"
MAX_OLD_JOURNAL = 16 * 1024 * 1024
"""Read at most this much of an earlier layout's journal (a planted giant file must not stop a
migration; longer is refused by :class:`SafeDir`'s limit)."""
EVENT = "list_event"
"""The key of a chain entry's extra that says what happened to which list (the audit line)."""


def record(club: ClubDB, action: str, info: ListInfo | None, name: str, file: str = "", digest: str = "") -> None:
    """Record an import (``info`` the list now in place) or a removal of list ``name`` as one
    chained change of the ``lists`` table."""
    from tinydb import Query

    event = {"action": action, "list": name, "file": file, "count": info.count if info else 0, "sha256": digest}

    def edit(db: TinyDB) -> None:
        table = db.table(TABLE)
        table.remove(Query().name == name)
        if info is not None:
            table.insert({**info.as_dict(), "file": file, "sha256": digest})

    club.change(f"{action} list {name}", edit, {EVENT: event})


def metadata(club: ClubDB) -> dict[str, dict[str, Any]]:
    """The ``lists`` table's documents by list name."""
    from tinydb import Query

    return {str(doc["name"]): dict(doc) for doc in club.view().table(TABLE).search(Query().name.exists())}


def entries(club: ClubDB) -> list[dict[str, Any]]:
    """Every import and removal, oldest first: the lines of an earlier layout's journal
    (migrated, or still waiting for the first change), then the chain's entries (time, uid,
    user from the entry; what from its event)."""
    from tinydb import Query

    out: list[dict[str, Any]] = []
    migrated = club.view().table(TABLE).search(Query().migrated.exists())
    for doc in migrated:
        out.extend(line for line in doc["migrated"] if isinstance(line, dict))
    old = _unmigrated(club.folder, {str(doc.get("migrated_sha256")) for doc in migrated})
    if old is not None:
        out.extend(_old_lines(old))
    for entry in club.history().entries:
        event = entry.get(EVENT)
        if isinstance(event, dict):
            out.append({"time": entry.get("time", ""), "uid": entry.get("uid"), "user": entry.get("user", ""), **event})
    return out


def _unmigrated(folder: SafeDir, migrated: set[str]) -> bytes | None:
    """The earlier layout's journal if the ``lists`` table does not hold it yet."""
    if folder.lstat(LISTS_JOURNAL) is None:
        return None
    raw = folder.read(LISTS_JOURNAL, MAX_OLD_JOURNAL)
    return None if hashlib.sha256(raw).hexdigest() in migrated else raw


def _old_lines(raw: bytes) -> list[dict[str, Any]]:
    """The entries of an earlier layout's journal; a line that is not one is kept as such."""
    out: list[dict[str, Any]] = []
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        out.append(value if isinstance(value, dict) else {"action": "?", "list": "", "problem": line[:80]})
    return out


class _Migration:
    """The lists' earlier layout into the club database (see the module's docstring)."""

    action = "migrate the lists' journal and metadata"

    def edit(self, folder: SafeDir, db: TinyDB) -> None:
        """Under the lock, on the tables: the old journal's lines, unless the table holds this
        very file already (a migration killed before the old file was removed)."""
        from tinydb import Query

        table = db.table(TABLE)
        raw = _unmigrated(folder, {str(doc.get("migrated_sha256")) for doc in table.search(Query().migrated.exists())})
        if raw is not None:
            table.insert({"migrated": _old_lines(raw), "migrated_sha256": hashlib.sha256(raw).hexdigest()})

    def after(self, folder: SafeDir, db: TinyDB) -> None:
        """Remove the old journal once the table holds exactly its bytes."""
        from tinydb import Query

        if folder.lstat(LISTS_JOURNAL) is None:
            return
        digest = hashlib.sha256(folder.read(LISTS_JOURNAL, MAX_OLD_JOURNAL)).hexdigest()
        if db.table(TABLE).search(Query().migrated_sha256 == digest):
            folder.unlink(LISTS_JOURNAL)


MIGRATION = _Migration()
"""The migration :class:`~core.store.clubdb.ClubDB` runs before each change (nothing to do
once the old file is gone: one ``lstat``)."""


def listed(club: ClubDB, infos: list[ListInfo]) -> list[ListInfo]:
    """The lists as the indexes have them (``infos``), described by the ``lists`` table where
    it has them; an index that is not the list the table records (another count or date: put
    there by hand, or an import whose chained record failed) is named as a problem."""
    from dataclasses import replace

    from core.i18n import _

    from core.errors import StoreError

    try:
        recorded = metadata(club)
    except StoreError:
        return infos  # a damaged club database does not hide the lists (doctor names it)
    out = []
    for info in infos:
        doc = recorded.get(info.name)
        if doc is None or info.problem:
            out.append(info)
        elif (doc.get("count"), doc.get("date")) != (info.count, info.date):
            out.append(replace(info, problem=_("rating list {name!r}: the index is not the list the club database "
                                               "records ({count} players, dated {date}); import the list again").format(
                name=info.name, count=doc.get("count"), date=doc.get("date") or "-")))
        else:
            out.append(replace(info, source=str(doc.get("source", info.source)), imported=str(doc.get("imported", "")),
                               imported_by=str(doc.get("imported_by", ""))))
    return out
