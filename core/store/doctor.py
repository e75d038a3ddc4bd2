"""``hakem doctor``: verify a data directory and repair what can be repaired.

Checks, per tournament: the file loads (JSON with limits, schema), the tournament is consistent
(:func:`core.validate.validate`), the journal's hash chain leads from the data file's head back
to the creation (the first entry that does not fit is named: one changed after it was written,
or entries removed), nothing committed lies beyond the head (an older copy of the data file put
in its place), and replaying the chain — after a break, from a round backup taken later —
gives exactly the saved state; where it does not, what differs is named (round, board, field;
player; roles).  The last change can be undone, the backups load.  Per directory: temporary
files of interrupted saves, entries set aside, journals whose tournament file is missing.

Repair takes the journal's word: a data file that does not load, was rolled back, or differs
from the journal is rewritten with the journal's state (and a ``doctor:`` entry says who did
it and what was dropped) — never the other way round.  A break in the chain is accepted with a
checkpoint only when the saved state is verified past it (a round backup); otherwise repair
says it cannot, and doctor keeps reporting it.  Without a usable journal the newest round
backup and the journal after it are restored.
"""

from __future__ import annotations

import re
import stat
import time
from dataclasses import dataclass, field
from typing import Any

from core.errors import Problem, StoreError, TournamentError
from core.i18n import _, ngettext
from core.serialize import SCHEMA_VERSION, tournament_from_dict
from core import identity
from core.store import bounded
from core.store import journal as _journal
from core.store import trash as _trash
from core.file_safety import describe_entry
from core.store.paths import CLUB_CHAIN, CLUB_DB, HEADS, LISTS_JOURNAL, TRASH
from core.store.store import _TID, SUFFIX, UNDO_DEPTH, Store
from core.validate import validate

CLUB_CHAIN_FILE = _journal.chain_name(CLUB_CHAIN)
STALE_SECONDS = 600
"""A temporary file older than this belongs to a save that was interrupted (a live save takes
milliseconds)."""
_BAD = (ValueError, KeyError, IndexError, TypeError)
Entry = dict[str, Any]


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


def _who(entry: Entry) -> str:
    return _('revision {rev} ({user}: {action})').format(rev=entry.get("rev", "?"), user=entry.get("user", "?"), action=entry.get("action", ""))


def _backups(store: Store, tid: str) -> list[str]:
    """The names of the round backups (none if their folder is not one hakem can use: the
    folder problem is reported by :func:`check` and :func:`check_directory`)."""
    try:
        return [p.name for p in store.backups(tid)]
    except TournamentError:
        return []


def verified_backups(store: Store, tid: str) -> tuple[dict[str, dict[str, Any]], list[Problem]]:
    """Round backups by the head they were taken at (the state right after that entry) — only
    those whose tournament is the ``state`` the journal records at that head: a backup anyone
    in the group could have edited is evidence only when the chain vouches for it.  The others
    are returned as problems and never used (a backup edited to make mallory chief arbiter was
    restored by a repair)."""
    states = {str(e["id"]): e.get("state") for e in _journal.read_chain(store.dir, tid).entries}
    known: dict[str, dict[str, Any]] = {}
    problems = []
    for name in _backups(store, tid):
        where = _('{where}, backup {name}').format(where=tid, name=name)
        try:
            meta, tdoc = store.read_backup(tid, name)
            tournament_from_dict(tdoc)
        except (TournamentError, *_BAD) as error:
            problems.append(Problem(where, _('does not load: {error}').format(error=error)))
            continue
        head = str(meta.get("head", ""))
        if head not in states:
            problems.append(Problem(where, _('its revision is not on the journal; it is not used')))
        elif states[head] != _journal.state_hash(tdoc):
            problems.append(Problem(where, _('is not the state the journal records at revision {rev} (changed after it was written); it is not used').format(rev=meta.get("revision", "?"))))
        else:
            known[head] = tdoc
    return known, problems


def _known_states(store: Store, tid: str) -> dict[str, dict[str, Any]]:
    return verified_backups(store, tid)[0]


def _accepted(hist: _journal.History, after: int, before: int) -> Entry | None:
    """The checkpoint that accepted the break (after, before) once the state was verified."""
    for entry in hist.entries:
        if entry.get("checkpoint") is None:
            continue
        if [after, before] in entry.get("bridges", []) or entry.get("restored") and int(entry.get("rev", 0)) == before:
            return entry
        if "base" in entry and int(entry.get("rev", 0)) >= before:  # the per-user layout's repair
            return entry
    return None


def _break(hist: _journal.History, after: int, before: int) -> str:
    above = next((e for e in hist.entries if int(e.get("rev", 0)) == before), None)
    below = next((e for e in hist.entries if int(e.get("rev", 0)) == after), None)
    if above is not None and below is not None and below.get("altered"):
        return _('{entry} does not follow the journal before it: {changed} was changed after it was written').format(entry=_who(above), changed=_who(below))
    return _('entries missing between revisions {after} and {before}').format(after=after, before=before)


def _journal_problems(store: Store, tid: str, meta: dict[str, Any], tdoc: dict[str, Any],
                      report: Report) -> _journal.History:
    where = _('{where}, journal').format(where=tid)
    revision = int(meta.get("revision", 0))
    hist = store.history(tid)
    for f in hist.files:
        if f.error:
            st = store.dir.lstat(f.name)
            what = describe_entry(st) if st is not None else ""
            report.problems.append(Problem(where, _('{name} cannot be read ({what}): {error}').format(name=f.name, what=what, error=f.error)))
        elif f.misnamed:
            report.problems.append(Problem(where, _('{name} belongs to {user}, not to the user it is named after').format(name=f.name, user=identity.user_name(f.owner))))
    if hist.forged:
        report.problems.append(Problem(where, ngettext('{count} entry claims an author other than the owner of its file', '{count} entries claim an author other than the owner of their file', hist.forged).format(count=hist.forged)))
    pruned = next((e for e in hist.entries if e.get("pruned")), None)
    if hist.torn and pruned is not None:
        report.notes.append(ngettext('{tid}: {count} journal line nested too deep to read, from before revision {rev} (ignored)',
                                     '{tid}: {count} journal lines nested too deep to read, from before revision {rev} (ignored)',
                                     hist.torn).format(tid=tid, count=hist.torn, rev=pruned.get("rev")))
    elif hist.torn:
        report.notes.append(ngettext('{tid}: {count} unreadable journal line from an interrupted save (ignored)', '{tid}: {count} unreadable journal lines from interrupted saves (ignored)', hist.torn).format(tid=tid, count=hist.torn))
    aborted = hist.aborted
    if aborted:
        report.notes.append(ngettext('{tid}: {count} journal entry of a save that did not complete (ignored)', '{tid}: {count} journal entries of saves that did not complete (ignored)', aborted).format(tid=tid, count=aborted))
    if hist.head_missing:
        report.problems.append(Problem(where, _('the data file is at revision {rev}, a change the journal does not hold (its entry was changed or removed after it was written)').format(rev=revision)))
    if len(hist.ahead) > 1:
        report.problems.append(Problem(where, _('the data file is at revision {rev}, but the journal goes on with {count} changes to {newest}: an older copy of the file was put in its place').format(
            rev=revision, count=len(hist.ahead), newest=_who(hist.ahead[-1]))))
    if hist.off_chain:
        report.problems.append(Problem(where, _('{count} committed changes are not in the data file\'s history (from {first})').format(count=len(hist.off_chain), first=_who(hist.off_chain[0]))))
    for after, before in hist.gaps:
        accepted = _accepted(hist, after, before)
        if accepted is not None:
            how = (_('{where} nested too deep to read was removed, the journal lines that held it cannot be read').format(
                       where=accepted["pruned"]) if accepted.get("pruned")
                   else _('the state restored from a round backup, the journal before it lost') if accepted.get("restored")
                   else _('the state verified from a round backup'))
            report.notes.append(_('{tid}: {what} (accepted by {user} at revision {rev}: {how})').format(
                tid=tid, what=_break(hist, after, before), user=accepted.get("user", "?"), rev=accepted.get("rev"), how=how))
        else:
            report.problems.append(Problem(where, _break(hist, after, before)))
    if not hist.entries:
        report.problems.append(Problem(where, _('missing or empty')))
        return hist
    _replay_problems(store, tid, hist, meta, tdoc, report)
    return hist


def _replay_problems(store: Store, tid: str, hist: _journal.History, meta: dict[str, Any],
                     tdoc: dict[str, Any], report: Report) -> None:
    """The chain replayed from the creation must give the data file: what differs is named."""
    where = _('{where}, journal').format(where=tid)
    revision = int(meta.get("revision", 0))
    replayed = _journal.replay(hist.entries, _known_states(store, tid))
    for entry, error in replayed.problems:
        if entry.get("checkpoint") is not None:
            report.problems.append(Problem(where, _('the checkpoint {entry} is not the state the journal before it gives: {error}').format(entry=_who(entry), error=error)))
        else:
            report.problems.append(Problem(where, _('{entry} does not apply: {error}').format(entry=_who(entry), error=error)))
    last = hist.entries[-1]
    if hist.head_missing or len(hist.ahead) > 1:
        return
    if int(last.get("rev", 0)) != revision:
        report.problems.append(Problem(where, _('ends at revision {last}, the file is at {revision}').format(last=last.get("rev"), revision=revision)))
    elif replayed.doc is not None and replayed.doc != tdoc:
        report.problems.append(Problem(where, _('the data file differs from its journal: {differences}').format(
            differences="; ".join(_journal.differences(replayed.doc, tdoc)))))
    elif replayed.doc is None and last.get("state") not in (None, _journal.state_hash(tdoc)):
        report.problems.append(Problem(where, _('the data file is not the state its journal records at revision {rev}').format(rev=revision)))


def check(store: Store, tid: str) -> Report:
    report = Report(tid)
    try:
        meta, tdoc = store._read_raw(tid)
        tournament = tournament_from_dict(tdoc)
    except (TournamentError, *_BAD) as error:
        report.problems.append(Problem(tid, _('the file does not load: {error}').format(error=error)))
        report.loads = False
        if _too_deep(store, tid) is not None:
            report.notes.append(_("{tid}: hakem wrote it nested deeper than hakem reads (before it checked its writes); "
                                  "hakem doctor --repair {tid} removes what is too deep").format(tid=tid))
        _backup_problems(store, tid, report)
        return report
    for p in validate(tournament):
        report.problems.append(Problem(_('{where}, {where2}').format(where=tid, where2=p.where), p.message))
    try:
        _journal_problems(store, tid, meta, tdoc, report)
    except TournamentError as error:
        report.problems.append(Problem(_('{where}, journal').format(where=tid), str(error)))
    _stack_problems(store, tid, meta, tdoc, report)
    _backup_problems(store, tid, report)
    return report


def _backup_problems(store: Store, tid: str, report: Report) -> None:
    folder = _backup_folder_problem(store, tid)
    if folder is not None:
        report.problems.append(folder)
    report.problems.extend(verified_backups(store, tid)[1])


def _stack_problems(store: Store, tid: str, meta: dict[str, Any], tdoc: dict[str, Any], report: Report) -> None:
    """The undo and redo lists in the data file must be the ones the journal leads to (undo
    takes them from the journal; a list edited in the file is evidence of an edit)."""
    where = _('{where}, undo').format(where=tid)
    try:
        lists = store.stacks(tid)
    except TournamentError as error:
        report.problems.append(Problem(where, str(error)))
        return
    for which in ("undo", "redo"):
        stored = [str(i.get("id", "")) if isinstance(i, dict) else "?" for i in meta.get(which, [])]
        if stored != [str(i["id"]) for i in lists[which]]:
            report.problems.append(Problem(where, _('the {which} list in the data file is not the one its journal leads to (changed outside hakem; hakem uses the journal\'s)').format(which=which)))
    if lists.undo:
        try:
            _journal_apply_inverse(tdoc, store._ops_of(tid, lists.undo[-1], lists.history))
        except (TournamentError, *_BAD) as error:
            report.problems.append(Problem(where, _('the last change cannot be undone: {error}').format(error=error)))


def _backup_folder_problem(store: Store, tid: str) -> Problem | None:
    """``backups/ID`` when it is not a folder hakem can use (a planted link): named with what
    it is, whose and its mode — never followed — and the check goes on."""
    planted = _('is {what}, not a folder: round backups cannot be kept or used; remove it once you know who put it there')
    st = store.dir.lstat("backups")
    if st is None or not stat.S_ISDIR(st.st_mode):
        return None  # no folder yet, or a planted ``backups`` (the directory's check names it)
    try:
        top = store.dir.subdir("backups")
    except TournamentError as error:
        return Problem("backups", str(error))
    if top is None:
        return None
    try:
        inner = top.lstat(tid)
    finally:
        top.close()
    if inner is not None and not stat.S_ISDIR(inner.st_mode):
        return Problem(f"backups/{tid}", planted.format(what=describe_entry(inner)))
    return None


def _journal_apply_inverse(tdoc: dict[str, Any], ops: list[dict[str, Any]]) -> None:
    from core.store import diff as _diff

    _diff.apply(tdoc, _diff.invert(ops))


def _old_tip(files: list[_journal.JournalFile]) -> Entry | None:
    """The per-user layout without a data file: the newest entry no other entry builds on."""
    chained = [e for f in files for e in f.entries if "id" in e and "claimed_uid" not in e]
    bases = {str(e.get("base")) for e in chained}
    tips = [e for e in chained if str(e["id"]) not in bases]
    return max(tips, key=lambda e: (int(e.get("rev", 0)), str(e.get("time", ""))), default=None)


def _target(store: Store, tid: str, head: str | None) -> Entry | None:
    """The change the journal says the data file should be at: the file's head if the chain
    holds it and nothing committed lies beyond it; else the end of the longest chain."""
    chain = _journal.read_chain(store.dir, tid)
    ids = {str(e["id"]): e for e in chain.entries}
    if head in ids:
        hist = _journal.history(store.dir, tid, head, int(ids[head].get("rev", 0)))
        return hist.ahead[-1] if len(hist.ahead) > 1 else ids[head]
    longest = _journal.tip(chain)
    if longest:
        return longest[-1]
    return _old_tip([_journal.read_file(store.dir, n) for n in _journal.journal_names(store.dir, tid)])


def _journal_state(store: Store, tid: str, target: Entry) -> tuple[dict[str, Any] | None, _journal.History]:
    hist = _journal.history(store.dir, tid, str(target["id"]), int(target.get("rev", 0)))
    replayed = _journal.replay(hist.entries, _known_states(store, tid)) if hist.entries else None
    doc = replayed.doc if replayed is not None and replayed.verified else None
    if doc is not None:
        try:
            tournament_from_dict(doc)
        except _BAD:
            doc = None
    return doc, hist


def _from_backup(store: Store, tid: str) -> tuple[dict[str, Any], int, str, str]:
    """Without a journal that can give the state: the newest round backup the journal vouches
    for — never one while the journal holds changes after it (restoring it would throw them
    away: the journal is the record, the backup only a copy)."""
    known = _known_states(store, tid)
    newest = None
    for name in reversed(_backups(store, tid)):
        meta, doc = store.read_backup(tid, name)
        if str(meta.get("head", "")) in known:
            newest = (name, meta, doc)
            break
    if newest is None:
        raise StoreError(_('{tid}: the file is damaged and neither the journal nor a round backup it vouches for can rebuild it; nothing was changed').format(tid=tid))
    name, meta, doc = newest
    rev, head = int(meta.get("revision", 0)), str(meta.get("head", ""))
    later = [e for e in _journal.read_chain(store.dir, tid).entries if int(e.get("rev", 0)) > rev]
    if later:
        raise StoreError(_('{tid}: the journal goes on after the round backup {name} to revision {rev}; restoring the backup would throw those changes away, so nothing was changed (restore the journal from a copy of the directory)').format(
            tid=tid, name=name, rev=max(int(e.get("rev", 0)) for e in later)))
    return doc, rev, head, _("restored from backup {name}").format(name=name)


def _commit(store: Store, tid: str, meta: dict[str, Any], doc: dict[str, Any], action: str,
            extra: dict[str, Any] | None = None) -> int:
    with store.dir.lock():
        return store._commit_locked(tid, meta, doc, action, [], extra).revision


OPTION_DEPTH = 32
"""An option nested deeper than this is what a repair of a file written too deep removes
(hakem's own options — a cup, playoffs — are at most about 8 deep; a data file and a journal
line put at most 8 levels around an option, well inside the readers' 64)."""


def _too_deep(store: Store, tid: str) -> tuple[dict[str, Any], dict[str, Any], list[str]] | None:
    """(meta, the tournament without them, the option keys) when the data file does not load
    only because hakem wrote it nested deeper than it reads — an earlier hakem did not check
    its writes (``storage.refuse_unreadable``), e.g. an imported option nested 62 deep — and,
    read with :data:`bounded.REPAIR_DEPTH`, its journal vouches for it and only options are
    too deep.  ``None`` otherwise (a planted file, a forgery, anything else): those go the
    usual way, never trusted on their word."""
    import json

    with bounded.reading_deeper():
        try:
            meta, tdoc = store._read_raw(tid)
            tournament_from_dict(tdoc)
        except (TournamentError, *_BAD):
            return None
        if not check(store, tid).ok:  # the chain, the replay, the backups: all must agree
            return None
    raw = tdoc.get("options")
    options: dict[str, Any] = raw if isinstance(raw, dict) else {}
    deep = sorted(k for k, v in options.items()
                  if bounded.depth(json.dumps(v).encode("utf-8")) > OPTION_DEPTH)
    pruned = {**tdoc, "options": {k: v for k, v in options.items() if k not in deep}}
    if not deep or bounded.depth(json.dumps(pruned).encode("utf-8")) > OPTION_DEPTH:
        return None
    return meta, pruned, deep


def _repair_too_deep(store: Store, tid: str, report: Report) -> bool:
    """Remove the options of :func:`_too_deep` and go on from a checkpoint (the journal lines
    that hold them cannot be read by anyone: the chain starts again at the repair's entry,
    which records what was removed).  True when repaired."""
    found = _too_deep(store, tid)
    if found is None:
        return False
    meta, pruned, keys = found
    where = ", ".join(f"options.{k}" for k in keys)
    base = {**meta, "undo": [], "redo": [], "undo_dropped": 0, "schema": SCHEMA_VERSION}
    rev = _commit(store, tid, base, pruned, _("doctor: removed what was nested too deep to read ({where})").format(where=where),
                  {"checkpoint": pruned, "restored": True, "pruned": where})
    report.repairs.append(_("{tid}: {where} nested deeper than hakem reads was removed (written before hakem checked "
                            "its writes); the journal goes on from a checkpoint (revision {rev})").format(tid=tid, where=where, rev=rev))
    return True


def repair(store: Store, tid: str) -> Report:
    """Repair one tournament in place; returns what was done (and what is still wrong)."""
    store._writable()
    before = check(store, tid)
    report = Report(tid, notes=before.notes)
    if before.ok:
        return report
    if not before.loads and _repair_too_deep(store, tid, report):
        after = check(store, tid)
        report.problems, report.notes = after.problems, after.notes
        return report
    try:
        store._journal_bytes(tid)
    except TournamentError as error:  # permission denied is not damage: nothing is moved
        report.problems = before.problems
        report.notes.append(_('{tid}: not repaired: {error}').format(tid=tid, error=error))
        return report
    try:
        meta, tdoc = store._read_raw(tid)
        tournament_from_dict(tdoc)
    except (TournamentError, *_BAD):
        meta, tdoc = {}, None
    target = _target(store, tid, Store._head(meta) if meta else None)
    doc, hist = _journal_state(store, tid, target) if target is not None else (None, None)
    if doc is not None and hist is not None and target is not None:
        if any(e.get("legacy") for e in hist.entries):  # the oldest layout keeps its lists
            kept = {"undo": meta.get("undo", []), "redo": meta.get("redo", []), "undo_dropped": meta.get("undo_dropped", 0)}
        else:
            undo, redo, gone = _journal.stacks(hist.entries, UNDO_DEPTH)
            kept = {"undo": undo, "redo": redo, "undo_dropped": gone}
        base = {**meta, **kept, "schema": SCHEMA_VERSION, "revision": int(target.get("rev", 0)),
                "head": str(target["id"]), "archived": bool(meta.get("archived", False))}
        bridges = [[a, b] for a, b in hist.gaps if _accepted(hist, a, b) is None]
        lists_differ = any(meta.get(k, 0 if k == "undo_dropped" else []) != v for k, v in kept.items())
        if tdoc == doc and Store._head(meta) == str(target["id"]) and not bridges and lists_differ:
            rev = _commit(store, tid, base, doc, _("doctor: the undo list taken from the journal"))
            report.repairs.append(_('{tid}: the undo and redo lists are the journal\'s again (revision {rev})').format(tid=tid, rev=rev))
        elif tdoc == doc and Store._head(meta) == str(target["id"]) and not bridges:
            if hist.off_chain:  # a branch the data file left behind: a repair merges nothing
                report.notes.append(_("{tid}: a repair does not merge the {count} changes off the data file's history (from {first}); enter them again if they are wanted").format(
                    tid=tid, count=len(hist.off_chain), first=_who(hist.off_chain[0])))
        elif tdoc == doc and Store._head(meta) == str(target["id"]):
            rev = _commit(store, tid, base, doc, _("doctor: the state verified past a break in the journal"),
                          {"checkpoint": doc, "bridges": bridges})
            report.repairs.append(_('{tid}: the state is verified past the break in the journal (a round backup); the journal goes on from a checkpoint (revision {rev})').format(tid=tid, rev=rev))
        else:
            dropped = "; ".join(_journal.differences(doc, tdoc)) if tdoc is not None else ""
            on_history = {str(x["id"]) for x in hist.entries}
            later = [e for e in _journal.read_chain(store.dir, tid).entries
                     if int(e.get("rev", 0)) > int(target.get("rev", 0)) and str(e["id"]) not in on_history]
            if later:
                report.notes.append(_('{tid}: the journal holds {count} later entries that cannot be verified (from {first}); they were not applied').format(
                    tid=tid, count=len(later), first=_who(later[0])))
            rev = _commit(store, tid, base, doc, _("doctor: rebuilt from the journal"), {"dropped": dropped})
            text = (_('{tid}: rebuilt from the journal at revision {at} (revision {rev}); where the data file differed, its values were replaced by the journal\'s: {dropped}')
                    if dropped else _('{tid}: rebuilt from the journal at revision {at} (revision {rev})'))
            report.repairs.append(text.format(tid=tid, at=target.get("rev"), rev=rev, dropped=dropped))
    elif tdoc is None:
        doc, rev, head, how = _from_backup(store, tid)
        base = {"schema": SCHEMA_VERSION, "revision": rev, "head": head, "undo": [], "redo": [], "archived": False}
        new_rev = _commit(store, tid, base, doc, f"doctor: {how}", {"checkpoint": doc, "restored": True})
        report.repairs.append(_('{tid}: {how} (revision {rev})').format(tid=tid, how=how, rev=new_rev))
    else:
        report.notes.append(_('{tid}: cannot be repaired from the journal: it cannot be replayed past its break and no round backup was taken after it; restore the journal from a copy of the directory').format(tid=tid))
    _set_aside_unverified(store, tid, report)
    report.problems = check(store, tid).problems
    return report


def _set_aside_unverified(store: Store, tid: str, report: Report) -> None:
    """Round backups the journal does not vouch for are renamed to a hidden name beside the
    others (kept as evidence, never used, no longer reported) — only when there is a journal
    to vouch: without one, they may be all that is left to restore it with by hand."""
    if not _journal.read_chain(store.dir, tid).entries:
        return
    known = {p.where for p in verified_backups(store, tid)[1]}
    folder = store._backup_folder(tid, create=False) if known else None
    if folder is None:
        return
    try:
        for name in _backups(store, tid):
            if _('{where}, backup {name}').format(where=tid, name=name) in known:
                folder.rename(name, f".{name}.unverified")
                report.repairs.append(_('{tid}: the round backup {name} is not what the journal records; set aside as .{name}.unverified').format(tid=tid, name=name))
    finally:
        folder.close()


def tournament_ids(store: Store) -> list[str]:
    """Tournaments to check: every data file, and every journal whose data file is missing."""
    ids = set(store.ids())
    deleted = {tid for tid, _entry in _trash.unfinished(store.dir)}  # the directory's check names them
    pattern = re.compile(r"(.+)(\.journal(\.\d+)?\.jsonl|" + re.escape(_journal.CHAIN_SUFFIX) + ")")
    for name in store.dir.names():
        match = pattern.fullmatch(name) if name not in (LISTS_JOURNAL, CLUB_CHAIN_FILE) else None
        if match and _TID.fullmatch(match.group(1)) and match.group(1) not in deleted:
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
    report.problems.extend(foreign_entries(store))
    report.problems.extend(Problem(name, why) for name, why, _rev in rollbacks(store))
    report.problems.extend(Problem(tid, _('its deletion was interrupted: the data file is in the trash ({entry}), its '
                                          'journal or round backups are still here; hakem doctor --repair finishes it').format(entry=entry))
                           for tid, entry in _trash.unfinished(store.dir))
    return report


def rollbacks(store: Store) -> list[tuple[str, str, int]]:
    """(file, why, its revision now) for every data file whose journal no longer holds the
    newest head the register of heads recorded for it (:mod:`core.store.heads`): the file and
    its journal were put back from an older copy, consistently — the chain alone cannot tell."""
    from core.store import heads

    out = []
    for name, item in sorted(heads.newest(store.dir).items()):
        if store.dir.lstat(name) is None:
            continue  # removed: named by the other checks, if at all
        chain = CLUB_CHAIN if name == CLUB_DB else name[:-len(SUFFIX)] if name.endswith(SUFFIX) else None
        if chain is None:
            continue
        try:
            entries = _journal.read_chain(store.dir, chain).entries
        except (OSError, StoreError):
            continue  # an unreadable journal is named by the tournament's own check
        if any(str(e.get("id")) == item["head"] for e in entries):
            continue
        now = max((int(e.get("rev", 0)) for e in entries), default=0)
        out.append((name, _("hakem wrote revision {rev} of it ({time}), which its journal no longer holds (the journal "
                            "ends at revision {now}): the file and its journal were put back from an older copy; restore "
                            "the newer copy, or hakem doctor --repair accepts the older state as the record").format(
                                rev=item["rev"], time=item.get("time", ""), now=now), now))
    return out


def check_club(store: Store, contact: bool = True) -> Report:
    """The club database (the register, series, lists' metadata): its chain and its replay,
    with the tournaments' code (:func:`core.store.clubdb.verify`); a report named after its
    file, empty when the directory has none.  ``contact``: whether the reader may see the
    members' contact data (a difference there is otherwise named without its values)."""
    from core.store.clubdb import verify

    found = verify(store.dir, contact)
    present = store.dir.lstat(CLUB_DB) is not None or store.dir.lstat(CLUB_CHAIN_FILE) is not None
    return Report(CLUB_DB if present else "", [Problem("", p) for p in found.problems], notes=found.notes)


def repair_club(store: Store) -> Report:
    """The club database rebuilt from its journal where the file is not what the journal
    records (:func:`core.store.clubdb.rebuild`), then verified again."""
    from core.store.clubdb import rebuild

    store._writable()
    done = rebuild(store.dir)
    report = check_club(store)
    report.repairs.extend(done.repairs)
    report.notes.extend(done.notes)
    return report


_FOLDERS = ("backups", "lists", TRASH)
"""Folders hakem keeps in a data directory (round backups; the rating lists; deleted tournaments)."""


def foreign_entries(store: Store) -> list[Problem]:
    """Every entry of the data directory hakem did not put there, and every hakem file that
    is not what hakem writes (a link, a FIFO, a mode hakem never gives): named with what it
    is, its owner and mode, from ``lstat`` — nothing is opened or followed."""
    hakem_file = re.compile(r"(.+)(" + re.escape(SUFFIX) + "|" + re.escape(_journal.CHAIN_SUFFIX) + r"|\.journal(\.\d+)?\.jsonl)")
    out = []
    for name in store.dir.names():
        st = store.dir.lstat(name)
        if st is None or name.startswith(".") and (name.endswith(".tmp") or ".suspect-" in name):
            continue
        what = describe_entry(st)
        match = hakem_file.fullmatch(name)
        if name in (LISTS_JOURNAL, CLUB_DB, HEADS):
            if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
                out.append(Problem(name, _('is {what}, not a file hakem wrote; hakem will not use it').format(what=what)))
        elif name == TRASH:
            if not stat.S_ISDIR(st.st_mode):
                out.append(Problem(name, _('is {what}, not a folder: deleted tournaments cannot be kept there; remove it once you know who put it there').format(what=what)))
        elif name in _FOLDERS:
            if not stat.S_ISDIR(st.st_mode):
                out.append(Problem(name, _('is {what}, not a folder: round backups cannot be kept or used; remove it once you know who put it there').format(what=what)))
        elif match is None or not _TID.fullmatch(match.group(1)):
            out.append(Problem(name, _('not a hakem file ({what}); remove it once you know who put it there').format(what=what)))
        elif not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            out.append(Problem(name, _('is {what}, not a file hakem wrote; hakem will not use it').format(what=what)))
        elif stat.S_IMODE(st.st_mode) not in _modes(store, name):
            out.append(Problem(name, _('{what}: hakem gives its files mode {mode}; it was changed or written outside hakem').format(
                what=what, mode=f"{_modes(store, name)[0]:04o}")))
    return out


def _modes(store: Store, name: str) -> tuple[int, ...]:
    """The modes hakem gives a file of this name (a per-user journal of the earlier layout:
    only its owner wrote it)."""
    if re.search(r"\.journal\.\d+\.jsonl$", name):
        return (store.dir.own_mode, store.dir.file_mode)
    return (store.dir.file_mode,)


def repair_directory(store: Store) -> Report:
    from core.store import heads

    store._writable()
    report = Report("")
    for name in stray_files(store):
        store.dir.unlink(name)
        report.repairs.append(_('removed the temporary file {name} of an interrupted save').format(name=name))
    with store.dir.lock():
        for tid, entry in _trash.unfinished(store.dir):
            _trash.finish(store.dir, tid, entry)
            heads.removed(store.dir, f"{tid}{SUFFIX}", identity.current_user())
            report.repairs.append(_('{tid}: the interrupted deletion was finished (its journal and round backups are in '
                                    'the trash with its data file: {entry})').format(tid=tid, entry=entry))
    for name, _why, now in rollbacks(store):
        heads.accept(store.dir, name, now, identity.current_user())
        report.repairs.append(_('{name}: the older state (revision {rev}) was accepted as the record; the changes '
                                'after it that hakem wrote are not in this directory').format(name=name, rev=now))
    return report


__all__ = ["Report", "check", "check_club", "check_directory", "repair", "repair_club", "repair_directory", "stray_files",
           "tournament_ids"]
