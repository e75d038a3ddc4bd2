"""What ``hakem doctor`` says beside its checks of the files.

Which matcher pairs and why (issue 35 item 5): the pure-Python one gives the same pairings,
only slower, so an organiser whose pairing of a big field is slow must be able to learn that
the compiled one is missing or switched off.  And a directory without rating lists is fine in
every language."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from core.cli import main
from core.pairing.matching import incremental


@pytest.fixture(autouse=True)
def _environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--data`` and ``--socket`` set HAKEM_DATA and HAKEM_SOCKET for the process (the CLI's
    reading of them): gone again after each test, or the next test would use a dead service."""
    for name in ("HAKEM_DATA", "HAKEM_SOCKET"):
        monkeypatch.setenv(name, "")  # recorded as unset before the test: removed after it
        monkeypatch.delenv(name)


def doctor_says(capsys: pytest.CaptureFixture[str], data: str) -> str:
    assert main(["--data", data, "doctor"]) == 0
    return capsys.readouterr().out


def test_doctor_names_the_compiled_matcher(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(incremental.PURE_PYTHON_ENV, raising=False)
    monkeypatch.setattr(incremental, "NativeMatcher", object)  # built, whatever this machine has
    out = doctor_says(capsys, str(tmp_path))
    assert "note: pairing uses the compiled matcher\n" in out


def test_doctor_says_the_switch_that_chose_pure_python(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(incremental, "NativeMatcher", object)
    monkeypatch.setenv(incremental.PURE_PYTHON_ENV, "1")
    out = doctor_says(capsys, str(tmp_path))
    assert "pure-Python matcher" in out and "HAKEM_PURE_PYTHON=1 is set" in out


def test_doctor_says_why_the_compiled_matcher_is_missing(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(incremental.PURE_PYTHON_ENV, raising=False)
    monkeypatch.setattr(incremental, "NativeMatcher", None)
    monkeypatch.setattr(incremental, "NATIVE_MISSING", "No module named 'core.pairing.matching._native'")
    out = doctor_says(capsys, str(tmp_path))
    line = next(x for x in out.splitlines() if "matcher" in x)
    assert "pure-Python matcher" in line and "No module named 'core.pairing.matching._native'" in line
    assert "C compiler" in line


def test_doctor_of_a_directory_without_rating_lists_is_ok_in_every_language(tmp_path, capsys):
    """No list imported yet is no problem, whatever the language: the library recognised that
    case by its English words, so in Turkish ``hakem doctor`` of a fresh directory said
    'sorun: … henüz kuvvet puanı listesi yok' and exited 1."""
    from core.i18n import set_language

    try:
        for lang in ("en", "tr", "de", "ru"):
            assert main(["--data", str(tmp_path), "--lang", lang, "doctor"]) == 0, lang
            capsys.readouterr()
    finally:
        set_language("en")


# -- the service's matcher ---------------------------------------------------------------------
# Through a data service the events are paired in the service's process, whose matcher may not
# be this one's (another interpreter, another environment): doctor asks the service (its
# greeting says which it loaded and why) and names this process's too when they differ.

@contextmanager
def forked_service(data: Path, path: str, pure: bool) -> Iterator[None]:
    """The real service in a child process of its own (``pure``: started with
    ``HAKEM_PURE_PYTHON=1``), on a socket bound here so it answers at once."""
    import socket

    from core.service.server import Service  # imported before the fork: the child only serves

    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    pid = os.fork()
    if pid == 0:  # the child: the service, until killed
        try:
            if pure:
                os.environ[incremental.PURE_PYTHON_ENV] = "1"
            Service(str(data), listener, log=lambda line: None).serve_forever()
        finally:
            os._exit(0)
    listener.close()
    try:
        yield
    finally:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)


def service_says(capsys: pytest.CaptureFixture[str], path: str) -> list[str]:
    assert main(["--socket", path, "doctor"]) == 0
    return [line for line in capsys.readouterr().out.splitlines() if "matcher" in line]


def test_doctor_names_the_services_matcher_and_this_ones_when_they_differ(tmp_path, capsys, monkeypatch):
    built_here = incremental.NativeMatcher is not None  # the service's interpreter is this one
    path = str(tmp_path / "hakem.sock")
    with forked_service(tmp_path / "data", path, pure=True):
        monkeypatch.delenv(incremental.PURE_PYTHON_ENV, raising=False)
        monkeypatch.setattr(incremental, "NativeMatcher", object)  # this process: compiled
        service, here = service_says(capsys, path)
    assert service.startswith(f"note: the hakem service at {path}: pairing uses the pure-Python matcher")
    if built_here:  # the compiled one is built: the service was told not to use it
        assert "HAKEM_PURE_PYTHON=1 is set" in service
    else:  # not built for this Python: the service says why, in Python's words
        assert incremental.NATIVE_MISSING in service and "C compiler" in service
    assert here == "note: this process (hakem pair on a TRF file): pairing uses the compiled matcher"


def test_doctor_says_the_services_matcher_once_when_it_is_this_ones(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(incremental.PURE_PYTHON_ENV, raising=False)
    monkeypatch.setattr(incremental, "NativeMatcher", None)
    monkeypatch.setattr(incremental, "NATIVE_MISSING", "No module named 'core.pairing.matching._native'")
    path = str(tmp_path / "hakem.sock")
    with forked_service(tmp_path / "data", path, pure=False):  # forked after the patch: the same
        lines = service_says(capsys, path)
    assert lines == [f"note: the hakem service at {path}: pairing uses the pure-Python matcher (same pairings, "
                     "slower): the compiled one is not built for this Python (No module named "
                     "'core.pairing.matching._native'); reinstall hakem where a C compiler is available"]


def test_doctor_without_a_service_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv(incremental.PURE_PYTHON_ENV, raising=False)
    monkeypatch.delenv("HAKEM_SOCKET", raising=False)
    monkeypatch.setattr(incremental, "NativeMatcher", object)
    monkeypatch.setattr("core.service.DEFAULT_SOCKET", str(tmp_path / "none.sock"))
    out = doctor_says(capsys, str(tmp_path)).splitlines()
    assert out[:2] == [f"note: no hakem service serves {tmp_path}: events are paired in this process",
                       "note: pairing uses the compiled matcher"]


def test_an_older_service_that_does_not_say_is_named(tmp_path, capsys, monkeypatch):
    from core.pairing.matching.incremental import MatcherState
    from tests.service_thread import service_thread

    path = str(tmp_path / "hakem.sock")
    monkeypatch.setattr(incremental, "matcher_state", lambda: MatcherState(True))
    monkeypatch.setattr(MatcherState, "to_json", lambda self: None)  # its greeting: no matcher
    with service_thread(tmp_path / "data", path):
        service, here = service_says(capsys, path)
    assert service == (f"note: the hakem service at {path} does not say which matcher it pairs with (an older "
                       "hakem: restart it after the update)")
    assert here == "note: this process: pairing uses the compiled matcher"
    assert MatcherState.from_json({"compiled": "yes"}) is None
    assert MatcherState.from_json({"compiled": False, "missing": "gone"}) == MatcherState(False, missing="gone")
