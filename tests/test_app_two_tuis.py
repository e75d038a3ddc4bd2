"""Two running TUIs (two real ``hakem`` processes in tmux, as two organisers over SSH) enter
different results on the same board at the same moment.

Both screens show board 1 without a result when the keys arrive.  Whichever save reaches the
store second is refused: that screen says who changed the board to what, and shows the newer
value; the journal holds one result for the board; both screens end up showing the same
(first) value.  tmux is required (``.ci/run`` installs it); a missing tmux fails, it does not
skip.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

from core.store import Store
from tests.tui_fixtures import demo, store_with

SHOWN = {"1-0": "1-0", "0-1": "0-1"}


def test_two_tuis_same_board_second_is_refused(tmp_path: Path) -> None:
    assert shutil.which("tmux"), "tmux is needed for the two-process test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    socket = f"hakem-app-{os.getpid()}"

    def tmux(*args: str) -> str:
        run = subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", *args], capture_output=True, text=True,
                             check=True, timeout=30)
        return run.stdout

    def screen(name: str) -> str:
        return tmux("capture-pane", "-p", "-t", name)

    def wait_for(name: str, text: str, seconds: float = 30) -> str:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            shown = screen(name)
            if text in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} not shown by {name}:\n{screen(name)}")

    def board_one(shown: str) -> str:
        """The result column of board 1's row (its first line: "1  <no.> <name> ...")."""
        row = next(line for line in shown.splitlines() if re.match(r"^\s*1\s+\d+\s+\S", line))
        found = [text for text in ("1-0", "0-1") if text in row]
        return found[0] if found else "…"

    env = {k: v for k, v in os.environ.items() if k != "TMUX"}
    try:
        for name in ("a", "b"):
            cfg = tmp_path / f"config-{name}"
            subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                            "-x", "100", "-y", "30",
                            f"env HAKEM_CONFIG_DIR={cfg} TERM=xterm-256color LANG=C.UTF-8 "
                            f"hakem --data {data} --lang en"], env=env, check=True, timeout=30)
        for name in ("a", "b"):
            wait_for(name, "Demo Club Rapid")
            tmux("send-keys", "-t", name, "Enter")
        for name in ("a", "b"):
            wait_for(name, "0 of 6 results in")
            tmux("send-keys", "-t", name, "k")  # single-key results are off until the organiser turns them on
            wait_for(name, "Single keys on")
        # 1-0 from a and 0-1 from b on board 1 (the cursor's board), in one tmux command so
        # both keys arrive together, before either screen can have seen the other's save
        tmux("send-keys", "-t", "a", "1", ";", "send-keys", "-t", "b", "0")
        end = time.monotonic() + 30
        while time.monotonic() < end and not any("Changed by someone else" in screen(n) for n in ("a", "b")):
            time.sleep(0.1)
        refused = [n for n in ("a", "b") if "Changed by someone else" in screen(n)]
        assert len(refused) == 1, {n: screen(n) for n in ("a", "b")}
        stored = Store(data).load(tid).tournament.round(2).boards[0].result
        assert stored is not None
        first = SHOWN[stored.value]
        message = screen(refused[0])
        assert f"to {first}" in message and "you saw no result" in message
        entries = [e for e in Store(data).journal(tid) if e["action"].startswith("result round 2 board 1 ")]
        assert len(entries) == 1
        tmux("send-keys", "-t", refused[0], "Escape")  # close the message
        for name in ("a", "b"):
            wait_for(name, "1 of 6 results in")
            assert board_one(screen(name)) == first, screen(name)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, check=False, timeout=30)
