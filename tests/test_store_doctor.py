"""hakem doctor: detects damage and repairs from the journal or the round backups."""

from __future__ import annotations

import json

import pytest

from core import changes
from core.errors import StoreError
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import RoundPairing
from core.store import Store, doctor


def _event(store: Store) -> str:
    tid = store.create(Tournament(id="", name="Doctor", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200)):
        store.update(tid, f"add {name}", lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair 1", lambda t: changes.apply_pairing(
        t, RoundPairing(1, (Board(1, 2),), (Bye(3, ByeKind.PAB),))))
    store.update(tid, "result", lambda t: changes.set_result(t, 1, 1, "1-0"))
    store.update(tid, "pair 2", lambda t: changes.apply_pairing(
        t, RoundPairing(2, (Board(3, 1),), (Bye(2, ByeKind.PAB),))))
    return tid


def test_a_healthy_directory_is_ok(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    assert doctor.check(store, tid).ok
    assert len(store.backups(tid)) == 2  # one per round boundary


def test_torn_data_file_is_rebuilt_from_the_journal(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    expected = store.load(tid).tournament
    data = store.path(tid).read_bytes()
    store.path(tid).write_bytes(data[: len(data) // 2])  # a torn file (what atomic writes prevent)
    fresh = Store(tmp_path)
    report = doctor.check(fresh, tid)
    assert not report.ok and "does not load" in str(report.problems[0])
    fixed = doctor.repair(fresh, tid)
    assert fixed.ok and "rebuilt" in fixed.repairs[0]
    assert Store(tmp_path).load(tid).tournament == expected


def test_without_a_journal_a_backup_nothing_vouches_for_is_not_restored(tmp_path):
    # a round backup is a file anyone in the group can edit: with the journal destroyed
    # nothing says it is what hakem wrote, so repair names it and restores nothing (it used to
    # restore it, and with it whatever was edited into it)
    store = Store(tmp_path)
    tid = _event(store)
    store.path(tid).write_text("garbage")
    store.journal_path(tid).write_text("garbage\n")
    report = doctor.check(Store(tmp_path), tid)
    assert any("backup" in p.where and "not on the journal" in p.message for p in report.problems)
    with pytest.raises(StoreError, match="neither the journal nor a round backup it vouches for"):
        doctor.repair(Store(tmp_path), tid)
    assert store.path(tid).read_text() == "garbage"


def test_a_lost_journal_line_is_resynchronised(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    lines = store.journal_path(tid).read_text().splitlines(keepends=True)
    store.journal_path(tid).write_text("".join(lines[:-1]))
    report = doctor.check(store, tid)
    assert any("journal" in p.where for p in report.problems)
    assert doctor.repair(store, tid).ok


def test_inconsistent_tournament_is_reported(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    raw = json.loads(store.path(tid).read_bytes())
    raw["tournament"]["1"]["rounds"][0]["boards"][0]["b"] = 99
    store.path(tid).write_text(json.dumps(raw))
    report = doctor.check(Store(tmp_path), tid)
    assert any("player 99 is not registered" in str(p) for p in report.problems)


def test_cli_doctor_exit_codes(tmp_path, monkeypatch, capsys):
    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    tid = _event(Store(tmp_path))
    assert main(["doctor"]) == 0
    assert f"ok: {tid}" in capsys.readouterr().out
    Store(tmp_path).path(tid).write_text("{")
    assert main(["doctor"]) == 1
    assert main(["doctor", "--repair"]) == 0


def test_a_kill_between_journal_and_data_file_leaves_no_gap(tmp_path):
    import os

    from core import file_safety as files

    store = Store(tmp_path)
    tid = _event(store)
    before = store.path(tid).read_bytes()
    pid = os.fork()
    if pid == 0:  # the child dies right after the journal entry, before the rename
        files.SafeDir.replace = lambda self, name, data, mode=None: os._exit(9)  # type: ignore[method-assign]
        try:
            Store(tmp_path).update(tid, "dies", lambda t: changes.add_player(t, "X"))
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 9
    assert store.path(tid).read_bytes() == before
    fresh = Store(tmp_path)
    history = fresh.history(tid)
    assert history.gaps == [] and history.aborted == 1
    report = doctor.check(fresh, tid)
    assert report.ok and "did not complete" in report.notes[0]
    fresh.update(tid, "after", lambda t: changes.add_player(t, "Y"))
    assert doctor.check(Store(tmp_path), tid).ok
    assert "dies" not in [e["action"] for e in Store(tmp_path).journal(tid)]


def test_a_deleted_entry_is_a_gap_the_log_walks_past(tmp_path, capsys, monkeypatch):
    from core.cli import main

    store = Store(tmp_path)
    tid = _event(store)
    lines = store.journal_path(tid).read_text().splitlines(keepends=True)
    store.journal_path(tid).write_text("".join(lines[:3] + lines[4:]))  # revision 4 removed
    history = Store(tmp_path).history(tid)
    assert history.gaps == [(3, 5)]
    assert [e["rev"] for e in history.entries] == [1, 2, 3, 5, 6, 7]  # everything else still there
    report = doctor.check(Store(tmp_path), tid)
    assert any("between revisions 3 and 5" in p.message for p in report.problems)
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    main(["log", tid])
    assert "entries missing between revisions 3 and 5" in capsys.readouterr().out
    fixed = doctor.repair(Store(tmp_path), tid)
    assert "checkpoint" in fixed.repairs[0]
    assert [e["rev"] for e in Store(tmp_path).journal(tid)][:3] == [1, 2, 3]  # not set aside
    # the gap stays on record as a note; the state is verified from the checkpoint on
    assert fixed.ok
    assert any("between revisions 3 and 5" in n for n in doctor.check(Store(tmp_path), tid).notes)
