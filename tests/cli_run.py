"""One way to run a ``hakem`` command in-process from a test (with the ``cli_data`` fixture
of tests/conftest.py for its data directory), and one way to run it as a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys

from core.cli import main


def run(capsys, *args, code=0):
    """Run ``hakem ARGS``; the exit code must be ``code`` (``None``: any failure) and no
    traceback may reach the user.  Returns (stdout, stderr)."""
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert (rc != 0) if code is None else (rc == code), err
    assert "Traceback" not in err
    return out, err


def hakem_process(data, *args, check=True) -> subprocess.CompletedProcess:
    """``hakem ARGS`` as its own process on the data directory ``data`` (journal user
    ``arbiter``); with ``check`` it must succeed.  No traceback may reach the user."""
    env = {**os.environ, "HAKEM_DATA": str(data), "HAKEM_USER": "arbiter"}
    proc = subprocess.run([sys.executable, "-m", "tui.launch", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"hakem {' '.join(map(str, args))} -> {proc.returncode}: {proc.stderr}")
    assert "Traceback" not in proc.stderr
    return proc
