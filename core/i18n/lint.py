"""Find user-visible English text that is not wrapped for translation (a developer tool).

    python -m core.i18n.lint              # file:line: kind: text   (one line per finding)
    python -m core.i18n.lint --count      # findings per file

What counts as user-visible: the message of a ``raise SomethingError(...)``, ``print(...)``
arguments in the CLI, argparse ``help=``/``description=``, and Textual ``notify``/``Static``/
``Label``/``Button`` texts — when given as a plain literal or an f-string instead of ``_()``.
Machine output (TRF lines, JSON keys, CSV) is printed through variables and is not reported;
``print`` of a literal in the CLI usually is a message and is reported.

Each finding also gives the msgid the text would most naturally become when wrapped
(``f"unknown player {pno}"`` → ``"unknown player {pno}"``, ``.format(pno=pno)``); the
translation memory in ``locales/memory/`` is keyed on these, so ``python -m core.i18n.update``
fills their translations the moment they are wrapped.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterator
from typing import TypeGuard

ROOT = Path(__file__).resolve().parent.parent.parent
WRAPPERS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_", "L_", "LP_", "counted"}
UI_CALLS = {"notify", "Static", "Label", "Button", "show_message"}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    kind: str
    msgid: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.msgid!r}"


def _msgid(node: ast.AST, used: dict[str, int] | None = None) -> str | None:
    """The text of a literal, or an f-string with simple ``{name}`` fields as a format string.

    Field names follow the convention used when the tree was wrapped: a plain name keeps its
    name, an attribute its attribute name without leading underscores (``__name__`` →
    ``name__``), anything else is ``value``, ``value2``, … in order of appearance.
    """
    used = {} if used is None else used
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            elif isinstance(value, ast.FormattedValue):
                expr = value.value
                if isinstance(expr, ast.Name):
                    name = expr.id
                elif isinstance(expr, ast.Attribute):
                    name = expr.attr.lstrip("_") or "value"
                else:
                    count = used.get("value", 0) + 1
                    used["value"] = count
                    name = "value" if count == 1 else f"value{count}"
                conv = {115: "!s", 114: "!r", 97: "!a"}.get(value.conversion, "")
                spec = ""
                if value.format_spec is not None:
                    inner = _msgid(value.format_spec, used)
                    spec = ":" + inner if inner else ""
                parts.append("{" + name + conv + spec + "}")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _msgid(node.left, used)
        right = _msgid(node.right, used)
        if left is not None and right is not None:
            return left + right
    return None


def _wrapped(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in WRAPPERS) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
        and _wrapped(node.func.value))


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_text(text: str | None) -> TypeGuard[str]:
    return text is not None and any(c.isalpha() for c in text) and len(text.strip()) > 1


def scan_file(path: Path, root: Path = ROOT) -> Iterator[Finding]:
    rel = str(path.relative_to(root))
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return
    cli = rel.startswith("core/cli/")
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            first = node.exc.args[0]
            text = _msgid(first)
            if _is_text(text) and not _wrapped(first):
                yield Finding(rel, node.lineno, "error", text)
        elif isinstance(node, ast.Call):
            name = _callee(node)
            if name == "print" and cli:
                for arg in node.args:
                    text = _msgid(arg)
                    if _is_text(text) and not _wrapped(arg):
                        yield Finding(rel, node.lineno, "print", text)
            if name in ("add_argument", "add_parser", "ArgumentParser", "add_argument_group",
                        "add_subparsers"):
                for keyword in node.keywords:
                    if keyword.arg in ("help", "description", "title", "epilog"):
                        text = _msgid(keyword.value)
                        if _is_text(text) and not _wrapped(keyword.value):
                            yield Finding(rel, node.lineno, f"argparse {keyword.arg}", text)
            if name in UI_CALLS and node.args:
                text = _msgid(node.args[0])
                if _is_text(text) and not _wrapped(node.args[0]):
                    yield Finding(rel, node.lineno, f"ui {name}", text)


def scan(root: Path = ROOT) -> list[Finding]:
    """Every finding under ``core/`` and ``tui/`` (sorted by file and line)."""
    found: list[Finding] = []
    for top in ("core", "tui"):
        for path in sorted((root / top).rglob("*.py")):
            if "i18n" in path.parts and path.parent.name == "i18n" and path.parent.parent.name == "core":
                continue
            found.extend(scan_file(path, root))
    return sorted(found, key=lambda f: (f.path, f.line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.i18n.lint",
                                     description="List user-visible text not wrapped for translation.")
    parser.add_argument("--count", action="store_true", help="findings per file")
    args = parser.parse_args(argv)
    findings = scan()
    if args.count:
        counts: dict[str, int] = {}
        for finding in findings:
            counts[finding.path] = counts.get(finding.path, 0) + 1
        for path, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"{n:4d} {path}")
        print(f"{len(findings):4d} total")
    else:
        for finding in findings:
            print(finding)
    return 0


if __name__ == "__main__":
    sys.exit(main())
