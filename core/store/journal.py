"""The journal: who changed what, as deltas, in one hash-chained file per tournament.

Layout: ``<id>.chain.jsonl``, appended only by the process that holds the store's lock (in a
service's directory the service account alone; embedded, the user's own hakem).  One line per
committed change, canonical JSON (sorted keys, no spaces)::

    {"action": "result round 3 board 7 1-0", "ops": [ …structural diff… ], "prev": "<sha-256
     of the line before>", "rev": 42, "state": "<sha-256 of the tournament after>", "time": "…",
     "uid": 1001, "user": "alice", "what": {"kind": "result", "round": 3, "board": 7, …}}

(``what``: the change as data, said in the reader's language by :mod:`core.words`;
``action``: its English words, all that entries of earlier versions have.)

The id of an entry is the SHA-256 of its line (as git names a commit by its hash), so an entry
cannot be changed without breaking the ``prev`` of the one after it, and the data file's
``meta.head`` names the newest.  ``state`` is the hash of the tournament document after the
change: a commit refuses to build on a data file that is not the state its journal ends in
(changed by hand, or an older copy put in its place).  Write-ahead: the line is fsynced before
the data file is replaced; a kill in between leaves a line nothing builds on (an aborted save).

What the chain proves is bounded by who can write the file: in a service's directory only the
service; in a group-writable directory without a service, any member could rewrite the whole
chain consistently — the chain then catches a change to one file (the data file, one line, an
older copy), not a member who rewrites everything.

Directories of earlier versions keep their journals — one file per Unix user,
``<id>.journal.<uid>.jsonl`` (author = the file's owner, entries chained by random ``id`` and
``base``), and before those ``<id>.journal.jsonl`` (``base`` ``legacy-<rev>``): they are read as
the history before the chain; the first chained entry's ``prev`` is the old head's id.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from core.errors import StoreError
from core.i18n import _
from core.store import bounded
from core.store import diff as _diff
from core import identity
from core.file_safety import SafeDir
from core.words import Action, entry_words

Entry = dict[str, Any]
LEGACY_PREFIX = "legacy-"
CHAIN_SUFFIX = ".chain.jsonl"
MAX_JOURNAL_BYTES = 1 << 30
"""A journal larger than this is refused unread (hakem's own: a few MB per thousand changes)."""
_HASH = re.compile(r"[0-9a-f]{64}")


def chain_name(tid: str) -> str:
    """The one journal of ``tid``."""
    return f"{tid}{CHAIN_SUFFIX}"


def canonical(value: Any) -> bytes:
    """The one byte form hakem hashes and writes (sorted keys, no spaces, UTF-8)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def state_hash(tdoc: dict[str, Any]) -> str:
    """What a chain entry records of the tournament after it (and a commit checks)."""
    return digest(canonical(tdoc))


def is_hash(value: Any) -> bool:
    return isinstance(value, str) and _HASH.fullmatch(value) is not None


def journal_names(folder: SafeDir, tid: str) -> list[str]:
    """Every journal file of ``tid`` of the earlier layouts (any user's, and a legacy one)."""
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


def _parse(line: bytes) -> Entry:
    entry = bounded.loads(line)
    if not isinstance(entry, dict) or not isinstance(entry.get("ops", []), list):
        raise TypeError
    int(entry.get("rev", 0))
    return entry


def _read(folder: SafeDir, name: str) -> tuple[JournalFile, bytes]:
    try:
        raw, owner = folder.read_with_owner(name, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return JournalFile(name, -1), b""
    except (OSError, StoreError) as error:
        return JournalFile(name, -1, error=str(getattr(error, "strerror", None) or error)), b""
    return JournalFile(name, owner), raw


def _entries(raw: bytes, out: JournalFile) -> Iterator[tuple[int, bytes, Entry]]:
    """(line number, line, entry) of every readable line; the others are counted as torn."""
    for number, line in enumerate(raw.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            entry = _parse(line)
        except (ValueError, TypeError):
            out.torn += 1
            continue
        yield number, line, entry


def read_chain(folder: SafeDir, tid: str) -> JournalFile:
    """The chain file, oldest line first; every entry's ``id`` is the hash of its line (what
    the line says about itself is never its id) and ``line`` its line number."""
    out, raw = _read(folder, chain_name(tid))
    for number, line, entry in _entries(raw, out):
        entry["id"], entry["line"] = digest(line), number
        out.entries.append(entry)
    return out


def read_file(folder: SafeDir, name: str) -> JournalFile:
    """Read one journal file of the earlier layouts; the author of every entry is the file's
    owner (what the kernel says), not what the line claims."""
    out, raw = _read(folder, name)
    named = re.search(r"\.(\d+)\.jsonl$", name)
    legacy = named is None
    out.misnamed = named is not None and out.owner >= 0 and int(named.group(1)) != out.owner
    for _number, _line, entry in _entries(raw, out):
        if legacy:
            entry["legacy"] = True
        else:
            claimed = entry.get("uid")
            if claimed is not None and claimed != out.owner:
                out.forged += 1
                entry["claimed_uid"] = claimed
            entry["uid"] = out.owner
            entry["user"] = identity.user_name(out.owner)
        out.entries.append(entry)
    return out


@dataclass
class History:
    """The committed history of one tournament, oldest first, and what is wrong with it."""

    entries: list[Entry]
    gaps: list[tuple[int, int]]
    """(after revision, before revision): the chain breaks between these revisions (entries
    removed, or the entry below changed after it was written)."""
    aborted: int
    files: list[JournalFile]
    ahead: list[Entry] = field(default_factory=list)
    """Chain entries that build on the data file's head: changes the data file lost (an older
    copy was put in its place) — one alone may be a save that was killed before completing."""
    off_chain: list[Entry] = field(default_factory=list)
    """Committed entries (something builds on them) that are not in the data file's history."""
    head_missing: bool = False
    """The data file names a newest change that no journal holds."""
    chain: JournalFile | None = None

    @property
    def torn(self) -> int:
        return sum(f.torn for f in self.files)

    @property
    def forged(self) -> int:
        return sum(f.forged for f in self.files)


def _rev(entry: Entry) -> int:
    return int(entry.get("rev", 0))


def history(folder: SafeDir, tid: str, head: str | None, head_rev: int) -> History:
    """Walk the chain back from ``head`` (the data file's newest change), into the journals of
    the earlier layouts where the chain began on one of their entries."""
    chain = read_chain(folder, tid)
    old_files = [read_file(folder, name) for name in journal_names(folder, tid)]
    walk = _walk(chain.entries, head, head_rev)
    out, gaps, aborted = walk.entries, walk.gaps, 0
    if walk.older is not None:
        old = _old_history(old_files, walk.older)
        out, gaps, aborted = old.entries + out, old.gaps + gaps, old.aborted
    elif old_files and not out:
        aborted += sum(len(f.entries) for f in old_files)
    children: dict[str, list[Entry]] = {}
    for entry in chain.entries:
        children.setdefault(str(entry.get("prev")), []).append(entry)
    ahead = [] if walk.missing or not head else _longest(children, head)
    if len(ahead) == 1:
        aborted += 1  # one entry beyond the head: a save killed before its data file was replaced
    on_chain = walk.seen | {str(e["id"]) for e in ahead}
    rest = [e for e in chain.entries if str(e["id"]) not in on_chain]
    off_chain = [e for e in rest if str(e["id"]) in children]
    aborted += len(rest) - len(off_chain)
    return History(out, gaps, aborted, [chain, *old_files], ahead, off_chain, walk.missing, chain)


@dataclass
class _Walk:
    entries: list[Entry]
    gaps: list[tuple[int, int]]
    seen: set[str]
    older: str | None
    """The id in the earlier layout the chain began on."""
    missing: bool


def _walk(chain: list[Entry], head: str | None, head_rev: int) -> _Walk:
    """The chain file's part of the history, oldest first.  An entry whose ``prev`` is not
    the entry before (removed, or changed after it was written) is a break: it gets
    ``gap_below``, the walk goes on at the newest entry below, which is marked ``altered`` if
    it has the very revision the break wanted."""
    by_hash = {str(e["id"]): e for e in chain}
    out: list[Entry] = []
    gaps: list[tuple[int, int]] = []
    seen: set[str] = set()
    older: str | None = None
    current = by_hash.get(head or "")
    missing = is_hash(head) and current is None
    if missing:
        current = _best_below(chain, head_rev + 1, seen)
        gaps.append((_rev(current) if current else 0, head_rev))
        if current is not None:
            current["altered"] = _rev(current) == head_rev
    elif current is None and head:
        older = head
    while current is not None and str(current["id"]) not in seen:
        seen.add(str(current["id"]))
        out.append(current)
        prev = current.get("prev")
        if prev is None:
            break
        nxt = by_hash.get(str(prev))
        if nxt is None and not is_hash(prev):
            older = str(prev)
            break
        if nxt is None or _rev(nxt) != _rev(current) - 1:
            current["gap_below"] = True
            nxt = _best_below(chain, _rev(current), seen)
            gaps.append((_rev(nxt) if nxt else 0, _rev(current)))
            if nxt is not None:
                nxt["altered"] = _rev(nxt) == _rev(current) - 1
        current = nxt
    out.reverse()
    return _Walk(out, gaps, seen, older, bool(missing))


def _longest(children: dict[str, list[Entry]], start: str) -> list[Entry]:
    """The longest run of entries building on ``start`` (later lines first among equals)."""
    best: list[Entry] = []
    stack: list[tuple[str, list[Entry]]] = [(start, [])]
    while stack:
        at, path = stack.pop()
        kids = children.get(at, [])
        if not kids and len(path) > len(best):
            best = path
        for kid in kids:
            if len(path) < 100_000 and kid not in path:
                stack.append((str(kid["id"]), [*path, kid]))
    return best


def _now() -> str:
    """The time stamp of an entry (UTC, seconds): one place, so tests can fix the clock."""
    from datetime import UTC, datetime

    return datetime.now(UTC).replace(microsecond=0).isoformat()


def new_entry(prev: str | None, rev: int, action: str | Action, ops: list[dict[str, Any]], state: str,
              extra: dict[str, Any] | None = None) -> tuple[Entry, bytes, str]:
    """A change by the acting user (now): the entry, its canonical line and its id — the one
    shape of a chain entry, whichever chain it goes into (a tournament's, the club database's).
    An :class:`~core.words.Action` is kept as data (``what``) beside its English words."""
    entry = {"prev": prev, "rev": rev, "time": _now(), "uid": identity.current_uid(),
             "user": identity.current_user(), **entry_words(action), "ops": ops, "state": state, **(extra or {})}
    line = canonical(entry)
    return entry, line, digest(line)


def end_problem(raw: bytes, head: str | None, revision: int, state: Callable[[], str],
                proof: ChainProof, tail: int) -> tuple[str, Entry | None]:
    """May a data file at ``head`` (its ``revision``, its tables hashing to ``state()``) be
    built on, its chain file holding ``raw``?  ``("", last entry)`` if so, else why not:
    ``"empty"`` (no entry), ``"older-copy"`` (the chain goes on beyond the file's revision),
    ``"not-end"`` (the file is not where its chain ends), ``"broken"`` (the chain below the
    head does not verify: an entry changed or removed), ``"outside"`` (the file is not the
    state its head entry records: changed outside hakem).  Only the last ``tail`` bytes are
    parsed as entries; ``proof`` verifies the chain incrementally.  The callers word it."""
    proof.feed(raw)
    entries = tail_entries(raw[line_start(raw, len(raw) - tail):], True)
    last = next(entries, None)
    if last is None:
        return "empty", None
    if last["id"] != head and last.get("prev") != head:
        return ("older-copy" if _rev(last) > revision else "not-end"), last
    if is_hash(head) and not proof.holds(str(head)):
        return "broken", last
    newest = last if last["id"] == head else next((e for e in entries if e["id"] == head), None)
    if newest is not None and (newest.get("state") != state() or _rev(newest) != revision):
        return "outside", last  # a revision edited by hand would make the next entry skip numbers
    return "", last


def tip(chain: JournalFile) -> list[Entry]:
    """The longest chain in the file, oldest first (what the journal says the state is), from
    its first entry; empty if the file has none."""
    children: dict[str, list[Entry]] = {}
    for entry in chain.entries:
        children.setdefault(str(entry.get("prev")), []).append(entry)
    ids = {str(e["id"]) for e in chain.entries}
    roots = {str(e.get("prev")) for e in chain.entries if str(e.get("prev")) not in ids}
    best: list[Entry] = []
    for root in sorted(roots):
        path = _longest(children, root)
        if len(path) > len(best):
            best = path
    return best


def line_start(raw: bytes, at: int) -> int:
    """Where the line holding byte ``at`` of ``raw`` begins: a tail cut there keeps its first
    entry whole.  Why: one entry may be longer than the tail a commit reads (an import of 6,000
    players writes a 1.2 MB line), and a tail holding no whole entry read as a missing journal
    (every later change refused)."""
    return raw.rfind(b"\n", 0, max(0, at)) + 1


def tail_entries(tail: bytes, whole: bool) -> Iterator[Entry]:
    """The entries at the end of a chain file, newest first, each with its hash as ``id``
    (parsed one by one as asked for: a commit usually needs only the last); the first, partial
    line is dropped unless the tail is the whole file."""
    lines = tail.split(b"\n")
    for line in reversed(lines if whole else lines[1:]):
        if line.strip():
            try:
                entry = _parse(line)
            except (ValueError, TypeError):
                continue
            entry["id"] = digest(line)
            yield entry


def _old_history(files: list[JournalFile], head: str) -> History:
    """The walk of the per-user layout: ``base`` names the commit a change was made on."""
    chained = [e for f in files for e in f.entries if "id" in e]
    legacy = sorted((e for f in files for e in f.entries if e.get("legacy")), key=_rev)
    by_id = {str(e["id"]): e for e in chained}
    out: list[Entry] = []
    gaps: list[tuple[int, int]] = []
    seen: set[str] = set()
    legacy_upto = int(head[len(LEGACY_PREFIX):]) if head.startswith(LEGACY_PREFIX) else None
    current = by_id.get(head)
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
            current["gap_below"] = True
            nxt = _best_below(chained, _rev(current), seen)
            gaps.append((_rev(nxt) if nxt else 0, _rev(current)))
        current = nxt
    out.reverse()
    if legacy_upto is not None:
        out = [e for e in legacy if _rev(e) <= legacy_upto] + out
    return History(out, gaps, len(chained) - len(seen), files)


def _best_below(entries: list[Entry], rev: int, seen: set[str]) -> Entry | None:
    """After a break: the newest entry below ``rev`` (the latest written if several)."""
    below = [e for e in entries if _rev(e) < rev and str(e["id"]) not in seen]
    return max(below, key=lambda e: (_rev(e), int(e.get("line", 0)), str(e.get("time", ""))), default=None)


def is_root(entry: Entry) -> bool:
    """An entry a replay starts from: the creation (the chain's first entry, or the per-user
    layout's) or, in a legacy journal, the creation or a resynchronisation from nothing."""
    if entry.get("legacy"):
        action = str(entry.get("action", ""))
        return action == "create" or action.startswith("doctor:")
    return ("prev" in entry and entry["prev"] is None) or ("base" in entry and entry["base"] is None)


@dataclass
class Replay:
    """The chain applied from its start: the state after its last entry (None when a break
    left it unknown and no round backup taken after the break restores it), and the entries
    that did not apply or whose checkpoint disagreed with what came before."""

    doc: dict[str, Any] | None
    problems: list[tuple[Entry, str]] = field(default_factory=list)
    verified: bool = False
    """The state follows from the creation or a round backup through entries that apply — not
    from a checkpoint standing after a break (anyone can write a checkpoint; only one that a
    repair wrote on a verified state counts)."""


def replay(entries: list[Entry], known: dict[str, dict[str, Any]] | None = None) -> Replay:
    """Apply ``entries`` (oldest first); ``known`` maps an entry id to the state right after it
    (a round backup names the head it was taken at), used to go on after a break."""
    known = known or {}
    out = Replay(None)
    doc: Any = None
    verified = False
    for entry in entries:
        if entry.get("gap_below"):
            doc, verified = None, False
        checkpoint = entry.get("checkpoint")
        try:
            if checkpoint is not None:
                if doc is not None and doc != checkpoint:
                    out.problems.append((entry, "; ".join(differences(doc, checkpoint))))
                verified = (doc is not None and verified) or bool(entry.get("bridges") or entry.get("restored"))
                doc = json.loads(canonical(checkpoint))
            elif is_root(entry):
                doc, verified = _diff.apply({}, entry.get("ops", []), in_place=True), True
            elif doc is not None:
                doc = _diff.apply(doc, entry.get("ops", []), in_place=True)
        except (ValueError, KeyError, IndexError, TypeError) as error:
            out.problems.append((entry, str(error)))
            doc, verified = None, False
        state = known.get(str(entry.get("id", "")))
        if (doc is None or not verified) and state is not None:
            doc, verified = json.loads(canonical(state)), True
    out.doc, out.verified = doc, verified
    return out


def _short(value: Any, width: int = 40) -> str:
    text = "–" if value == _diff.MISSING else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def where(path: list[Any], doc: dict[str, Any] | None = None) -> str:
    """A place in a tournament document as an organiser names it ("round 1, board 2, r";
    "player Ann, rating"; "roles"), the raw path for anything else."""
    rest = [str(p) for p in path]
    head = "/".join(rest)
    if len(path) >= 4 and path[0] == "rounds" and path[2] == "boards" \
            and isinstance(path[1], int) and isinstance(path[3], int):
        head = _("round {round}, board {board}").format(round=path[1] + 1, board=path[3] + 1)
        rest = rest[4:]
    elif len(path) >= 2 and path[0] == "players" and isinstance(path[1], int):
        players = (doc or {}).get("players", [])
        name = players[path[1]].get("name") if path[1] < len(players) and isinstance(players[path[1]], dict) else None
        head = _("player {name}").format(name=name or path[1] + 1)
        rest = rest[2:]
    elif len(path) >= 2 and path[:2] == ["options", "roles"]:
        head = _("roles")
        rest = rest[2:]
    else:
        return head or "/"
    return ", ".join([head, *rest]) if rest else head


def differences(expected: Any, actual: Any, limit: int = 6) -> list[str]:
    """What ``actual`` has that ``expected`` (the journal's state) does not, one line per
    place ("round 1, board 2, r: "1-0" in the journal, "0-1" in the file")."""
    lines = []
    ops = _diff.diff(expected, actual)
    for op in ops[:limit]:
        place = where(list(op.get("p", [])), expected if isinstance(expected, dict) else None)
        if "i" in op:
            lines.append(_("{where} (from item {index}): {journal} in the journal, {file} in the file").format(
                where=place, index=int(op.get("i", 0)) + 1, journal=_short(op.get("d", [])), file=_short(op.get("a", []))))
        else:
            lines.append(_("{where}: {journal} in the journal, {file} in the file").format(
                where=place, journal=_short(op.get("o")), file=_short(op.get("n"))))
    if len(ops) > limit:
        lines.append(_("… {count} more").format(count=len(ops) - limit))
    return lines


def describe(entry: Entry, limit: int = 6) -> list[str]:
    """What an entry changed, one line per operation (``players/8/rating: 2100 → 2150``;
    ``players: +1 at 12``), at most ``limit`` lines and a count of the rest.  The paths and
    values are the stored document's own (data, as in the file); what the change was, in
    words, is :func:`core.words.say`."""
    if entry.get("checkpoint") is not None:
        return [_("(checkpoint: the whole state)")]
    lines = []
    ops = list(entry.get("ops", []))
    for op in ops[:limit]:
        place = "/".join(map(str, op.get("p", []))) or "/"
        if "i" in op:
            added, removed = len(op.get("a", [])), len(op.get("d", []))
            parts = [f"+{added}" if added else "", f"-{removed}" if removed else ""]
            lines.append(_("{place}: {changes} at {index}").format(
                place=place, changes=" ".join(p for p in parts if p), index=op.get("i")))
        else:
            lines.append(f"{place}: {_short(op.get('o'))} → {_short(op.get('n'))}")
    if len(ops) > limit:
        lines.append(_("… {count} more").format(count=len(ops) - limit))
    return lines


@dataclass
class _Link:
    rev: int
    holds: bool
    """The chain from this entry back to the creation (or to a repair's verified checkpoint)
    has no break."""


class ChainProof:
    """Which entries of one chain file the chain below them vouches for, kept across commits.

    Why: a commit must refuse to build on a journal whose chain to the head does not verify
    (one edited middle line, a removed entry), and parsing a whole journal of thousands of
    entries under the lock at every result is too slow.  The whole file is read (bytes, not
    JSON); if its start is byte for byte what was verified before (its SHA-256), only the
    lines appended since are parsed — an edit anywhere in the verified part changes that hash
    and the file is verified again from its first line."""

    def __init__(self) -> None:
        self.size = 0
        self.prefix = digest(b"")
        self.links: dict[str, _Link] = {}
        self.entries: list[Entry] = []
        """The entries parsed since the last full verification (newest last)."""

    def feed(self, raw: bytes) -> None:
        """Bring the proof up to the complete lines of ``raw`` (the file as it is now)."""
        end = raw.rfind(b"\n") + 1
        if not (self.size <= end and digest(raw[: self.size]) == self.prefix):
            self.size, self.links, self.entries = 0, {}, []
        for line in raw[self.size:end].split(b"\n"):
            if line.strip():
                self._add(line)
        self.size, self.prefix = end, digest(raw[:end])

    def _add(self, line: bytes) -> None:
        try:
            entry = _parse(line)
        except (ValueError, TypeError):
            return  # a torn line: nothing builds on it
        entry["id"] = digest(line)
        self.entries.append(entry)
        rev, prev = _rev(entry), entry.get("prev", "")
        below = self.links.get(str(prev))
        holds = (
            (prev is None and rev == 1)
            or (entry.get("checkpoint") is not None and bool(entry.get("bridges") or entry.get("restored")))
            or (below is not None and below.holds and below.rev == rev - 1)
            or (isinstance(prev, str) and bool(prev) and not is_hash(prev))  # began on the earlier layout
        )
        self.links[str(entry["id"])] = _Link(rev, holds)

    def holds(self, head: str) -> bool:
        """The entry ``head`` is in the file and the chain below it has no break."""
        link = self.links.get(head)
        return link is not None and link.holds


def _item(entry: Entry) -> Entry:
    return {"id": str(entry["id"]), "rev": _rev(entry), "action": str(entry.get("action", ""))}


def pushes_undo(entry: Entry) -> bool:
    """An entry a user can undo: a change with operations (not the creation, an undo or redo,
    an archive flag, nor a repair's entry — those carry no operations or a checkpoint)."""
    if is_root(entry) or entry.get("checkpoint") is not None or entry.get("legacy"):
        return False
    return bool(entry.get("ops")) and "undos" not in entry and "redos" not in entry


def stacks(entries: list[Entry], depth: int) -> tuple[list[Entry], list[Entry], int]:
    """The undo and redo lists as the history leads to them (oldest first), and how many
    changes dropped off the undo list: what ``undo`` takes is decided by the verified chain,
    never by the lists stored in the data file (anyone in the group can edit those).  Items
    are ``{"id", "rev", "action"}`` of the change's own entry: the words shown are the ones
    hashed with its operations, not text stored beside them."""
    undo: list[Entry] = []
    redo: list[Entry] = []
    dropped = 0
    for entry in entries:
        if entry.get("altered"):
            continue
        if entry.get("restored"):  # a repair restored a round backup: the history before is lost
            undo, redo = [], []
        elif "undos" in entry or "redos" in entry:
            source, dest = (undo, redo) if "undos" in entry else (redo, undo)
            target = entry.get("target")
            found = next((i for i in range(len(source) - 1, -1, -1)
                          if source[i]["id"] == target or target is None and source[i]["rev"] == entry.get("undos", entry.get("redos"))), None)
            if found is not None:
                dest.append(source.pop(found))
        elif pushes_undo(entry) and "id" in entry:
            undo.append(_item(entry))
            redo.clear()
            if len(undo) > depth:
                dropped += len(undo) - depth
                del undo[: len(undo) - depth]
    return undo, redo, dropped
