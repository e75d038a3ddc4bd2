"""One set of key names per language, as its keyboard prints them (a fresh-eyes review of issue
34: the German F1 said ``Del``/``Ctrl`` beside ``Entf``/``Strg``; Turkish and Russian F7 said
``Backspace``); German quotes a value „so“; the Russian bye hint's cancel letter is Cyrillic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from core.fields import bye_cancel_letter, bye_request, team_bye_request
from core.i18n import _, speaking
from tui.key_names import key_label

LOCALES = Path(__file__).resolve().parent.parent / "locales"

ENGLISH_KEYS = {
    # German keyboards print Entf, Strg, ⇧ (Umschalt), Rücktaste, Pos1, Ende, Bild↑/↓, Einfg
    "de": r"(?<![\w-])(Del|Delete|Ctrl|Shift|Backspace|PgUp|PgDn|Insert)(?![\w])",
    # Turkish and Russian keyboards print Ctrl, Del, Shift; the Backspace key is an arrow
    "tr": r"(?<![\w])Backspace(?![\w])",
    "ru": r"(?<![\w])Backspace(?![\w])",
}


def translations(lang: str) -> list[tuple[str, str]]:
    with (LOCALES / lang / "LC_MESSAGES" / "hakem.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for m in catalog:
        if m.id:
            for text in ([m.string] if isinstance(m.string, str) else m.string):
                out.append((m.id if isinstance(m.id, str) else m.id[0], text))
    return out


@pytest.mark.parametrize("lang", ["de", "tr", "ru"])
def test_no_translation_names_a_key_in_english(lang):
    found = [(msgid[:40], text[:80]) for msgid, text in translations(lang) if re.search(ENGLISH_KEYS[lang], text)]
    assert not found, found


def test_german_quotes_a_value_the_german_way():
    straight = [msgid[:60] for msgid, text in translations("de")
                if "!r}" in text or re.search(r"(?<![\w])'[^'\n]+'(?![\w])", text) or re.search(r'"[^"\n]+"', text)]
    assert not straight, straight


@pytest.mark.parametrize("lang, shown, expected", [
    ("de", "del", "Entf"), ("de", "shift+home", "shift+Pos1"), ("de", "end", "Ende"),
    ("de", "pgup", "Bild↑"), ("de", "insert", "Einfg"), ("de", "^s", "^s"),
    ("tr", "del", "Del"), ("ru", "pgdn", "PgDn"),
])
def test_a_footer_key_is_named_as_the_keyboard_prints_it(lang, shown, expected):
    with speaking(lang):
        assert key_label(shown) == expected


def test_the_russian_bye_hint_cancels_with_the_cyrillic_letter_and_both_letters_are_understood():
    with speaking("ru"):
        assert bye_cancel_letter() == "\u0445"  # х, CYRILLIC SMALL LETTER HA
        hint = _("Round number(s) and kind: {kinds}; {cancel} cancels. Example: {first} {half}  or  5 6 {zero}  or  4 {cancel}")
        assert "{cancel}" in hint
        assert bye_request("4 \u0445") == ((4,), "cancel")
        assert bye_request("4 x") == ((4,), "cancel")
        assert team_bye_request("4 \u0445") == ((4,), True)


@pytest.mark.parametrize("lang, example", [("tr", "`4 y`, `5 6 s`, `4 x`"), ("de", "`4 h`, `5 6 n`, `4 x`"),
                                           ("ru", "`4 п`, `5 6 н`, `4 х`")])
def test_the_help_gives_bye_examples_in_the_readers_letters(lang, example):
    from tui.screens.help import help_text

    with speaking(lang):
        text = help_text()
        for request in re.findall(r"`([^`]+)`", example):
            bye_request(request)  # each example is understood in that language
    assert example in text
