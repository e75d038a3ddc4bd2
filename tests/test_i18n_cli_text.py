"""CLI text for people in the chosen language; machine outputs identical in every language.

Text outputs (``round show``, ``standings``, ``standings --explain``, ``--help``) are read in the
language chosen by ``--lang`` or by ``LANG``.  Expected words are the glossary's
(docs/glossary.md rows in brackets), not copied from our catalogs:
round tur/Runde/тур [#4], tie-breaks Eşitlik bozma/Feinwertungen/Дополнительные показатели
[#108], pair eşlendir/auslosen/жеребьёвк [#36, #39], opponent rakip/Gegner/соперник [#17],
player oyuncu/Spieler/участник [#8, #9].

Machine outputs — TRF export, ``hakem pair`` (engine interface), ``--format json``/``csv`` —
must be byte-identical whatever the language (docs/cli.md "Machine-readable outputs").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import core.i18n as i18n
from tests.test_i18n_cli import data, run  # noqa: F401 - data is a fixture (parameters below: F811)

TRF = Path(__file__).parent / "data" / "dutch2026" / "f02_p9r7.trf"
LANG_ENV = {"en": "en_GB.UTF-8", "tr": "tr_TR.UTF-8", "de": "de_DE.UTF-8", "ru": "ru_RU.UTF-8"}


def in_lang(monkeypatch, how: str, lang: str, *args: str) -> str:
    """Run with ``--lang`` or with ``LANG`` set; return stdout (exit code must be 0)."""
    if how == "env":
        monkeypatch.setenv("LANG", LANG_ENV[lang])
        code, out, err = run(*args)
        monkeypatch.setenv("LANG", "C.UTF-8")
    else:
        code, out, err = run("--lang", lang, *args)
    assert code == 0, err
    return out


@pytest.fixture()
def tid(data):  # noqa: F811 - the imported fixture
    """The demo tournament with round 1 paired and one result in."""
    code, out, err = run("new", "--demo")
    assert code == 0, err
    ident = out.strip().splitlines()[-1]
    assert run("round", "pair", ident)[0] == 0
    assert run("result", ident, "1", "1", "1-0")[0] == 0
    return ident


TEXT_WORDS = {
    # (round show heading, standings words, explain words)
    "tr": ("1. tur", ["Eşitlik bozma", "Puan"], ["oyuncu", "rakip"]),
    "de": ("Runde 1", ["Feinwertungen", "Pkt."], ["Spieler", "Gegner"]),
    "ru": ("1-й тур", ["Дополнительные показатели", "Очки"], ["участник", "соперник"]),
}


@pytest.mark.parametrize("how", ["env", "option"])
@pytest.mark.parametrize("lang", sorted(TEXT_WORDS))
def test_text_outputs_in_the_chosen_language(monkeypatch, tid, lang, how):
    heading, standings_words, explain_words = TEXT_WORDS[lang]
    shown = in_lang(monkeypatch, how, lang, "round", "show", tid)
    assert shown.splitlines()[0] == f"Demo Club Rapid — {heading}", shown
    table = in_lang(monkeypatch, how, lang, "standings", tid)
    for word in standings_words:
        assert word in table, (word, table)
    assert "Tie-break" not in table and "Pts" not in table
    explained = in_lang(monkeypatch, how, lang, "standings", tid, "--explain", "1")
    for word in explain_words:
        assert word in explained, (word, explained)
    # (the basis column, e.g. "opponent's adjusted score", comes from the tie-break modules)
    assert "for player" not in explained and not re.search(r"\bopponent \d", explained)


def test_english_text_outputs_keep_their_words(tid):
    code, out, _err = run("--lang", "en", "standings", tid)
    assert code == 0
    assert out.startswith("Tie-break regime: FIDE C.07 2026 (") and "Tie-breaks: BH/C1, BH, SB, WIN" in out
    code, out, _err = run("--lang", "en", "round", "show", tid)
    assert out.splitlines()[0] == "Demo Club Rapid — round 1"


HELP_WORDS = {
    # hakem --help; hakem round --help
    "tr": (["Satranç", "turnuva"], ["eşlendir"]),
    "de": (["Schach", "Turnier"], ["auslosen"]),
    "ru": (["шахмат", "турнир"], ["жеребьёвк"]),
}


@pytest.mark.parametrize("how", ["env", "option"])
@pytest.mark.parametrize("lang", sorted(HELP_WORDS))
def test_help_texts_in_the_chosen_language(monkeypatch, data, lang, how):  # noqa: F811 - the imported fixture
    top_words, round_words = HELP_WORDS[lang]
    top = in_lang(monkeypatch, how, lang, "--help")
    for word in top_words:
        assert word in top, (word, top)
    assert "Tournament manager" not in top and "list the pairing systems" not in top
    rounds = in_lang(monkeypatch, how, lang, "round", "--help")
    for word in round_words:
        assert word in rounds, (word, rounds)
    assert "pair the next round" not in rounds


def test_every_subcommand_help_is_translated(data):  # noqa: F811 - the imported fixture
    # Each subcommand's one-line help differs from English in every language.
    from core.cli import build_parser

    def helps(lang: str) -> dict[str, str]:
        i18n.set_language(lang)
        parser = build_parser(None)
        sub = next(a for a in parser._actions if a.dest == "command")
        return {c.dest: c.help for c in sub._choices_actions}

    english = helps("en")
    assert len(english) > 20
    for lang in ("tr", "de", "ru"):
        translated = helps(lang)
        same = [name for name, text in english.items() if translated[name] == text]
        assert not same, (lang, same)


def _machine_outputs(monkeypatch, tid: str, tmp_path: Path, how: str, lang: str) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    trf_file = tmp_path / f"export-{how}-{lang}.trf"
    in_lang(monkeypatch, how, lang, "export", tid, "--trf", "-o", str(trf_file))
    out["trf"] = trf_file.read_bytes()
    # the golden file is a finished event: one more round (XXR) leaves something to pair
    open_trf = tmp_path / "open.trf"
    open_trf.write_text(TRF.read_text(encoding="utf-8") + "XXR 8\n", encoding="utf-8")
    out["pair"] = in_lang(monkeypatch, how, lang, "pair", "--dutch", str(open_trf)).encode()
    out["round-json"] = in_lang(monkeypatch, how, lang, "round", "show", tid, "--format", "json").encode()
    out["standings-json"] = in_lang(monkeypatch, how, lang, "standings", tid, "--format", "json").encode()
    out["standings-csv"] = in_lang(monkeypatch, how, lang, "standings", tid, "--format", "csv").encode()
    out["standings-trf-csv"] = in_lang(monkeypatch, how, lang, "standings", str(TRF), "--format", "csv").encode()
    return out


def test_machine_outputs_identical_in_every_language(monkeypatch, tid, tmp_path):
    reference = _machine_outputs(monkeypatch, tid, tmp_path, "option", "en")
    assert reference["trf"].startswith(b"012 ") and b"001 " in reference["trf"]
    assert reference["pair"].strip() and reference["standings-csv"].startswith(b"rank,pno,name,points")
    for how in ("env", "option"):
        for lang in ("tr", "de", "ru"):
            got = _machine_outputs(monkeypatch, tid, tmp_path, how, lang)
            differ = [name for name in reference if got[name] != reference[name]]
            assert not differ, (how, lang, differ)


@pytest.mark.parametrize("lang,usage,required", [
    ("tr", "kullanım: ", "gerekli"), ("de", "Aufruf: ", "erforderlich"), ("ru", "использование: ", "требуются")])
def test_argparse_words_in_the_chosen_language(data, lang, usage, required):  # noqa: F811 - the imported fixture
    # argparse's own "usage:" and its missing-argument error come from our catalog too.
    code, out, _err = run("--lang", lang, "round", "--help")
    assert code == 0 and out.startswith(usage) and "options:" not in out, out
    code, _out, err = run("--lang", lang, "round", "show")
    assert code == 3 and err.startswith("hakem: round show: ") and required in err, err
    code, out, _err = run("--lang", "en", "round", "--help")
    assert out.startswith("usage: ")
