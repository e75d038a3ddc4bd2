"""Keys typed while hakem starts (``tui/typeahead.py``): the terminal leaves the shell's line
mode before anything heavy is imported and gets that mode back at the end; a record typed
before the screen was drawn is registered as typed (issue 29)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tui.typeahead import keys_kept_from_start

DEADLINE = float(os.environ.get("HAKEM_TMUX_DEADLINE", "60"))


@pytest.fixture
def terminal(monkeypatch):
    """A pseudo-terminal as standard input, in the line mode a shell leaves it in."""
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r", closefd=False)
    monkeypatch.setattr(sys, "stdin", stdin)
    yield master, slave
    stdin.close()
    os.close(master)
    os.close(slave)


def test_while_hakem_starts_the_terminal_is_out_of_line_mode_and_then_back(terminal):
    _master, slave = terminal
    before = termios.tcgetattr(slave)
    assert before[0] & termios.ICRNL and before[3] & termios.ICANON and before[3] & termios.ECHO
    with keys_kept_from_start():
        during = termios.tcgetattr(slave)
        assert not during[0] & termios.ICRNL  # Enter stays CR
        assert not during[3] & termios.ICANON  # a key is readable before its line ends
        assert not during[3] & termios.ECHO  # nothing typed is written over the screen
    assert termios.tcgetattr(slave) == before


def test_keys_waiting_when_line_mode_ends_stay_and_enter_stays_enter(terminal):
    """A half line typed before the switch is not discarded (TCSANOW, not TCSAFLUSH), and an
    Enter typed after it arrives as CR, not as the line feed line mode made of it."""
    master, slave = terminal
    os.write(master, b"Kaya")
    time.sleep(0.05)
    with keys_kept_from_start():
        os.write(master, b", Can\r")
        time.sleep(0.05)
        assert os.read(slave, 100) == b"Kaya, Can\r"


def test_the_mode_is_given_back_when_the_ui_fails(terminal):
    _master, slave = terminal
    before = termios.tcgetattr(slave)
    with pytest.raises(RuntimeError), keys_kept_from_start():
        raise RuntimeError("the UI crashed")
    assert termios.tcgetattr(slave) == before


def test_no_terminal_no_change(monkeypatch):
    read_end, write_end = os.pipe()
    with os.fdopen(read_end) as pipe:
        monkeypatch.setattr(sys, "stdin", pipe)
        with keys_kept_from_start():
            pass
    os.close(write_end)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_record_typed_before_hakem_has_started_is_registered(tmp_path: Path):
    """The real hakem in tmux: the organiser types two players (name, Tab, rating, Enter) while
    the program is still loading — here while a shell sleeps before starting it, so every key
    waits in the terminal's line mode, where Enter becomes a line feed.  Both are registered
    with their ratings: before, the first Enter arrived as Ctrl+J and the rating field got
    ``1850Öztürk, Ümit``."""
    socket = f"hakem-start-{os.getpid()}"
    data = tmp_path / "data"
    env = {"HAKEM_DATA": str(data), "HAKEM_CONFIG_DIR": str(tmp_path / "config"), "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8"}
    hakem = shutil.which("hakem") or "hakem"

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", *args], capture_output=True, text=True,
                              check=True).stdout

    tmux("new-session", "-d", "-s", "start", "-x", "80", "-y", "24", *[f"-e{k}={v}" for k, v in env.items()],
         f"sleep 1.5; {hakem} --lang tr --demo; sleep 3600")
    try:
        tmux("send-keys", "-t", "start", "-l", "Şahin, Işıl\t1850\rÖztürk, Ümit\t1790\r")
        stored: dict[str, int | None] = {}
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end and len(stored) < 2:
            time.sleep(0.5)
            stored = _registered(hakem, env, {"Şahin, Işıl", "Öztürk, Ümit"})
        screen = tmux("capture-pane", "-p", "-t", "start")
        assert stored == {"Şahin, Işıl": 1850, "Öztürk, Ümit": 1790}, screen
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def _registered(hakem: str, env: dict[str, str], names: set[str]) -> dict[str, int | None]:
    """The ratings stored for ``names`` in the one tournament of the data directory."""
    run_env = {**os.environ, **env}
    listing = subprocess.run([hakem, "list", "--format", "json"], capture_output=True, text=True, env=run_env)
    if listing.returncode != 0 or not listing.stdout.strip():
        return {}
    events = json.loads(listing.stdout)
    if not events:
        return {}
    event_id = events[0]["id"]
    players = subprocess.run([hakem, "players", "list", event_id, "--format", "json"], capture_output=True,
                             text=True, env=run_env)
    if players.returncode != 0:
        return {}
    return {p["name"]: p.get("rating") for p in json.loads(players.stdout)["players"] if p["name"] in names}
