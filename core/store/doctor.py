"""``hakem doctor``: verify a data directory and repair what can be repaired.

Checks, per tournament: the file loads (JSON, schema), the tournament is consistent
(:func:`core.validate.validate`), the journal chain from the file's head is complete (no gap, no
entry claiming another author), replaying it from its last starting point — or from the newest
round backup after a gap — gives exactly the saved state, the last change can be undone, the
backups load.  Per directory: temporary files left by an interrupted save, and journals whose
tournament file is missing.

Repair never throws history away: a damaged or missing data file is rebuilt from the journal
(or the newest backup plus the journal after it); a journal with a gap gets a *checkpoint*
entry (the full current state) so replays start after the gap while every older entry stays
readable; stray temporary files older than :data:`STALE_SECONDS` are removed.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from core.errors import Problem, StoreError, TournamentError
from core.i18n import _, ngettext
from core.serialize import SCHEMA_VERSION, tournament_from_dict
from core.store import diff as _diff
from core.store import identity
from core.store import journal as _journal
from core.store.store import _TID, SUFFIX, Store
from core.validate import validate

STALE_SECONDS = 600
"""A temporary file older than this belongs to a save that was interrupted (a live save takes
milliseconds)."""
_BAD = (ValueError, KeyError, IndexError, TypeError)


@dataclass
class Report:
    """What doctor found (and did) for one tournament (or, with ``tid`` "", the directory)."""

    tid: str
    problems: list[Problem] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    loads: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems


def _journal_problems(store: Store, tid: str, tdoc: dict[str, Any], revision: int,
                      report: Report) -> None:
    where = _('{where}, journal').format(where=tid)
    hist = store.history(tid)
    for f in hist.files:
        if f.error:
            report.problems.append(Problem(where, _('{name} cannot be read: {error}').format(name=f.name, error=f.error)))
        elif f.misnamed:
            report.problems.append(Problem(where, _('{name} belongs to {user}, not to the user it is named after').format(name=f.name, user=identity.user_name(f.owner))))
    if hist.forged:
        report.problems.append(Problem(where, ngettext('{count} entry claims an author other than the owner of its file', '{count} entries claim an author other than the owner of their file', hist.forged).format(count=hist.forged)))
    if hist.torn:
        report.notes.append(ngettext('{tid}: {count} unreadable journal line from an interrupted save (ignored)', '{tid}: {count} unreadable journal lines from interrupted saves (ignored)', hist.torn).format(tid=tid, count=hist.torn))
    if hist.aborted:
        report.notes.append(ngettext('{tid}: {count} journal entry of a save that did not complete (ignored)', '{tid}: {count} journal entries of saves that did not complete (ignored)', hist.aborted).format(tid=tid, count=hist.aborted))
    checked = max((int(e.get("rev", 0)) for e in hist.entries if e.get("checkpoint") is not None), default=0)
    for after, before in hist.gaps:
        if before <= checked:  # a repaired gap: history lost, the state verified from the checkpoint
            report.notes.append(_('{tid}: journal entries missing between revisions {after} and {before} (the state is verified from the checkpoint at revision {rev})').format(tid=tid, after=after, before=before, rev=checked))
        else:
            report.problems.append(Problem(where, _('entries missing between revisions {after} and {before}').format(after=after, before=before)))
    if not hist.entries:
        report.problems.append(Problem(where, _('missing or empty')))
        return
    try:
        doc, last = _verified_replay(store, tid, hist)
    except _BAD as error:
        report.problems.append(Problem(where, _('does not replay: {error}').format(error=error)))
        return
    if doc is None:
        return  # a gap and no backup after it: reported as the gap
    if last != revision:
        report.problems.append(Problem(where, _('ends at revision {last}, the file is at {revision}').format(last=last, revision=revision)))
    elif doc != tdoc:
        report.problems.append(Problem(where, _('replays to a different state')))


def _verified_replay(store: Store, tid: str, hist: _journal.History) -> tuple[dict[str, Any] | None, int]:
    """Replay the chain from its last starting point, or — when a gap lies after it — from the
    newest backup taken after the gap; (None, 0) when neither is possible."""
    entries = hist.entries
    last_gap = max((before for _after, before in hist.gaps), default=0)
    roots = [i for i, e in enumerate(entries) if _journal.is_root(e)]
    if roots and int(entries[roots[-1]].get("rev", 0)) >= last_gap:
        doc, rev, _first = _journal.replay(entries)
        return doc, rev
    index = {str(e.get("id")): i for i, e in enumerate(entries) if "id" in e}
    for path in reversed(store.backups(tid)):
        try:
            meta, tdoc = store.read_backup(tid, path.name)
        except TournamentError:
            continue
        at = index.get(str(meta.get("head", "")))
        if at is not None and int(entries[at].get("rev", 0)) >= last_gap:
            doc = tdoc
            for entry in entries[at + 1:]:
                doc = _apply_entry(doc, entry)
            return doc, int(entries[-1].get("rev", 0))
    return None, 0


def _apply_entry(doc: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    if entry.get("checkpoint") is not None:
        return dict(entry["checkpoint"])
    return _diff.apply(doc, entry.get("ops", []), in_place=True)


def check(store: Store, tid: str) -> Report:
    report = Report(tid)
    try:
        meta, tdoc = store._read_raw(tid)
        tournament = tournament_from_dict(tdoc)
    except (TournamentError, *_BAD) as error:
        report.problems.append(Problem(tid, _('the file does not load: {error}').format(error=error)))
        report.loads = False
        return report
    for p in validate(tournament):
        report.problems.append(Problem(_('{where}, {where2}').format(where=tid, where2=p.where), p.message))
    try:
        _journal_problems(store, tid, tdoc, int(meta.get("revision", 0)), report)
    except TournamentError as error:
        report.problems.append(Problem(_('{where}, journal').format(where=tid), str(error)))
    undo = meta.get("undo", [])
    if undo:
        try:
            _diff.apply(tdoc, _diff.invert(store._ops_of(tid, undo[-1])))
        except (TournamentError, *_BAD) as error:
            report.problems.append(Problem(_('{where}, undo').format(where=tid), _('the last change cannot be undone: {error}').format(error=error)))
    for backup in store.backups(tid):
        try:
            tournament_from_dict(store.read_backup(tid, backup.name)[1])
        except (TournamentError, *_BAD) as error:
            report.problems.append(Problem(_('{where}, backup {name}').format(where=tid, name=backup.name), _('does not load: {error}').format(error=error)))
    return report


def _tip(hist_files: list[_journal.JournalFile]) -> dict[str, Any] | None:
    """Without a data file: the newest entry no other entry builds on."""
    chained = [e for f in hist_files for e in f.entries if "id" in e and "claimed_uid" not in e]
    bases = {str(e.get("base")) for e in chained}
    tips = [e for e in chained if str(e["id"]) not in bases]
    return max(tips, key=lambda e: (int(e.get("rev", 0)), str(e.get("time", ""))), default=None)


def _rebuild(store: Store, tid: str) -> tuple[dict[str, Any], int, str, str]:
    """(document, revision, head id, how) from the journal, else the newest backup + journal."""
    files = [_journal.read_file(store.dir, n) for n in _journal.journal_names(store.dir, tid)]
    tip = _tip(files)
    hist = _journal.history(store.dir, tid, str(tip["id"]) if tip else None,
                            int(tip.get("rev", 0)) if tip else 0)
    if hist.entries:
        try:
            doc, rev = _verified_replay(store, tid, hist)
            if doc:
                tournament_from_dict(doc)
                return doc, rev, str(hist.entries[-1].get("id", "")), _("rebuilt from the journal")
        except (TournamentError, *_BAD):
            pass
    backups = store.backups(tid)
    if not backups:
        raise StoreError(_('{tid}: the file is damaged and neither the journal nor a backup can rebuild it').format(tid=tid))
    meta, doc = store.read_backup(tid, backups[-1].name)
    rev, head = int(meta.get("revision", 0)), str(meta.get("head", ""))
    ids = [str(e.get("id")) for e in hist.entries]
    if head in ids:
        for entry in hist.entries[ids.index(head) + 1:]:
            try:
                doc = _apply_entry(doc, entry)
            except _BAD:
                break
            rev, head = int(entry.get("rev", rev)), str(entry.get("id", head))
    tournament_from_dict(doc)
    return doc, rev, head, _("restored from backup {name}").format(name=backups[-1].name)


def _checkpoint(store: Store, tid: str, meta: dict[str, Any], doc: dict[str, Any], how: str) -> int:
    """Commit ``doc`` as a checkpoint entry (a replay starts here); returns the new revision.
    Undo items whose journal entry is gone are dropped (they could not be undone anyway)."""
    def usable(item: dict[str, Any]) -> bool:
        try:
            store._ops_of(tid, item)
        except TournamentError:
            return False
        return True

    meta = {**meta, "undo": [i for i in meta.get("undo", []) if usable(i)],
            "redo": [i for i in meta.get("redo", []) if usable(i)]}
    with store.dir.lock():
        snap = store._commit_locked(tid, meta, doc, f"doctor: {how}", [], {"checkpoint": doc})
    return snap.revision


def repair(store: Store, tid: str) -> Report:
    """Repair one tournament in place; returns what was done (and what is still wrong)."""
    store._writable()
    before = check(store, tid)
    report = Report(tid, notes=before.notes)
    if before.ok:
        return report
    if not before.loads:
        doc, rev, head, how = _rebuild(store, tid)
        meta = {"schema": SCHEMA_VERSION, "revision": rev, "head": head, "undo": [], "redo": [],
                "archived": False}
        new_rev = _checkpoint(store, tid, meta, doc, how)
        report.repairs.append(_('{tid}: {how} (revision {rev})').format(tid=tid, how=how, rev=new_rev))
    elif any(p.where == _('{where}, journal').format(where=tid) for p in before.problems):
        meta, tdoc = store._read_raw(tid)
        new_rev = _checkpoint(store, tid, meta, tdoc, _("journal checkpoint"))
        report.repairs.append(_('{tid}: the journal continues from a checkpoint of the saved state (revision {rev}); the older entries are kept').format(tid=tid, rev=new_rev))
    report.problems = check(store, tid).problems
    return report


def tournament_ids(store: Store) -> list[str]:
    """Tournaments to check: every data file, and every journal whose data file is missing."""
    ids = set(store.ids())
    pattern = re.compile(r"(.+)\.journal(\.\d+)?\.jsonl")
    for name in store.dir.names():
        match = pattern.fullmatch(name)
        if match and _TID.fullmatch(match.group(1)):
            ids.add(match.group(1))
    return sorted(ids)


def stray_files(store: Store, now: float | None = None) -> list[str]:
    """Temporary files of interrupted saves (older than :data:`STALE_SECONDS`)."""
    now = time.time() if now is None else now
    out = []
    for name in store.dir.names():
        if name.startswith(".") and name.endswith(".tmp") and SUFFIX in name:
            st = store.dir.lstat(name)
            if st is not None and now - st.st_mtime > STALE_SECONDS:
                out.append(name)
    return out


def suspect_files(store: Store) -> list[str]:
    """Entries hakem found under one of its names and set aside unopened (a link, a FIFO,
    another user's file where ours belongs)."""
    return [n for n in store.dir.names() if n.startswith(".") and ".suspect-" in n]


def check_directory(store: Store) -> Report:
    report = Report("")
    for name in stray_files(store):
        report.problems.append(Problem(name, _('temporary file of an interrupted save')))
    for name in suspect_files(store):
        st = store.dir.lstat(name)
        owner = identity.user_name(st.st_uid) if st else "?"
        report.problems.append(Problem(name, _('found in place of a hakem file and set aside (owner {user}); remove it once you know who put it there').format(user=owner)))
    return report


def repair_directory(store: Store) -> Report:
    store._writable()
    report = Report("")
    for name in stray_files(store):
        store.dir.unlink(name)
        report.repairs.append(_('removed the temporary file {name} of an interrupted save').format(name=name))
    return report


__all__ = ["Report", "check", "check_directory", "repair", "repair_directory", "stray_files",
           "tournament_ids"]
