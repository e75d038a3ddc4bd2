"""The journal: who changed what, as deltas, append-only in effect, gap-tolerant.

Layout: every user appends only to a file of their own, ``<id>.journal.<uid>.jsonl``, created
exclusively by them with no write bit for the group.  Other organisers can read it, not change
it; the author of an entry is the *owner of the file* it is in (what the kernel says), not what
the entry claims.  An entry is one line of JSON::

    {"id": "3f9c…", "base": "a81e…", "rev": 42, "time": "…", "uid": 1001, "user": "alice",
     "action": "result 3.7 1-0", "ops": [ …structural diff… ]}

Entries form a chain: ``base`` is the id of the commit the change was made on, and the data
file's ``meta.head`` names the newest.  The entry is written (and fsynced) *before* the data
file is replaced (write-ahead): a kill in between leaves an entry nobody's chain reaches — an
aborted change, ignored — and never a committed change without its entry.  Walking the chain
back from the head gives the history; an entry someone deleted is a gap that is reported (and
walked past) instead of poisoning everything before it.  The first entry (``base`` null, the
creation) or a ``checkpoint`` entry (a full state, written by ``doctor --repair``) starts a
replay.  Journals of older hakem versions (``<id>.journal.jsonl``) are read as the history
before the first chained entry (its ``base`` is ``"legacy-<rev>"``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from core.errors import StoreError
from core.i18n import _
from core.store import diff as _diff
from core.store import identity
from core.store.files import SafeDir

Entry = dict[str, Any]
LEGACY_PREFIX = "legacy-"


def journal_name(tid: str, uid: int) -> str:
    return f"{tid}.journal.{uid}.jsonl"


def legacy_name(tid: str) -> str:
    return f"{tid}.journal.jsonl"


def journal_names(folder: SafeDir, tid: str) -> list[str]:
    """Every journal file of ``tid`` in the directory (any user's, and a legacy one)."""
    pattern = re.compile(re.escape(tid) + r"\.journal(\.\d+)?\.jsonl")
    return [n for n in folder.names() if pattern.fullmatch(n)]


@dataclass
class JournalFile:
    """What one journal file holds."""

    name: str
    owner: int
    entries: list[Entry] = field(default_factory=list)
    torn: int = 0
    forged: int = 0
    error: str = ""
    misnamed: bool = False
    """The uid in the file name is not the file's owner (someone planted it)."""


def read_file(folder: SafeDir, name: str) -> JournalFile:
    """Read one journal file; the author of every entry is the file's owner."""
    try:
        raw, owner = folder.read_with_owner(name)
    except (OSError, StoreError) as error:
        return JournalFile(name, -1, error=str(getattr(error, "strerror", None) or error))
    out = JournalFile(name, owner)
    named = re.search(r"\.(\d+)\.jsonl$", name)
    legacy = named is None
    out.misnamed = named is not None and int(named.group(1)) != owner
    for line in raw.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or not isinstance(entry.get("ops", []), list):
                raise TypeError
            int(entry.get("rev", 0))
        except (ValueError, TypeError):
            out.torn += 1
            continue
        if legacy:
            entry["legacy"] = True
        else:
            claimed = entry.get("uid")
            if claimed is not None and claimed != owner:
                out.forged += 1
                entry["claimed_uid"] = claimed
            entry["uid"] = owner
            entry["user"] = identity.user_name(owner)
        out.entries.append(entry)
    return out


@dataclass
class History:
    """The committed history of one tournament, oldest first, and what is wrong with it."""

    entries: list[Entry]
    gaps: list[tuple[int, int]]
    """(after revision, before revision): entries missing between these revisions."""
    aborted: int
    files: list[JournalFile]

    @property
    def torn(self) -> int:
        return sum(f.torn for f in self.files)

    @property
    def forged(self) -> int:
        return sum(f.forged for f in self.files)


def _rev(entry: Entry) -> int:
    return int(entry.get("rev", 0))


def history(folder: SafeDir, tid: str, head: str | None, head_rev: int) -> History:
    """Walk the chain back from ``head`` (the data file's newest commit)."""
    files = [read_file(folder, name) for name in journal_names(folder, tid)]
    chained = [e for f in files for e in f.entries if "id" in e]
    legacy = sorted((e for f in files for e in f.entries if e.get("legacy")), key=_rev)
    by_id = {str(e["id"]): e for e in chained}
    out: list[Entry] = []
    gaps: list[tuple[int, int]] = []
    current = by_id.get(head or "")
    if current is None and head and not head.startswith(LEGACY_PREFIX):
        current = _best_below(chained, head_rev + 1, set())
        gaps.append((_rev(current) if current else 0, head_rev))
    seen: set[str] = set()
    legacy_upto: int | None = int(head[len(LEGACY_PREFIX):]) if head and head.startswith(LEGACY_PREFIX) else None
    while current is not None and str(current["id"]) not in seen:
        seen.add(str(current["id"]))
        out.append(current)
        base = current.get("base")
        if not base or current.get("checkpoint") is not None and not by_id.get(str(base)):
            break
        base = str(base)
        if base.startswith(LEGACY_PREFIX):
            legacy_upto = int(base[len(LEGACY_PREFIX):])
            break
        nxt = by_id.get(base)
        if nxt is None:
            nxt = _best_below(chained, _rev(current), seen)
            gaps.append((_rev(nxt) if nxt else 0, _rev(current)))
        current = nxt
    out.reverse()
    if legacy_upto is not None:
        out = [e for e in legacy if _rev(e) <= legacy_upto] + out
    aborted = len(chained) - len(seen)
    return History(out, gaps, aborted, files)


def _best_below(entries: list[Entry], rev: int, seen: set[str]) -> Entry | None:
    """After a gap: the newest entry below ``rev`` (the latest written if several)."""
    below = [e for e in entries if _rev(e) < rev and str(e["id"]) not in seen]
    return max(below, key=lambda e: (_rev(e), str(e.get("time", ""))), default=None)


def is_root(entry: Entry) -> bool:
    """An entry a replay can start from: the creation, a checkpoint, or (in a legacy journal)
    the creation or a resynchronisation from nothing."""
    if entry.get("checkpoint") is not None:
        return True
    if entry.get("legacy"):
        action = str(entry.get("action", ""))
        return action == "create" or action.startswith("doctor:")
    return "base" in entry and entry["base"] is None


def replay(entries: list[Entry]) -> tuple[dict[str, Any], int, int]:
    """Apply a chain from its last starting point (the creation or a checkpoint); returns
    (document, last revision, revision replayed from).  ValueError if an entry does not apply."""
    start = 0
    for i, entry in enumerate(entries):
        if is_root(entry):
            start = i
    doc: Any = {}
    rev = first = _rev(entries[start]) if entries else 0
    for entry in entries[start:]:
        if entry.get("checkpoint") is not None:
            doc = json.loads(json.dumps(entry["checkpoint"]))
        else:
            doc = _diff.apply(doc, entry.get("ops", []), in_place=True)
        rev = _rev(entry)
    return doc, rev, first


def _short(value: Any, width: int = 40) -> str:
    text = "–" if value == _diff.MISSING else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def describe(entry: Entry, limit: int = 6) -> list[str]:
    """What an entry changed, one line per operation (``players/8/rating: 2100 → 2150``;
    ``players: +1 at 12``), at most ``limit`` lines and a count of the rest."""
    if entry.get("checkpoint") is not None:
        return [_("(checkpoint: the whole state)")]
    lines = []
    ops = list(entry.get("ops", []))
    for op in ops[:limit]:
        where = "/".join(map(str, op.get("p", []))) or "/"
        if "i" in op:
            added, removed = len(op.get("a", [])), len(op.get("d", []))
            parts = [f"+{added}" if added else "", f"-{removed}" if removed else ""]
            lines.append(f"{where}: {' '.join(p for p in parts if p)} at {op.get('i')}")
        else:
            lines.append(f"{where}: {_short(op.get('o'))} → {_short(op.get('n'))}")
    if len(ops) > limit:
        lines.append(_("… {count} more").format(count=len(ops) - limit))
    return lines
