"""What ``hakem doctor`` says beside its checks of the files.

Which matcher pairs and why (issue 35 item 5): the pure-Python one gives the same pairings,
only slower, so an organiser whose pairing of a big field is slow must be able to learn that
the compiled one is missing or switched off.  And a directory without rating lists is fine in
every language."""

from __future__ import annotations

import pytest

from core.cli import main
from core.pairing.matching import incremental


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
