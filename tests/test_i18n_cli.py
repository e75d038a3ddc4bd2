"""CLI messages in the chosen language (``--lang``, the saved setting, or LANG), same exit codes.

Expected words are docs/glossary.md's (round: tur/Runde/тур #4; result: sonuç/Ergebnis/результат
#88; pairing: eşlendir/auslos/жеребьёвк #36), not copied from our catalogs.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest

import core.i18n as i18n
from core.cli import main


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr("core.identity.user_name", lambda uid: "arbiter")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    (tmp_path / "data").mkdir()
    yield tmp_path
    i18n.set_language("en")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as stop:  # argparse --help
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def _demo() -> str:
    code, out, _err = run("new", "--demo")
    assert code == 0
    return out.strip().splitlines()[-1]


@pytest.mark.parametrize("lang,words", [
    ("tr", ["bilinmeyen sonuç", "kullanın"]),
    ("de", ["unbekanntes Ergebnis", "verwenden Sie"]),
    ("ru", ["неизвестный результат", "используйте"]),
])
def test_error_message_in_the_chosen_language(data, lang, words):
    tid = _demo()
    code, _out, err = run("--lang", lang, "result", tid, "1", "1", "2-2")
    assert code == 3 and err.startswith("hakem: ")
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("lang,round_word,result_word", [
    ("tr", "tur", "sonuç"), ("de", "Runde", "Ergebnis"), ("ru", "тур", "результат")])
def test_round_not_finished_uses_glossary_words(data, lang, round_word, result_word):
    tid = _demo()
    assert run("round", "pair", tid)[0] == 0
    code, _out, err = run("--lang", lang, "round", "pair", tid)
    assert code != 0
    assert round_word in err and result_word in err, err


def test_language_from_the_environment_and_the_setting(data, monkeypatch):
    tid = _demo()
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert "неизвестный результат" in run("result", tid, "1", "1", "2-2")[2]
    (data / "config").mkdir(exist_ok=True)
    (data / "config" / "ui.json").write_text(json.dumps({"language": "de"}), encoding="utf-8")
    assert "unbekanntes Ergebnis" in run("result", tid, "1", "1", "2-2")[2]      # setting beats LANG
    assert "bilinmeyen sonuç" in run("--lang", "tr", "result", tid, "1", "1", "2-2")[2]  # option wins


def test_machine_output_unchanged_by_lang(data):
    tid = _demo()
    assert run("round", "pair", tid)[0] == 0
    outputs = {run("--lang", lang, "round", "show", tid, "--format", "json")[1] for lang in ("en", "tr", "de", "ru")}
    assert len(outputs) == 1 and json.loads(outputs.pop())["round"] == 1
