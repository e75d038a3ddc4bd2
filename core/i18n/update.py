"""Re-extract the English strings and bring every catalog up to date (a developer tool).

    python -m core.i18n.update             # write locales/hakem.pot and update tr/de/ru .po
    python -m core.i18n.update --check     # exit 1 if the .pot/.po are out of date or incomplete
    python -m core.i18n.update --list tr   # print the untranslated/fuzzy msgids of one language

What it does, in order:
1. extracts ``core/`` and ``tui/`` in memory (``core.i18n.extract``, configured by ``babel.cfg``);
2. writes ``locales/hakem.pot`` (file names but no line numbers, so moving code does not churn
   the catalogs; nothing is rewritten when no message changed);
3. merges it into ``locales/<lang>/LC_MESSAGES/hakem.po`` without fuzzy guessing (a guessed
   translation of a similar string is worse than none in arbiter terminology), keeping removed
   messages as obsolete ``#~`` entries;
4. fills new messages from earlier translations of the same msgid (obsolete entries) and from
   the reviewed translation memory ``locales/memory/<lang>.po`` if present.

Then translate what ``--list`` shows and run ``python -m core.i18n.compile`` (or reinstall).
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
from datetime import datetime, UTC
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from core.i18n import LANGUAGES
from core.i18n.extract import HEADER, POT_FILE, ROOT, extract_catalog, message_keys

LOCALES = ROOT / "locales"
TARGETS = tuple(lang for lang in LANGUAGES if lang != "en")
_Translation = str | tuple[str, ...] | list[str]
"""A message's translation as babel holds it (plural messages: one string per form)."""

FIXED_DATE = datetime(2026, 11, 29, 0, 0, tzinfo=UTC)
"""Header dates are fixed so regenerating identical content gives identical files."""

PLURAL_FORMS = {
    "tr": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "ru": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
           "(n%100<10 || n%100>=20) ? 1 : 2);"),
}
"""gettext rules as docs/glossary.md §S gives them, equivalent to CLDR one/other and
one/few/many (checked by the tests).  Set explicitly because babel's own table still says
``nplurals=1`` for Turkish."""


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "hakem.po"


def _render(catalog: Catalog, **kwargs) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, sort_output=True, **kwargs)
    return buffer.getvalue()


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _write_if_changed(path: Path, data: bytes) -> bool:
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _memory(lang: str, catalog: Catalog) -> dict[tuple, _Translation]:
    """Known translations keyed by (msgid, context): obsolete entries, then the memory file."""
    known: dict[tuple, _Translation] = {}
    for message in catalog.obsolete.values():
        if message.string and (any(message.string) if isinstance(message.string, tuple) else True):
            known[(message.id, message.context)] = message.string
    memory_file = LOCALES / "memory" / f"{lang}.po"
    if memory_file.is_file():
        for message in _read(memory_file, locale=lang):
            if message.id and message.string and not message.fuzzy:
                known.setdefault((message.id, message.context), message.string)
    return known


def build_template() -> Catalog:
    template = extract_catalog()
    template.creation_date = FIXED_DATE
    template.revision_date = FIXED_DATE
    return template


def _obsolete_key(message: Message) -> str | tuple[str, str]:
    """The key babel files ``message`` under in ``Catalog.obsolete``: the singular msgid, with
    the context when there is one."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid if message.context is None else (msgid, message.context)


def updated_po(lang: str, template: Catalog) -> Catalog:
    """The catalog for ``lang`` merged with ``template`` (not written)."""
    path = po_path(lang)
    if path.is_file():
        catalog = _read(path, locale=lang)
    else:
        catalog = Catalog(locale=lang, **HEADER, fuzzy=False)
    # babel's update() inserts the template's own Message objects for new msgids; filling them
    # for one language would leak that translation into the next language: merge a copy.
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True, update_creation_date=False)
    known = _memory(lang, catalog)
    for message in catalog:
        if not message.id:
            continue
        empty = not message.string or (isinstance(message.string, tuple) and not all(message.string))
        if empty and (message.id, message.context) in known:
            message.string = known[(message.id, message.context)]
            catalog.obsolete.pop(_obsolete_key(message), None)
    for key in [k for k in catalog.obsolete if k in catalog]:
        del catalog.obsolete[key]  # back in the source: keep one entry, the active one
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    catalog.language_team = {"tr": "Türkçe", "de": "Deutsch", "ru": "Русский"}.get(lang, "")
    catalog.last_translator = "hakem contributors"
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]  # babel's setter parses the rule
    return catalog


def problems(lang: str, template: Catalog) -> list[str]:
    """Untranslated, fuzzy, missing or extra messages of ``lang`` against ``template``."""
    path = po_path(lang)
    if not path.is_file():
        return [f"{path}: missing"]
    catalog = _read(path, locale=lang)
    found = []
    want, have = message_keys(template), message_keys(catalog)
    for key in sorted(want - have, key=repr):
        found.append(f"{lang}: not in the .po (run python -m core.i18n.update): {key[0][0]!r}")
    for key in sorted(have - want, key=repr):
        found.append(f"{lang}: no longer in the source (run python -m core.i18n.update): {key[0][0]!r}")
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            found.append(f"{lang}: fuzzy: {message.id!r}")
        elif not all(strings) or (isinstance(message.id, tuple) and len(strings) != catalog.num_plurals):
            found.append(f"{lang}: untranslated: {message.id!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.i18n.update",
                                     description="Re-extract messages and update the catalogs.")
    parser.add_argument("--check", action="store_true", help="report problems, write nothing")
    parser.add_argument("--list", metavar="LANG", help="print untranslated/fuzzy msgids of LANG")
    args = parser.parse_args(argv)
    template = build_template()
    if args.check or args.list:
        langs = [args.list] if args.list else list(TARGETS)
        issues = [p for lang in langs for p in problems(lang, template)]
        if args.check and POT_FILE.is_file() and message_keys(_read(POT_FILE)) != message_keys(template):
            issues.insert(0, f"{POT_FILE}: out of date with the source strings")
        for line in issues:
            print(line)
        return 1 if issues else 0
    changed = _write_if_changed(POT_FILE, _render(template, omit_header=False))
    print(f"{POT_FILE}: {len(message_keys(template))} messages{' (written)' if changed else ''}")
    for lang in TARGETS:
        catalog = updated_po(lang, template)
        changed = _write_if_changed(po_path(lang), _render(catalog))
        todo = len(problems(lang, template))
        print(f"{po_path(lang)}: {todo} to translate{' (written)' if changed else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
