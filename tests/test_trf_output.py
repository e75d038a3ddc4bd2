"""Engine-mode outputs (``-p``, ``-o``): regular files replaced atomically (the engine interface
rewrites its output file), ``-``, /dev/stdout, FIFOs and devices written through, a link never
(issue 30: one writer for every output path); nothing left behind on failure."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from tests.trf_builder import player_line

P = [player_line(1, "A", 2000, "1.0", 1, [("2", "w", "1")]),
     player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")]),
     player_line(3, "C", 1800, "1.0", 3, [("0000", "-", "U")]),
     player_line(4, "D", 1700, "0.0", 4, [("0000", "-", "Z")])]
# round 2 by hand (Dutch): scores 1,1 | 0,0 -> 1-3 (3 had no colour: 1 had White -> 1 Black) ...
# the exact pairing is the engines' business; these tests only look at where it goes.


def _input(tmp_path: Path) -> Path:
    f = tmp_path / "in.trf"
    f.write_text("\n".join(["012 Out", "XXR 3", *P]) + "\n")
    return f


def _pair(tmp_path: Path, out: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.launch", "pair", "--dutch", str(_input(tmp_path)), "-p", out],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path, **kw)


def test_dev_stdout_is_written_through(tmp_path: Path) -> None:
    proc = _pair(tmp_path, "/dev/stdout")
    assert proc.returncode == 0 and proc.stdout.splitlines()[0] == "2"


def test_dash_is_stdout(tmp_path: Path) -> None:
    assert _pair(tmp_path, "-").stdout.splitlines()[0] == "2"


def test_a_directory_is_refused_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    proc = _pair(tmp_path, "d")
    assert proc.returncode == 5 and proc.stderr.strip() == f"hakem: {tmp_path / 'd'}: is a directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d", "in.trf"]


def test_a_link_is_refused_and_what_it_points_to_is_untouched(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old\n")
    (tmp_path / "link.txt").symlink_to(target)
    proc = _pair(tmp_path, "link.txt")
    assert proc.returncode == 5 and "is a symbolic link" in proc.stderr
    assert (tmp_path / "link.txt").is_symlink() and target.read_text() == "old\n"


def test_a_device_is_written_through(tmp_path: Path) -> None:
    assert _pair(tmp_path, "/dev/null").returncode == 0


def test_a_fifo_is_written_through(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    assert _pair(tmp_path, str(fifo)).returncode == 0
    reader.join(30)
    assert got and got[0].splitlines()[0] == "2" and fifo.exists() and not fifo.is_file()


def test_a_regular_file_is_replaced_keeping_its_mode(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("old old old\n")
    out.chmod(0o640)
    assert _pair(tmp_path, str(out)).returncode == 0
    assert out.read_text().splitlines()[0] == "2" and (out.stat().st_mode & 0o777) == 0o640
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
