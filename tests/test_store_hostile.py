"""The shared directory is hostile ground: what another club member can plant in it.

Each case is one the audit showed (issue 18): a link or a hard link where hakem's journal,
temporary file, backup folder or published page goes; a FIFO where the data file goes; an
invalid id.  The victim file (standing in for ``~alice/.bashrc``) must stay byte for byte
what it was, and hakem must say what it refused.  The tests with two real Unix users are in
``test_store_two_users.py``.
"""

from __future__ import annotations

import os
import stat

import pytest

from core import changes
from core.errors import StoreError, TournamentError
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import RoundPairing
from core.store import Store, doctor

VICTIM = b"# alice's shell start-up file\nexport PATH=$HOME/bin:$PATH\n"


@pytest.fixture()
def victim(tmp_path):
    home = tmp_path / "alice-home"
    home.mkdir()
    path = home / ".bashrc"
    path.write_bytes(VICTIM)
    os.chmod(path, 0o644)
    return path


def _store(tmp_path) -> tuple[Store, str]:
    data = tmp_path / "club"
    data.mkdir()
    os.chmod(data, 0o2770)
    store = Store(data)
    tid = store.create(Tournament(id="", name="Club Open", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200)):
        store.update(tid, f"add {name}", lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    return store, tid


def _untouched(victim) -> None:
    assert victim.read_bytes() == VICTIM
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644


def test_a_link_at_the_journal_refuses_writes_never_followed_never_a_fresh_journal(tmp_path, victim):
    # the journal replaced by a link (to someone's .bashrc): the history is gone from hakem's
    # view, so a commit must not start a new journal over it (it used to set the link aside
    # and begin a fresh chain, all history lost) — it refuses, moves nothing, follows nothing
    store, tid = _store(tmp_path)
    journal = store.journal_path(tid)
    before = store.load(tid)
    journal.unlink()
    journal.symlink_to(victim)
    with pytest.raises(StoreError, match=r"journal of .* cannot be used \(a symbolic link, owner"):
        store.update(tid, "add $(touch pwned)", lambda t: changes.add_player(t, "$(touch pwned)"))
    _untouched(victim)
    assert journal.is_symlink() and store.load(tid).revision == before.revision
    assert not [p for p in store.data_dir.iterdir() if ".suspect-" in p.name]


def test_a_hard_link_at_the_journal_refuses_writes(tmp_path, victim):
    store, tid = _store(tmp_path)
    journal = store.journal_path(tid)
    journal.unlink()
    os.link(victim, journal)
    with pytest.raises(StoreError, match="other hard links"):
        store.update(tid, "add D", lambda t: changes.add_player(t, "D"))
    _untouched(victim)


def test_no_lock_file_exists_to_be_replaced(tmp_path):
    store, tid = _store(tmp_path)
    names = {p.name for p in store.data_dir.iterdir()}
    assert not [n for n in names if n.endswith(".lock")], names
    # an old-style lock file planted as a link is never opened
    (store.data_dir / f".{tid}.lock").symlink_to(tmp_path / "nowhere")
    store.update(tid, "add D", lambda t: changes.add_player(t, "D"))
    assert not (tmp_path / "nowhere").exists()


def test_planted_temporary_files_are_not_followed(tmp_path, victim):
    store, tid = _store(tmp_path)
    # every name the old scheme (pid) would have used, for the next few thousand pids
    for pid in range(os.getpid(), os.getpid() + 50):
        (store.data_dir / f".{tid}.hakem.json.{pid}.tmp").symlink_to(victim)
    store.update(tid, "add D", lambda t: changes.add_player(t, "D"))
    _untouched(victim)
    assert [p.name for p in Store(store.data_dir).load(tid).tournament.players] == ["A", "B", "C", "D"]


def test_a_link_or_a_fifo_at_the_data_file_is_refused(tmp_path, victim):
    store, tid = _store(tmp_path)
    path = store.path(tid)
    path.unlink()
    path.symlink_to(victim)
    fresh = Store(store.data_dir)
    with pytest.raises(StoreError, match="symbolic link"):
        fresh.load(tid)
    with pytest.raises(StoreError, match="symbolic link"):
        fresh.update(tid, "x", lambda t: changes.add_player(t, "X"))
    _untouched(victim)
    path.unlink()
    os.mkfifo(path)  # opening must not block
    with pytest.raises(StoreError, match="not a regular file"):
        Store(store.data_dir).load(tid)
    rows, problems = Store(store.data_dir).list_with_problems()
    assert rows == [] and [tid for tid, _msg in problems] == [tid]


def test_a_hard_link_at_the_data_file_is_refused(tmp_path, victim):
    store, tid = _store(tmp_path)
    other = tmp_path / "elsewhere.hakem.json"
    os.link(store.path(tid), other)
    with pytest.raises(StoreError, match="hard links"):
        Store(store.data_dir).load(tid)


def _pair_round_one(store: Store, tid: str) -> None:
    store.update(tid, "pair 1", lambda t: changes.apply_pairing(
        t, RoundPairing(1, (Board(1, 2),), (Bye(3, ByeKind.PAB),))))


def test_a_linked_backup_folder_is_refused_and_nothing_in_it_is_pruned(tmp_path):
    store, tid = _store(tmp_path)
    private = tmp_path / "alice-private"
    private.mkdir()
    kept = []
    for n in range(7):  # names the pruning would delete
        p = private / f"{tid}.round{n:02d}.rev{n:06d}.hakem.json"
        p.write_text("alice's own file")
        kept.append(p)
    backups = store.data_dir / "backups"
    backups.mkdir()
    (backups / tid).symlink_to(private)
    with pytest.raises(StoreError, match="nothing was changed"):
        _pair_round_one(store, tid)
    assert all(p.read_text() == "alice's own file" for p in kept)
    assert Store(store.data_dir).load(tid).tournament.current_round == 0


def test_backup_folders_are_group_writable_whatever_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        store, tid = _store(tmp_path)
        _pair_round_one(store, tid)
    finally:
        os.umask(old)
    for folder in (store.data_dir / "backups", store.data_dir / "backups" / tid):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o2770, oct(folder.stat().st_mode)
    (backup,) = store.backups(tid)
    assert stat.S_IMODE(backup.stat().st_mode) == 0o660


def test_invalid_ids_create_nothing_anywhere(tmp_path):
    store, _tid = _store(tmp_path)
    before_parent = sorted(p.name for p in tmp_path.iterdir())
    before_data = sorted(p.name for p in store.data_dir.iterdir())
    for bad in ("/../x", "../../x", "..", "a/b", ".x", "x\x00", "-x"):
        with pytest.raises(TournamentError):
            store.update(bad, "x", lambda t: t)
        with pytest.raises(TournamentError):
            store.undo(bad)
    assert sorted(p.name for p in tmp_path.iterdir()) == before_parent
    assert sorted(p.name for p in store.data_dir.iterdir()) == before_data


def test_publish_replaces_a_planted_link_instead_of_writing_through_it(tmp_path, victim):
    from core.reports.export import MANIFEST, publish

    store, tid = _store(tmp_path)
    web = tmp_path / "www"
    web.mkdir()
    os.chmod(web, 0o2775)
    (web / "index.html").symlink_to(victim)
    (web / MANIFEST).symlink_to(victim)
    with pytest.raises(StoreError, match="hakem did not write|not written by hakem"):
        publish(store.load(tid).tournament, web)  # pages hakem did not write (a linked manifest is none of ours): only with force
    _untouched(victim)
    assert (web / "index.html").is_symlink()
    publish(store.load(tid).tournament, web, force=True)
    _untouched(victim)
    index = web / "index.html"
    assert not index.is_symlink() and "Club Open" in index.read_text()
    assert stat.S_IMODE(index.stat().st_mode) == 0o644
    assert not (web / MANIFEST).is_symlink()


def test_publish_prunes_only_its_own_regular_pages(tmp_path, victim):
    from core.reports.export import MANIFEST, publish

    store, tid = _store(tmp_path)
    web = tmp_path / "www"
    web.mkdir()
    (web / MANIFEST).write_text("old-page.html\n../outside.html\n")
    (tmp_path / "outside.html").write_text("not ours")
    (web / "old-page.html").symlink_to(victim)
    publish(store.load(tid).tournament, web)
    assert not (web / "old-page.html").exists() and not (web / "old-page.html").is_symlink()
    _untouched(victim)
    assert (tmp_path / "outside.html").read_text() == "not ours"


def test_an_imported_file_cannot_choose_where_pages_are_published(tmp_path):
    data = tmp_path / "club"
    data.mkdir()
    store = Store(data)
    t = Tournament(id="", name="From elsewhere", options={"publish_directory": str(tmp_path / "x"), "keep": 1})
    tid = store.create(t)
    assert store.load(tid).tournament.options == {"keep": 1}


def test_an_export_path_that_is_a_link_is_replaced_not_followed(tmp_path, victim):
    from core.file_safety import SafeDir

    out = tmp_path / "report.txt"
    out.symlink_to(victim)
    SafeDir.open(tmp_path).replace(out.name, b"standings\n")
    _untouched(victim)
    assert out.read_bytes() == b"standings\n" and not out.is_symlink()


def test_view_only_mode_cannot_write_by_any_path(tmp_path, monkeypatch):
    from core import file_safety as files

    store, tid = _store(tmp_path)
    before = {p.name: p.read_bytes() for p in store.data_dir.iterdir() if p.is_file()}
    monkeypatch.setattr(files, "_writes_forbidden", True)
    view = Store(store.data_dir)  # even a store opened without read_only
    assert view.read_only
    for action in (lambda: view.update(tid, "x", lambda t: changes.add_player(t, "X")),
                   lambda: view.undo(tid), lambda: view.redo(tid),
                   lambda: view.create(Tournament(id="", name="demo")),
                   lambda: view.archive(tid), lambda: doctor.repair(view, tid),
                   lambda: files.SafeDir.open(tmp_path).replace("report.csv", b"x"),
                   lambda: store.update(tid, "x", lambda t: changes.add_player(t, "X"))):
        with pytest.raises(StoreError, match="view-only"):
            action()
    assert not (tmp_path / "report.csv").exists()
    assert {p.name: p.read_bytes() for p in store.data_dir.iterdir() if p.is_file()} == before
    missing = tmp_path / "never-created"
    Store(missing, read_only=True) if missing.exists() else None
    with pytest.raises(StoreError):
        Store(missing, read_only=True)
    assert not missing.exists()


def test_a_forged_author_in_a_journal_line_is_reported(tmp_path):
    """A line is named by its hash: changing its author makes it a line the chain does not
    lead to, and the log marks it instead of showing it as bob's change."""
    import json

    store, tid = _store(tmp_path)
    journal = store.journal_path(tid)
    lines = journal.read_text().splitlines()
    entry = json.loads(lines[-1])
    entry["uid"], entry["user"] = 4242, "bob"
    journal.write_text("\n".join([*lines[:-1], json.dumps(entry)]) + "\n")
    shown = Store(store.data_dir).journal(tid)[-1]
    assert shown["user"] == "bob" and shown["altered"]
    report = doctor.check(Store(store.data_dir), tid)
    assert any("changed or removed after it was written" in p.message for p in report.problems)


def test_a_damaged_file_is_named_by_hakem_list_not_hidden(tmp_path, monkeypatch, capsys):
    from core.cli import main

    store, tid = _store(tmp_path)
    other = store.create(Tournament(id="", name="Healthy"))
    store.path(tid).write_text("{ torn")
    monkeypatch.setenv("HAKEM_DATA", str(store.data_dir))
    assert main(["list"]) == 0
    out = capsys.readouterr()
    assert other in out.out and tid not in out.out
    assert f"{tid} cannot be listed" in out.err and f"hakem doctor {tid}" in out.err
