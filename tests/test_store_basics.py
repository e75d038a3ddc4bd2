"""Store behaviour: revisions, undo/redo exactness, conflicts, permissions, bad files."""

from __future__ import annotations

import os
import stat

import pytest

from core import changes
from core.errors import ConflictError, StoreError, TournamentError, UnknownTournament
from core.model import ByeKind, Tournament
from core.store import Store


@pytest.fixture()
def store(tmp_path):
    return Store(tmp_path / "data")


def test_undo_and_redo_restore_exact_states(store):
    tid = store.create(Tournament(id="", name="Undo test", total_rounds=5))
    states = [store.load(tid).tournament]
    steps = [
        lambda t: changes.add_player(t, "Kaya, Can", rating=2100, title="CM"),
        lambda t: changes.add_player(t, "Ali, Veli", rating=2200),
        lambda t: changes.add_player(t, "Zeki, Ece", rating=0),
        lambda t: changes.request_bye(t, 2, 3, ByeKind.HALF),
        lambda t: changes.edit_player(t, 1, club="Ankara SK"),
        lambda t: changes.withdraw(t, 3, 2),
    ]
    for i, step in enumerate(steps):
        states.append(store.update(tid, f"step {i}", step).tournament)
    for expected in reversed(states[:-1]):
        assert store.undo(tid).tournament == expected
    with pytest.raises(TournamentError, match="nothing to undo"):
        store.undo(tid)
    for expected in states[1:]:
        assert store.redo(tid).tournament == expected
    with pytest.raises(TournamentError, match="nothing to redo"):
        store.redo(tid)


def test_new_change_clears_redo(store):
    tid = store.create(Tournament(id="", name="x"))
    store.update(tid, "a", lambda t: changes.add_player(t, "A"))
    store.undo(tid)
    store.update(tid, "b", lambda t: changes.add_player(t, "B"))
    with pytest.raises(TournamentError, match="nothing to redo"):
        store.redo(tid)


def test_revision_grows_and_journal_names_the_real_user_and_action(store, monkeypatch):
    import pwd

    monkeypatch.setenv("HAKEM_USER", "bob")  # an environment variable cannot forge the author
    monkeypatch.setenv("USER", "bob")
    tid = store.create(Tournament(id="", name="Journal"))
    assert store.revision(tid) == 1
    store.update(tid, "add player A", lambda t: changes.add_player(t, "A"))
    assert store.revision(tid) == 2
    journal = store.journal(tid)
    assert [e["action"] for e in journal] == ["create", "add player A"]
    me = pwd.getpwuid(os.getuid()).pw_name
    assert all(e["user"] == me for e in journal)
    assert store.load(tid).modified_by == me
    # a late entry is a splice of one player, not the player list twice
    assert journal[1]["ops"] == [{"p": ["players"], "i": 0, "d": [], "a": [journal[1]["ops"][0]["a"][0]]}]
    assert journal[1]["ops"][0]["a"][0]["name"] == "A"


def test_stale_revision_is_refused_and_changes_nothing(store):
    tid = store.create(Tournament(id="", name="Conflict"))
    rev = store.revision(tid)
    store.update(tid, "other organiser", lambda t: changes.add_player(t, "A"))
    with pytest.raises(ConflictError):
        store.update(tid, "mine", lambda t: changes.add_player(t, "B"), expected_revision=rev)
    assert [p.name for p in store.load(tid).tournament.players] == ["A"]


def test_invalid_change_leaves_the_file_untouched(store):
    tid = store.create(Tournament(id="", name="Invalid"))
    before = store.path(tid).read_bytes()
    with pytest.raises(TournamentError):
        store.update(tid, "bad", lambda t: changes.add_player(t, "   "))
    assert store.path(tid).read_bytes() == before


def test_files_follow_the_directory_group_and_hide_from_others(tmp_path):
    shared = tmp_path / "club"
    shared.mkdir()
    os.chmod(shared, 0o2770)
    s = Store(shared)
    tid = s.create(Tournament(id="", name="Shared"))
    s.update(tid, "x", lambda t: changes.add_player(t, "A"))
    mode = stat.S_IMODE(s.path(tid).stat().st_mode)
    assert mode == 0o660, oct(mode)
    assert s.path(tid).stat().st_gid == shared.stat().st_gid
    # the one journal is written by whoever holds the store: in a group directory without a
    # service that is any member (the chain makes a change evident, it cannot forbid it)
    mode = stat.S_IMODE(s.journal_path(tid).stat().st_mode)
    assert mode == 0o660, oct(mode)
    assert s.journal_path(tid).stat().st_gid == shared.stat().st_gid
    private = tmp_path / "private"
    s2 = Store(private)
    assert stat.S_IMODE(private.stat().st_mode) == 0o700
    tid2 = s2.create(Tournament(id="", name="Mine"))
    assert stat.S_IMODE(s2.path(tid2).stat().st_mode) == 0o600


def test_unknown_and_damaged_files_give_clear_errors(store):
    with pytest.raises(UnknownTournament):
        store.load("nope")
    with pytest.raises(UnknownTournament):
        store.load("../etc/passwd")
    (store.data_dir / "broken.hakem.json").write_text("{ not json")
    with pytest.raises(StoreError, match="not a valid hakem file"):
        store.load("broken")
    assert store.list() == []


def test_list_duplicate_and_archive(store):
    tid = store.create(Tournament(id="", name="Club Open", total_rounds=7))
    store.update(tid, "p", lambda t: changes.add_player(t, "A"))
    copy = store.duplicate(tid)
    assert {r.name for r in store.list()} == {"Club Open", "Club Open (copy)"}
    store.archive(copy)
    rows = store.list()
    assert [(r.id, r.players, r.total_rounds) for r in rows] == [(tid, 1, 7)]
    assert len(store.list(include_archived=True)) == 2


def test_the_lock_is_free_while_a_change_is_computed(store):
    """A round of 2,000 players takes minutes to compute: nobody may wait for it."""
    tid = store.create(Tournament(id="", name="Compute"))
    other = Store(store.data_dir)

    def slow_change(t):
        with other.dir.lock(timeout=0.2):  # times out (StoreError) if the lock were held
            pass
        return changes.add_player(t, "A")

    store.update(tid, "slow", slow_change)
    assert [p.name for p in store.load(tid).tournament.players] == ["A"]


def test_a_commit_in_between_makes_the_change_run_again_on_the_newer_state(store):
    tid = store.create(Tournament(id="", name="Retry"))
    other = Store(store.data_dir)
    calls = []

    def change(t):
        calls.append(len(t.players))
        if len(calls) == 1:  # another organiser commits while we compute
            other.update(tid, "B", lambda u: changes.add_player(u, "B"))
        return changes.add_player(t, "A")

    store.update(tid, "A", change)
    assert calls == [0, 1]
    assert sorted(p.name for p in store.load(tid).tournament.players) == ["A", "B"]


def test_commit_with_the_revision_it_was_computed_on(store):
    tid = store.create(Tournament(id="", name="Commit"))
    snap = store.load(tid)
    proposal = changes.add_player(snap.tournament, "A")  # computed in a worker
    assert store.commit(tid, "add A", proposal, snap.revision).revision == snap.revision + 1
    stale = changes.add_player(snap.tournament, "B")
    with pytest.raises(ConflictError) as refused:
        store.commit(tid, "add B", stale, snap.revision)
    # the organiser reads the tournament's name and the change made, never its id or a revision
    assert str(refused.value).startswith("Commit was changed meanwhile by ") and "(add A)" in str(refused.value)
    assert tid not in str(refused.value) and "revision" not in str(refused.value)
    assert [p.name for p in store.load(tid).tournament.players] == ["A"]


def test_undo_depth_is_said_when_it_runs_out(store, monkeypatch):
    import core.store.store as store_module

    monkeypatch.setattr(store_module, "UNDO_DEPTH", 3)
    tid = store.create(Tournament(id="", name="Depth"))
    for name in "ABCDE":
        store.update(tid, name, lambda t, n=name: changes.add_player(t, n))
    for _ in range(3):
        store.undo(tid)
    with pytest.raises(TournamentError, match="keeps the last 3 changes and 2 older ones"):
        store.undo(tid)
    assert [p.name for p in store.load(tid).tournament.players] == ["A", "B"]


def test_the_log_says_what_an_edit_changed(store, monkeypatch, capsys):
    from core.cli import main

    tid = store.create(Tournament(id="", name="Edit"))
    store.update(tid, "add", lambda t: changes.add_player(t, "Kaya, Can", rating=2100))
    store.update(tid, "edit player 1", lambda t: changes.edit_player(t, 1, rating=2150, club="Ankara SK"))
    monkeypatch.setenv("HAKEM_DATA", str(store.data_dir))
    main(["log", tid, "--changes"])
    out = capsys.readouterr().out
    # in words (the player by number and name, the field by its name, nothing as –), not the
    # stored document's paths and JSON
    assert "Player 1 Kaya, Can, Rating: 2100 → 2150" in out
    assert "Player 1 Kaya, Can, Club: – → Ankara SK" in out
