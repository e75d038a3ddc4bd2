"""``hakem doctor``: verify a data directory and repair what can be repaired.

Checks, per tournament: the file loads (JSON, schema), the tournament is consistent
(:func:`core.validate.validate`), the journal replays from nothing to exactly the saved state
and ends at the saved revision, the undo stack applies, backups load.  Repair, in order of
preference: rebuild from the journal; otherwise the newest round backup plus the journal
entries after it; resynchronise a journal that lost its last line; remove stray temp files.
"""

from __future__ import annotations

from core.i18n import _

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import Problem, StoreError, TournamentError
from core.serialize import SCHEMA_VERSION, tournament_from_dict
from core.store import diff as _diff
from core.store.files import atomic_write, durable_append
from core.store.store import SUFFIX, Store, _now, current_user
from core.validate import validate


@dataclass
class Report:
    """What doctor found (and did) for one tournament."""

    tid: str
    problems: list[Problem] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _journal(store: Store, tid: str) -> tuple[list[dict[str, Any]], int]:
    path = store.journal_path(tid)
    if not path.exists():
        return [], 0
    entries, torn = [], 0
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict) or "ops" not in entry:
                raise ValueError
            entries.append(entry)
        except ValueError:
            torn += 1
    return entries, torn


def replay(entries: list[dict[str, Any]], upto: int | None = None) -> tuple[dict[str, Any], int]:
    """Apply journal entries from an empty document; returns (document, last revision)."""
    doc: dict[str, Any] = {}
    rev = 0
    for entry in entries:
        if upto is not None and int(entry.get("rev", 0)) > upto:
            break
        doc = _diff.apply(doc, entry["ops"])
        rev = int(entry.get("rev", rev))
    return doc, rev


def check(store: Store, tid: str) -> Report:
    report = Report(tid)
    where = f"{tid}"
    try:
        meta, tdoc = store._read_raw(tid)
        tournament = tournament_from_dict(tdoc)
    except (TournamentError, KeyError, TypeError, ValueError) as error:
        report.problems.append(Problem(where, _('the file does not load: {error}').format(error=error)))
        return report
    for p in validate(tournament):
        report.problems.append(Problem(_('{where}, {where2}').format(where=where, where2=p.where), p.message))
    entries, torn = _journal(store, tid)
    if torn:
        report.problems.append(Problem(_('{where}, journal').format(where=where), _('{torn} damaged line(s)').format(torn=torn)))
    revision = int(meta.get("revision", 0))
    if not entries:
        report.problems.append(Problem(_('{where}, journal').format(where=where), _('missing or empty')))
    else:
        try:
            doc, last = replay(entries)
        except (ValueError, KeyError, IndexError, TypeError) as error:
            report.problems.append(Problem(_('{where}, journal').format(where=where), _('does not replay: {error}').format(error=error)))
        else:
            if last != revision:
                report.problems.append(Problem(_('{where}, journal').format(where=where),
                                               _('ends at revision {last}, the file is at {revision}').format(last=last, revision=revision)))
            elif doc != tdoc:
                report.problems.append(Problem(_('{where}, journal').format(where=where), _('replays to a different state')))
    undo = meta.get("undo", [])
    if undo:
        try:
            _diff.apply(tdoc, undo[-1]["ops"], reverse=True)
        except (ValueError, KeyError, IndexError, TypeError) as error:
            report.problems.append(Problem(_('{where}, undo').format(where=where), _('the last change cannot be undone: {error}').format(error=error)))
    for backup in store.backups(tid):
        try:
            data = json.loads(backup.read_bytes())
            tournament_from_dict(data["tournament"]["1"])
        except (ValueError, KeyError, TypeError) as error:
            report.problems.append(Problem(_('{where}, backup {name}').format(where=where, name=backup.name), _('does not load: {error}').format(error=error)))
    return report


def _write_repaired(store: Store, tid: str, tdoc: dict[str, Any], revision: int, how: str) -> None:
    tournament_from_dict(tdoc)  # must load
    meta = {"schema": SCHEMA_VERSION, "revision": revision + 1, "modified": _now(),
            "modified_by": current_user(), "undo": [], "redo": [], "archived": False}
    payload = {"meta": {"1": meta}, "tournament": {"1": tdoc}}
    atomic_write(store.path(tid), json.dumps(payload, ensure_ascii=False, sort_keys=True,
                                             separators=(",", ":")).encode("utf-8"))
    entries, torn = _journal(store, tid)
    try:
        current, _rev = replay(entries) if entries else ({}, 0)
    except (ValueError, KeyError, IndexError, TypeError):
        torn += 1
    if torn:
        path = store.journal_path(tid)
        path.rename(path.with_name(f"{path.name}.damaged-rev{revision}"))
        current = {}
    entry = {"rev": revision + 1, "time": meta["modified"], "user": meta["modified_by"],
             "action": f"doctor: {how}", "ops": _diff.diff(current, tdoc)}
    durable_append(store.journal_path(tid), (json.dumps(entry, ensure_ascii=False) + "\n").encode())


def repair(store: Store, tid: str) -> Report:
    """Repair one tournament in place; returns what was done (and what is still wrong)."""
    store._writable()
    before = check(store, tid)
    report = Report(tid, repairs=[])
    if before.ok:
        return report
    loads = not any("does not load" in p.message for p in before.problems if p.where == tid)
    entries, _torn = _journal(store, tid)
    if not loads:
        try:
            doc, rev = replay(entries)
            if not doc:
                raise ValueError("empty journal")
            tournament_from_dict(doc)
            _write_repaired(store, tid, doc, rev, "rebuilt from the journal")
            report.repairs.append(f"rebuilt {tid} from the journal (revision {rev})")
        except (ValueError, KeyError, IndexError, TypeError, TournamentError):
            backups = store.backups(tid)
            if not backups:
                raise StoreError(_('{tid}: the file is damaged and neither the journal nor a backup can rebuild it').format(tid=tid))
            data = json.loads(backups[-1].read_bytes())
            doc = data["tournament"]["1"]
            rev = int(data["meta"]["1"].get("revision", 0))
            for entry in entries:
                if int(entry.get("rev", 0)) > rev:
                    try:
                        doc = _diff.apply(doc, entry["ops"])
                        rev = int(entry["rev"])
                    except (ValueError, KeyError, IndexError, TypeError):
                        break
            _write_repaired(store, tid, doc, rev, f"restored from {backups[-1].name}")
            report.repairs.append(f"restored {tid} from backup {backups[-1].name} and the journal "
                                  f"up to revision {rev}")
    elif any(p.where.endswith("journal") for p in before.problems):
        meta, tdoc = store._read_raw(tid)
        rev = int(meta.get("revision", 0))
        _entries, torn = _journal(store, tid)
        try:
            current, _rev = replay(entries)
        except (ValueError, KeyError, IndexError, TypeError):
            torn += 1
            current = {}
        if torn:
            # keep the damaged trail for the record, start a clean one from the saved state
            path = store.journal_path(tid)
            kept = path.with_name(f"{path.name}.damaged-rev{rev}")
            path.rename(kept)
            current = {}
            report.repairs.append(f"moved the damaged journal of {tid} to {kept.name}")
        entry = {"rev": rev, "time": _now(), "user": current_user(),
                 "action": "doctor: journal resynchronised", "ops": _diff.diff(current, tdoc)}
        durable_append(store.journal_path(tid), (json.dumps(entry, ensure_ascii=False) + "\n").encode())
        report.repairs.append(f"resynchronised the journal of {tid} at revision {rev}")
    for tmp in store.data_dir.glob(f".{tid}{SUFFIX}.*.tmp"):
        tmp.unlink(missing_ok=True)
        report.repairs.append(f"removed stray temporary file {tmp.name}")
    report.problems = check(store, tid).problems
    return report


def tournament_ids(store: Store) -> list[str]:
    return sorted(p.name[: -len(SUFFIX)] for p in store.data_dir.glob(f"*{SUFFIX}"))


__all__ = ["Report", "check", "repair", "replay", "tournament_ids", "Path"]
