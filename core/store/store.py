"""The tournament store: one TinyDB-format JSON file per tournament in a data directory.

What plain TinyDB does not give and this adds (docs/architecture.md):
- every file operation through :class:`core.file_safety.SafeDir` — no link followed, exclusive
  creation, owner and mode checked: the shared directory is hostile ground;
- atomic writes (temp + fsync + rename) — a crash, a kill or a full disk at any byte leaves the
  previous file, and the user is told the truth;
- the commit is short and locked; the change itself is computed *outside* the lock on a
  snapshot, then committed only if the revision is still the one it was computed on
  (:meth:`Store.commit`, and :meth:`Store.update` which retries);
- a revision number and a ``head`` commit id in every file — screens poll the revision;
- the journal (:mod:`core.store.journal`): deltas in one hash-chained file per tournament,
  written ahead of the data file; a commit refuses to build on a data file that is not where
  its journal ends; undo/redo stacks in the data file name journal entries by hash;
- TinyDB's ``Storage`` interface (:mod:`core.store.storage`): the data file is TinyDB's two
  tables, read with limits and written only by the journaled commit;
- roles (:mod:`core.roles`): every commit is checked against what the change *does* (a result,
  a correction of a closed round, a pairing, players, settings, the role table), read from the
  states before and after, against the user's role in the state before;
- a schema version with migrations.

File layout (TinyDB's JSON, tables ``meta`` and ``tournament``, document 1 each)::

    {"meta": {"1": {"store": 2, "schema": 1, "revision": 7, "head": "…", "modified": "…",
                    "uid": 1001, "modified_by": "alice", "undo": [{"id", "rev", "action"}],
                    "redo": […], "archived": false}},
     "tournament": {"1": core.serialize.tournament_to_dict(…)}}
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import os
import re
import secrets
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core import roles
from core.errors import ConflictError, StoreError, TournamentError, UnknownTournament, os_reason
from core.i18n import _
from core.model import Tournament
from core.serialize import SCHEMA_VERSION, tournament_from_dict, tournament_to_dict
from core.store import diff as _diff
from core import identity
from core.store import journal as _journal
from core.store import storage as _storage
from core.file_safety import SafeDir, describe_entry, writes_forbidden
from core.store.paths import CLUB_CHAIN, resolve_data_dir
from core.words import Action, act, say, stepped

SUFFIX = ".hakem.json"
STORE_FORMAT = 2
JOURNAL_TAIL = 1 << 20
"""Bytes of the journal's end a commit reads to check the data file against it."""
UNDO_DEPTH = 1000
"""Changes kept on the undo list; older ones drop off (and ``undo`` says so when it runs out)."""
OPTIMISTIC_TRIES = 4
"""Attempts to compute a change outside the lock before computing it inside (progress
guaranteed for cheap changes when others keep committing)."""
MACHINE_OPTIONS = ("publish_directory",)
"""Options that name places on this machine: never taken from an imported or copied file (a
file from elsewhere must not decide where hakem writes)."""
_TID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
LISTED_TEXT = 120
"""Characters of a name or system a tournaments list shows (a planted file's 200 MB name is
cut, with an ellipsis)."""

__all__ = ["SUFFIX", "Snapshot", "Store", "TournamentInfo", "current_user"]


def current_user() -> str:
    """The real Unix user of this process (what the journal records)."""
    return identity.current_user()


def _cut(value: Any, width: int = LISTED_TEXT) -> str:
    text = str(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def encode(meta: dict[str, Any], tdoc: dict[str, Any]) -> bytes:
    """A data file's bytes (TinyDB's layout): what a round backup holds."""
    return _journal.canonical({"meta": {"1": meta}, "tournament": {"1": tdoc}})


def decode(raw: bytes, where: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(meta, tournament document) from a data file's bytes, or a StoreError saying what."""
    data = _storage.decode(raw, where)
    meta, tdoc = data["meta"].get("1", {}), data["tournament"].get("1", {})
    return meta, _migrate(meta, tdoc, where)


def _migrate(meta: dict[str, Any], tdoc: dict[str, Any], path: Path) -> dict[str, Any]:
    try:
        version = int(meta.get("schema", 1))
    except (TypeError, ValueError):
        raise StoreError(_('{path}: not a hakem tournament file').format(path=path)) from None
    if version > SCHEMA_VERSION:
        raise StoreError(_('{path}: written by a newer hakem (schema {version}); please upgrade').format(path=path, version=version))
    # schema 1 is current; future migrations go here, one step per version
    return tdoc


def _author(owner: int, meta: dict[str, Any]) -> str:
    """Who changed the tournament last: the author the commit recorded (the journal's, the
    acting user's) when the file is this process's own — the data service's directory or a
    private one, where nobody else can have written it — else the file's owner, the kernel's
    word in a directory others can write (a claim in someone else's file is not believed)."""
    recorded = meta.get("modified_by")
    if owner == os.geteuid() and isinstance(recorded, str) and recorded:
        return _cut(recorded, 64)
    return identity.user_name(owner)


@dataclass(frozen=True)
class Snapshot:
    """An immutable view of one tournament at one revision."""

    tournament: Tournament
    revision: int
    modified: str = ""
    modified_by: str = ""
    changed_outside: bool = False
    """The data file is not the state its journal records at its head (edited by hand): a
    front end says so and points to ``hakem doctor``; writes are refused anyway."""


@dataclass(frozen=True)
class TournamentInfo:
    """One row of the tournaments list."""

    id: str
    name: str
    system: str
    current_round: int
    total_rounds: int
    players: int
    modified: str
    modified_by: str
    revision: int
    archived: bool = False


@dataclass(frozen=True)
class _Loaded:
    ident: tuple[int, int, int]
    meta: dict[str, Any]
    tdoc: dict[str, Any]
    tournament: Tournament
    owner: str

    @property
    def revision(self) -> int:
        return int(self.meta.get("revision", 0))

    @functools.cached_property
    def state(self) -> str:
        """The hash a chain entry records of this tournament document."""
        return _journal.state_hash(self.tdoc)

    def snapshot(self, changed_outside: bool = False) -> Snapshot:
        return Snapshot(self.tournament, self.revision, self.meta.get("modified", ""), self.owner,
                        changed_outside)


@dataclass(frozen=True)
class _Stacks:
    """The undo and redo lists the verified history leads to."""

    undo: builtins.list[dict[str, Any]]
    redo: builtins.list[dict[str, Any]]
    dropped: int
    history: _journal.History

    def __getitem__(self, which: str) -> builtins.list[dict[str, Any]]:
        return self.undo if which == "undo" else self.redo


class Store:
    """All tournaments of one data directory."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, read_only: bool = False,
                 keep_backups: int = 5) -> None:
        """``read_only`` refuses every change by any path (``hakem --view`` on a public
        terminal); ``keep_backups`` is how many round-boundary backups are kept per tournament."""
        self.read_only = read_only or writes_forbidden()
        self.keep_backups = keep_backups
        try:
            self.data_dir = resolve_data_dir(data_dir, create=not self.read_only)
        except OSError as error:
            raise StoreError(_('cannot use data directory {data_dir}: {strerror}').format(data_dir=data_dir, strerror=os_reason(error))) from error
        if not self.data_dir.is_dir():
            raise StoreError(_('data directory {data_dir} is not a directory').format(data_dir=self.data_dir))
        self.dir = SafeDir.open(self.data_dir)
        # a file is only re-read and re-parsed when its identity changed (saves are renames)
        self._cache: dict[str, _Loaded] = {}
        self._proofs: dict[str, _journal.ChainProof] = {}
        self._outside: dict[str, tuple[tuple[int, int, int], bool]] = {}
        # the list's row of each file, by the file's identity: a list asked every few seconds
        # decodes only the files that changed since (a club's directory holds dozens of events)
        self._rows: dict[str, tuple[tuple[int, int, int, int], TournamentInfo]] = {}

    # -- names ------------------------------------------------------------------------------
    def _name(self, tid: str) -> str:
        if not _TID.fullmatch(tid or "") or ".." in tid or len(tid) > 200:
            raise UnknownTournament(_('{tid!r} is not a valid tournament id').format(tid=tid))
        return f"{tid}{SUFFIX}"

    def path(self, tid: str) -> Path:
        return self.data_dir / self._name(tid)

    def journal_path(self, tid: str) -> Path:
        """The journal of ``tid`` (the one hash-chained file every commit appends to)."""
        self._name(tid)
        return self.data_dir / _journal.chain_name(tid)

    # -- reading ----------------------------------------------------------------------------
    def _unknown(self, tid: str) -> UnknownTournament:
        return UnknownTournament(_('no tournament {tid!r} in {data_dir}').format(tid=tid, data_dir=self.data_dir))

    def _read_raw(self, tid: str) -> tuple[dict[str, Any], dict[str, Any]]:
        name = self._name(tid)
        try:
            meta, tdoc = _storage.read_tables(self.dir, name)
        except FileNotFoundError:
            raise self._unknown(tid) from None
        except PermissionError as error:
            st = self.dir.lstat(name)
            raise StoreError(_('{path}: permission denied ({what})').format(
                path=self.path(tid), what=describe_entry(st) if st is not None else "")) from error
        except OSError as error:
            raise StoreError(_('{path}: cannot be read ({strerror})').format(path=self.path(tid), strerror=os_reason(error))) from error
        return meta, _migrate(meta, tdoc, self.path(tid))

    def _read(self, tid: str) -> _Loaded:
        """The file as it is now, re-parsed only if it changed."""
        st = self.dir.lstat(self._name(tid))
        if st is None:
            raise self._unknown(tid)
        ident = (st.st_ino, st.st_mtime_ns, st.st_size)
        hit = self._cache.get(tid)
        if hit is not None and hit.ident == ident and stat.S_ISREG(st.st_mode):
            return hit
        meta, tdoc = self._read_raw(tid)
        try:
            tournament = tournament_from_dict(tdoc)
        except (KeyError, TypeError, ValueError) as error:
            raise StoreError(_('{path}: damaged tournament data ({error})').format(path=self.path(tid), error=error)) from error
        loaded = _Loaded(ident, meta, tdoc, tournament, _author(st.st_uid, meta))
        self._cache[tid] = loaded
        return loaded

    def load(self, tid: str) -> Snapshot:
        loaded = self._read(tid)
        return loaded.snapshot(self._changed_outside(tid, loaded))

    def _changed_outside(self, tid: str, loaded: _Loaded) -> bool:
        """Whether the journal's entry at the data file's head records another state (read
        from the journal's end, once per version of the data file).  A missing or unreadable
        journal is not this (doctor names it; a commit refuses it)."""
        head = loaded.meta.get("head")
        if not _journal.is_hash(head):
            return False
        known = self._outside.get(tid)
        if known is not None and known[0] == loaded.ident:
            return known[1]
        try:
            size = JOURNAL_TAIL
            tail, whole = self.dir.read_tail(_journal.chain_name(tid), size)
            while not whole and tail.count(b"\n") < 2 and size < _journal.MAX_JOURNAL_BYTES:
                size *= 4  # the newest entry is longer than the tail: read until it is whole
                tail, whole = self.dir.read_tail(_journal.chain_name(tid), size)
        except (OSError, TournamentError):
            return False
        entry = next((e for e in _journal.tail_entries(tail, whole) if e["id"] == head), None)
        outside = entry is not None and entry.get("state") != loaded.state
        self._outside[tid] = (loaded.ident, outside)
        return outside

    def revision(self, tid: str) -> int:
        return self._read(tid).revision

    def list(self, include_archived: bool = False) -> builtins.list[TournamentInfo]:
        return self.list_with_problems(include_archived)[0]

    def list_with_problems(self, include_archived: bool = False) -> tuple[builtins.list[TournamentInfo], builtins.list[tuple[str, str]]]:
        """The tournaments, and (id, message) for each file that does not load (so a damaged
        tournament is reported, never silently missing)."""
        rows, problems = [], []
        ids = self.ids()
        for gone in self._rows.keys() - set(ids):
            self._rows.pop(gone, None)
        for tid in ids:
            try:
                row = self._list_row(tid)
            except (TournamentError, TypeError, ValueError) as error:
                problems.append((tid, str(error)))
                continue
            if row.archived and not include_archived:
                continue
            rows.append(row)
        return sorted(rows, key=lambda r: (r.modified, r.id), reverse=True), problems

    def _list_row(self, tid: str) -> TournamentInfo:
        """The file's row of the list, decoded again only when the file changed (its inode,
        modification time, size or owner: saves are renames, so a save by anyone shows)."""
        st = self.dir.lstat(self._name(tid))
        ident = (st.st_ino, st.st_mtime_ns, st.st_size, st.st_uid) if st is not None else None
        hit = self._rows.get(tid)
        if hit is not None and hit[0] == ident:
            return hit[1]
        meta, tdoc = self._read_raw(tid)
        row = TournamentInfo(
            tid, _cut(tdoc.get("name", "")), _cut(tdoc.get("system", "")), len(tdoc.get("rounds", ())),
            int(tdoc.get("total_rounds", 0)), len(tdoc.get("players", ())),
            _cut(meta.get("modified", ""), 40), _author(st.st_uid, meta) if st else "",
            int(meta.get("revision", 0)), bool(meta.get("archived", False)))
        if ident is not None:
            self._rows[tid] = (ident, row)
        return row

    def ids(self) -> builtins.list[str]:
        """Every tournament id with a data file in the directory."""
        return [n[: -len(SUFFIX)] for n in self.dir.names()
                if n.endswith(SUFFIX) and _TID.fullmatch(n[: -len(SUFFIX)])]

    def history(self, tid: str) -> _journal.History:
        """The committed history (journal chain from the data file's head), with its gaps."""
        meta, _tdoc = self._read_raw(tid)
        return _journal.history(self.dir, tid, self._head(meta), int(meta.get("revision", 0)))

    def journal(self, tid: str) -> builtins.list[dict[str, Any]]:
        """The committed journal entries, oldest first (authors are the journal files' owners)."""
        return self.history(tid).entries

    # -- backups ----------------------------------------------------------------------------
    def _backup_folder(self, tid: str, create: bool) -> SafeDir | None:
        self._name(tid)
        top = self.dir.subdir("backups", create=create)
        if top is None:
            return None
        try:
            return top.subdir(tid, create=create)
        finally:
            top.close()

    def _backup_names(self, folder: SafeDir, tid: str) -> builtins.list[str]:
        pattern = re.compile(re.escape(tid) + r"\.round\d+\.rev\d+" + re.escape(SUFFIX))
        return sorted(n for n in folder.names() if pattern.fullmatch(n))

    def _backup(self, tid: str, meta: dict[str, Any], tdoc: dict[str, Any]) -> None:
        """Keep a copy of the state at a round boundary (before the next round is paired)."""
        if self.keep_backups <= 0:
            return
        folder = self._backup_folder(tid, create=True)
        assert folder is not None
        try:
            rounds = len(tdoc.get("rounds", ()))
            name = f"{tid}.round{rounds:02d}.rev{int(meta.get('revision', 0)):06d}{SUFFIX}"
            slim = {k: v for k, v in meta.items() if k not in ("undo", "redo")}
            folder.replace(name, encode(slim, tdoc))
            for stale in self._backup_names(folder, tid)[:-self.keep_backups]:
                st = folder.lstat(stale)
                if st is not None and stat.S_ISREG(st.st_mode):
                    folder.unlink(stale)
        finally:
            folder.close()

    def _planted_backup_folder(self, tid: str) -> tuple[str, str] | None:
        """(where, what it is) when ``backups`` or ``backups/ID`` is not a folder (a link)."""
        st = self.dir.lstat("backups")
        if st is not None and not stat.S_ISDIR(st.st_mode):
            return "backups", describe_entry(st)
        inner = os.stat(f"backups/{tid}", dir_fd=self.dir.fd, follow_symlinks=False) if st is not None \
            and os.path.lexists(self.data_dir / "backups" / tid) else None
        if inner is not None and not stat.S_ISDIR(inner.st_mode):
            return f"backups/{tid}", describe_entry(inner)
        return None

    def backups(self, tid: str) -> builtins.list[Path]:
        folder = self._backup_folder(tid, create=False)
        if folder is None:
            return []
        try:
            return [folder.path / n for n in self._backup_names(folder, tid)]
        finally:
            folder.close()

    def read_backup(self, tid: str, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """(meta, tournament document) of one backup, read with the same care as a data file."""
        folder = self._backup_folder(tid, create=False)
        if folder is None:
            raise self._unknown(tid)
        try:
            return decode(folder.read(name, _storage.MAX_DATA_BYTES), folder.path / name)
        finally:
            folder.close()

    # -- writing ----------------------------------------------------------------------------
    def _writable(self) -> None:
        if self.read_only or writes_forbidden():
            raise StoreError(_('hakem is in view-only mode; nothing can be changed here'))

    @staticmethod
    def _head(meta: dict[str, Any]) -> str | None:
        """The id of the newest commit (files of older versions: ``legacy-<revision>``)."""
        head = meta.get("head")
        if head:
            return str(head)
        rev = int(meta.get("revision", 0))
        return f"{_journal.LEGACY_PREFIX}{rev}" if rev > 0 else None

    def _commit_locked(self, tid: str, meta: dict[str, Any], new: dict[str, Any], action: str | Action,
                       ops: builtins.list[dict[str, Any]], extra: dict[str, Any] | None = None,
                       after: Tournament | None = None, push_undo: bool = False,
                       base: _Loaded | None = None, state: str | None = None) -> Snapshot:
        """Write-ahead commit, the lock held: journal entry (fsynced), then the data file.

        ``base`` (the data file as read under the lock) is checked against the end of the
        journal first (:meth:`_check_journal`); doctor's repair, which restores the journal's
        state, passes none; ``state`` is the hash of ``new`` when the caller computed it before
        taking the lock.  Any failure before the data file's rename cuts the journal back and
        raises StoreError "nothing was changed" — which is then the truth."""
        if base is not None:
            self._check_journal(tid, base)
        rev = int(meta.get("revision", 0)) + 1
        state = state or _journal.state_hash(new)
        entry, line, head = _journal.new_entry(self._head(meta), rev, action, ops, state, extra)
        uid, user, when = entry["uid"], entry["user"], entry["time"]
        if push_undo:
            meta = {**meta, "undo": [*meta.get("undo", []), {"id": head, "rev": rev, "action": entry["action"],
                                                 **({"what": entry["what"]} if "what" in entry else {})}]}
        meta = {**meta, "store": STORE_FORMAT, "schema": SCHEMA_VERSION, "revision": rev,
                "head": head, "modified": when, "uid": uid, "modified_by": user}
        try:
            _storage.write_tables(self.dir, self._name(tid), meta, new, _journal.chain_name(tid), line + b"\n")
        except OSError as error:
            raise StoreError(_('could not save {value}: {strerror}; nothing was changed').format(value=self.path(tid), strerror=os_reason(error))) from error
        tournament = after if after is not None else tournament_from_dict(new)
        st = self.dir.lstat(self._name(tid))
        if st is not None:
            loaded = _Loaded((st.st_ino, st.st_mtime_ns, st.st_size), meta, new, tournament, user)
            loaded.__dict__["state"] = entry["state"]  # known: the next commit's check needs it
            self._cache[tid] = loaded
        return Snapshot(tournament, rev, when, user)

    def _check_journal(self, tid: str, loaded: _Loaded) -> None:
        """Refuse to build on a data file that is not where a verified journal ends: a journal
        missing, replaced or unreadable (never start a new one over a lost history), a chain
        that breaks below the head (an entry edited or removed after it was written), an older
        copy of the data file put in its place (its journal goes on), or a file changed outside
        hakem (not the state its newest entry records).  The chain is verified incrementally
        (:class:`core.store.journal.ChainProof`); a directory of the earlier layout (no chain
        yet) starts its chain with this commit."""
        head = self._head(loaded.meta)
        raw = self._journal_bytes(tid)
        if not raw:
            if _journal.is_hash(head) or not _journal.journal_names(self.dir, tid):
                raise StoreError(_('the journal of {tid} is missing; nothing was changed (run hakem doctor {tid})').format(tid=tid))
            return
        proof = self._proofs.setdefault(tid, _journal.ChainProof())
        problem, last = _journal.end_problem(raw, head, loaded.revision, lambda: loaded.state, proof, JOURNAL_TAIL)
        if problem == "empty":
            if _journal.is_hash(head):
                raise StoreError(_('the journal of {tid} is missing; nothing was changed (run hakem doctor {tid})').format(tid=tid))
            return
        assert last is not None or not problem
        last = last or {}
        if problem == "older-copy":
            raise StoreError(_('{tid}: the data file is at revision {rev}, but the journal goes on to revision {last} ({user}: {action}): an older copy of the file was put in its place; nothing was changed (run hakem doctor --repair {tid})').format(
                tid=tid, rev=loaded.revision, last=last.get("rev"), user=last.get("user", ""), action=say(last)))
        if problem == "not-end":
            raise StoreError(_('{tid}: the data file (revision {rev}) is not where its journal ends (revision {last}); nothing was changed (run hakem doctor {tid})').format(
                tid=tid, rev=loaded.revision, last=last.get("rev")))
        if problem == "broken":
            raise StoreError(_('{tid}: the journal does not verify up to revision {rev} (an entry was changed or removed after it was written); nothing was changed (run hakem doctor {tid})').format(
                tid=tid, rev=loaded.revision))
        if problem == "outside":
            raise StoreError(_('{tid}: the data file was changed outside hakem (it is not the state its journal records at revision {rev}); nothing was changed (run hakem doctor {tid})').format(
                tid=tid, rev=loaded.revision))
        self._check_register(tid, loaded)

    def _check_register(self, tid: str, loaded: _Loaded) -> None:
        """Refuse to build on a data file that hakem had already written further than it is
        now, by the register of heads (:mod:`core.store.heads`): the file and its journal put
        back together from an older copy agree with each other, so the chain cannot tell —
        and every change accepted on top would bury the newer history deeper."""
        from core.store import heads

        reached = heads.reached(self.dir, self._name(tid))
        if heads.further(reached, loaded.revision, self._head(loaded.meta)):
            assert reached is not None
            raise StoreError(_("{tid} ({name}): hakem had saved it up to revision {reached} ({time}), but its data file "
                               "and journal end at revision {rev}: both were put back from an older copy; nothing was "
                               "changed (run hakem doctor)").format(
                tid=tid, name=_cut(loaded.tournament.name, 60), reached=reached["rev"], time=reached.get("time", ""),
                rev=loaded.revision))

    def _verify_ahead(self, tid: str) -> None:
        """Verify the chain before the lock is taken, so that under the lock only what was
        appended meanwhile is parsed (a fresh ``hakem result`` process would otherwise parse
        the whole journal while everyone waits: 150 ms for 2 MB).  Problems are left for the
        check under the lock to report."""
        self._name(tid)
        with contextlib.suppress(OSError, TournamentError):
            raw = self._journal_bytes(tid)
            if raw:
                self._proofs.setdefault(tid, _journal.ChainProof()).feed(raw)

    def _journal_bytes(self, tid: str) -> bytes | None:
        """The chain file's bytes (None if there is none); a StoreError naming what is there,
        its owner and mode, if it cannot be used — never set aside, never replaced."""
        name = _journal.chain_name(tid)
        try:
            return self.dir.read(name, _journal.MAX_JOURNAL_BYTES)
        except FileNotFoundError:
            return None
        except (OSError, StoreError) as error:
            st = self.dir.lstat(name)
            what = describe_entry(st) if st is not None else ""
            raise StoreError(_('the journal of {tid} cannot be used ({what}): {reason}; nothing was changed (run hakem doctor {tid})').format(
                tid=tid, what=what, reason=os_reason(error) if isinstance(error, OSError) else error)) from error

    def create(self, tournament: Tournament) -> str:
        """Save a new tournament; returns its id (made from the name if ``tournament.id`` is empty)."""
        self._writable()
        options = {k: v for k, v in tournament.options.items() if k not in MACHINE_OPTIONS}
        with self.dir.lock():
            tid = tournament.id
            if not tid or tid == CLUB_CHAIN or self.dir.lstat(self._name(tid)) is not None or self._has_journal(tid):
                tid = self._new_id(tournament.name, tournament.language)
            new = tournament_to_dict(tournament.with_changes(id=tid, options=options))
            meta = {"schema": SCHEMA_VERSION, "revision": 0, "undo": [], "redo": [], "archived": False}
            self._commit_locked(tid, meta, new, act("create"), _diff.diff({}, new))
        return tid

    def _has_journal(self, tid: str) -> bool:
        return self.dir.lstat(_journal.chain_name(tid)) is not None or bool(_journal.journal_names(self.dir, tid))

    def _new_id(self, name: str, language: str = "") -> str:
        """A new id from the name, transliterated in the event's ``language`` (a stored id never
        changes: only new events get the current spelling)."""
        from core.i18n.collation import slug as name_slug

        slug = name_slug(name, language or None)[:32].strip("-") or "tournament"
        while True:
            tid = f"{slug}-{secrets.token_hex(2)}"
            if self.dir.lstat(self._name(tid)) is None and not self._has_journal(tid):
                return tid

    def _conflict(self, tid: str, loaded: _Loaded) -> ConflictError:
        """Refused: someone saved since.  Said with the tournament's name and the change they
        made (in the reader's words) — its id and a revision number said nothing to an organiser."""
        undo = loaded.meta.get("undo") or []
        last = undo[-1] if undo and isinstance(undo[-1], dict) and undo[-1].get("rev") == loaded.revision else None
        who = loaded.owner or _("someone")
        if last is not None:
            return ConflictError(_("{name} was changed meanwhile by {who} ({change}); reload and try again").format(
                name=loaded.tournament.name, who=who, change=say(last)))
        return ConflictError(_("{name} was changed meanwhile by {who}; reload and try again").format(
            name=loaded.tournament.name, who=who))

    def update(self, tid: str, action: str | Action, change: Callable[[Tournament], Tournament],
               expected_revision: int | None = None) -> Snapshot:
        """Apply ``change`` to the newest state and commit it; returns the new snapshot.

        ``change`` (pure: Tournament → Tournament) runs *outside* the lock on the state as it is
        now; the commit then checks the revision is unchanged and otherwise runs ``change``
        again on the newer state, so concurrent organisers never overwrite each other and
        nobody waits while a round is computed.  With ``expected_revision`` the change is
        refused (:class:`ConflictError`) if anyone saved since that revision.
        """
        self._writable()
        for _attempt in range(OPTIMISTIC_TRIES):
            loaded = self._read(tid)
            if expected_revision is not None and loaded.revision != expected_revision:
                raise self._conflict(tid, loaded)
            after = change(loaded.tournament)
            done = self._try_commit(tid, action, loaded, after)
            if done is not None:
                return done
        with self.dir.lock():  # others keep committing: compute under the lock, once
            loaded = self._read(tid)
            if expected_revision is not None and loaded.revision != expected_revision:
                raise self._conflict(tid, loaded)
            return self._commit_change(tid, action, loaded, change(loaded.tournament))

    def commit(self, tid: str, action: str | Action, after: Tournament, expected_revision: int) -> Snapshot:
        """Commit ``after`` (computed by the caller on ``expected_revision``) if the tournament
        is still at that revision; ConflictError (nothing changed) if anyone saved since."""
        self._writable()
        loaded = self._read(tid)
        if loaded.revision != expected_revision:
            raise self._conflict(tid, loaded)
        done = self._try_commit(tid, action, loaded, after)
        if done is None:
            raise self._conflict(tid, self._read(tid))
        return done

    def _try_commit(self, tid: str, action: str | Action, base: _Loaded, after: Tournament) -> Snapshot | None:
        """Commit a change computed on ``base``; None if the file moved on in the meantime."""
        if after.id != base.tournament.id:
            after = after.with_changes(id=base.tournament.id)
        roles.require_change(base.tournament, after)
        new = tournament_to_dict(after)
        if new == base.tdoc:
            return base.snapshot()
        ops = _diff.diff(base.tdoc, new)
        state, _before = _journal.state_hash(new), base.state  # both hashed outside the lock
        self._verify_ahead(tid)
        with self.dir.lock():
            now = self._read(tid)
            if now.revision != base.revision or now.meta.get("head") != base.meta.get("head"):
                return None
            return self._commit_ops(tid, action, now, new, ops, after, state)

    def _commit_change(self, tid: str, action: str | Action, loaded: _Loaded, after: Tournament) -> Snapshot:
        if after.id != loaded.tournament.id:
            after = after.with_changes(id=loaded.tournament.id)
        roles.require_change(loaded.tournament, after)
        new = tournament_to_dict(after)
        if new == loaded.tdoc:
            return loaded.snapshot()
        return self._commit_ops(tid, action, loaded, new, _diff.diff(loaded.tdoc, new), after)

    def _commit_ops(self, tid: str, action: str | Action, loaded: _Loaded, new: dict[str, Any],
                    ops: builtins.list[dict[str, Any]], after: Tournament, state: str | None = None) -> Snapshot:
        """The lock held: journal check, round backup if a round boundary is crossed, undo
        list, commit."""
        self._check_journal(tid, loaded)
        meta, old = loaded.meta, loaded.tdoc
        if len(new.get("rounds", ())) != len(old.get("rounds", ())):
            try:
                self._backup(tid, meta, old)
            except (OSError, StoreError) as error:
                planted = self._planted_backup_folder(tid)
                if planted is not None:
                    raise StoreError(_('the round backups of {tid!r} cannot be kept: {where} is {what}, not a folder (someone put it there); remove it and try again; nothing was changed').format(
                        tid=tid, where=planted[0], what=planted[1])) from error
                reason = os_reason(error, writing=True) if isinstance(error, OSError) else str(error)
                raise StoreError(_('could not write the round backup of {tid!r}: {strerror}; nothing was changed').format(tid=tid, strerror=reason)) from error
        undo = list(meta.get("undo", []))
        dropped = int(meta.get("undo_dropped", 0))
        if len(undo) >= UNDO_DEPTH:
            dropped += len(undo) - UNDO_DEPTH + 1
            undo = undo[len(undo) - UNDO_DEPTH + 1:]
        meta = {**meta, "undo": undo, "redo": [], "undo_dropped": dropped}
        return self._commit_locked(tid, meta, new, action, ops, after=after, push_undo=True, state=state)

    def undo(self, tid: str, expected: str | None = None) -> Snapshot:
        """Revert the most recent change still on the undo list (by anyone).  ``expected``:
        the id :meth:`next_step` named; another change on top of the list is refused."""
        return self._step(tid, "undo", expected)

    def redo(self, tid: str, expected: str | None = None) -> Snapshot:
        """Re-apply the most recently undone change (until a new change clears the list)."""
        return self._step(tid, "redo", expected)

    def next_step(self, tid: str, which: str) -> dict[str, Any] | None:
        """What :meth:`undo` (``which="undo"``) or :meth:`redo` would take next: its id, the
        journal's words for it and the parts of the tournament it touches (the first two
        steps of each changed path, e.g. ``players`` or ``options.playoffs``) — so a screen
        can say what it undoes, and ask first when that is not on the screen — and who made it
        and when (``user``, ``time``: undoing another organiser's change is asked for).  None
        when the list is empty."""
        loaded = self._read(tid)
        lists = self.stacks(tid, loaded)
        stack = lists[which]
        if not stack:
            return None
        item = stack[-1]
        parts = sorted({".".join(str(step) for step in op.get("p", [])[:2])
                        for op in self._ops_of(tid, item, lists.history)})
        entry = _entry_of(item, lists.history)
        return {"id": str(item.get("id", "")), "action": str(item.get("action", "")),
                "what": entry.get("what") if entry is not None else None, "parts": parts,
                "user": str(entry.get("user", "")) if entry is not None else "",
                "time": str(entry.get("time", "")) if entry is not None else ""}

    def stacks(self, tid: str, loaded: _Loaded | None = None) -> _Stacks:
        """The undo and redo lists as the verified history leads to them — never the lists
        stored in the data file, which anyone in the group can edit (the top pointed at an
        old change, or a label that is not what the change does).  Directories of the oldest
        layout (an unchained journal whose undo list carried the operations) keep theirs."""
        loaded = loaded or self._read(tid)
        hist = _journal.history(self.dir, tid, self._head(loaded.meta), loaded.revision)
        if any(e.get("legacy") for e in hist.entries):
            meta = loaded.meta
            return _Stacks(list(meta.get("undo", [])), list(meta.get("redo", [])),
                           int(meta.get("undo_dropped", 0)), hist)
        undo, redo, dropped = _journal.stacks(hist.entries, UNDO_DEPTH)
        return _Stacks(undo, redo, dropped, hist)

    def _step(self, tid: str, which: str, expected: str | None = None) -> Snapshot:
        self._writable()
        self._verify_ahead(tid)
        with self.dir.lock():
            loaded = self._read(tid)
            self._check_journal(tid, loaded)
            meta, old = loaded.meta, loaded.tdoc
            lists = self.stacks(tid, loaded)
            stack = list(lists[which])
            if stack and expected is not None and str(stack[-1].get("id", "")) != expected:
                raise ConflictError(_('the newest change of {tid!r} is now {action!r} (someone changed the '
                                      'tournament meanwhile); nothing was undone or redone').format(
                                          tid=tid, action=say(_entry_of(stack[-1], lists.history) or stack[-1])))
            if not stack:
                dropped = lists.dropped if which == "undo" else 0
                if dropped:
                    raise TournamentError(_('nothing more to undo in {tid!r}: hakem keeps the last {depth} changes and {dropped} older ones have dropped off the list').format(tid=tid, depth=UNDO_DEPTH, dropped=dropped))
                raise TournamentError(_('nothing to {which} in {tid!r}').format(which=which, tid=tid))
            roles.require(loaded.tournament, "history.undo")
            item = stack.pop()
            ops = self._ops_of(tid, item, lists.history)
            if which == "undo":
                ops = _diff.invert(ops)
            try:
                new = _diff.apply(old, ops)
            except (ValueError, KeyError, IndexError, TypeError) as error:
                raise TournamentError(_('cannot {which} {value!r}: {error}').format(which=which, value=item.get('action', ''), error=error)) from error
            (roles.require_undo if which == "undo" else roles.require_change)(loaded.tournament, tournament_from_dict(new))
            other = "redo" if which == "undo" else "undo"
            meta = {**meta, which: stack, other: [*lists[other], item], "undo_dropped": lists.dropped}
            return self._commit_locked(tid, meta, new, stepped(which, item, _entry_of(item, lists.history)), ops,
                                       {f"{which}s": item.get("rev"), "target": item.get("id")})

    def _ops_of(self, tid: str, item: dict[str, Any],
                history: _journal.History | None = None) -> builtins.list[dict[str, Any]]:
        """The operations of the change an undo item names, taken from the one history that
        leads to the data file's head — never from whatever file holds a line with that id
        (another member's journal claimed an id of alice's and her undo made him chief
        arbiter).  A chained entry's id is the hash of its line: it cannot be imitated."""
        if "ops" in item:  # files of the oldest layout kept the operations in the undo list
            return list(item["ops"])
        entry = _entry_of(item, history or self.history(tid))
        if entry is not None:
            return list(entry.get("ops", []))
        raise TournamentError(_('cannot undo or redo {value!r}: its journal entry is missing (run hakem doctor)').format(value=item.get('action', '')))

    def duplicate(self, tid: str, name: str | None = None) -> str:
        snap = self.load(tid)
        copy = snap.tournament.with_changes(id="", name=name or f"{snap.tournament.name} (copy)")
        return self.create(copy)

    def set_archived(self, tid: str, archived: bool = True) -> Snapshot:
        self._writable()
        self._verify_ahead(tid)
        with self.dir.lock():
            loaded = self._read(tid)
            return self._commit_locked(tid, {**loaded.meta, "archived": archived}, loaded.tdoc,
                                       act("archive" if archived else "unarchive"), [],
                                       after=loaded.tournament, base=loaded)

    def archive(self, tid: str) -> Snapshot:
        return self.set_archived(tid, True)

    # -- deleting ---------------------------------------------------------------------------
    def delete(self, tid: str) -> str:
        """Move ``tid`` to the trash (:mod:`core.store.trash`), kept there for
        :data:`core.store.trash.KEEP_DAYS` days; returns the trash entry's name.  Only the
        chief arbiter of ``tid`` (and, in the data service, the administrator) may: checked
        here under the lock, the store's last word like every commit's.  The journal's last
        entry says who deleted it and when; the register of heads starts the file's record
        afresh (a new event may take the id)."""
        from core.store import heads
        from core.store import trash as _trash

        self._writable()
        self._verify_ahead(tid)
        with self.dir.lock():
            loaded = self._read(tid)
            roles.require(loaded.tournament, "tournament.delete")
            self._commit_locked(tid, loaded.meta, loaded.tdoc, act("delete"), [], after=loaded.tournament, base=loaded)
            try:
                entry = _trash.put(self.dir, tid)
            except OSError as error:
                raise StoreError(_("{tid} could not be moved to the trash: {reason}; run hakem doctor {tid}").format(
                    tid=tid, reason=os_reason(error))) from error
            self._forget(tid)
            heads.removed(self.dir, self._name(tid), identity.current_user())
            with contextlib.suppress(OSError, StoreError):
                _trash.purge(self.dir)
        return entry

    def trash(self) -> builtins.list[Any]:
        """The deleted tournaments still in the trash (:class:`core.store.trash.TrashEntry`)."""
        from core.store import trash as _trash

        return _trash.entries(self.dir, lambda folder, tid: _storage.read_tables(folder, self._name(tid)))

    def restore(self, entry: str) -> str:
        """Bring the trash entry ``entry`` back; returns its id.  Refused unless the caller may
        delete it (its own role table decides) and no tournament has taken its id meanwhile."""
        from core.store import trash as _trash

        self._writable()

        def clear(folder: SafeDir, tid: str) -> None:
            name = self._name(tid)
            if self.dir.lstat(name) is not None or self._has_journal(tid):
                raise TournamentError(_("a tournament {tid!r} exists again; nothing was restored (delete or rename it "
                                        "first)").format(tid=tid))
            _meta, tdoc = _storage.read_tables(folder, name)
            roles.require(tournament_from_dict(tdoc), "tournament.delete")

        with self.dir.lock():
            try:
                tid = _trash.take_back(self.dir, entry, clear)
            except OSError as error:
                raise StoreError(_("{entry} could not be restored: {reason}").format(entry=entry, reason=os_reason(error))) from error
            self._forget(tid)
            loaded = self._read(tid)
            self._commit_locked(tid, loaded.meta, loaded.tdoc, act("restore"), [], after=loaded.tournament, base=loaded)
            with contextlib.suppress(OSError, StoreError):
                _trash.purge(self.dir)
        return tid

    def _forget(self, tid: str) -> None:
        """Drop what this store remembers of ``tid``'s files (they left or came back)."""
        self._cache.pop(tid, None)
        self._proofs.pop(tid, None)
        self._outside.pop(tid, None)


def _entry_of(item: dict[str, Any], history: _journal.History) -> dict[str, Any] | None:
    """The journal entry an undo item names (its words: what the change was), if in the
    verified history."""
    wanted = str(item.get("id", ""))
    return next((e for e in history.entries if str(e.get("id", "")) == wanted and not e.get("altered")), None)
