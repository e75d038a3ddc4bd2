"""The club database: one TinyDB database per data directory, every change hash-chained.

What a club keeps beside its events is naturally a set of documents: its members (the
register, :mod:`core.club`), its series, the metadata of its rating lists.  They live in TinyDB
tables (``members``, ``series``, ``lists``) of one file, ``club.json``, queried with TinyDB's
own :class:`~tinydb.Query`; a fourth table, ``meta``, holds the revision and the head of the
chain (document 1), as a tournament's data file does.

Written as a tournament is (:mod:`core.store.store`): under the data directory's lock, by the
process that holds the store (the data service in service mode), through our
:class:`~core.store.storage.DataFile` (bounded reads; the journal line appended and fsynced,
then the file replaced atomically; every file as before on any failure), each change a line
of ``club.chain.jsonl`` in the tournaments' chain format (:func:`core.store.journal.new_entry`:
``prev``, ``rev``, ``ops`` — the structural diff of the tables —, ``state`` — the hash of the
tables after —, who and when).  A change refuses to build on a file that is not where its
chain ends (:func:`core.store.journal.end_problem`), and ``hakem doctor`` walks and replays
the chain (:func:`verify`) with the tournaments' code.

Front ends never open this: they reach it through the Workspace's use cases
(:mod:`core.app.club`), which the service runs for them as the calling user.
"""

from __future__ import annotations

import functools
import json
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from tinydb import TinyDB
from tinydb.storages import MemoryStorage, Storage

from core.errors import StoreError, os_reason
from core.i18n import _
from core.store import diff as _diff
from core.store import journal as _journal
from core.file_safety import SafeDir, describe_entry, writes_forbidden
from core.store.paths import CLUB_CHAIN, CLUB_DB
from core.store.storage import DataFile, Tables

META = "meta"
TABLES = ("members", "series", "lists")
"""The club's tables (a table nobody has written yet reads as empty)."""
SCHEMA = 1
CHAIN_FILE = _journal.chain_name(CLUB_CHAIN)
CHAIN_TAIL = 1 << 20
"""Bytes of the chain's end a change reads to check the file against it."""

T = TypeVar("T")


class ClubFile(DataFile):
    """``club.json`` as TinyDB's storage: the tournaments' storage, with the club's tables."""

    tables = (META,)


class _Held(Storage):
    """A read-only TinyDB storage over tables already read (queries never re-read the file;
    a write through it is a bug, refused)."""

    def __init__(self, tables: Tables) -> None:
        self._tables = tables

    def read(self) -> Tables:
        return self._tables

    def write(self, data: Tables) -> None:
        raise StoreError(_("the club database is changed only by a commit"))


def state_hash(data: Tables) -> str:
    """What a chain entry records of the club's tables after it."""
    return _journal.digest(_journal.canonical(data))


@dataclass(frozen=True)
class _Loaded:
    ident: tuple[int, int, int] | None
    """The file's (inode, mtime, size); None when there is no file yet."""
    meta: dict[str, Any]
    data: Tables
    """Every table but ``meta``."""

    @property
    def revision(self) -> int:
        return int(self.meta.get("revision", 0))

    @property
    def head(self) -> str | None:
        head = self.meta.get("head")
        return str(head) if head else None

    @functools.cached_property
    def state(self) -> str:
        return state_hash(self.data)

    @functools.cached_property
    def db(self) -> TinyDB:
        """A TinyDB over these tables, for queries (its query cache lives as long as this
        version of the file)."""
        return TinyDB(self.data, storage=_Held)


def _split(tables: Tables) -> tuple[dict[str, Any], Tables]:
    meta = tables.get(META, {}).get("1", {})
    return dict(meta), {k: v for k, v in tables.items() if k != META}


class Migration(Protocol):
    """An earlier layout brought into the club database, before a change (see
    :meth:`ClubDB.change`): ``edit`` changes the tables only while there is something to
    migrate; ``after`` removes what was migrated once the tables hold it."""

    action: str

    def edit(self, folder: SafeDir, db: TinyDB) -> None: ...

    def after(self, folder: SafeDir, db: TinyDB) -> None: ...


class ClubDB:
    """The club database of the data directory ``folder`` (the store's :class:`SafeDir`)."""

    def __init__(self, folder: SafeDir, read_only: bool = False, migrations: Sequence[Migration] = ()) -> None:
        self.folder = folder
        self.read_only = read_only
        self.migrations = tuple(migrations)
        self._cache: _Loaded | None = None
        self._proof = _journal.ChainProof()

    # -- reading ----------------------------------------------------------------------------
    def _load(self) -> _Loaded:
        """The file as it is now (re-read only when it changed; saves are renames)."""
        st = self.folder.lstat(CLUB_DB)
        if st is None:
            return _Loaded(None, {}, {})
        ident = (st.st_ino, st.st_mtime_ns, st.st_size)
        if self._cache is not None and self._cache.ident == ident and stat.S_ISREG(st.st_mode):
            return self._cache
        storage = ClubFile(self.folder, CLUB_DB)
        try:
            tables = storage.read()
        except FileNotFoundError:
            return _Loaded(None, {}, {})
        except OSError as error:
            raise StoreError(_("{path}: cannot be read ({what}: {reason})").format(
                path=storage.where, what=describe_entry(st), reason=os_reason(error))) from error
        assert tables is not None
        meta, data = _split(tables)
        self._cache = _Loaded(ident, meta, data)
        return self._cache

    @property
    def revision(self) -> int:
        return self._load().revision

    def view(self) -> TinyDB:
        """The tables as the file holds them now, for TinyDB's tables and queries; the
        documents are shared with the cache: read them, never change them (changes go through
        :meth:`change`)."""
        return self._load().db

    def history(self) -> _journal.History:
        """The committed history of the club database (its chain from the file's head)."""
        loaded = self._load()
        return _journal.history(self.folder, CLUB_CHAIN, loaded.head, loaded.revision)

    # -- writing ----------------------------------------------------------------------------
    def change(self, action: str | Callable[[T], str], edit: Callable[[TinyDB], T],
               extra: dict[str, Any] | None = None) -> T:
        """Run ``edit`` on a TinyDB holding a copy of the tables, then commit what it changed
        as one chained entry called ``action`` (nothing when it changed nothing); returns what
        ``edit`` returned.  ``action`` may be worded from that result (an import says how many
        it actually added).  Under the directory's lock: club changes are small, and computing
        them under the lock means they never conflict.  The :attr:`migrations` run first, each
        committed as its own entry when it changed anything.  StoreError (nothing changed) when
        the file is not where its chain ends or cannot be written."""
        if self.read_only or writes_forbidden():
            raise StoreError(_("hakem is in view-only mode; nothing can be changed here"))
        with self.folder.lock():
            loaded = self._load()
            self._check_chain(loaded)
            for migration in self.migrations:
                loaded = self._step(loaded, migration.action, functools.partial(migration.edit, self.folder), None)[1]
                migration.after(self.folder, loaded.db)
            return self._step(loaded, action, edit, extra)[0]

    def check(self) -> None:
        """Refuse now, without the lock, what :meth:`change` would refuse (a file that is not
        where its chain ends, an unreadable file, view-only): for a caller that does something
        else first and records it here after (a list's index is replaced, then recorded), so it
        does not do the first and fail at the second."""
        if self.read_only or writes_forbidden():
            raise StoreError(_("hakem is in view-only mode; nothing can be changed here"))
        self._check_chain(self._load())

    def _step(self, loaded: _Loaded, action: str | Callable[[T], str], edit: Callable[[TinyDB], T],
              extra: dict[str, Any] | None) -> tuple[T, _Loaded]:
        """``edit`` on a copy of ``loaded``'s tables (TinyDB's ``MemoryStorage``), committed if
        it changed them; (what ``edit`` returned, the file now)."""
        work = TinyDB(storage=MemoryStorage)
        work.storage.write(json.loads(_journal.canonical(loaded.data)))
        result = edit(work)
        after = work.storage.read() or {}
        if after == loaded.data:
            return result, loaded
        self._commit(loaded, action(result) if callable(action) else action, after, extra)
        return result, self._load()

    def _commit(self, loaded: _Loaded, action: str, after: Tables, extra: dict[str, Any] | None) -> None:
        state = state_hash(after)
        entry, line, head = _journal.new_entry(loaded.head, loaded.revision + 1, action,
                                               _diff.diff(loaded.data, after), state, extra)
        meta = {"schema": SCHEMA, "revision": entry["rev"], "head": head, "modified": entry["time"],
                "uid": entry["uid"], "modified_by": entry["user"]}
        storage = ClubFile(self.folder, CLUB_DB)
        try:
            with storage.journaled(CHAIN_FILE, line + b"\n"):
                storage.write({META: {"1": meta}, **after})
        except OSError as error:
            raise StoreError(_("could not save {path}: {reason}; nothing was changed").format(
                path=storage.where, reason=os_reason(error))) from error
        self._cache = None

    def _check_chain(self, loaded: _Loaded) -> None:
        """Refuse to build on a file that is not where a verified chain ends (the tournaments'
        check, :func:`core.store.journal.end_problem`): a chain removed or broken, an older
        copy of the file put in its place, a file changed outside hakem."""
        raw = self._chain_bytes()
        if loaded.ident is None:
            if raw and any(int(e.get("rev", 0)) > 1 for e in _journal.tail_entries(raw, True)):
                raise StoreError(_("{path} is missing but its journal holds changes; nothing was changed "
                                   "(run hakem doctor)").format(path=self.folder.path / CLUB_DB))
            return  # the first change (a creation killed before its file was written is aborted)
        if not raw:
            raise StoreError(_("the journal of the club database is missing; nothing was changed (run hakem doctor)"))
        problem, last = _journal.end_problem(raw, loaded.head, loaded.revision, lambda: loaded.state,
                                             self._proof, CHAIN_TAIL)
        last = last or {}
        if problem == "older-copy":
            raise StoreError(_("the club database is at revision {rev}, but its journal goes on to revision {last} "
                               "({user}: {action}): an older copy of the file was put in its place; nothing was "
                               "changed (run hakem doctor)").format(rev=loaded.revision, last=last.get("rev"),
                                                                    user=last.get("user", ""), action=last.get("action", "")))
        if problem in ("empty", "not-end", "broken"):
            raise StoreError(_("the journal of the club database does not verify up to revision {rev}; nothing was "
                               "changed (run hakem doctor)").format(rev=loaded.revision))
        if problem == "outside":
            raise StoreError(_("the club database was changed outside hakem (it is not the state its journal records "
                               "at revision {rev}); nothing was changed (run hakem doctor)").format(rev=loaded.revision))
        from core.store import heads

        reached = heads.reached(self.folder, CLUB_DB)
        if heads.further(reached, loaded.revision, loaded.head):
            assert reached is not None
            raise StoreError(_("the club database: hakem had saved it up to revision {reached} ({time}), but its file "
                               "and journal end at revision {rev}: both were put back from an older copy; nothing was "
                               "changed (run hakem doctor)").format(reached=reached["rev"], time=reached.get("time", ""),
                                                                    rev=loaded.revision))

    def _chain_bytes(self) -> bytes | None:
        try:
            return self.folder.read(CHAIN_FILE, _journal.MAX_JOURNAL_BYTES)
        except FileNotFoundError:
            return None
        except (OSError, StoreError) as error:
            raise StoreError(_("the journal of the club database cannot be used: {reason}; nothing was changed "
                               "(run hakem doctor)").format(reason=os_reason(error) if isinstance(error, OSError) else error)) from error


@dataclass
class Verification:
    """What :func:`verify` found (and :func:`rebuild` did)."""

    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)


def verify(folder: SafeDir, contact: bool = True) -> Verification:
    """``hakem doctor``'s check of the club database, with the tournaments' chain code: the
    chain leads from the file's head back to the creation without a break, nothing committed
    lies beyond the head (an older copy of the file), and replaying it gives exactly the
    tables the file holds.  ``contact``: whether the reader may see the members' contact
    data (e-mail, phone); if not, a difference there is said without its values."""
    out = Verification()
    has_file, has_chain = folder.lstat(CLUB_DB) is not None, folder.lstat(CHAIN_FILE) is not None
    if not has_file and not has_chain:
        return out
    try:
        loaded = ClubDB(folder, read_only=True)._load()
    except StoreError as error:
        out.problems.append(str(error))
        return out
    hist = _journal.history(folder, CLUB_CHAIN, loaded.head, loaded.revision)
    out.problems.extend(_chain_problems(hist, loaded))
    if hist.torn:
        out.notes.append(_("the club database's journal has {count} unreadable line(s) (a save cut short)").format(count=hist.torn))
    if hist.aborted:
        out.notes.append(_("the club database's journal has {count} change(s) that were never completed (a save "
                           "killed midway); nothing builds on them").format(count=hist.aborted))
    if out.problems or not hist.entries:
        return out
    replayed = _journal.replay(hist.entries)
    if replayed.problems:
        entry, why = replayed.problems[0]
        out.problems.append(_("the club database's revision {rev} ({user}: {action}) does not apply: {why}").format(
            rev=entry.get("rev"), user=entry.get("user", ""), action=entry.get("action", ""), why=why))
    elif int(hist.entries[-1].get("rev", 0)) != loaded.revision:
        out.problems.append(_("the club database says revision {file}, but the change its journal records there is "
                              "revision {rev}: the file was changed outside hakem (hakem doctor --repair rebuilds "
                              "it)").format(file=loaded.revision, rev=hist.entries[-1].get("rev")))
    elif replayed.doc != loaded.data:
        expected, actual = (replayed.doc, loaded.data) if contact else (_no_contact(replayed.doc), _no_contact(loaded.data))
        lines = _journal.differences(expected, actual)
        if expected == actual or not contact and _contacts(replayed.doc) != _contacts(loaded.data):
            lines.append(_("the contact data (e-mail, phone) of some members differs: shown only to those who may "
                           "edit the register"))
        out.problems.append(_("the club database is not what its journal records: {differences}").format(
            differences="; ".join(lines)))
    return out


def _contacts(tables: Any) -> dict[str, Any]:
    return {key: doc.get("contact") for key, doc in (tables.get("members") or {}).items() if isinstance(doc, dict)}


def _no_contact(tables: Any) -> Any:
    """``tables`` without the members' contact data (what a reader who may not edit the
    register is shown of a member: ``Member.public``)."""
    members = {key: ({k: v for k, v in doc.items() if k != "contact"} if isinstance(doc, dict) else doc)
               for key, doc in (tables.get("members") or {}).items()}
    return {**tables, "members": members} if "members" in tables else tables


def rebuild(folder: SafeDir) -> Verification:
    """``hakem doctor --repair``: the file made again from its journal — the tournaments'
    "take the journal's word" — when the journal's longest chain leads from the creation to its
    end without a break and its replay is the state its last entry records, and the file is
    not that state (changed outside hakem, an older copy put in its place, missing, unreadable).
    Every entry of the journal must lie on that chain: an entry changed or a branch would
    otherwise let the rebuild drop committed changes.  A file whose head no entry has (its
    meta edited by hand: the register, series and list imports were blocked for everyone and
    repair refused) is rebuilt to the chain's end, what it had said in a note.
    No entry is added: the file becomes what the chain already records.  A chain that cannot
    give the state (a gap, an entry that does not apply) is left as it is, and said."""
    out = Verification()
    if folder.lstat(CLUB_DB) is None and folder.lstat(CHAIN_FILE) is None:
        return out
    with folder.lock():
        try:
            loaded: _Loaded | None = ClubDB(folder, read_only=True)._load()
        except StoreError:
            loaded = None
        whole = _journal.read_chain(folder, CLUB_CHAIN)
        longest = _journal.tip(whole)
        on_chain = {str(e.get("id")) for e in longest}
        if any(str(e.get("id")) not in on_chain for e in whole.entries):
            out.notes.append(_("the club database cannot be rebuilt: its journal is not one unbroken chain up to "
                               "the file's change; restore {name} and {chain} from a copy of the directory").format(
                name=CLUB_DB, chain=CHAIN_FILE))
            return out
        chain = _until_head(longest, loaded)
        if not chain:
            out.notes.append(_("the club database cannot be rebuilt: its journal holds no change; restore {name} "
                               "from a copy of the directory").format(name=CLUB_DB))
            return out
        if (loaded is None or loaded.ident is None) and len(chain) == 1:
            return out  # the first change killed before its file was written: never completed
        end = chain[-1]
        replayed = _journal.replay(chain)
        if (not _journal.is_root(chain[0]) or not replayed.verified or replayed.problems
                or replayed.doc is None or state_hash(replayed.doc) != end.get("state")):
            out.notes.append(_("the club database cannot be rebuilt: its journal does not give the state at revision "
                               "{rev}; restore {name} and {chain} from a copy of the directory").format(
                rev=end.get("rev"), name=CLUB_DB, chain=CHAIN_FILE))
            return out
        if loaded is not None and loaded.ident is not None and loaded.head == end.get("id") \
                and loaded.data == replayed.doc and loaded.revision == end.get("rev"):
            return out
        if loaded is not None and loaded.head is not None and loaded.head not in on_chain and loaded.data != replayed.doc:
            # a head no entry has: the file was written outside hakem (its meta edited by hand);
            # the journal, one unbroken chain, is the record — what the file had is said, not kept
            out.notes.append(_("{name} named a change its journal does not hold; the journal's state was kept and "
                               "the file's own was dropped: {differences}").format(
                name=CLUB_DB, differences="; ".join(_journal.differences(replayed.doc, loaded.data))))
        meta = {"schema": SCHEMA, "revision": end.get("rev"), "head": end.get("id"), "modified": end.get("time", ""),
                "uid": end.get("uid"), "modified_by": end.get("user", "")}
        before = "" if loaded is None or loaded.ident is None else _("was at revision {rev}").format(rev=loaded.revision)
        try:
            folder.replace(CLUB_DB, _journal.canonical({META: {"1": meta}, **replayed.doc}))
        except OSError as error:
            out.notes.append(_("the club database could not be rebuilt: {reason}; nothing was changed").format(
                reason=os_reason(error)))
            return out
    out.repairs.append(_("{name} rebuilt from its journal at revision {rev} ({user}: {action}){before}").format(
        name=CLUB_DB, rev=end.get("rev"), user=end.get("user", ""), action=end.get("action", ""),
        before=f"; {before}" if before else ""))
    return out


def _until_head(longest: list[_journal.Entry], loaded: _Loaded | None) -> list[_journal.Entry]:
    """The chain a rebuild replays: up to the file's head when the chain holds it and at most
    one entry lies beyond it (a save killed before its file was written: never completed, as
    the tournaments' doctor reads it); else to the end of the longest chain."""
    ids = [str(e.get("id")) for e in longest]
    head = loaded.head if loaded is not None else None
    if head in ids and len(ids) - ids.index(head) - 1 <= 1:
        return longest[:ids.index(head) + 1]
    return longest


def _chain_problems(hist: _journal.History, loaded: _Loaded) -> list[str]:
    problems = []
    if loaded.ident is None and hist.chain is not None and any(int(e.get("rev", 0)) > 1 for e in hist.chain.entries):
        problems.append(_("{name} is missing but its journal holds changes").format(name=CLUB_DB))
    if loaded.ident is not None and hist.chain is not None and hist.chain.error:
        problems.append(_("the journal of the club database cannot be read: {reason}").format(reason=hist.chain.error))
    if hist.head_missing:
        problems.append(_("the club database names a change (revision {rev}) its journal does not hold").format(rev=loaded.revision))
    for after, before in hist.gaps:
        problems.append(_("the club database's journal: entries missing or changed between revisions {after} and "
                          "{before}").format(after=after, before=before))
    if len(hist.ahead) > 1:
        last = hist.ahead[-1]
        problems.append(_("the club database is at revision {rev}, but its journal goes on with {count} changes to "
                          "revision {last} ({user}: {action}): an older copy of the file was put in its place").format(
            rev=loaded.revision, count=len(hist.ahead), last=last.get("rev"), user=last.get("user", ""),
            action=last.get("action", "")))
    if hist.off_chain:
        problems.append(_("the club database's journal holds {count} committed change(s) that are not in its "
                          "history").format(count=len(hist.off_chain)))
    return problems
