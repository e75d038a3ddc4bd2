"""One way to run a ``hakem`` command in-process from a test (with the ``cli_data`` fixture
of tests/conftest.py for its data directory)."""

from __future__ import annotations

from core.cli import main


def run(capsys, *args, code=0):
    """Run ``hakem ARGS``; the exit code must be ``code`` (``None``: any failure) and no
    traceback may reach the user.  Returns (stdout, stderr)."""
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert (rc != 0) if code is None else (rc == code), err
    assert "Traceback" not in err
    return out, err
