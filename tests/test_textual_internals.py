"""Textual's internals are used in one package, ``tui.textual_internals`` (issue 35 item 3):
nothing else in ``tui`` imports a private Textual module or touches a private Textual name,
and every internal the package relies on is there, with the signature it was read with, in
the installed Textual — a new Textual that moved one fails here, not on an organiser's screen.
"""

from __future__ import annotations

import ast
import inspect
import re
import tomllib
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[1]
TUI = ROOT / "tui"
INTERNALS = TUI / "textual_internals"

OURS = {
    "_button": "tui.widgets.states: the state line's button",
    "_compute": "tui.standings: the standings computed off the UI thread",
    "_exit": "os._exit in the engine's child process",
    "_initial": "tui.widgets.answer_keys: an answer's first letter",
    "_lock": "tui.services: the session's lock",
    "_pending": "tui.widgets.fast_table: rows waiting for their new cells",
    "_queue": "tui.services: the session's change queue",
    "_reap": "tui.engine_process: collecting the engine's child",
    "_selected": "tui.screens.series: the chosen series",
    "_watch": "tui.services, the lists: the store watcher",
    "_width": "tui.widgets.pictures, fast_table: a cell's width",
}
"""hakem's own private names that Textual happens to use too (on other objects): allowed."""


@lru_cache(maxsize=1)
def textual_private_names() -> frozenset[str]:
    """Every private name Textual's source defines: functions, methods, classes, class and
    module attributes, attributes it sets on its objects (a function's locals aside)."""
    import textual

    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
        for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
            for statement in scope.body:
                names.update(_assigned_names(statement))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


def _assigned_names(statement: ast.stmt) -> list[str]:
    targets = (statement.targets if isinstance(statement, ast.Assign)
               else [statement.target] if isinstance(statement, ast.AnnAssign) else [])
    return [t.id for t in targets if isinstance(t, ast.Name)]


def private_touches(source: str, private: frozenset[str]) -> list[tuple[int, str]]:
    """The (line, what) of every use of Textual's internals in ``source``: an import of a
    private Textual module, and a name of ``private`` used as an attribute, defined as a
    method or a class attribute, or given to ``getattr``/``setattr``/``hasattr``.  A
    ``_on_<message>`` handler is Textual's handler naming, not an internal."""
    def refused(name: str) -> bool:
        return name in private and name not in OURS and not name.startswith("_on_")

    found = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            modules = []
        for module in modules:
            parts = module.split(".")
            if parts[0] == "textual" and any(p.startswith("_") and not p.startswith("__") for p in parts):
                found.append((node.lineno, f"import {module}"))
                break
        if isinstance(node, ast.Attribute) and refused(node.attr):
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and refused(node.name):
            found.append((node.lineno, f"def {node.name}"))
        elif isinstance(node, ast.ClassDef):
            found += [(s.lineno, f"{node.name}.{n}") for s in node.body for n in _assigned_names(s) if refused(n)]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and refused(node.args[1].value)):
            found.append((node.lineno, f"{node.func.id}({node.args[1].value!r})"))
    return sorted(found)


# -- nothing outside the package ---------------------------------------------------------------
def test_the_scan_finds_each_kind_of_touch() -> None:
    private = frozenset({"_line_cache", "_display", "_merged_bindings", "_pending_message", "_pending"})
    source = (
        "from textual._time import get_time\n"
        "import textual.widgets._select\n"
        "from textual.widgets import _footer\n"
        "class T(DataTable):\n"
        "    _merged_bindings = None\n"
        "    def _display(self, screen, renderable):\n"
        "        self._line_cache.clear()\n"
        "    def _on_resize(self, event):\n"
        "        super()._on_resize(event)\n"
        "        self._pending = {}\n"
        "x = getattr(pump, '_pending_message', None)\n")
    assert [line for line, _what in private_touches(source, private)] == [1, 2, 3, 5, 6, 7, 11]
    assert private_touches("from textual.widgets import DataTable\nos._exit(0)\n", private) == []


def test_no_module_of_tui_outside_the_package_touches_textuals_internals() -> None:
    private = textual_private_names()
    touches = [f"{path.relative_to(ROOT)}:{line}: {what}"
               for path in sorted(TUI.rglob("*.py")) if INTERNALS not in path.parents
               for line, what in private_touches(path.read_text(encoding="utf-8"), private)]
    assert touches == []


def test_the_allowed_names_are_hakems_own() -> None:
    """Each name let through is defined by hakem (so the list cannot keep a name that now
    only reaches into Textual) and used by Textual too (else it needs no place here)."""
    ours = set()
    for path in TUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                ours.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                ours.add(node.attr)
            elif isinstance(node, ast.ClassDef):
                ours.update(n for s in node.body for n in _assigned_names(s))
    ours.add("_exit")  # os._exit
    assert set(OURS) <= ours
    assert set(OURS) <= textual_private_names()


# -- what the package relies on is there --------------------------------------------------------
def test_checked_against_the_pinned_and_installed_textual() -> None:
    from tui.textual_internals import CHECKED_WITH

    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pinned = next(re.fullmatch(r"textual==(\S+)", d) for d in dependencies if d.startswith("textual"))
    assert pinned is not None and pinned.group(1) == CHECKED_WITH == metadata.version("textual")


def _parameters(function: Any) -> list[str]:
    return list(inspect.signature(function).parameters)


@pytest.mark.parametrize(("where", "name", "parameters"), [
    ("textual._xterm_parser:XTermParser", "_sequence_to_key_events", ["self", "sequence", "alt"]),
    ("textual.drivers.linux_driver:LinuxDriver", "_get_terminal_size", ["self"]),
    ("textual.app:App", "_display", ["self", "screen", "renderable"]),
    ("textual.widgets:DataTable", "_update_dimensions", ["self", "new_rows"]),
    ("textual.widgets:DataTable", "_scroll_cursor_into_view", ["self", "animate"]),
    ("textual.widgets:DataTable", "_get_row_style", ["self", "row_index", "base_style"]),
    ("textual.widgets:DataTable", "_render_cell",
     ["self", "row_index", "column_index", "base_style", "width", "cursor", "hover"]),
    ("textual.widgets:DataTable", "_get_row_renderables", ["self", "row_index"]),
    ("textual.widgets:DataTable", "_get_styles_to_render_cell",
     ["self", "is_header_cell", "is_row_label_cell", "is_fixed_style_cell", "hover", "cursor",
      "show_cursor", "show_hover_cursor", "has_css_foreground_priority", "has_css_background_priority"]),
    ("textual.widgets:DataTable", "_clear_caches", ["self"]),
    ("textual.widgets:DataTable", "_refresh_region", ["self", "region"]),
    ("textual.widgets:DataTable", "_highlight_cursor", ["self"]),
    ("textual.widgets:TabbedContent", "_is_associated_tabs", ["self", "tabs"]),
    ("textual.command:CommandPalette", "_start_no_matches_countdown", ["self", "search_value"]),
    ("textual.command:CommandPalette", "_stop_no_matches_countdown", ["self"]),
    ("textual.widgets._select:SelectOverlay", "_merge_bindings", []),
    ("textual.widgets._tabbed_content:ContentTab", "add_prefix", ["content_id"]),
    ("textual.widgets._tabbed_content:ContentTab", "sans_prefix", ["content_id"]),
    ("textual:keys", "_character_to_key", ["character"]),
])
def test_each_method_relied_on_has_the_signature_read(where: str, name: str, parameters: list[str]) -> None:
    import importlib

    module, cls = where.split(":")
    assert _parameters(getattr(getattr(importlib.import_module(module), cls), name)) == parameters


@pytest.mark.parametrize(("where", "names"), [
    ("textual.driver:Driver", ["_debug"]),
    ("textual.drivers.linux_driver:LinuxDriver", ["_file"]),
    ("textual.app:App", ["_batch_count"]),
    ("textual.message_pump:MessagePump", ["_pending_message", "_next_callbacks"]),
    ("textual.strip:Strip", ["_segments", "_cell_length", "_render_cache"]),
    ("textual.widgets:DataTable",
     ["_data", "_row_locations", "_column_locations", "_y_offsets", "_cell_render_cache", "_row_render_cache",
      "_row_renderable_cache", "_line_cache", "_update_count", "_require_update_dimensions",
      "_show_hover_cursor", "_pseudo_class_state", "_new_rows"]),
    ("textual.command:CommandPalette", ["_no_matches_timer"]),
])
def test_each_attribute_relied_on_is_set_where_it_was(where: str, names: list[str]) -> None:
    """Instance attributes: the class's own source still sets each (most in ``__init__``)."""
    import importlib

    module, cls_name = where.split(":")
    cls = getattr(importlib.import_module(module), cls_name)
    source = inspect.getsource(cls)
    missing = [n for n in names if not re.search(rf"self\.{n}\b[^=\n]*=", source) and not hasattr(cls, n)]
    assert missing == []


@pytest.mark.parametrize(("where", "names"), [
    ("textual.widgets._footer:Footer", ["_bindings_ready"]),
    ("textual.widgets._select:SelectOverlay", ["_merged_bindings", "BINDINGS"]),
    ("textual.command:CommandPalette", ["_list_visible", "_NO_MATCHES", "_NO_MATCHES_COUNTDOWN"]),
    ("textual.message_pump:MessagePump", ["_message_queue"]),
])
def test_each_class_attribute_relied_on_is_there(where: str, names: list[str]) -> None:
    import importlib

    module, cls = where.split(":")
    assert [n for n in names if not hasattr(getattr(importlib.import_module(module), cls), n)] == []


@pytest.mark.parametrize("module", [
    "textual._xterm_parser", "textual._parser", "textual._ansi_sequences", "textual._time",
    "textual.widgets._select", "textual.widgets._tabbed_content", "textual.widgets._footer",
    "textual.widgets._toast"])
def test_each_private_module_relied_on_is_there(module: str) -> None:
    import importlib

    importlib.import_module(module)


def test_the_opened_pieces_answer_as_read() -> None:
    """The few values the package reads, on Textual objects made here: a message queue is a
    deque of messages, a tab's id is its pane's with Textual's prefix, an arrow key's sequence
    names a key, a strip keeps its segments."""
    from collections import deque

    from rich.segment import Segment
    from textual.message_pump import MessagePump
    from textual.strip import Strip

    from tui.textual_internals.app import holds_work, queued_messages
    from tui.textual_internals.keys import key_name
    from tui.textual_internals.terminal import ANSI_SEQUENCES_KEYS, KeyParser
    from tui.textual_internals.widgets import pane_of_tab, tab_of_pane

    pump = MessagePump()
    assert isinstance(queued_messages(pump), deque) and not holds_work(pump)
    assert tab_of_pane("players") != "players" and pane_of_tab(tab_of_pane("players")) == "players"
    assert "\x1b[A" in ANSI_SEQUENCES_KEYS and key_name("+") == "plus" and key_name("a") == "a"
    assert [k.key for k in KeyParser().feed("\x1b[A")] == ["up"]
    strip = Strip([Segment("ab")], 2)
    assert strip._segments == [Segment("ab")] and strip._cell_length == 2 and strip._render_cache is None


def test_every_way_data_table_reads_its_cell_store_makes_waiting_rows() -> None:
    """FastTable's rows wait as plain values in ``DataTable._data`` (``WaitingCells``) until
    read; it makes them on ``[]``, ``get``, ``items`` and ``values``.  A Textual that reads the
    store another way (``setdefault``, ``copy``, ``pop``…) would see a waiting row unmade."""
    from textual.widgets import DataTable

    from tui.textual_internals.data_table import WaitingCells

    used = set(re.findall(r"\b_data\.(\w+)", inspect.getsource(DataTable)))
    made = {"get", "items", "values"}
    assert used <= made | {"clear"}, used - made
    assert all(name in WaitingCells.__dict__ for name in made)
