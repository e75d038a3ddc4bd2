"""The on-disk index of one rating list, and the type-ahead search over it.

Why this shape: a FIDE list has over a million players and every keystroke in registration
must be answered in milliseconds, by every organiser's process, without loading the list.
The index is one text file, memory-mapped and binary-searched:

* a fixed-size header line: ``#hakem-rating-list 1`` and a JSON object (list name, kind,
  date, source, count, and the byte ranges of the two sections);
* the *names* section: one line per entry, ``folded-name TAB field TAB field ...``, sorted
  bytewise by the folded name — a prefix search is one bisection plus a short scan;
* the *ids* section: ``F<fide id>``, ``N<national id>``, ``E<EGD pin>`` TAB the byte offset of
  the entry's line, sorted bytewise — an id (or an id's first digits) is one bisection too;
* the *aliases* section: the other spellings of a name (:func:`core.i18n.collation.name_keys`,
  where they differ from the folded name) TAB the byte offset of the entry's line, sorted
  bytewise — ``mueller`` finds *Müller*, ``iwanow`` and ``ivanov`` *Иванов*, ``jolkin``
  *Ёлкин*.  The header's ``keys`` says by which version of the spelling rules
  (:data:`KEYS`) the aliases were made; an index written before (no mark, an older one, or no
  aliases section at all) gets them when it is opened (:func:`core.ratinglists.library.open_list`
  rewrites it from its own entries), so a list imported before a new spelling rule finds by it
  without being imported again.

A search costs O(log n) page reads; nothing is loaded up front.
"""

from __future__ import annotations

import json
import mmap
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from core.errors import RatingListError
from core.i18n import _
from core.ratinglists.entry import ENTRY_FIELDS, ListEntry, clean_text, fold, needs_cleaning

MAGIC = b"#hakem-rating-list 1\t"
HEADER_SIZE = 1024
_INT_FIELDS = frozenset({"standard", "rapid", "blitz", "national_rating", "go_rating",
                         "standard_k", "rapid_k", "blitz_k"})
_K_FIELDS = ("standard_k", "rapid_k", "blitz_k")
_LAYOUTS = {len(ENTRY_FIELDS): ENTRY_FIELDS,
            len(ENTRY_FIELDS) - len(_K_FIELDS): tuple(f for f in ENTRY_FIELDS if f not in _K_FIELDS)}
"""Entry layouts by field count: an index written before the K columns were kept reads with
K 0 (a new import of the list brings them)."""
KEYS = 2
"""The version of the spelling keys written in the aliases section: 1 the first aliases (lines
copied whole, no mark in the header), 2 the key and the entry's offset, with the German,
Turkish, Russian and English spellings meeting (:func:`core.i18n.collation.name_keys`).  Raise
it whenever those rules change: every stored list then gets its keys anew when next opened."""
_ID_PREFIX = {"fide_id": b"F", "national_id": b"N", "egd_pin": b"E"}
assert ENTRY_FIELDS[1:3] == ("fide_id", "national_id") and ENTRY_FIELDS[-1] == "egd_pin", \
    "write_index reads the ids from these positions of a names-section line"


@dataclass(frozen=True)
class ListInfo:
    """What a list is: shown in ``hakem lists`` and recorded in the events that use it."""

    name: str
    format: str
    date: str
    source: str
    count: int
    imported: str
    imported_by: str
    problem: str = ""
    """Why the list cannot be read (a damaged index, a FIFO under its name); "" when it can.
    A damaged list is named in the listing and skipped by search and registration, never
    the end of every other list (one planted file must not stop everyone)."""
    warnings: tuple[str, ...] = ()
    """What an import tells the organiser (names cleaned, ids several players hold); not
    stored in the index."""

    def as_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "format": self.format, "date": self.date, "source": self.source,
               "count": self.count, "imported": self.imported, "imported_by": self.imported_by}
        return {**out, "problem": self.problem} if self.problem else out


def _record(entry: ListEntry, cleaned: list[str] | None = None) -> bytes:
    """One names-section line.  Field values come in definition order from the instance's
    ``__dict__`` (the import writes a million of these: no per-field look-ups).  A value with
    characters a name must not hold is cleaned (:func:`clean_text`); a cleaned name is added
    to ``cleaned``."""
    values: list[str] = []
    for value in entry.__dict__.values():
        if value.__class__ is str:
            if needs_cleaning(value):
                clean = clean_text(value)
                if cleaned is not None and not values:  # the name comes first
                    cleaned.append(clean)
                value = clean
            values.append(value)
        elif value is True:
            values.append("1")
        else:
            values.append(str(value) if value else "")
    name = values[0]
    key = fold(name)
    return (key + "\t" + "\t".join(values) + "\n").encode("utf-8")


def _entry(line: bytes) -> ListEntry:
    parts = line.rstrip(b"\n").decode("utf-8").split("\t")[1:]
    values: dict[str, Any] = {}
    for name, value in zip(_LAYOUTS.get(len(parts), ENTRY_FIELDS), parts, strict=True):
        if name == "inactive":
            values[name] = value == "1"
        elif name in _INT_FIELDS:
            values[name] = int(value) if value else 0
        else:
            values[name] = value
    return ListEntry(**values)


def write_index(out: BinaryIO, entries: Iterable[ListEntry], meta: dict[str, Any],
                duplicates: list[str] | None = None, cleaned: list[str] | None = None) -> int:
    """Write the index of ``entries`` to ``out`` (positioned at 0); returns the entry count.
    ``duplicates`` (when given) receives each id that several entries hold, as ``F<id>``,
    ``N<id>`` or ``E<pin>`` (neighbours in the sorted id section: found at no extra cost);
    ``cleaned`` each name stored without the characters it held (:func:`_record`).

    Memory: the encoded lines are held once for sorting (about 130 bytes per FIDE entry) and
    released while the names section is written, so the id lines replace them rather than
    adding to them.
    """
    lines = sorted(_record(e, cleaned) for e in entries)
    aliases: list[bytes] = []
    out.write(b" " * (HEADER_SIZE - 1) + b"\n")
    names_start = offset = HEADER_SIZE
    ids: list[bytes] = []
    for i, line in enumerate(lines):
        lines[i] = b""
        out.write(line)
        where = b"\t" + str(offset).encode() + b"\n"
        head = line.split(b"\t", 4)
        pin = line[line.rindex(b"\t") + 1:-1]
        for value, prefix in ((head[2], b"F"), (head[3], b"N"), (pin, b"E")):
            if value:
                ids.append(prefix + value + where)
        aliases.extend(alias + where for alias in _aliases(head[0], head[1]))
        offset += len(line)
    count = len(lines)
    del lines
    ids.sort()
    if duplicates is not None:
        duplicates.extend(_shared_ids(ids))
    ids_start = offset
    for line in ids:
        out.write(line)
        offset += len(line)
    ids_end = offset
    aliases.sort()
    for line in aliases:
        out.write(line)
        offset += len(line)
    header = dict(meta, count=count, names=[names_start, ids_start], ids=[ids_start, ids_end],
                  aliases=[ids_end, offset], keys=KEYS)
    encoded = MAGIC + json.dumps(header, ensure_ascii=False, sort_keys=True).encode("utf-8")
    if len(encoded) >= HEADER_SIZE:
        raise RatingListError(_("the list's description is too long for its index header"))
    out.seek(0)
    out.write(encoded + b" " * (HEADER_SIZE - 1 - len(encoded)) + b"\n")
    return count


def _aliases(key: bytes, name: bytes) -> list[bytes]:
    """The other keys of a name (its folded ``key`` left out): the met spellings of
    :func:`core.i18n.collation.name_keys`, worked out without its cache (a list's million names
    are each seen once)."""
    from core.i18n.collation import name_keys

    return [alias for alias in (k.encode("utf-8") for k in sorted(name_keys.__wrapped__(name.decode("utf-8"))))
            if alias != key]


def _shared_ids(ids: list[bytes]) -> list[str]:
    """The ids (with their kind letter) that more than one line of the sorted ``ids`` holds."""
    shared: list[str] = []
    previous = b""
    for line in ids:
        key = line[:line.index(b"\t")]
        if key == previous and (not shared or shared[-1] != key.decode("utf-8")):
            shared.append(key.decode("utf-8"))
        previous = key
    return shared


def read_header(data: bytes, name: str) -> dict[str, Any]:
    """The header of an index (its first :data:`HEADER_SIZE` bytes)."""
    if not data.startswith(MAGIC) or len(data) < HEADER_SIZE:
        raise RatingListError(_("rating list {name!r}: the index is damaged; import the list again")
                              .format(name=name))
    try:
        header: dict[str, Any] = json.loads(data[len(MAGIC):HEADER_SIZE].decode("utf-8").strip())
    except ValueError as error:
        raise RatingListError(_("rating list {name!r}: the index is damaged; import the list again")
                              .format(name=name)) from error
    return header


class ListIndex:
    """An open index: ``search`` for type-ahead, ``by_id`` for an exact id."""

    def __init__(self, fd: int, name: str) -> None:
        size = os.fstat(fd).st_size
        if size < HEADER_SIZE:
            os.close(fd)
            raise RatingListError(_("rating list {name!r}: the index is damaged; import the list again")
                                  .format(name=name))
        self._map = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        os.close(fd)
        self.header = read_header(self._map[:HEADER_SIZE], name)
        self.name = name
        self._names = tuple(self.header["names"])
        self._ids = tuple(self.header["ids"])
        self._aliases = tuple(self.header.get("aliases", (self._ids[1], self._ids[1])))
        if self._aliases[1] != size:
            self.close()
            raise RatingListError(_("rating list {name!r}: the index is incomplete; import the list again")
                                  .format(name=name))
        if not self.keys_current:  # aliases of an older layout are not read (their lines differ)
            self._aliases = (self._aliases[1], self._aliases[1])

    @property
    def keys_current(self) -> bool:
        """Whether the aliases were made by the spelling rules of now (:data:`KEYS`)."""
        return self.header.get("keys") == KEYS

    def entries(self) -> Iterator[ListEntry]:
        """Every entry, in the order of the names section (what a rewrite of the index reads)."""
        mm = self._map
        position, end = self._names
        while position < end:
            stop = mm.find(b"\n", position, end) + 1
            if stop <= 0:
                return
            yield _entry(mm[position:stop])
            position = stop

    def close(self) -> None:
        self._map.close()

    def __enter__(self) -> ListIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def info(self) -> ListInfo:
        h = self.header
        return ListInfo(name=self.name, format=h.get("format", ""), date=h.get("date", ""),
                        source=h.get("source", ""), count=int(h.get("count", 0)),
                        imported=h.get("imported", ""), imported_by=h.get("imported_by", ""))

    # -- bisection over the lines of one section ------------------------------------------
    def _first_at_least(self, section: tuple[int, int], target: bytes) -> int:
        """Byte offset of the first line of ``section`` whose key is ≥ ``target``."""
        lo, hi = section
        mm = self._map
        while lo < hi:
            mid = (lo + hi) // 2
            start = max(mm.rfind(b"\n", lo - 1, mid) + 1, lo)
            end = mm.find(b"\t", start)
            if mm[start:end] < target:
                lo = mm.find(b"\n", start) + 1
            else:
                hi = start
        return lo

    def _scan(self, section: tuple[int, int], prefix: bytes, limit: int,
              exact: bool = False) -> Iterator[bytes]:
        """Lines of ``section`` whose key begins with (``exact``: is) ``prefix``, at most ``limit``."""
        mm = self._map
        position = self._first_at_least(section, prefix)
        wanted = prefix + b"\t" if exact else prefix
        found = 0
        while position < section[1] and found < limit:
            end = mm.find(b"\n", position) + 1
            line = mm[position:end]
            if not line.startswith(wanted):
                return
            found += 1
            yield line
            position = end

    def _entry_at(self, offset: int) -> ListEntry:
        end = self._map.find(b"\n", offset) + 1
        return _entry(self._map[offset:end])

    def search(self, query: str, limit: int = 20) -> list[ListEntry]:
        """Entries whose name begins with ``query`` (folded), or whose id begins with it.

        ``"kaya c"`` finds *Kaya, Can*; ``"can kaya"`` finds him too (first name first is
        tried when the surname-first reading gives fewer than ``limit``); ``"иванов"`` finds
        *Иванов* in a national list and, after those, FIDE's *Ivanov* (the query in Latin
        letters, :func:`core.i18n.collation.search_fold`; the index's keys stay as written,
        so ``"ivanov"`` does not find a name stored in Cyrillic); ``"2512"`` finds the FIDE,
        national and EGD ids that begin with those digits, ``"c0327-10"`` the DSB ids of that
        club beginning so.
        """
        text = query.strip()
        if not text or limit <= 0:
            return []
        if text.isascii() and text.replace("-", "").isalnum() and any(c.isdigit() for c in text):
            return self._search_ids(text.upper(), limit)  # DSB ids: C0327-1086, club codes in capitals
        key = fold(text)
        found = self._search_names(key, limit)
        if len(found) < limit:
            from core.i18n.collation import search_needles

            for needle in search_needles(text):
                if needle and needle != key and len(found) < limit:
                    found += [e for e in self._search_names(needle, limit - len(found)) if e not in found]
                if needle and len(found) < limit:
                    found += [e for e in self._search_aliases(needle, limit - len(found)) if e not in found]
        return found

    def _search_aliases(self, key: str, limit: int) -> list[ListEntry]:
        """Entries one of whose other spellings (the aliases section) begins with ``key``."""
        return [self._entry_at(int(line.rsplit(b"\t", 1)[1])) for line in self._scan(self._aliases, key.encode("utf-8"), limit)]

    def _search_names(self, key: str, limit: int) -> list[ListEntry]:
        """Entries whose folded name begins with ``key``, then with its last word first."""
        section = self._names
        found = [_entry(line) for line in self._scan(section, key.encode("utf-8"), limit)]
        words = key.split(" ")
        if len(found) < limit and len(words) > 1:
            swapped = " ".join([words[-1], *words[:-1]]).encode("utf-8")
            seen = set(found)
            for line in self._scan(section, swapped, limit - len(found)):
                entry = _entry(line)
                if entry not in seen:
                    found.append(entry)
        return found

    def _search_ids(self, digits: str, limit: int) -> list[ListEntry]:
        found: list[ListEntry] = []
        for prefix in _ID_PREFIX.values():
            for line in self._scan(self._ids, prefix + digits.encode(), limit - len(found)):
                found.append(self._entry_at(int(line.rsplit(b"\t", 1)[1])))
        return found

    def by_id(self, value: str, kind: str = "fide_id") -> ListEntry | None:
        """The entry with exactly this id (``kind``: fide_id, national_id or egd_pin), if
        exactly one entry has it (an id two entries share identifies nobody:
        :meth:`with_id` lists them)."""
        found = self.with_id(value, kind, 2)
        return found[0] if len(found) == 1 else None

    def with_id(self, value: str, kind: str = "fide_id", limit: int = 20) -> list[ListEntry]:
        """Every entry (at most ``limit``) whose id of ``kind`` is exactly ``value``."""
        target = _ID_PREFIX[kind] + value.strip().encode()
        if len(target) == 1:
            return []
        return [self._entry_at(int(line.rsplit(b"\t", 1)[1]))
                for line in self._scan(self._ids, target, limit, exact=True)]

    def with_id_part(self, part: str, kind: str = "national_id", limit: int = 20) -> list[ListEntry]:
        """Entries whose compound id (``C0327-1086``: club key, member number) has ``part``
        as one of its ``-``-separated pieces — the candidates of a partial key, listed when
        an organiser types only the member number.  A linear pass over that kind's ids (a
        national list's id section is about a megabyte): for refusing, not for type-ahead."""
        piece = part.strip().encode()
        if not piece or b"\t" in piece or b"\n" in piece:
            return []
        prefix = _ID_PREFIX[kind]
        start = self._first_at_least(self._ids, prefix)
        end = self._first_at_least(self._ids, bytes([prefix[0] + 1]))
        found: list[ListEntry] = []
        for line in self._map[start:end].split(b"\n"):
            key, _tab, offset = line.partition(b"\t")
            if offset and piece in key[1:].split(b"-") and key[1:] != piece:
                found.append(self._entry_at(int(offset)))
                if len(found) >= limit:
                    break
        return found
