"""Message extraction: which English strings go into ``locales/hakem.pot``.

Configuration lives in ``babel.cfg`` at the top of the tree (usable with ``pybabel extract -F
babel.cfg``, too).  Two methods:

- ``python`` (babel's): calls of ``_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
  ``N_``, ``L_``, ``LP_`` (``tui.i18n`` lazy strings) and ``counted`` (``core.i18n.format.counted``) in
  ``core/`` and ``tui/``.
- ``tables`` (``extract_tables`` below): everything ``python`` finds, plus every string value of
  a module-level UPPER_CASE dict/list/tuple constant.  Used for name tables such as
  ``core/i18n/tiebreak_names.py`` (code → English name) whose values are shown through ``_()``
  at render time but are plain literals in the source.

``extract_catalog`` does the whole extraction in memory; the update tool writes it, and the
completeness test compares it with the committed ``.pot``/``.po`` files.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any
from collections.abc import Iterator

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_python

ROOT = Path(__file__).resolve().parent.parent.parent
MAPPING_FILE = ROOT / "babel.cfg"
POT_FILE = ROOT / "locales" / "hakem.pot"

KEYWORDS: dict[str, Any] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "L_": None,
    "LP_": ((1, "c"), 2),
    "counted": (1, 2),
}
"""Extraction keywords (babel spec): argument positions of msgid, plural and context."""

COMMENT_TAGS = ("TRANSLATORS:",)

HEADER = {
    "project": "hakem",
    "version": "0.1",
    "copyright_holder": "hakem contributors",
    "msgid_bugs_address": "",
}


def _constant_strings(node: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, text) of the string literals that are values of a dict/list/tuple literal (nested
    ones too)."""
    if isinstance(node, ast.Dict):
        for value in node.values:
            yield from _constant_strings(value)
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        for item in node.elts:
            yield from _constant_strings(item)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.lineno, node.value


def extract_tables(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """babel extraction method: ``python`` plus values of module-level UPPER_CASE tables."""
    source = fileobj.read()
    yield from extract_python(__import__("io").BytesIO(source), keywords, comment_tags, options)
    encoding = options.get("encoding", "utf-8")
    tree = ast.parse(source.decode(encoding))
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets = [t.id for t in statement.targets if isinstance(t, ast.Name)]
            value: ast.expr | None = statement.value
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
            value = statement.value
        else:
            continue
        if value is None or not any(name.isupper() for name in targets):
            continue
        if not isinstance(value, (ast.Dict, ast.List, ast.Tuple)):
            continue
        for lineno, text in _constant_strings(value):
            if text.strip():
                yield lineno, "N_", text, []


def extract_catalog(root: Path = ROOT, mapping_file: Path = MAPPING_FILE) -> Catalog:
    """Extract every message of the source tree into a fresh catalog (no file written)."""
    from babel.messages.frontend import parse_mapping_cfg

    with mapping_file.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    catalog = Catalog(**HEADER, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def message_keys(catalog: Catalog) -> set[tuple]:
    """The identity of each message (msgid incl. plural, context), ignoring locations/headers."""
    keys = set()
    for message in catalog:
        if not message.id:
            continue
        keys.add((message.id if isinstance(message.id, tuple) else (message.id,), message.context))
    return keys
