"""A fresh-eyes review of the store on hostile ground (issue 30, second round), in-process.

Each test is one finding: a backup edited to make mallory chief arbiter and then restored; an
undo list in the data file pointed at an older change or given a false label; writes going on
over an edited, missing or replaced journal; one planted file stopping doctor or the pairing;
stray entries doctor did not name; reading commands silent about a hand-edited file.  The
attacks that need a second Unix user (a journal made unreadable) are in
``test_store_review_users.py``.  Expected values are written out from the change each test
makes, never read back from hakem's own output.
"""

from __future__ import annotations

import json
import os
import stat

import pytest

from core.changes.roles import set_roles
from core import changes, roles
from core.errors import StoreError
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import RoundPairing
from core.store import Store, doctor, storage


def _event(store: Store) -> str:
    """Two rounds paired (so a round backup exists at revision 6), results entered."""
    tid = store.create(Tournament(id="", name="Review", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200)):
        store.update(tid, f"add {name}", lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair 1", lambda t: changes.apply_pairing(
        t, RoundPairing(1, (Board(1, 2),), (Bye(3, ByeKind.PAB),))))
    store.update(tid, "result 1.1 1-0", lambda t: changes.set_result(t, 1, 1, "1-0"))
    store.update(tid, "pair 2", lambda t: changes.apply_pairing(
        t, RoundPairing(2, (Board(3, 1),), (Bye(2, ByeKind.PAB),))))
    store.update(tid, "result 2.1 0-1", lambda t: changes.set_result(t, 2, 1, "0-1"))
    return tid


def _meta(store: Store, tid: str) -> dict:
    return json.loads(store.path(tid).read_bytes())["meta"]["1"]


def _edit_meta(store: Store, tid: str, edit) -> None:
    raw = json.loads(store.path(tid).read_bytes())
    edit(raw["meta"]["1"])
    store.path(tid).write_text(json.dumps(raw))


def _journal_lines(store: Store, tid: str) -> list[bytes]:
    return store.journal_path(tid).read_bytes().splitlines()


def _problems(store: Store, tid: str) -> str:
    return "\n".join(str(p) for p in doctor.check(Store(store.data_dir), tid).problems)


# -- 1. backups are evidence only when the chain vouches for them --------------------------

def _edit_backup_roles(store: Store, tid: str) -> str:
    """mallory's edit: the newest round backup's roles say she is chief arbiter."""
    newest = store.backups(tid)[-1]
    raw = json.loads(newest.read_bytes())
    raw["tournament"]["1"]["options"]["roles"] = {"chief-arbiter": ["user:mallory"]}
    newest.write_text(json.dumps(raw))
    return newest.name


def test_an_edited_backup_is_reported_and_never_restored(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    name = _edit_backup_roles(store, tid)
    assert f"backup {name}: is not the state the journal records at revision 6" in _problems(store, tid)
    store.path(tid).write_text("garbage")  # the data file destroyed; the journal intact
    fixed = doctor.repair(Store(tmp_path), tid)
    t = Store(tmp_path).load(tid).tournament
    # rebuilt from the journal: round 2 and its result are there, no roles table was ever set
    assert roles.table(t) == {} and len(t.rounds) == 2 and t.rounds[1].boards[0].result.value == "0-1"
    assert any(f"set aside as .{name}.unverified" in line for line in fixed.repairs)
    assert fixed.ok


def test_a_repair_names_the_changes_it_cannot_verify_and_does_not_apply(tmp_path):
    # the chain breaks after revision 6 (revision 7, pair 2, removed) and the data file is
    # gone: the journal is verified to revision 6; revisions 8 and 9 stand after the break.
    # Repair rebuilds revision 6 and says what it did not apply (it used to be silent)
    store = Store(tmp_path)
    tid = _event(store)
    store.update(tid, "add D", lambda t: changes.add_player(t, "D", rating=2000))
    lines = _journal_lines(store, tid)
    store.journal_path(tid).write_bytes(b"\n".join(lines[:6] + lines[7:]) + b"\n")  # revision 7 removed
    store.path(tid).write_text("garbage")
    fixed = doctor.repair(Store(tmp_path), tid)
    assert any("rebuilt from the journal at revision 6" in line for line in fixed.repairs)
    assert any("2 later entries that cannot be verified (from revision 8 (root: result 2.1 0-1)); they were not applied" in line
               for line in fixed.notes)
    assert [p.name for p in Store(tmp_path).load(tid).tournament.players] == ["A", "B", "C"]


# -- 2. undo takes its target from the chain, never from the data file's list ---------------

def test_an_undo_list_pointed_at_an_older_change_is_not_followed(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    store.update(tid, "add D", lambda t: changes.add_player(t, "D", rating=2000))
    older = next(e for e in store.journal(tid) if e["action"] == "add B")
    _edit_meta(store, tid, lambda m: m["undo"].append({"id": older["id"], "rev": older["rev"], "action": "add D"}))
    assert "the undo list in the data file is not the one its journal leads to" in _problems(store, tid)
    Store(tmp_path).undo(tid)
    # the newest change (add D) is undone; B is still there
    assert [p.name for p in Store(tmp_path).load(tid).tournament.players] == ["A", "B", "C"]
    assert doctor.repair(Store(tmp_path), tid).ok


def test_an_undo_label_is_the_chain_entry_s_own_words(tmp_path):
    # mallory's forged item names a real entry (the one that made her a viewer) with the
    # words of a harmless result: alice's undo would have written "undo: result …" while
    # giving mallory back her old role; the item is not taken from the file at all now
    store = Store(tmp_path)
    tid = _event(store)
    store.update(tid, "roles", lambda t: set_roles(t, {"chief-arbiter": ["user:root"], "viewer": ["user:mallory"]}))
    store.update(tid, "result 2.1 1-0", lambda t: changes.set_result(t, 2, 1, "1-0"))
    grant = next(e for e in store.journal(tid) if e["action"] == "roles")
    _edit_meta(store, tid, lambda m: m.update(undo=[{"id": grant["id"], "rev": grant["rev"], "action": "result round 1 board 3 0-1"}]))
    Store(tmp_path).undo(tid)
    last = json.loads(_journal_lines(store, tid)[-1])
    assert last["action"] == "undo: result 2.1 1-0"
    assert roles.table(Store(tmp_path).load(tid).tournament)["viewer"] == ["user:mallory"]


# -- 3. no write over a journal that does not verify, or is missing -------------------------

def test_a_commit_refuses_a_journal_with_an_edited_middle_line(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    lines = _journal_lines(store, tid)
    assert b'"n":"1-0"' in lines[5]
    lines[5] = lines[5].replace(b'"n":"1-0"', b'"n":"0-1"')  # result 1.1 rewritten in place
    store.journal_path(tid).write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(StoreError, match="the journal does not verify up to revision 8"):
        Store(tmp_path).update(tid, "result 2.1 1-0", lambda t: changes.set_result(t, 2, 1, "1-0"))
    # the same process, its chain verified before the edit: the edit is seen too
    with pytest.raises(StoreError, match="does not verify"):
        store.update(tid, "result 2.1 1-0", lambda t: changes.set_result(t, 2, 1, "1-0"))
    assert len(_journal_lines(store, tid)) == 8


def test_a_missing_journal_refuses_writes_and_never_starts_a_new_one(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    store.journal_path(tid).unlink()
    with pytest.raises(StoreError, match=f"the journal of {tid} is missing"):
        Store(tmp_path).update(tid, "add D", lambda t: changes.add_player(t, "D"))
    with pytest.raises(StoreError, match=f"the journal of {tid} is missing"):
        Store(tmp_path).undo(tid)
    assert not store.journal_path(tid).exists()
    # the data file forged without a head (as if never journaled): refused likewise
    _edit_meta(store, tid, lambda m: m.pop("head"))
    with pytest.raises(StoreError, match=f"the journal of {tid} is missing"):
        Store(tmp_path).update(tid, "add D", lambda t: changes.add_player(t, "D"))
    assert not store.journal_path(tid).exists()


# -- 4. one planted entry stops nobody ------------------------------------------------------

@pytest.mark.parametrize("planted", ["backups", "inner"])
def test_a_linked_backups_folder_is_named_and_the_rest_is_checked(tmp_path, planted, monkeypatch, capsys):
    from core.cli import main

    store = Store(tmp_path)
    tid = _event(store)
    other = store.create(Tournament(id="", name="Other", total_rounds=1))
    target = tmp_path.parent / f"elsewhere-{planted}"
    target.mkdir()
    where = tmp_path / "backups" if planted == "backups" else tmp_path / "backups" / tid
    os.rename(where, tmp_path.parent / f"moved-{planted}")
    where.symlink_to(target)
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    name = "backups" if planted == "backups" else f"backups/{tid}"
    assert f"{name}: is a symbolic link, owner" in out and "not a folder" in out
    assert f"ok: {other}" in out
    with pytest.raises(StoreError, match=f"the round backups of '{tid}' cannot be kept: {name} is a symbolic link, owner"):
        Store(tmp_path).update(tid, "pair 3", lambda t: changes.apply_pairing(
            t, RoundPairing(3, (Board(1, 3),), (Bye(2, ByeKind.PAB),))))
    assert os.listdir(target) == []


def test_a_huge_data_file_is_refused_unread_and_long_names_are_cut(tmp_path):
    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="N" * 10_000, total_rounds=1))
    with open(tmp_path / "huge.hakem.json", "wb") as f:
        f.truncate(storage.MAX_DATA_BYTES + 1)  # sparse: never read
    rows, problems = store.list_with_problems()
    assert [r.id for r in rows] == [tid] and len(rows[0].name) == 120 and rows[0].name.endswith("…")
    assert [p[0] for p in problems] == ["huge"] and "refusing to read it" in problems[0][1]
    assert storage.MAX_DATA_BYTES <= 16 << 20  # ten times a 2,000-player, 15-round event


# -- 5. doctor names what does not belong; reads say the file was edited --------------------

def test_doctor_names_stray_entries_without_following_them(tmp_path):
    store = Store(tmp_path)
    tid = _event(store)
    victim = tmp_path.parent / "bashrc"
    victim.write_text("# alice\n")
    (tmp_path / "blitz.trf").symlink_to(victim)
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "passwd.hakem.json").symlink_to("/etc/passwd")
    os.chmod(store.path(tid), 0o644)
    found = {p.where: p.message for p in doctor.check_directory(Store(tmp_path)).problems}
    assert "a symbolic link, owner root" in found["blitz.trf"] and "not a hakem file" in found["blitz.trf"]
    assert "a FIFO, owner root" in found["pipe"]
    assert "a file, owner root" in found["notes.txt"] and "mode 0644" in found["notes.txt"]
    assert "a symbolic link" in found["passwd.hakem.json"] and "not a file hakem wrote" in found["passwd.hakem.json"]
    mode = stat.S_IMODE(os.stat(tmp_path).st_mode) & 0o660 | 0o600
    assert "mode 0644" in found[f"{tid}.hakem.json"] and f"hakem gives its files mode {mode:04o}" in found[f"{tid}.hakem.json"]
    assert victim.read_text() == "# alice\n"


def test_a_read_of_a_hand_edited_file_says_so(tmp_path, monkeypatch, capsys):
    from core.cli import main

    store = Store(tmp_path)
    tid = _event(store)
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    assert not store.load(tid).changed_outside
    assert main(["round", "show", tid, "1"]) == 0
    assert "changed outside hakem" not in capsys.readouterr().err
    raw = json.loads(store.path(tid).read_bytes())
    raw["tournament"]["1"]["rounds"][0]["boards"][0]["r"] = "0-1"
    store.path(tid).write_text(json.dumps(raw))
    assert Store(tmp_path).load(tid).changed_outside
    assert main(["round", "show", tid, "1"]) == 0
    err = capsys.readouterr().err
    assert err.count("changed outside hakem") == 1 and f"run hakem doctor {tid}" in err
