"""Fault injection: a full disk or a read-only directory refuses cleanly and loses nothing;
untrusted files are refused; view-only mode changes nothing."""

from __future__ import annotations

import errno
import os

import pytest

from core import changes
from core.errors import StoreError
from core.model import Tournament
from core import file_safety as files
from core.store import Store


def _with_player(tmp_path) -> tuple[Store, str]:
    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Faults"))
    store.update(tid, "add A", lambda t: changes.add_player(t, "A", rating=2000))
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
        store.update(tid, "add B", lambda t: changes.add_player(t, "B"))
    monkeypatch.setattr(files.os, "write", real_write)
    assert store.path(tid).read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert [p.name for p in Store(tmp_path).load(tid).tournament.players] == ["A"]
    # and the next write works again
    store.update(tid, "add B", lambda t: changes.add_player(t, "B"))
    assert len(Store(tmp_path).load(tid).tournament.players) == 2


def test_failure_during_rename_keeps_the_previous_state(tmp_path, monkeypatch):
    store, tid = _with_player(tmp_path)
    before = store.path(tid).read_bytes()

    def failing_rename(src, dst, **kwargs):
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(files.os, "rename", failing_rename)
    with pytest.raises(StoreError):
        store.update(tid, "add B", lambda t: changes.add_player(t, "B"))
    monkeypatch.undo()
    assert store.path(tid).read_bytes() == before


def test_view_only_store_changes_nothing(tmp_path):
    _store, tid = _with_player(tmp_path)
    view = Store(tmp_path, read_only=True)
    assert view.load(tid).tournament.players[0].name == "A"
    for action in (lambda: view.update(tid, "x", lambda t: changes.add_player(t, "B")),
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


class _Disk:
    """A disk with ``free`` bytes left: writes past it are short, then fail with ENOSPC (as a
    full file system, a quota or ``ulimit -f`` do)."""

    def __init__(self, free: int) -> None:
        self.free = free
        self.real = os.write

    def write(self, fd, data):
        if self.free <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = self.real(fd, bytes(data[: self.free]))
        self.free -= n
        return n


def _state(tmp_path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}


def _bytes_of_one_change(tmp_path, change) -> int:
    store, tid = _with_player(tmp_path / "probe")
    disk = _Disk(1 << 30)
    real = os.write
    files.os.write = disk.write
    try:
        store.update(tid, "probe", change)
    finally:
        files.os.write = real
    return (1 << 30) - disk.free


@pytest.mark.parametrize("what", ["result", "late entry", "undo"])
def test_a_full_disk_at_every_byte_keeps_the_previous_state_and_says_so(tmp_path, monkeypatch, what):
    """ENOSPC at every offset of the journal line and the data file of one change: the
    change is refused with "nothing was changed", every file is byte for byte as before, doctor
    finds nothing, and the same change then succeeds."""
    from core.store import doctor

    (tmp_path / "probe").mkdir()
    add_b = lambda t: changes.add_player(t, "B", rating=1900)
    store, tid = _with_player(tmp_path)
    if what == "result":
        from core.model import Board, Round

        store.update(tid, "add B", add_b)
        store.update(tid, "pair", lambda t: t.with_changes(rounds=(Round(1, (Board(1, 2),)),)))
        change = lambda t: changes.set_result(t, 1, 1, "1-0")
        run = lambda: store.update(tid, "result", change)
        total = len(store.path(tid).read_bytes()) + 600
    elif what == "late entry":
        run = lambda: store.update(tid, "add B", add_b)
        total = _bytes_of_one_change(tmp_path, add_b)
    else:
        store.update(tid, "add B", add_b)
        run = lambda: store.undo(tid)
        total = len(store.path(tid).read_bytes()) + 600
    before = _state(tmp_path)
    rev = store.revision(tid)
    for free in range(total + 1):
        disk = _Disk(free)
        monkeypatch.setattr(files.os, "write", disk.write)
        try:
            run()
        except StoreError as error:
            assert "nothing was changed" in str(error)
            monkeypatch.setattr(files.os, "write", disk.real)
            assert _state(tmp_path) == before, f"changed with {free} bytes free"
            if free % 97 == 0:
                assert doctor.check(Store(tmp_path), tid).ok
            continue
        monkeypatch.setattr(files.os, "write", disk.real)
        break
    else:
        pytest.fail(f"the change never succeeded with up to {total} bytes free")
    assert free > 0 and Store(tmp_path).revision(tid) == rev + 1
    assert doctor.check(Store(tmp_path), tid).ok


def test_fsync_failure_is_refused_too(tmp_path, monkeypatch):
    store, tid = _with_player(tmp_path)
    before = _state(tmp_path)

    def failing_fsync(fd):
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(files.os, "fsync", failing_fsync)
    with pytest.raises(StoreError, match="nothing was changed"):
        store.update(tid, "add B", lambda t: changes.add_player(t, "B"))
    monkeypatch.undo()
    assert _state(tmp_path) == before


def test_ulimit_f_in_a_real_process_refuses_and_keeps_the_file(tmp_path):
    """``ulimit -f`` (RLIMIT_FSIZE): the kernel cuts the write short (EFBIG); the CLI says
    nothing was changed, exits with the file-access code, and the tournament is intact."""
    import resource
    import signal
    import subprocess
    import sys

    store, tid = _with_player(tmp_path)
    for i in range(40):
        store.update(tid, f"add {i}", lambda t, i=i: changes.add_player(t, f"Player {i:02d}", rating=1500 + i))
    before = _state(tmp_path)
    limit = len(store.path(tid).read_bytes()) // 2

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "HAKEM_DATA": str(tmp_path), "LANG": "C", "LANGUAGE": "en"}
    hakem = os.path.join(os.path.dirname(sys.executable), "hakem")
    proc = subprocess.run([hakem, "players", "add", tid, "--name", "Late Entry"],
                          env=env, capture_output=True, text=True, preexec_fn=limited, timeout=60, check=False)
    assert proc.returncode == 5, proc.stderr
    assert "nothing was changed" in proc.stderr
    assert _state(tmp_path) == before
    assert len(Store(tmp_path).load(tid).tournament.players) == 41
