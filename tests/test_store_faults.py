"""Fault injection: a full disk or a read-only directory refuses cleanly and loses nothing;
untrusted files are refused; view-only mode changes nothing."""

from __future__ import annotations

import errno
import os

import pytest

from core import commands
from core.errors import StoreError
from core.model import Tournament
from core.store import Store
import core.store.files as files


def _with_player(tmp_path) -> tuple[Store, str]:
    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Faults"))
    store.update(tid, "add A", lambda t: commands.add_player(t, "A", rating=2000))
    return store, tid


@pytest.mark.parametrize("err", [errno.ENOSPC, errno.EROFS, errno.EDQUOT])
def test_write_failure_refuses_and_keeps_the_previous_state(tmp_path, monkeypatch, err):
    store, tid = _with_player(tmp_path)
    before = store.path(tid).read_bytes()
    real_write = os.write

    def failing_write(fd, data):
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr(files.os, "write", failing_write)
    with pytest.raises(StoreError, match="nothing was changed"):
        store.update(tid, "add B", lambda t: commands.add_player(t, "B"))
    monkeypatch.setattr(files.os, "write", real_write)
    assert store.path(tid).read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert [p.name for p in Store(tmp_path).load(tid).tournament.players] == ["A"]
    # and the next write works again
    store.update(tid, "add B", lambda t: commands.add_player(t, "B"))
    assert len(Store(tmp_path).load(tid).tournament.players) == 2


def test_failure_during_rename_keeps_the_previous_state(tmp_path, monkeypatch):
    store, tid = _with_player(tmp_path)
    before = store.path(tid).read_bytes()

    def failing_replace(src, dst):
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(files.os, "replace", failing_replace)
    with pytest.raises(StoreError):
        store.update(tid, "add B", lambda t: commands.add_player(t, "B"))
    monkeypatch.undo()
    assert store.path(tid).read_bytes() == before


def test_view_only_store_changes_nothing(tmp_path):
    store, tid = _with_player(tmp_path)
    view = Store(tmp_path, read_only=True)
    assert view.load(tid).tournament.players[0].name == "A"
    for action in (lambda: view.update(tid, "x", lambda t: commands.add_player(t, "B")),
                   lambda: view.undo(tid), lambda: view.create(Tournament(id="", name="x")),
                   lambda: view.archive(tid)):
        with pytest.raises(StoreError, match="view-only"):
            action()
    assert len(Store(tmp_path).list()) == 1


def test_symlinked_and_world_writable_files_are_refused(tmp_path):
    store, tid = _with_player(tmp_path)
    target = store.path(tid)
    os.chmod(target, 0o666)
    with pytest.raises(StoreError, match="anybody may write"):
        Store(tmp_path).load(tid)
    os.chmod(target, 0o600)
    evil = tmp_path / "evil.hakem.json"
    evil.symlink_to(target)
    with pytest.raises(StoreError, match="symbolic link"):
        Store(tmp_path).load("evil")


def test_ids_cannot_escape_the_data_directory(tmp_path):
    from core.errors import UnknownTournament

    store = Store(tmp_path)
    for bad in ("../x", "/etc/passwd", "a/b", "", ".hidden", "x\x00y"):
        with pytest.raises(UnknownTournament):
            store.load(bad)
