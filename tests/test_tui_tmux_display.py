"""Issue 19 items 5 and 7 in a real terminal: tests/tmux/replay_issue19_display.sh drives the
real `hakem` in tmux (its own server) — a 167-character hostile name at 60×20, 80×24 and 200×60
(every column of the players, boards, standings and tie-break preview tables on screen, every
number whole), and in tr/de/ru one term for the place in the standings, no "Round Robin", no raw
ids in the command palette, form labels apart from their values, an opened drop-down inside its
dialog.  tmux is required (``.ci/run`` installs it); a missing tmux fails, it does not skip."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).parent / "tmux" / "replay_issue19_display.sh"


def test_tables_and_terms_on_a_real_terminal(tmp_path):
    assert shutil.which("tmux"), "tmux is needed for the real-terminal test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    env = dict(os.environ, HAKEM_CMD="hakem", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    run = subprocess.run(["bash", str(SCRIPT), str(tmp_path)], env=env, capture_output=True, text=True,
                         timeout=900, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("OK: cases 5 7"), run.stdout
    for size in ("60x20", "80x24", "200x60"):
        assert f"case 5 at {size}:" in run.stdout
    for lang in ("tr", "de", "ru"):
        assert f"case 7 in {lang}:" in run.stdout
