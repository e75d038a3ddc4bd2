"""A requested bye's kind in the reader's words (review rev34c, item 6): the bye dialog took
the English letters h/f/z in Turkish and Russian, and ``--kind`` offered ``{half,full,zero}``.
The letters now are the first letters of the language's words (Turkish yarım/tam/sıfır,
German halb/ganz/null, Russian пол/очко/ноль — the glossary's half-point and zero-point byes,
#76, #77), and the English ones are still understood (as the answer keys are)."""

from __future__ import annotations

import pytest

import core.i18n as i18n
from core.fields import FieldError, bye_kind_hint, bye_request
from tests.test_i18n_cli import data, run  # noqa: F401 - data is a fixture


@pytest.fixture()
def speak():
    def use(lang: str) -> None:
        i18n.set_language(lang)
    yield use
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "typed", "kind"), [
    ("tr", "2 y", "half"), ("tr", "2 t", "full"), ("tr", "2 s", "zero"), ("tr", "2 sıfır", "zero"),
    ("de", "2 g", "full"), ("de", "2 n", "zero"), ("de", "2 h", "half"),
    ("ru", "3 п", "half"), ("ru", "3 о", "full"), ("ru", "3 н", "zero"),
    ("ru", "3 z", "zero"), ("tr", "2 f", "full"), ("tr", "2 x", "cancel"),  # English still understood
])
def test_the_letters_of_the_language_and_the_english_ones(speak, lang, typed, kind):
    speak(lang)
    assert bye_request(typed)[1] == kind


def test_the_dialog_names_the_letters_in_the_language(speak):
    speak("ru")
    assert bye_kind_hint() == "п пол, о очко, н ноль"
    with pytest.raises(FieldError, match="п пол, о очко, н ноль"):
        bye_request("3 q")
    speak("tr")
    assert bye_kind_hint() == "y yarım, t tam, s sıfır"


def test_kind_offers_and_takes_the_words_of_the_language(data):  # noqa: F811 - the fixture
    code, out, _err = run("--lang", "tr", "players", "bye", "--help")
    assert code == 0 and "{yarım,tam,sıfır}" in out and "half" not in out
    tid = run("new", "Kupa", "--system", "dutch", "--rounds", "3")[1].strip().splitlines()[-1]
    for name in ("Kaya, Can", "Demir, Ece"):
        assert run("players", "add", tid, "--name", name, "--rating", "1500")[0] == 0
    assert run("--lang", "tr", "players", "bye", tid, "1", "--round", "2", "--kind", "sıfır")[0] == 0
    assert run("--lang", "tr", "players", "bye", tid, "2", "--round", "2", "--kind", "full")[0] == 0
    code, _out, err = run("--lang", "de", "players", "bye", tid, "2", "--round", "3", "--kind", "quark")
    assert code == 3 and "halb, ganz, null" in err and len(err.strip().splitlines()) == 1
    i18n.set_language("en")
