"""The hash-chained journal (issue 30): what a member of the group changes by hand is evident.

Each attack is one the audit showed against the per-user journals (B3–B6, B8, B10), run here on
files in a temporary directory; ``test_store_attacks.py`` runs them as real Unix users.  The
expected values are written out by hand from the change each test makes (a result, a role),
never read back from hakem's own output.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from core.changes.roles import set_roles
from core import changes
from core.errors import StoreError
from core.model import Board, Tournament
from core.pairing.base import RoundPairing
from core import identity
from core import file_safety as files
from core.store import Store, doctor
from core.store import journal as _journal
from tests.test_store_faults import _Disk

DATA = Path(__file__).parent / "data" / "store-per-user-layout"


def _event(store: Store) -> str:
    """A tournament with a round of two boards and the first result entered."""
    tid = store.create(Tournament(id="", name="Club Open", total_rounds=3))
    for name, rating in (("Ann", 2400), ("Ben", 2300), ("Cem", 2200), ("Dan", 2100)):
        store.update(tid, f"add {name}", lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair 1", lambda t: changes.apply_pairing(t, RoundPairing(1, (Board(1, 3), Board(2, 4)), ())))
    store.update(tid, "result 1.1 1-0", lambda t: changes.set_result(t, 1, 1, "1-0"))
    return tid


def _edit_data_file(store: Store, tid: str, edit) -> None:
    raw = json.loads(store.path(tid).read_bytes())
    edit(raw["tournament"]["1"])
    store.path(tid).write_text(json.dumps(raw))


def _problems(store: Store, tid: str) -> str:
    return "\n".join(str(p) for p in doctor.check(Store(store.data_dir), tid).problems)


def test_every_entry_names_the_hash_of_the_one_before_and_the_data_file_the_newest(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    lines = store.journal_path(tid).read_bytes().splitlines()
    assert len(lines) == 7
    hashes = [_journal.digest(line) for line in lines]
    entries = [json.loads(line) for line in lines]
    assert entries[0]["prev"] is None and entries[0]["rev"] == 1
    assert [e["prev"] for e in entries[1:]] == hashes[:-1]
    meta = json.loads(store.path(tid).read_bytes())["meta"]["1"]
    assert meta["head"] == hashes[-1] and meta["revision"] == 7
    assert doctor.check(Store(tmp_path), tid).ok


def test_b3_a_rewritten_result_line_is_named_by_doctor_and_marked_by_the_log(tmp_path, monkeypatch, capsys):
    from core.cli import main

    store = Store(tmp_path)
    tid = _event(store)
    store.update(tid, "result 1.2 1-0", lambda t: changes.set_result(t, 1, 2, "1-0"))
    store.update(tid, "add Eve", lambda t: changes.add_player(t, "Eve", rating=2000))
    journal = store.journal_path(tid)
    lines = journal.read_text().splitlines()
    forged = lines[7].replace('"1-0"', '"0-1"').replace("result 1.2 1-0", "result 1.2 0-1")
    assert forged != lines[7]
    journal.write_text("\n".join([*lines[:7], forged, *lines[8:]]) + "\n")
    problems = _problems(store, tid)
    assert "revision 9 (root: add Eve) does not follow the journal before it" in problems.replace(os.environ.get("USER", "root"), "root") \
        or "revision 9" in problems and "revision 8" in problems
    assert "revision 8" in problems and "was changed after it was written" in problems
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    main(["log", tid])
    out = capsys.readouterr().out
    assert "result 1.2 0-1" in out and "changed after it was written" in out


def test_b4_undo_takes_the_operations_from_the_chain_not_from_a_planted_file(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    store.update(tid, "roles", lambda t: set_roles(t, {"chief-arbiter": ["*"]}))
    store.update(tid, "result 1.2 1/2", lambda t: changes.set_result(t, 1, 2, "1/2-1/2"))
    head = json.loads(store.path(tid).read_bytes())["meta"]["1"]["undo"][-1]["id"]
    # mallory's own journal file claims the id of alice's change: undoing (inverting) its
    # operations would make her chief arbiter
    planted = {"id": head, "base": None, "rev": 9, "uid": 4242, "user": "mallory", "action": "result 1.2 1/2",
               "ops": [{"p": ["options", "roles", "chief-arbiter"], "o": ["user:mallory"], "n": ["*"]}]}
    (tmp_path / f"{tid}.journal.00.jsonl").write_text(json.dumps(planted) + "\n")
    after = store.undo(tid).tournament
    assert after.options["roles"] == {"chief-arbiter": ["*"]}
    assert after.rounds[0].boards[1].result is None


def test_b5_a_result_and_a_role_changed_in_the_data_file_are_named_refused_and_repaired(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    alice = f"user:{identity.current_user()}"
    store.update(tid, "roles", lambda t: set_roles(t, {"chief-arbiter": [alice], "viewer": ["user:mallory"]}))

    def forge(tdoc):
        tdoc["rounds"][0]["boards"][0]["r"] = "0-1"
        tdoc["options"]["roles"]["chief-arbiter"] = [alice, "user:mallory"]

    _edit_data_file(store, tid, forge)
    problems = _problems(store, tid)
    assert 'round 1, board 1, r: "1-0" in the journal, "0-1" in the file' in problems
    assert "roles, chief-arbiter" in problems and "user:mallory" in problems
    # the next change by hakem refuses to build on it
    with pytest.raises(StoreError, match="changed outside hakem"):
        Store(tmp_path).update(tid, "result 1.2 1-0", lambda t: changes.set_result(t, 1, 2, "1-0"))
    fixed = doctor.repair(Store(tmp_path), tid)
    assert fixed.ok, fixed.problems
    t = Store(tmp_path).load(tid).tournament
    assert t.rounds[0].boards[0].result is not None and str(t.rounds[0].boards[0].result.value) == "1-0"
    assert t.options["roles"] == {"chief-arbiter": [alice], "viewer": ["user:mallory"]}
    last = Store(tmp_path).journal(tid)[-1]
    assert last.get("checkpoint") is None and last["ops"] == [] and "0-1" in last["dropped"]


def test_b5_a_fake_checkpoint_over_deleted_journals_is_not_ok(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    raw = json.loads(store.path(tid).read_bytes())
    tdoc = raw["tournament"]["1"]
    tdoc["options"]["roles"] = {"chief-arbiter": ["user:mallory"]}
    fake = {"prev": "0" * 64, "rev": 8, "time": "2026-01-01T00:00:00+00:00", "uid": 1000, "user": "alice",
            "action": "doctor: journal checkpoint", "ops": [], "checkpoint": tdoc,
            "state": _journal.state_hash(tdoc)}
    line = _journal.canonical(fake)
    store.journal_path(tid).write_bytes(line + b"\n")
    raw["meta"]["1"].update(head=_journal.digest(line), revision=8)
    store.path(tid).write_text(json.dumps(raw))
    report = doctor.check(Store(tmp_path), tid)
    assert not report.ok
    assert any("entries missing between revisions 0 and 8" in p.message for p in report.problems)
    # repair cannot verify the state and says so; it does not bless it
    fixed = doctor.repair(Store(tmp_path), tid)
    assert not fixed.ok and any("cannot be repaired from the journal" in n for n in fixed.notes)
    assert len(store.journal_path(tid).read_bytes().splitlines()) == 1


def test_b6_an_older_copy_of_the_data_file_is_detected_refused_and_rolled_forward(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    old = store.path(tid).read_bytes()
    store.update(tid, "roles", lambda t: set_roles(t, {"chief-arbiter": ["*"]}))
    store.update(tid, "result 1.2 0-1", lambda t: changes.set_result(t, 1, 2, "0-1"))
    store.update(tid, "pair 2", lambda t: changes.apply_pairing(t, RoundPairing(2, (Board(3, 2), Board(4, 1)), ())))
    for board, result in ((1, "1-0"), (2, "1/2-1/2")):
        store.update(tid, f"result 2.{board}", lambda t, b=board, r=result: changes.set_result(t, 2, b, r))
    expected = store.load(tid).tournament
    store.path(tid).write_bytes(old)  # an old copy put back over the data file
    problems = _problems(store, tid)
    assert "the data file is at revision 7, but the journal goes on with 5 changes to revision 12" in problems
    with pytest.raises(StoreError, match="an older copy of the file was put in its place"):
        Store(tmp_path).update(tid, "add Eve", lambda t: changes.add_player(t, "Eve"))
    fixed = doctor.repair(Store(tmp_path), tid)
    assert fixed.ok, fixed.problems
    assert "rebuilt from the journal at revision 12" in fixed.repairs[0]
    assert Store(tmp_path).load(tid).tournament == expected
    Store(tmp_path).update(tid, "add Eve", lambda t: changes.add_player(t, "Eve"))
    assert doctor.check(Store(tmp_path), tid).ok


def test_changes_left_on_a_branch_by_an_older_hakem_are_named_not_merged(tmp_path, monkeypatch):
    """An old copy put back and then written by a hakem that does not check the journal: the
    changes after the copy are committed (something builds on them) but off the data file's
    history — named by doctor, and a repair says it does not merge them."""
    store = Store(tmp_path)
    tid = _event(store)
    old = store.path(tid).read_bytes()
    for name in ("Eve", "Fay", "Gus"):
        store.update(tid, f"add {name}", lambda t, n=name: changes.add_player(t, n))
    store.path(tid).write_bytes(old)
    monkeypatch.setattr(Store, "_check_journal", lambda self, tid, loaded: None)
    Store(tmp_path).update(tid, "add Hal", lambda t: changes.add_player(t, "Hal"))
    monkeypatch.undo()
    report = doctor.check(Store(tmp_path), tid)
    assert any("2 committed changes are not in the data file's history (from revision 8" in p.message
               for p in report.problems), report.problems
    fixed = doctor.repair(Store(tmp_path), tid)
    assert not fixed.ok and any("does not merge the 2 changes" in n for n in fixed.notes)
    assert [p.name for p in Store(tmp_path).load(tid).tournament.players][-1] == "Hal"


def test_b8_a_file_nested_200000_deep_is_named_and_skipped(tmp_path, monkeypatch, capsys):
    from core.app.workspace import Workspace
    from core.cli import main

    store = Store(tmp_path)
    tid = _event(store)
    (tmp_path / "zzz.hakem.json").write_text("[" * 200_000 + "]" * 200_000)
    (tmp_path / "digits.hakem.json").write_text('{"meta": {"1": {"revision": ' + "9" * 5000 + '}}, "tournament": {"1": {}}}')
    with open(tmp_path / "huge.hakem.json", "wb") as f:
        f.truncate(300 << 20)  # sparse: 300 MB that are never read
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    assert main(["list"]) == 0
    out = capsys.readouterr()
    assert tid in out.out
    assert "zzz cannot be listed" in out.err and "nested 200000 deep" in out.err
    assert "digits cannot be listed" in out.err and "an integer of 5000 digits" in out.err
    assert "huge cannot be listed" in out.err and "refusing to read it" in out.err
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert f"ok: {tid}" in out and "zzz.hakem.json" in out
    rows, problems = Workspace(tmp_path).list_with_problems()
    assert [r.id for r in rows] == [tid] and sorted(p[0] for p in problems) == ["digits", "huge", "zzz"]


def test_b8_a_deep_journal_line_is_an_unreadable_line_not_a_crash(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    with open(store.journal_path(tid), "a") as f:
        f.write("[" * 100_000 + "\n")
    report = doctor.check(Store(tmp_path), tid)
    assert report.ok and any("unreadable journal line" in n for n in report.notes)


def test_b10_a_create_on_a_full_disk_leaves_nothing_behind(tmp_path, monkeypatch):
    store = Store(tmp_path)
    tournament = Tournament(id="blitz", name="Blitz", total_rounds=5)
    real = os.write
    for free in range(0, 20_000, 37):
        monkeypatch.setattr(files.os, "write", _Disk(free).write)
        try:
            store.create(tournament)
        except StoreError as error:
            assert "nothing was changed" in str(error)
            monkeypatch.setattr(files.os, "write", real)
            assert sorted(p.name for p in tmp_path.iterdir()) == [], f"left behind with {free} bytes free"
            assert doctor.tournament_ids(Store(tmp_path)) == []
            continue
        monkeypatch.undo()
        break
    else:
        pytest.fail("the creation never fitted")
    assert Store(tmp_path).ids() == ["blitz"] and doctor.check(Store(tmp_path), "blitz").ok


def _per_user_layout(tmp_path: Path) -> Path:
    """A directory written by the previous version (one journal per Unix user)."""
    data = tmp_path / "club"
    data.mkdir()
    shutil.copy(DATA / "club-open.hakem.json", data / "club-open.hakem.json")
    shutil.copy(DATA / "club-open.journal.UID.jsonl", data / f"club-open.journal.{os.getuid()}.jsonl")
    return data


def test_a_directory_of_per_user_journals_opens_and_is_chained_on_the_first_write(tmp_path):
    data = _per_user_layout(tmp_path)
    store = Store(data)
    assert doctor.check(store, "club-open").ok
    assert [e["action"] for e in store.journal("club-open")][-2:] == ["round pair 1", "result 1.1 1-0"]
    old_head = json.loads((data / "club-open.hakem.json").read_bytes())["meta"]["1"]["head"]
    store.update("club-open", "result 1.2 0-1", lambda t: changes.set_result(t, 1, 2, "0-1"))
    chain = [json.loads(line) for line in store.journal_path("club-open").read_text().splitlines()]
    assert len(chain) == 1 and chain[0]["prev"] == old_head and chain[0]["rev"] == 8
    history = Store(data).journal("club-open")
    assert [e["rev"] for e in history] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert doctor.check(Store(data), "club-open").ok
    # undo reaches back into the earlier layout: the new result, then the old one
    Store(data).undo("club-open")
    t = Store(data).undo("club-open").tournament
    assert [b.result for b in t.rounds[0].boards] == [None, None]
    assert doctor.check(Store(data), "club-open").ok


async def test_b8_the_tui_starts_and_names_the_planted_file(tmp_path, monkeypatch):
    from tui.app import HakemApp

    store = Store(tmp_path)
    store.create(Tournament(id="", name="Healthy"))
    (tmp_path / "zzz.hakem.json").write_text("{" * 200_000)
    shown: list[str] = []
    monkeypatch.setattr(HakemApp, "notify", lambda self, message, **kw: shown.append(str(message)))
    app = HakemApp(data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    assert any("zzz cannot be read" in m and "nested 200000 deep" in m for m in shown), shown
