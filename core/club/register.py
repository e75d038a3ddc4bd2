"""The club's register: the ``members`` table of the club database, read and changed with
TinyDB's own tables and queries.

Every function takes a :class:`tinydb.TinyDB`: for reading, the club database's view of its
file; for changing, the copy :meth:`core.store.clubdb.ClubDB.change` commits afterwards — so
the rules live here once, whichever process (the data service, or hakem in-process) runs them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from tinydb import Query, TinyDB
from tinydb.table import Document

from core.club.members import ID_FIELDS, Member, checked, from_document, to_document
from core.errors import TournamentError
from core.i18n import _

TABLE = "members"
MemberQuery = Query()


def members(db: TinyDB) -> list[Member]:
    """Every member, by name."""
    return sorted((from_document(doc.doc_id, doc) for doc in db.table(TABLE).all()),
                  key=lambda m: (m.name.casefold(), m.id))


def member(db: TinyDB, number: int) -> Member:
    """Member ``number``, or a TournamentError saying there is none."""
    doc = db.table(TABLE).get(doc_id=number)
    if not isinstance(doc, Document):
        raise TournamentError(_("no member {number} in the club's register").format(number=number))
    return from_document(doc.doc_id, doc)


def holder_of(db: TinyDB, kind: str, value: str, other_than: int | None = None) -> Member | None:
    """The member who holds the id ``value`` of ``kind`` (a national id compared in capitals,
    as the event does), if any."""
    if not value:
        return None
    wanted = value.upper() if kind == "national_id" else value
    test = (lambda v: isinstance(v, str) and v.upper() == wanted) if kind == "national_id" else (lambda v: v == wanted)
    for doc in db.table(TABLE).search(MemberQuery[kind].test(test)):
        if doc.doc_id != other_than:
            return from_document(doc.doc_id, doc)
    return None


def _refuse_held_ids(db: TinyDB, m: Member, other_than: int | None = None) -> None:
    """One id, one member: an id another member holds is refused naming them."""
    for kind in ID_FIELDS:
        holder = holder_of(db, kind, getattr(m, kind), other_than)
        if holder is not None:
            raise TournamentError(_("{id} is already member {number}'s ({name})").format(
                id=getattr(m, kind), number=holder.id, name=holder.name))


def add(db: TinyDB, m: Member) -> Member:
    """Add ``m`` (its ``id`` ignored) as a new member; returns it with its number."""
    m = checked(m)
    _refuse_held_ids(db, m)
    number = db.table(TABLE).insert(to_document(m))
    return replace(m, id=number)


def add_many(db: TinyDB, new: Iterable[Member]) -> list[Member]:
    """Add every member of ``new`` (each checked as :func:`add` does, in order; the first
    refusal names the row's member and stops everything: the caller's change then commits
    nothing)."""
    return [add(db, m) for m in new]


def edit(db: TinyDB, number: int, **changes: object) -> tuple[Member, Member]:
    """Change fields of member ``number`` (``ratings``: the kinds given, the others kept);
    returns (before, after)."""
    before = member(db, number)
    unknown = [k for k in changes if k == "id" or k not in Member.__dataclass_fields__]
    if unknown:
        raise TournamentError(_("a member has no field {field!r}").format(field=unknown[0]))
    given = changes.get("ratings")
    if isinstance(given, dict):
        changes["ratings"] = {**before.ratings, **given}  # other kinds kept
    after = checked(replace(before, **changes))  # type: ignore[arg-type]
    _refuse_held_ids(db, after, other_than=number)
    db.table(TABLE).update(_replacing(to_document(after)), doc_ids=[number])
    return before, after


def _replacing(doc: dict[str, object]) -> Callable[[Mapping[Any, Any]], None]:
    """A TinyDB update that makes the document exactly ``doc`` (fields emptied are removed)."""
    def transform(stored: Mapping[Any, Any]) -> None:
        assert isinstance(stored, dict)
        stored.clear()
        stored.update(doc)
    return transform


def remove(db: TinyDB, number: int) -> Member:
    """Remove member ``number`` (the events they played keep their players); returns them."""
    gone = member(db, number)
    db.table(TABLE).remove(doc_ids=[number])
    return gone
