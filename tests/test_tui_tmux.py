"""Runs tests/tmux/run_event.sh: a whole small event through the real `hakem` command in a
real terminal (tmux at 80×24), including a second hakem process that sees the first one's
result.  tmux is required (``.ci/run`` installs it); a missing tmux fails, it does not skip."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).parent / "tmux" / "run_event.sh"


def test_real_terminal_event(tmp_path):
    assert shutil.which("tmux"), "tmux is needed for the real-terminal test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    env = dict(os.environ, HAKEM_CMD="hakem", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    run = subprocess.run(["bash", str(SCRIPT), str(tmp_path)], env=env, capture_output=True, text=True,
                         timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: event of 6 players" in run.stdout
    standings = (tmp_path / "standings.txt").read_text()
    assert "Standings after round 3" in standings


REPLAY = Path(__file__).parent / "tmux" / "replay_issue19.sh"


def test_organiser_in_a_hurry(tmp_path):
    """Issue 19 replayed in tmux: bursts in one send-keys (0 ms apart), a pasted player line,
    F-key bursts right after opening, --view, 60×20 / 80×24 / 200×60, a language switch
    tr→de→ru→en scanned for words of the previous language, exports, validation, defaults."""
    assert shutil.which("tmux"), "tmux is needed for the real-terminal test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    env = dict(os.environ, HAKEM_CMD="hakem", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    run = subprocess.run(["bash", str(REPLAY), str(tmp_path)], env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("OK: cases " + " ".join(REPLAYED)), run.stdout


REPLAYED = ("1", "2", "3", "4", "6", "7", "8", "9", "10", "12")
"""The numbered cases of issue 19 the script replays (see notes/tui.md for the others)."""
