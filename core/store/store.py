"""The tournament store: one TinyDB file per tournament in a data directory.

What plain TinyDB does not give and this adds (spec/architecture.md):
- atomic writes (temp + fsync + rename, see :mod:`core.store.files`) — a crash leaves the old
  or the new file, never a torn one;
- an exclusive lock around every read-modify-write — organisers on the same machine never
  lose each other's changes;
- a revision number in every file — screens poll it and refresh when someone else changed it;
- an append-only journal (``<id>.journal.jsonl``: Unix user, time, action, structural diff) —
  the audit trail; undo/redo stacks live inside the data file itself so that they are
  committed atomically with the change they undo;
- a schema version with migrations.

File layout (TinyDB tables): ``meta`` (doc 1: schema, revision, modified, modified_by,
archived, undo/redo stacks) and ``tournament`` (doc 1: :func:`core.serialize.tournament_to_dict`).
"""

from __future__ import annotations

from core.i18n import _

import datetime as _dt
import json
import os
import pwd
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from tinydb import TinyDB
from tinydb.middlewares import CachingMiddleware
from tinydb.storages import Storage
from tinydb.table import Document

from core.errors import ConflictError, StoreError, TournamentError, UnknownTournament
from core.model import Tournament
from core.serialize import SCHEMA_VERSION, tournament_from_dict, tournament_to_dict
from core.store import diff as _diff
from core.store.files import atomic_write, durable_append, exclusive_lock
from core.store.paths import resolve_data_dir

SUFFIX = ".hakem.json"
UNDO_DEPTH = 100


class AtomicJSONStorage(Storage):
    """TinyDB storage whose every write is an atomic replace of the whole file."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)

    def read(self) -> dict[str, Any] | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        if not raw.strip():
            return None
        try:
            return json.loads(raw)
        except json.JSONDecodeError as error:
            raise StoreError(_('{path}: not a valid hakem file ({msg} at byte {pos})').format(path=self.path, msg=error.msg, pos=error.pos))

    def write(self, data: dict[str, Any]) -> None:
        atomic_write(self.path, json.dumps(data, ensure_ascii=False, sort_keys=True,
                                           separators=(",", ":")).encode("utf-8"))

    def close(self) -> None:
        pass


def current_user() -> str:
    """The Unix user recorded in the journal (``HAKEM_USER`` overrides, for tests and sudo)."""
    env = os.environ.get("HAKEM_USER")
    if env:
        return env
    try:
        return pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        return str(os.getuid())


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class Snapshot:
    """An immutable view of one tournament at one revision."""

    tournament: Tournament
    revision: int
    modified: str = ""
    modified_by: str = ""


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


def check_trusted(path: Path, data_dir: Path) -> None:
    """Refuse files that someone outside the organisers could have planted or changed: a
    symlink, a file owned by another user *and* another group than the data directory's, or a
    file anybody may write."""
    st = os.lstat(path)
    import stat as _stat

    if _stat.S_ISLNK(st.st_mode):
        raise StoreError(_('{path}: is a symbolic link; refusing to open it').format(path=path))
    if not _stat.S_ISREG(st.st_mode):
        raise StoreError(_('{path}: not a regular file').format(path=path))
    if st.st_mode & 0o002:
        raise StoreError(_('{path}: anybody may write this file; refusing to open it (chmod o-w it if you trust it)').format(path=path))
    uid = os.getuid()
    if uid != 0 and st.st_uid != uid and st.st_gid != data_dir.stat().st_gid:
        raise StoreError(_('{path}: owned by another user and group; refusing to open it').format(path=path))


def _migrate(meta: dict[str, Any], tdoc: dict[str, Any], path: Path) -> dict[str, Any]:
    version = int(meta.get("schema", 1))
    if version > SCHEMA_VERSION:
        raise StoreError(_('{path}: written by a newer hakem (schema {version}); please upgrade').format(path=path, version=version))
    # schema 1 is current; future migrations go here, one step per version
    return tdoc


class Store:
    """All tournaments of one data directory."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, read_only: bool = False,
                 keep_backups: int = 5) -> None:
        """``read_only`` refuses every change (``hakem --view`` on a public terminal);
        ``keep_backups`` is how many round-boundary backups are kept per tournament."""
        self.read_only = read_only
        self.keep_backups = keep_backups
        try:
            self.data_dir = resolve_data_dir(data_dir)
        except OSError as error:
            raise StoreError(_('cannot use data directory {data_dir}: {strerror}').format(data_dir=data_dir, strerror=error.strerror)) from error
        if not self.data_dir.is_dir():
            raise StoreError(_('data directory {data_dir} is not a directory').format(data_dir=self.data_dir))
        # tid -> (file identity, meta, tdoc, Tournament): a file is only re-read and re-parsed
        # when its identity changed (every save is a rename, so a new inode)
        self._cache: dict[str, tuple[tuple[int, int, int], dict[str, Any], dict[str, Any], Tournament]] = {}

    # -- paths ------------------------------------------------------------------------------
    def path(self, tid: str) -> Path:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", tid or "") or ".." in tid:
            raise UnknownTournament(_('{tid!r} is not a valid tournament id').format(tid=tid))
        return self.data_dir / f"{tid}{SUFFIX}"

    def _lock_path(self, tid: str) -> Path:
        return self.data_dir / f".{tid}.lock"

    def journal_path(self, tid: str) -> Path:
        return self.data_dir / f"{tid}.journal.jsonl"

    # -- reading ----------------------------------------------------------------------------
    def _read_raw(self, tid: str) -> tuple[dict[str, Any], dict[str, Any]]:
        path = self.path(tid)
        if not path.exists():
            raise UnknownTournament(_('no tournament {tid!r} in {data_dir}').format(tid=tid, data_dir=self.data_dir))
        check_trusted(path, self.data_dir)
        try:
            data = AtomicJSONStorage(str(path)).read()
        except PermissionError as error:
            raise StoreError(_('{path}: permission denied').format(path=path)) from error
        if not data or "meta" not in data or "tournament" not in data:
            raise StoreError(_('{path}: not a hakem tournament file').format(path=path))
        if not isinstance(data["meta"], dict) or not isinstance(data["tournament"], dict):
            raise StoreError(_('{path}: not a hakem tournament file').format(path=path))
        meta = data["meta"].get("1", {})
        tdoc = _migrate(meta, data["tournament"].get("1", {}), path)
        return meta, tdoc

    def _read(self, tid: str) -> tuple[dict[str, Any], dict[str, Any], Tournament]:
        """meta, raw tournament document and the Tournament, re-parsed only if the file changed."""
        path = self.path(tid)
        try:
            st = path.stat()
        except FileNotFoundError:
            raise UnknownTournament(_('no tournament {tid!r} in {data_dir}').format(tid=tid, data_dir=self.data_dir)) from None
        ident = (st.st_ino, st.st_mtime_ns, st.st_size)
        hit = self._cache.get(tid)
        if hit is not None and hit[0] == ident:
            return hit[1], hit[2], hit[3]
        meta, tdoc = self._read_raw(tid)
        try:
            tournament = tournament_from_dict(tdoc)
        except (KeyError, TypeError, ValueError) as error:
            raise StoreError(_('{path}: damaged tournament data ({error})').format(path=path, error=error)) from error
        self._cache[tid] = (ident, meta, tdoc, tournament)
        return meta, tdoc, tournament

    def _remember(self, tid: str, meta: dict[str, Any], tdoc: dict[str, Any], t: Tournament) -> None:
        st = self.path(tid).stat()
        self._cache[tid] = ((st.st_ino, st.st_mtime_ns, st.st_size), meta, tdoc, t)

    def load(self, tid: str) -> Snapshot:
        meta, _doc, tournament = self._read(tid)
        return Snapshot(tournament, int(meta.get("revision", 0)), meta.get("modified", ""),
                        meta.get("modified_by", ""))

    def revision(self, tid: str) -> int:
        return int(self._read(tid)[0].get("revision", 0))

    def list(self, include_archived: bool = False) -> list[TournamentInfo]:
        rows = []
        for path in sorted(self.data_dir.glob(f"*{SUFFIX}")):
            tid = path.name[: -len(SUFFIX)]
            try:
                meta, tdoc = self._read_raw(tid)
            except TournamentError:
                continue
            if meta.get("archived") and not include_archived:
                continue
            rows.append(TournamentInfo(
                tid, tdoc.get("name", ""), tdoc.get("system", ""), len(tdoc.get("rounds", ())),
                int(tdoc.get("total_rounds", 0)), len(tdoc.get("players", ())),
                meta.get("modified", ""), meta.get("modified_by", ""), int(meta.get("revision", 0)),
                bool(meta.get("archived", False))))
        return sorted(rows, key=lambda r: (r.modified, r.id), reverse=True)

    def journal(self, tid: str) -> list[dict[str, Any]]:
        path = self.journal_path(tid)
        if not path.exists():
            return []
        out = []
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a torn last line after a crash: the data file is the truth
        return out

    # -- writing ----------------------------------------------------------------------------
    def _writable(self) -> None:
        if self.read_only:
            raise StoreError(_('hakem is in view-only mode; nothing can be changed here'))

    def backup_dir(self, tid: str) -> Path:
        return self.data_dir / "backups" / tid

    def _backup(self, tid: str, meta: dict[str, Any], tdoc: dict[str, Any]) -> None:
        """Keep a copy of the state at a round boundary (before the next round is paired)."""
        if self.keep_backups <= 0:
            return
        folder = self.backup_dir(tid)
        folder.mkdir(parents=True, exist_ok=True, mode=0o770)
        rounds = len(tdoc.get("rounds", ()))
        name = f"{tid}.round{rounds:02d}.rev{int(meta.get('revision', 0)):06d}{SUFFIX}"
        payload = {"meta": {"1": meta}, "tournament": {"1": tdoc}}
        atomic_write(folder / name, json.dumps(payload, ensure_ascii=False, sort_keys=True,
                                               separators=(",", ":")).encode("utf-8"))
        old = sorted(folder.glob(f"*{SUFFIX}"))
        for stale in old[:-self.keep_backups]:
            stale.unlink(missing_ok=True)

    def backups(self, tid: str) -> list[Path]:
        return sorted(self.backup_dir(tid).glob(f"*{SUFFIX}"))

    def _write(self, tid: str, meta: dict[str, Any], tdoc: dict[str, Any]) -> None:
        db = TinyDB(str(self.path(tid)), storage=CachingMiddleware(AtomicJSONStorage))
        try:
            db.storage.WRITE_CACHE_SIZE = 1 << 30
            db.table("meta").upsert(Document(meta, doc_id=1))
            db.table("tournament").upsert(Document(tdoc, doc_id=1))
            db.storage.flush()
        finally:
            db.storage.cache = None  # nothing left to flush on close
            db.close()

    def _commit(self, tid: str, meta: dict[str, Any], old: dict[str, Any], new: dict[str, Any],
                action: str, extra: dict[str, Any] | None = None,
                after: Tournament | None = None, ops: list[dict[str, Any]] | None = None) -> Snapshot:
        user, when = current_user(), _now()
        meta = dict(meta)
        meta.update(schema=SCHEMA_VERSION, revision=int(meta.get("revision", 0)) + 1,
                    modified=when, modified_by=user)
        if ops is None:
            ops = _diff.diff(old, new)
        try:
            self._write(tid, meta, new)
        except OSError as error:
            raise StoreError(_('could not save {value}: {strerror}; nothing was changed').format(value=self.path(tid), strerror=error.strerror)) from error
        entry = {"rev": meta["revision"], "time": when, "user": user, "action": action, "ops": ops}
        if extra:
            entry.update(extra)
        try:
            durable_append(self.journal_path(tid), (json.dumps(entry, ensure_ascii=False) + "\n").encode())
        except OSError:
            pass  # the change itself is saved; `hakem doctor` reports the missing audit line
        tournament = after if after is not None else tournament_from_dict(new)
        self._remember(tid, meta, new, tournament)
        return Snapshot(tournament, meta["revision"], when, user)

    def create(self, tournament: Tournament) -> str:
        """Save a new tournament; returns its id (made from the name if ``tournament.id`` is empty)."""
        self._writable()
        with exclusive_lock(self.data_dir / ".create.lock"):
            tid = tournament.id or self._new_id(tournament.name)
            if self.path(tid).exists():
                tid = self._new_id(tournament.name)
            new = tournament_to_dict(tournament.with_changes(id=tid))
            meta = {"schema": SCHEMA_VERSION, "revision": 0, "undo": [], "redo": [], "archived": False}
            with exclusive_lock(self._lock_path(tid)):
                self._commit(tid, meta, {}, new, "create")
        return tid

    def _new_id(self, name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:32] or "tournament"
        while True:
            tid = f"{slug}-{secrets.token_hex(2)}"
            if not self.path(tid).exists():
                return tid

    def update(self, tid: str, action: str, change: Callable[[Tournament], Tournament],
               expected_revision: int | None = None) -> Snapshot:
        """Apply ``change`` under the lock and save atomically; returns the new snapshot.

        ``change`` gets the tournament as it is *now* in the file (not a stale copy), so
        concurrent organisers never overwrite each other.  With ``expected_revision`` the
        change is refused (:class:`ConflictError`) if someone else saved in between.
        """
        self._writable()
        with exclusive_lock(self._lock_path(tid)):
            meta, old, before = self._read(tid)
            if expected_revision is not None and int(meta.get("revision", 0)) != expected_revision:
                raise ConflictError(
                    _('tournament {tid!r} was changed by {value} (revision {value2}); reload and try again').format(tid=tid, value=meta.get('modified_by', 'someone'), value2=meta.get('revision')))
            after = change(before)
            if after.id != before.id:
                after = after.with_changes(id=before.id)
            new = tournament_to_dict(after)
            if new == old:
                return Snapshot(before, int(meta.get("revision", 0)), meta.get("modified", ""),
                                meta.get("modified_by", ""))
            ops = _diff.diff(old, new)
            if len(new.get("rounds", ())) != len(old.get("rounds", ())):
                try:
                    self._backup(tid, meta, old)
                except OSError as error:
                    raise StoreError(_('could not write the round backup of {tid!r}: {strerror}; nothing was changed').format(tid=tid, strerror=error.strerror)) from error
            undo = list(meta.get("undo", []))[-(UNDO_DEPTH - 1):]
            undo.append({"rev": int(meta.get("revision", 0)) + 1, "action": action, "ops": ops})
            meta = {**meta, "undo": undo, "redo": []}
            return self._commit(tid, meta, old, new, action, after=after, ops=ops)

    def undo(self, tid: str) -> Snapshot:
        """Revert the most recent change still on the undo stack (by anyone)."""
        return self._step(tid, "undo")

    def redo(self, tid: str) -> Snapshot:
        """Re-apply the most recently undone change (until a new change clears the stack)."""
        return self._step(tid, "redo")

    def _step(self, tid: str, which: str) -> Snapshot:
        self._writable()
        with exclusive_lock(self._lock_path(tid)):
            meta, old = self._read_raw(tid)
            stack = list(meta.get(which, []))
            if not stack:
                raise TournamentError(_('nothing to {which} in {tid!r}').format(which=which, tid=tid))
            item = stack.pop()
            try:
                new = _diff.apply(old, item["ops"], reverse=(which == "undo"))
            except (ValueError, KeyError, IndexError, TypeError) as error:
                raise TournamentError(_('cannot {which} {value!r}: {error}').format(which=which, value=item['action'], error=error)) from error
            other = "redo" if which == "undo" else "undo"
            meta = {**meta, which: stack, other: [*meta.get(other, []), item]}
            return self._commit(tid, meta, old, new, f"{which}: {item['action']}",
                                {f"{which}s": item["rev"]})

    def duplicate(self, tid: str, name: str | None = None) -> str:
        snap = self.load(tid)
        copy = snap.tournament.with_changes(id="", name=name or f"{snap.tournament.name} (copy)")
        return self.create(copy)

    def set_archived(self, tid: str, archived: bool = True) -> Snapshot:
        self._writable()
        with exclusive_lock(self._lock_path(tid)):
            meta, doc = self._read_raw(tid)
            return self._commit(tid, {**meta, "archived": archived}, doc, doc,
                                "archive" if archived else "unarchive")

    def archive(self, tid: str) -> Snapshot:
        return self.set_archived(tid, True)
