"""Every pairing system's display name is a term of the glossary.

Why: docs/howto-pairing-system.md tells whoever adds a system to name it in
``core.i18n.terms.SYSTEM_NAMES`` after the glossary (docs/glossary.md, section J), because the
translators work from the glossary's rows: a name that is not there gets whatever words a
translator picks.  Until this test nothing held a new name to that.
"""

from __future__ import annotations

import re
from pathlib import Path

from core.i18n.terms import SYSTEM_NAMES

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"

_ROW = re.compile(r"^\| *\d+ *\| *([^|]+?) *\|", re.M)
_QUALIFIER = re.compile(r"\s*\([^)]*\)\s*$")


def _base(name: str) -> str:
    """The term without its trailing qualifier, folded: ``Dutch system (2017 rules)`` and the
    glossary's ``McMahon system (Go)`` are ``dutch system`` and ``mcmahon system``."""
    return _QUALIFIER.sub("", name).strip().casefold()


def glossary_terms(text: str) -> set[str]:
    """The English terms of the glossary's numbered rows (each ``;``-separated variant)."""
    return {_base(term) for cell in _ROW.findall(text) for term in cell.split(";")}


def names_not_in_glossary(names: dict[str, str], text: str) -> list[str]:
    terms = glossary_terms(text)
    return sorted(f"{system}: {name}" for system, name in names.items() if _base(name) not in terms)


def test_every_system_name_is_a_glossary_term():
    missing = names_not_in_glossary(SYSTEM_NAMES, GLOSSARY.read_text(encoding="utf-8"))
    assert not missing, "add a row to docs/glossary.md section J, or use its term:\n" + "\n".join(missing)


def test_the_check_finds_a_name_the_glossary_lacks():
    text = ("| # | English | Türkçe |\n|---|---|---|\n"
            "| 141 | Dutch system | Dutch Yöntemi |\n| 153 | McMahon system (Go) | McMahon sistemi |\n")
    names = {"dutch-2017": "Dutch system (2017 rules)", "mcmahon": "McMahon system", "foo": "Foo system"}
    assert names_not_in_glossary(names, text) == ["foo: Foo system"]
