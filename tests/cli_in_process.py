"""The real CLI run in this process over a data directory of its own, no data service (for the
tests of the club machine's review that need no other user)."""

from __future__ import annotations

import pytest

from core.cli import main


def run(capsys, data, *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``hakem --data DATA ARGS``."""
    code = main(["--data", str(data), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def in_process(monkeypatch):
    """No service socket from the environment; English messages."""
    monkeypatch.delenv("HAKEM_SOCKET", raising=False)
    monkeypatch.setenv("HAKEM_LANG", "en")
