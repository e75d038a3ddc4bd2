"""The club's register: the ``members`` table of the club database, read and changed with
TinyDB's own tables and queries.

Every function takes a :class:`tinydb.TinyDB`: for reading, the club database's view of its
file; for changing, the copy :meth:`core.store.clubdb.ClubDB.change` commits afterwards — so
the rules live here once, whichever process (the data service, or hakem in-process) runs them.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tinydb import Query, TinyDB
from tinydb.table import Document

from core.club.members import ID_FIELDS, RATING_KINDS, Member, Rating, checked, from_document, to_document
from core.errors import TournamentError
from core.i18n import _

if TYPE_CHECKING:
    from core.ratinglists.index import ListIndex

TABLE = "members"
NUMBERS = "member_numbers"
"""Document 1: ``{"removed": N}``, the highest number a removed member had — never given again
(events keep the number in ``Player.member``; TinyDB would give the highest again)."""
MemberQuery = Query()


def members(db: TinyDB) -> list[Member]:
    """Every member, by name in the alphabet's order of the language shown (Turkish: Çelik
    after Cem, before D; not after Z)."""
    from core.i18n.collation import sort_key

    return sorted((from_document(doc.doc_id, doc) for doc in db.table(TABLE).all()),
                  key=lambda m: (sort_key(m.name), m.id))


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


def add(db: TinyDB, m: Member, allow_duplicate: bool = False) -> Member:
    """Add ``m`` (its ``id`` ignored) as a new member; returns it with its number.  An id
    another member holds is refused; so is, unless ``allow_duplicate``, a member who looks
    like one of the register (:func:`core.duplicates.refuse_member_duplicate`: the folded
    name, and the year of birth or rating — "celik, ayse" typed twice)."""
    from core.duplicates import refuse_member_duplicate
    from core.i18n.collation import same_name

    m = checked(m)
    _refuse_held_ids(db, m)
    if not allow_duplicate:
        refuse_member_duplicate((from_document(doc.doc_id, doc) for doc in db.table(TABLE).all()
                                 if same_name(str(doc.get("name", "")), m.name)), m)
    [number] = _insert(db, [m])
    return replace(m, id=number)


def _insert(db: TinyDB, new: list[Member]) -> list[int]:
    """Insert ``new`` numbered after every member there is and every member there was (a
    removed member's number is never a new member's: their events still name it)."""
    table = db.table(TABLE)
    held = db.table(NUMBERS).get(doc_id=1)
    last = max([doc.doc_id for doc in table.all()] + [int(held["removed"]) if isinstance(held, Document) else 0])
    return table.insert_multiple(Document(to_document(m), doc_id=last + 1 + n) for n, m in enumerate(new))


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
    after = checked(replace(before, **changes))  # type: ignore[arg-type]  # the changes are checked field by field above; their values are `object` to the checker
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
    numbers = db.table(NUMBERS)
    held = numbers.get(doc_id=1)
    if not isinstance(held, Document):
        numbers.insert({"removed": number})
    elif int(held["removed"]) < number:
        numbers.update({"removed": number}, doc_ids=[1])
    return gone


# -- type-ahead ----------------------------------------------------------------------------------
_KEYS: weakref.WeakKeyDictionary[TinyDB, list[tuple[str, str, int]]] = weakref.WeakKeyDictionary()


def _search_keys(db: TinyDB) -> list[tuple[str, str, int]]:
    """(the name's :func:`~core.i18n.collation.search_text`, every spelling's key after a
    space; ``\n`` + each id in capitals; member number) of every member, built once per version of the file
    (the club database's view lives as long as that version; never a work copy being
    changed): a keystroke is then a few substring tests in C per member, not 5,000 foldings."""
    from core.i18n.collation import search_text

    keys = _KEYS.get(db)
    if keys is None:
        keys = []
        for doc in db.table(TABLE).all():
            keys.append((search_text(str(doc.get("name", ""))),
                         "".join("\n" + str(doc[k]).upper() for k in ID_FIELDS if doc.get(k)), doc.doc_id))
        keys.sort()
        _KEYS[db] = keys
    return keys


def search(db: TinyDB, query: str, limit: int = 20) -> list[Member]:
    """Members whose name begins with ``query`` or one of whose name's words does (both folded,
    so a spelling without accents or in the other script meets the name: ``ozturk`` finds
    *Öztürk*, ``ivanov`` finds *Иванов* and ``иванов`` *Ivanov*; and the German way: ``oez``, ``muell`` find *Öztürk*, *Müller*; ``ismail``
    finds *Yılmaz, İsmail*), or whose every word begins a word of the name in any order
    (``can kaya`` finds *Kaya, Can*), or one of whose ids begins with it; by name."""
    from core.i18n.collation import search_needles, sort_key

    needles = [[" " + w for w in key.split(" ")] for key in search_needles(query) if key]
    if not needles:
        return []
    wanted = "\n" + query.strip().upper()
    first = re.compile("|".join(sorted({re.escape(words[0]) for words in needles})))
    one_word = all(len(words) == 1 for words in needles)
    found: list[int] = []
    for name, ids, number in _search_keys(db):  # one search in C per member; a generator only for more words
        if ((first.search(name) and (one_word or any(all(w in name for w in words) for words in needles)))
                or wanted in ids):
            found.append(number)
            if len(found) >= limit:
                break
    table = db.table(TABLE)
    hits = [from_document(n, table.get(doc_id=n)) for n in found]  # type: ignore[arg-type]  # TinyDB types `get` as a document or a list of them; one doc_id gives one document
    return sorted(hits, key=lambda m: (sort_key(m.name), m.id))


# -- importing -----------------------------------------------------------------------------------
def _id_keys(m: Member) -> list[tuple[str, str]]:
    """The member's ids as compared (a national id in capitals, as the event compares it)."""
    return [(kind, value.upper() if kind == "national_id" else value)
            for kind in ID_FIELDS if (value := getattr(m, kind))]


ADDED, KNOWN, UPDATED, NEAR = "added", "known", "updated", "near"
"""What an import did with a row: added it, found it in the register (``UPDATED``: and took
its newer ratings), or found only a member of the same name who differs (``NEAR``: not added,
for the list manager to decide)."""


def _same_person(a: Member, b: Member) -> bool:
    """Whether members without a matching id are one person: one name (as the duplicate checks
    compare names, :func:`~core.i18n.collation.same_name`: ``Sahin, Ayse`` is ``Şahin, Ayşe``,
    ``Iwanow`` is ``Иванов``), the same birth year and the same club (folded)."""
    from core.i18n.collation import same_name, search_fold

    return same_name(a.name, b.name) and a.birth_year == b.birth_year and search_fold(a.club) == search_fold(b.club)


def _index_name(named: dict[str, list[int]], m: Member, ref: int) -> None:
    """File ``ref`` under every key of ``m``'s name (:func:`~core.i18n.collation.name_keys`)."""
    from core.i18n.collation import name_keys

    for key in name_keys(m.name):
        named.setdefault(key, []).append(ref)


def _named_like(named: dict[str, list[int]], m: Member) -> list[int]:
    """The members filed under one of ``m``'s name keys, each once, in the order filed."""
    from core.i18n.collation import name_keys

    found: list[int] = []
    for key in sorted(name_keys(m.name)):
        found.extend(r for r in named.get(key, ()) if r not in found)
    return found


def _ids_conflict(a: Member, b: Member) -> bool:
    """Whether ``a`` and ``b`` hold different ids of one kind (then they are two people)."""
    return any(x and y and x != y for x, y in zip((dict(_id_keys(a)).get(k, "") for k in ID_FIELDS),
                                                   (dict(_id_keys(b)).get(k, "") for k in ID_FIELDS), strict=True))


def _newer_ratings(held: Member, read: Member) -> dict[str, Rating]:
    """The ratings of ``read`` dated later than the register's of that kind (or of a kind the
    register does not have): an undated rating is never newer."""
    return {kind: r for kind, r in read.ratings.items()
            if r.date and ((old := held.ratings.get(kind)) is None or _newer(r.date, old.date) or not old.date)}


def import_members(db: TinyDB, new: Iterable[Member], as_new: bool = False) -> list[tuple[Member, str]]:
    """Add every member of ``new`` who is not in the register yet.  A row is a member of the
    register (or an earlier row) by identity: a FIDE id, a national id (with its club key, in
    capitals) or an EGD pin they hold, else — no id in common — the same folded name, birth
    year and club with no id that differs.  Such a row is ``KNOWN`` (``UPDATED`` when its
    ratings are dated later: those are taken).  A row whose folded name only is a member's
    (born another year, another club) is ``NEAR``: not added, unless ``as_new``.  Per row of
    ``new``, in order: (the member of the register, what was done).  All or none: a bad row is
    refused naming its member.  The ids are indexed once and the new documents inserted in one
    write (a 5,000-member file would otherwise search and rewrite the table 5,000 times)."""
    table = db.table(TABLE)
    known: dict[int, Member] = {doc.doc_id: from_document(doc.doc_id, doc) for doc in table.all()}
    held: dict[tuple[str, str], int] = {}
    named: dict[str, list[int]] = {}
    for number, m in known.items():
        for key in _id_keys(m):
            held.setdefault(key, number)
        _index_name(named, m, number)
    added: list[Member] = []

    def person(ref: int) -> Member:
        return added[-1 - ref] if ref < 0 else known[ref]

    rows: list[tuple[int, str]] = []
    """Per row: (its member's number, or -1 - its place among the added; what was done)"""
    for m in new:
        keys = _id_keys(m)
        ref = next((held[k] for k in keys if k in held), None)
        if ref is None:
            alike = _named_like(named, m)
            ref = next((r for r in alike if _same_person(person(r), m) and not _ids_conflict(person(r), m)), None)
            if ref is None and alike and not as_new:
                rows.append((alike[0], NEAR))
                continue
        if ref is None:
            try:
                added.append(checked(m))
            except TournamentError as error:
                raise TournamentError(_("{name}: {error}").format(name=m.name, error=error)) from None
            ref = -len(added)
            _index_name(named, m, ref)
            rows.append((ref, ADDED))
        elif ref >= 0 and (newer := _newer_ratings(known[ref], m)):
            known[ref] = replace(known[ref], ratings={**known[ref].ratings, **newer})
            table.update(_replacing(to_document(known[ref])), doc_ids=[ref])
            rows.append((ref, UPDATED))
        else:
            rows.append((ref, KNOWN))
        for key in keys:
            held.setdefault(key, ref)
    numbers = _insert(db, added)
    return [(replace(added[-1 - ref], id=numbers[-1 - ref]) if ref < 0 else known[ref], done) for ref, done in rows]


# -- rating lists --------------------------------------------------------------------------------
@dataclass(frozen=True)
class RatingChange:
    """One member's ratings as a newer list has them."""

    member: Member
    changes: tuple[tuple[str, int, int], ...]
    """(kind, before, after) of each rating the list changes."""
    ratings: Mapping[str, Rating]
    """The member's ratings after the update."""


@dataclass(frozen=True)
class ListUpdate:
    """What a list does to the register: who changes, and who is not in the list."""

    list_name: str
    date: str
    changed: tuple[RatingChange, ...]
    missing: tuple[Member, ...]
    """Members with an id of the list's kind whom the list does not hold."""
    kept: tuple[tuple[Member, str, Rating], ...] = ()
    """(member, kind, rating) the list does not replace though it rates the member otherwise:
    the rating is dated later than the list, or the list has no date and the rating has one."""


def list_update(db: TinyDB, index: ListIndex) -> ListUpdate:
    """Each member found in the list by identity (FIDE id, else national id, else EGD pin:
    :func:`core.ratinglists.apply.list_entry_of`, the event update's own lookup) gets the list's
    rating of every kind the list has, dated by the list — unless the member's rating of that
    kind is newer (dates compared at the precision both give) or the list has no date and the
    rating has one: an undated list cannot say it is newer, and once it had replaced a dated
    rating any older list came as an update.  What is not replaced is named (``kept``)."""
    from core.ratinglists.apply import list_entry_of

    info = index.info
    changed, missing, kept = [], [], []
    for m in members(db):
        if not m.ids:
            continue
        entry = list_entry_of(index, m.as_player())
        if entry is None:
            missing.append(m)
            continue
        ratings = dict(m.ratings)
        diffs = []
        for kind in RATING_KINDS:
            value = entry.rating(kind)
            held = ratings.get(kind)
            if not value:
                continue
            if held is not None and (_newer(held.date, info.date) or (held.date and not info.date)):
                if held.value != value:
                    kept.append((m, kind, held))
                continue
            if held is None or (held.value, held.date, held.list) != (value, info.date, info.name):
                ratings[kind] = Rating(value, info.date, info.name)
                if held is None or held.value != value:
                    diffs.append((kind, held.value if held else 0, value))
        if ratings != dict(m.ratings):
            changed.append(RatingChange(m, tuple(diffs), ratings))
    return ListUpdate(info.name, info.date, tuple(changed), tuple(missing), tuple(kept))


def _newer(held: str, listed: str) -> bool:
    """``held`` is a later date than ``listed`` at the precision both give (``2026-12-01`` is
    not newer than ``2026-12``)."""
    n = min(len(held), len(listed))
    return bool(held and listed) and held[:n] > listed[:n]


def apply_list_update(db: TinyDB, update: ListUpdate) -> None:
    """Store the ratings :func:`list_update` found (ratings only; nothing else of a member)."""
    from core.club.members import to_document

    table = db.table(TABLE)
    for change in update.changed:
        current = member(db, change.member.id)
        table.update(_replacing(to_document(replace(current, ratings=change.ratings))), doc_ids=[current.id])
