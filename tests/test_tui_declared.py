"""The TUI's widgets declare what they offer: no hook asked for by name, no unannotated function.

A screen or tab that offers something to the app (a redraw after a language switch, palette
entries, where pasted text goes, what Escape keeps of a half-typed line) declares it on
:class:`tui.hooks.ScreenHooks` or :class:`tui.widgets.pane.TournamentTab`, with the default
of one that offers nothing; asked with ``getattr(pane, "leave_text", None)`` a misspelt hook
did nothing and the type checker could not see it.  Fields are declared (class level or
``__init__``) instead of read with ``getattr(self, "_watch", None)``.  An unannotated function
is read as ``Any`` by mypy, so every function of ``tui`` is annotated.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TUI = Path(__file__).resolve().parent.parent / "tui"

ALLOWED_PROBES: dict[tuple[str, str], str] = {}
"""``getattr(x, "name")`` left, each with why.  None: what differs between the in-process
workspace and the data service's client (``remote``, ``watch``) is declared on
:class:`core.app.workspace.Workspace` and :class:`core.app.base.DeskBase`."""


def _modules() -> list[Path]:
    return sorted(TUI.rglob("*.py"))


def literal_probes(path: Path) -> list[tuple[int, str]]:
    """``getattr``/``hasattr`` calls naming the attribute with a string literal."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            found.append((node.lineno, node.args[1].value))
    return found


def unannotated(path: Path) -> list[tuple[int, str]]:
    """Functions with a parameter (``self``/``cls`` aside) or the return left unannotated."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(p for p in (a.vararg, a.kwarg) if p)]
            if node.returns is None or any(p.annotation is None for p in params if p.arg not in ("self", "cls")):
                found.append((node.lineno, node.name))
    return found


def test_no_widget_is_asked_for_an_attribute_by_name():
    probes = [f"{path.relative_to(TUI)}:{line} getattr(…, {name!r})"
              for path in _modules() if "textual_internals" not in path.parts
              for line, name in literal_probes(path)
              if (path.relative_to(TUI).as_posix(), name) not in ALLOWED_PROBES]
    assert probes == [], "declare the hook or field instead of asking for it by name:\n" + "\n".join(probes)


def test_every_allowed_probe_is_still_there():
    """A probe removed leaves its entry behind: the list says only what is true."""
    present = {(path.relative_to(TUI).as_posix(), name) for path in _modules() for _line, name in literal_probes(path)}
    assert set(ALLOWED_PROBES) - present == set()


def test_every_tui_function_is_annotated():
    missing = [f"{path.relative_to(TUI)}:{line} {name}" for path in _modules() for line, name in unannotated(path)]
    assert missing == [], "annotate (mypy reads these as Any):\n" + "\n".join(missing)


@pytest.mark.parametrize(("source", "expected"), [
    ('def f(pane):\n    return getattr(pane, "leave_text", None)\n', [(2, "leave_text")]),
    ('def f(pane, name):\n    return getattr(pane, name)\n', []),
    ('def f(self):\n    return hasattr(self, "_watch")\n', [(2, "_watch")]),
])
def test_the_probe_scan_sees_a_probe(tmp_path, source, expected):
    module = tmp_path / "m.py"
    module.write_text(source, encoding="utf-8")
    assert literal_probes(module) == expected


def test_the_annotation_scan_sees_a_missing_one(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("class A:\n    def f(self, x: int):\n        pass\n\n    def g(self, y) -> None:\n"
                      "        pass\n\n    def h(self, *a: int, **k: str) -> None:\n        pass\n", encoding="utf-8")
    assert unannotated(module) == [(2, "f"), (5, "g")]


def test_a_pasted_key_is_its_own_class_handled_as_a_key():
    """The key machinery tells a pasted key by its class, and Textual calls the widgets' key
    handlers for it (``on_key``), as for a typed one."""
    from textual import events

    from tui.keys import PastedKey, paste_as_keys, pasted

    keys = paste_as_keys("a\tb\n", PastedKey)
    assert [k.key for k in keys] == ["a", "tab", "b", "enter"]
    assert all(pasted(k) and isinstance(k, events.Key) for k in keys)
    assert PastedKey.handler_name == events.Key.handler_name == "on_key"
    assert not any(pasted(k) for k in paste_as_keys("a\tb\n"))
