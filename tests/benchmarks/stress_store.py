"""Stress: 8 writers on one tournament, SIGKILLs all the time, a disk that keeps filling up.

Run (as root, for the small file system):
    python3 tests/benchmarks/stress_store.py [--seconds 300] [--kills 220] [--disk-mb 6]

The data directory lives on its own small tmpfs (``--disk-mb``; without root: a plain temporary
directory and no full-disk phases).  Writers, each a process group of its own:

- 4 *cli* writers: the real ``hakem players add ID --name cW-N`` command, one process per write;
- 2 *session* writers: long-lived processes saving through the TUI's service layer
  (``tui.services.Session.queue``, the path a key press in the TUI takes);
- 2 *store* writers: long-lived processes calling ``Store.update`` with the revision they read
  (``expected_revision``, conflicts retried) — the application layer's commit-with-revision;
- 2 real TUIs (``hakem --data DIR`` in tmux, if tmux exists) open on the list and polling.

A writer records a write as acknowledged only after the store said it was saved.  The
supervisor SIGKILLs a random writer's process group (mid-write, child ``hakem`` included)
every fraction of a second and restarts it, and every few seconds fills the disk to the last
byte for a moment.  At the end it checks, on the final files: every acknowledged write is found,
the journal chain has no gap, ``doctor`` finds nothing (tournament and directory).  Prints the
figures for notes/store.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
TMUX = ["tmux", "-L", f"hakem-stress-{os.getpid()}"]
"""A tmux server of the run's own (the machine's default server may be someone else's)."""
HAKEM = [sys.executable, "-c", "import sys; from tui.launch import main; sys.exit(main(sys.argv[1:]))"]


def _ack(path: str, token: str) -> None:
    with open(path, "a") as f:
        f.write(token + "\n")
        f.flush()
        os.fsync(f.fileno())


def _last(path: str, prefix: str) -> int:
    """The next sequence number of a restarted writer (after its last acknowledged one)."""
    try:
        lines = Path(path).read_text().split()
    except FileNotFoundError:
        return 0
    nums = [int(x.split("-")[-1]) for x in lines if x.startswith(prefix)]
    return max(nums, default=-1) + 1


def cli_writer(data: str, tid: str, me: int, acks: str) -> None:
    env = {**os.environ, "HAKEM_DATA": data}
    n = _last(acks, f"c{me}-") + 1000  # a killed write may have landed: never reuse a name
    while True:
        name = f"c{me}-{n}"
        proc = subprocess.run([*HAKEM, "players", "add", tid, "--name", name], env=env,
                              capture_output=True, text=True, check=False)
        if proc.returncode == 0:
            _ack(acks, name)
        elif "nothing was changed" not in proc.stderr and "locked" not in proc.stderr:
            _ack(acks + ".errors", proc.stderr.strip().replace("\n", " | "))
        n += 1


def _append(key: str, value: int):
    def change(t):
        return t.with_changes(options={**t.options, key: [*t.options.get(key, []), value]})
    return change


def store_writer(data: str, tid: str, me: int, acks: str) -> None:
    from core.errors import ConflictError, StoreError
    from core.store import Store

    store = Store(data)
    n = _last(acks, f"s{me}-") + 1000
    while True:
        try:
            rev = store.revision(tid)
            store.update(tid, f"store {me} {n}", _append(f"s{me}", n), expected_revision=rev)
            _ack(acks, f"s{me}-{n}")
        except ConflictError:
            continue  # someone committed in between: read again and retry the same number
        except StoreError as error:
            if "nothing was changed" not in str(error):
                _ack(acks + ".errors", str(error))
        n += 1
        time.sleep(random.uniform(0, 0.05))


def session_writer(data: str, tid: str, me: int, acks: str) -> None:
    import threading

    from core.app import Workspace
    from tui.services import Session

    session = Session(Workspace(data).open(tid))
    n = _last(acks, f"t{me}-") + 1000
    while True:
        done = threading.Event()
        outcome: list = []

        def finished(t, error, outcome=outcome, done=done) -> None:
            outcome.append(error)
            done.set()

        try:
            session.queue(lambda desk, n=n: desk._change(f"session {me} {n}", _append(f"t{me}", n)), finished)
        except Exception as error:
            _ack(acks + ".errors", f"refused: {error}")
            n += 1
            continue
        done.wait(120)
        if outcome and outcome[0] is None:
            _ack(acks, f"t{me}-{n}")
        elif outcome and "nothing was changed" not in str(outcome[0]):
            _ack(acks + ".errors", str(outcome[0]))
        n += 1
        time.sleep(random.uniform(0, 0.05))


def worker_main(argv: list[str]) -> None:
    kind, data, tid, me, acks = argv[0], argv[1], argv[2], int(argv[3]), argv[4]
    {"cli": cli_writer, "store": store_writer, "session": session_writer}[kind](data, tid, me, acks)


class Fleet:
    """The writer processes: started in their own process groups, killed and restarted."""

    def __init__(self, data: str, tid: str, acks: str) -> None:
        self.data, self.tid, self.acks = data, tid, acks
        self.kinds = ["cli"] * 4 + ["session"] * 2 + ["store"] * 2
        self.procs: list[subprocess.Popen | None] = [None] * len(self.kinds)
        self.tuis: list[str] = []

    def start(self, i: int) -> None:
        cmd = [sys.executable, __file__, "--worker", self.kinds[i], self.data, self.tid, str(i),
               f"{self.acks}.{i}"]
        with open(f"{self.acks}.{i}.stderr", "a") as err:  # the child keeps its own copy
            self.procs[i] = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL, stderr=err)

    def kill(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def start_tuis(self, count: int = 2) -> None:
        if shutil.which("tmux") is None:
            return
        for k in range(count):
            name = f"hakem-stress-{os.getpid()}-{k}"
            inner = " ".join(f"'{a}'" for a in [*HAKEM, "--data", self.data])
            subprocess.run([*TMUX, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", inner], check=False)
            self.tuis.append(name)

    def restart_tui(self) -> None:
        if not self.tuis:
            return
        name = random.choice(self.tuis)
        pane_pid = subprocess.run([*TMUX, "display", "-p", "-t", name, "#{pane_pid}"], capture_output=True,
                                  text=True, check=False).stdout.strip()
        if pane_pid.isdigit():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pane_pid), signal.SIGKILL)
        subprocess.run([*TMUX, "kill-session", "-t", name], check=False, capture_output=True)
        self.tuis.remove(name)
        inner = " ".join(f"'{a}'" for a in [*HAKEM, "--data", self.data])
        subprocess.run([*TMUX, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", inner], check=False)
        self.tuis.append(name)

    def stop(self) -> None:
        for i in range(len(self.procs)):
            self.kill(i)
        for name in self.tuis:
            subprocess.run([*TMUX, "kill-session", "-t", name], check=False, capture_output=True)


def fill(disk: Path) -> int:
    """Fill the file system to its last byte; returns how many bytes the filler took."""
    total = 0
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for size in (65536, 4096, 512, 1):
            chunk = b"\0" * size
            with contextlib.suppress(OSError):
                while True:
                    total += os.write(fd, chunk)
    finally:
        os.close(fd)
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--kills", type=int, default=220)
    ap.add_argument("--disk-mb", type=int, default=6)
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="hakem-stress-"))
    disk = base / "disk"
    disk.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={args.disk_mb}m", "tmpfs", str(disk)], check=False).returncode == 0
    data = disk / "club"
    data.mkdir()
    os.chmod(data, 0o2770)
    from core.model import Player, Tournament
    from core.store import Store

    players = tuple(Player(i, f"Player {i:03d}", 2500 - i) for i in range(1, 41))
    tid = Store(data).create(Tournament(id="", name="Stress", players=players, total_rounds=9))
    acks = str(base / "acks")
    fleet = Fleet(str(data), tid, acks)
    for i in range(len(fleet.kinds)):
        fleet.start(i)
    fleet.start_tuis()
    rng = random.Random(18)
    kills = fills = tui_kills = 0
    started = time.time()
    next_fill = started + 3
    try:
        while time.time() - started < args.seconds or kills < args.kills:
            time.sleep(rng.uniform(0.05, 1.0))
            i = rng.randrange(len(fleet.kinds))
            fleet.kill(i)
            kills += 1
            fleet.start(i)
            if kills % 25 == 0:
                fleet.restart_tui()
                tui_kills += 1
            if mounted and time.time() > next_fill:
                fill(disk)
                fills += 1
                time.sleep(rng.uniform(0.5, 2.0))
                (disk / "filler").unlink()
                next_fill = time.time() + rng.uniform(3, 8)
    finally:
        fleet.stop()
    elapsed = time.time() - started
    report(data, tid, acks, len(fleet.kinds), kills, tui_kills, fills, elapsed, mounted)
    if mounted:
        subprocess.run(["umount", str(disk)], check=False)
    shutil.rmtree(base, ignore_errors=True)


def report(data: Path, tid: str, acks: str, writers: int, kills: int, tui_kills: int, fills: int,
           elapsed: float, mounted: bool) -> None:
    from core.store import Store, doctor

    store = Store(data)
    t = store.load(tid).tournament
    present = {p.name for p in t.players}
    for key, values in t.options.items():
        present |= {f"{key}-{v}" for v in values} if isinstance(values, list) else set()
    acked: list[str] = []
    errors: list[str] = []
    for i in range(writers):
        with contextlib.suppress(FileNotFoundError):
            acked += Path(f"{acks}.{i}").read_text().split()
        with contextlib.suppress(FileNotFoundError):
            errors += Path(f"{acks}.{i}.errors").read_text().splitlines()
    lost = [a for a in acked if a not in present]
    history = store.history(tid)
    check = doctor.check(store, tid)
    directory = doctor.check_directory(store)
    by_kind = {k: sum(1 for a in acked if a.startswith(k)) for k in ("c", "t", "s")}
    print(f"seconds {elapsed:.0f}, writers {writers} (+2 TUIs in tmux), SIGKILLs {kills} "
          f"(TUIs {tui_kills}), disk filled {fills} times ({'tmpfs' if mounted else 'no small disk'})")
    print(f"acknowledged writes {len(acked)} (cli {by_kind['c']}, session {by_kind['t']}, store {by_kind['s']}), "
          f"found {len(acked) - len(lost)}, lost {len(lost)}")
    print(f"journal: {len(history.entries)} committed entries, revision {store.revision(tid)}, gaps {len(history.gaps)}, "
          f"aborted entries {history.aborted}, torn lines {history.torn}")
    print(f"doctor findings {len(check.problems) + len(directory.problems)}"
          + "".join(f"\n  {p}" for p in [*check.problems, *directory.problems]))
    print(f"other errors reported to writers {len(errors)}" + "".join(f"\n  {e}" for e in errors[:5]))
    if lost:
        print("LOST:", lost[:20])


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker_main(sys.argv[2:])
    else:
        main()
