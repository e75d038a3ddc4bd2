"""The catalogs are complete, current and consistent with the source strings.

Fails when a message of ``core/`` or ``tui/`` is missing from ``locales/hakem.pot`` or from a
``.po`` (someone added ``_("…")`` without running ``python -m core.i18n.update``), when a
``.po`` still holds messages the source no longer has, when any tr/de/ru message is
untranslated or fuzzy, when a translation loses or invents a ``{placeholder}``, or when the
compiled ``.mo`` files are missing or older than the ``.po`` (the build step did not run).
"""

from __future__ import annotations

import gettext
import io
import re
import string

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from core.i18n import compile as i18n_compile
from core.i18n import update
from core.i18n.extract import POT_FILE, extract_catalog, message_keys

TARGETS = ("tr", "de", "ru")


@pytest.fixture(scope="module")
def template():
    """The messages of the tree as it is now, extracted in memory (nothing written)."""
    return extract_catalog()


def _po(lang):
    with update.po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def test_pot_matches_the_source(template):
    with POT_FILE.open("rb") as handle:
        committed = read_po(handle)
    missing = message_keys(template) - message_keys(committed)
    extra = message_keys(committed) - message_keys(template)
    assert not missing and not extra, (
        f"locales/hakem.pot is out of date (run python -m core.i18n.update): "
        f"new in source {sorted(missing, key=repr)[:10]}, gone from source {sorted(extra, key=repr)[:10]}")


def test_the_source_has_messages(template):
    # A broken babel.cfg would make every other test here pass vacuously.
    assert len(message_keys(template)) > 100
    ids = {m.id for m in template}
    assert "Buchholz" in ids  # from the tie-break name table (tables extractor)
    assert ("{n} player", "{n} players") in ids or any(isinstance(i, tuple) for i in ids)


@pytest.mark.parametrize("lang", TARGETS)
def test_po_is_complete_current_and_not_fuzzy(lang, template):
    problems = update.problems(lang, template)
    assert not problems, f"{len(problems)} problem(s) in {lang}:\n" + "\n".join(problems[:40])


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _placeholder_problems(catalog):
    bad = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            wanted = _fields(message.id[0]) | _fields(message.id[1])
            for form in message.string:
                # A plural form may drop {n} only if the msgid does (never here), so compare sets.
                if form and _fields(form) != wanted:
                    bad.append((message.id, form))
        elif _fields(message.id) != _fields(message.string):
            bad.append((message.id, message.string))
    return bad


@pytest.mark.parametrize("lang", TARGETS)
def test_placeholders_survive_translation(lang):
    bad = _placeholder_problems(_po(lang))
    assert not bad, bad[:10]


def _memory(lang):
    with (update.LOCALES / "memory" / f"{lang}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", TARGETS)
def test_translation_memory_is_consistent(lang):
    """locales/memory: reviewed translations of strings not yet wrapped (see core.i18n.lint)."""
    memory = _memory(lang)
    assert len(memory) > 50
    assert not _placeholder_problems(memory)
    assert not [m.id for m in memory if m.id and (m.fuzzy or not m.string)]
    assert not _style_offenders(lang, memory)


def test_update_fills_new_messages_from_the_memory(template):
    from babel.messages.catalog import Catalog

    extended = Catalog()
    for message in template:
        if message.id:
            extended.add(message.id, context=message.context)
    extended.add("no round is paired yet")  # as if someone wrapped a message of core/changes/
    # One template for every language, as the tool does: a fill must not leak between them.
    results = {lang: update.updated_po(lang, extended) for lang in ("tr", "de", "ru")}
    assert results["tr"].get("no round is paired yet").string == "henüz hiçbir tur eşlendirilmedi"
    assert results["de"].get("no round is paired yet").string == "noch keine Runde ausgelost"
    assert results["ru"].get("no round is paired yet").string == "жеребьёвка ещё не проводилась"
    assert results["de"].get("Pair next round").string == "Nächste Runde auslosen"


@pytest.mark.parametrize("lang", TARGETS)
def test_translations_format_like_the_source(lang):
    # Every translation must accept the same .format() arguments as its msgid.
    for message in _po(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        fields = set().union(*(_fields(i) for i in ids))
        if not fields:
            continue
        values = {name.split(".")[0].split("[")[0]: "x" for name in fields if name}
        for text in strings:
            text.format(**values)


# gettext plural rules: the docs/glossary.md §S gives them, CLDR defines the categories.
CLDR_INDEX = {"tr": {"one": 0, "other": 1}, "de": {"one": 0, "other": 1},
              "ru": {"one": 0, "few": 1, "many": 2}}


@pytest.mark.parametrize("lang", TARGETS)
def test_plural_rule_agrees_with_cldr(lang):
    catalog = _po(lang)
    assert catalog.num_plurals == (3 if lang == "ru" else 2)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    translation = gettext.GNUTranslations(buffer)
    cldr = Locale.parse(lang).plural_form
    for n in range(250):
        assert translation.plural(n) == CLDR_INDEX[lang][cldr(n)], (lang, n)


def test_compiled_catalogs_are_current():
    """The build step (``build_py`` → ``python -m core.i18n.compile``) produced fresh .mo files."""
    assert not i18n_compile.stale(), (
        "compiled catalogs missing or stale: run `python3 -m pip install -e .` or "
        "`python3 -m core.i18n.compile`")


def test_compile_writes_loadable_catalogs(tmp_path):
    written = i18n_compile.compile_catalogs(out=tmp_path)
    assert sorted(p.parent.parent.name for p in written) == sorted(TARGETS)
    de = gettext.translation("hakem", localedir=str(tmp_path), languages=["de"])
    assert de.gettext("Pair next round") == "Nächste Runde auslosen"


def test_importing_and_switching_never_compiles(tmp_path, monkeypatch):
    """Catalogs are compiled at build time only: without a .mo the UI stays English."""
    import core.i18n as i18n

    (tmp_path / "tr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "tr" / "LC_MESSAGES" / "hakem.po").write_bytes(update.po_path("tr").read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "PACKAGE_LOCALE_DIR", tmp_path / "none")
    try:
        assert i18n.set_language("tr") == "tr"
        assert i18n._("Pair next round") == "Pair next round"
        assert i18n.mo_path("tr") is None
        assert not list(tmp_path.rglob("*.mo"))
    finally:
        monkeypatch.undo()
        i18n.set_language("en")


def test_build_hook_is_wired_in_pyproject():
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    assert data["tool"]["setuptools"]["cmdclass"]["build_py"] == "core.i18n.build.BuildPyWithCatalogs"
    assert any(r.startswith("babel") for r in data["build-system"]["requires"])


# Address and spelling rules from the docs/glossary.md §S, §T.
FORBIDDEN = {
    # informal address; old spelling; non-source terms (eşleştirme, раунд); seed typos
    "tr": [r"\bsen\b", r"\bsenin\b", r"\bsana\b", r"eşleştir", r"Sonnenborn", r"Buchholtz"],
    "de": [r"\bdu\b", r"\bdich\b", r"\bdir\b", r"\bdein\w*", r"\bdaß\b", r"\bmuß\b", r"Sonnenborn"],
    "ru": [r"\bты\b", r"\bтебя\b", r"\bтебе\b", r"\bтво[йяеи]\w*", r"раунд", r"Зонненборн"],
}


def _style_offenders(lang, catalog):
    offenders = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for pattern in FORBIDDEN[lang]:
                if text and re.search(pattern, text, flags=re.IGNORECASE):
                    offenders.append((pattern, text))
    return offenders


@pytest.mark.parametrize("lang", TARGETS)
def test_formal_address_and_source_spelling(lang):
    offenders = _style_offenders(lang, _po(lang))
    assert not offenders, offenders[:10]


def test_turkish_suffix_never_follows_a_placeholder():
    # "{n}'e", "T{n}'den": the suffix's vowel harmony depends on the number (3'e, 4'e, 6'ya),
    # so a translation must not glue a suffix to a value it cannot see.
    glued = [m.string for m in _po("tr") if isinstance(m.string, str) and re.search(r"\}'\w", m.string)]
    assert not glued, glued


def test_russian_uses_yo_consistently():
    # docs/glossary.md §S: choose ё ("жеребьёвка", "чёрные", "отчёт") and use it everywhere.
    words = ("жеребьевк", "черны", "отчет", "учет", "еще ")
    for message in _po("ru"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for word in words:
                assert word not in (text or "").lower(), text


FOREIGN_LETTERS = {"tr": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяß", "de": "ğışİĞŞабвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                   "ru": "ğışçİĞŞÇß"}


@pytest.mark.parametrize("lang", TARGETS)
def test_no_translation_leaked_from_another_language(lang):
    # A Turkish string in the German catalog (a tool bug once did this) is caught by its letters.
    leaks = []
    for message in _po(lang):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        source = "".join(ids).lower()
        for text in strings:
            if any(c in FOREIGN_LETTERS[lang] and c not in source for c in (text or "").lower()):
                leaks.append((message.id, text))
    assert not leaks, leaks[:10]
