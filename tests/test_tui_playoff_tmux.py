"""Runs tests/tmux/playoff_flow.sh: the playoff flow of issue 20 with the real `hakem` in tmux
at 80×24 in Turkish — a tie on points separated by the tie-breaks is offered on F7, a
mini-match then Armageddon is scheduled with game 1 at 20:15, both games are drawn and Black
wins the Armageddon, and the standings (F4) say the playoff decided places 1–2 with the
Armageddon's winner first.  tmux is required (``.ci/run`` installs it); a missing tmux fails,
it does not skip."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.tui_fixtures import demo, store_with

SCRIPT = Path(__file__).parent / "tmux" / "playoff_flow.sh"


def test_playoff_flow_in_a_real_terminal(tmp_path):
    assert shutil.which("tmux"), "tmux is needed for the real-terminal test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    data = tmp_path / "data"
    store_with(data, demo(rounds=3))  # Ivanov (1) and Kaya (8) on 2½, Buchholz: Ivanov first
    env = dict(os.environ, HAKEM_CMD="hakem", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("TMUX", None)
    run = subprocess.run(["bash", str(SCRIPT), str(tmp_path / "work"), str(data)], env=env,
                         capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: playoff flow (80x24, tr)" in run.stdout
    standings = (tmp_path / "work" / "standings.txt").read_text(encoding="utf-8")
    # places decided by playoff: marked in the table and explained under it
    assert "* Ek maçla belirlenen dereceler: 1–2." in standings
    assert re.search(r"^ *1\* +\d+ ", standings, re.M) and re.search(r"^ *2\* +\d+ ", standings, re.M)
