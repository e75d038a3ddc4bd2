"""Russian messages quote a value «so» (the glossary's quotes), not 'so' (issue 34, a review:
"неизвестное звание 'ГМ'"): a translation quotes its value itself instead of Python's repr.  And
the Russian help and messages say "эл. почта", the catalog's word, not "e-mail"."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from core.i18n import _, set_language

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def test_no_russian_translation_quotes_a_value_with_straight_quotes():
    for path in (LOCALES / "ru" / "LC_MESSAGES" / "hakem.po", LOCALES / "memory" / "ru.po"):
        with path.open("rb") as f:
            catalog = read_po(f, locale="ru")
        straight = [m.id for m in catalog if m.id and isinstance(m.string, str)
                    and ("!r}" in m.string or "'{" in m.string or '"{' in m.string)]
        assert not straight, (path.name, straight[:5])


def test_a_refused_value_is_quoted_the_russian_way():
    set_language("ru")
    try:
        text = _("--map {item!r}: write field=Column").format(item="ГМ")
    finally:
        set_language("en")
    assert "«ГМ»" in text and "'ГМ'" not in text, text


def test_russian_says_el_pochta_not_e_mail():
    # the catalog's word (the members' column "Эл. почта"), also in the help and messages
    with (LOCALES / "ru" / "LC_MESSAGES" / "hakem.po").open("rb") as f:
        catalog = read_po(f, locale="ru")
    latin = [m.id for m in catalog if m.id and isinstance(m.string, str) and "e-mail" in m.string.lower()]
    assert not latin, latin
