"""A language is named in the reader's language (CLDR's names through babel), never by its
code: ``hakem settings`` said "Sprache der Berichte: tr" (a fresh-eyes review of issue 34)."""

from __future__ import annotations

import pytest

from core.cli import main
from core.i18n.format import language_choice, language_name


@pytest.mark.parametrize("code, reader, expected", [
    # CLDR's names (German "Türkisch", Turkish "Almanca", Russian "турецкий", capitalised alone)
    ("tr", "de", "Türkisch"), ("de", "tr", "Almanca"), ("tr", "ru", "Турецкий"), ("ru", "en", "Russian"),
    ("de", "de", "Deutsch"),
])
def test_a_language_is_named_in_the_readers_language(code, reader, expected):
    assert language_name(code, reader) == expected


def test_a_picker_adds_the_languages_own_name_when_it_differs():
    assert language_choice("tr", "de") == "Türkisch (Türkçe)"
    assert language_choice("de", "de") == "Deutsch"


def test_hakem_settings_names_the_events_language(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    assert main(["new", "Club Open", "--rounds", "3"]) == 0
    tid = capsys.readouterr().out.strip()
    assert main(["settings", tid, "--language", "tr"]) == 0
    capsys.readouterr()
    assert main(["--lang", "de", "settings", tid]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.split() == ["Sprache", "der", "Berichte", "Türkisch"], last


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_the_demo_tournament_and_a_copy_are_named_in_the_organisers_language(lang, tmp_path):
    # a German organiser's list said "Demo Club Rapid", a copy "… (copy)"
    from core.app.workspace import Workspace
    from core.demo import demo_tournament
    from core.i18n import speaking

    with speaking(lang):
        demo = demo_tournament()
        workspace = Workspace(tmp_path / "data")
        copy = workspace.store.load(workspace.duplicate(workspace.create_demo())).tournament
    words = f"{demo.name} {demo.chief_arbiter} {demo.players[0].club} {copy.name}".lower()
    assert not [english for english in ("club rapid", "arbiter", "chess club", "copy") if english in words], words
    assert copy.name.startswith(demo.name)
