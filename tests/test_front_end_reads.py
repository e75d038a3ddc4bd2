"""What a front end imports to *read* holds no change.

The import contract forbids ``tui`` and ``core.cli`` to import :mod:`core.changes`; a change
function left in a module the front ends read (``core.prizes.settings`` kept ``add_group``,
``remove_group``, ``set_rules``; ``core.playoff.cup`` kept ``set_bids``) would slip past it.  A
change has the shape ``(t: Tournament, …) -> Tournament``; none may live in a module a front
end imports, except the computations listed in :data:`NOT_CHANGES`, each with why.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

NOT_CHANGES = {
    "core.fields.check_event": "the event's settings checked and normalised: a form checks before it asks",
    "core.numbering.renumber": "the field under other numbers: the pairing engine's replay numbers a past "
                               "round's field as it was that day (below the changes; the change that "
                               "numbers the field is core.changes.numbering)",
    "core.pairing.doubleswiss.state.tie_break_view": "the event as the tie-breaks read it (one game per match)",
    "core.pairing.replay.input_for_round": "the event as it stood when a round was paired (the explanation)",
    "core.standings.after_round": "the event as it stood after a round (a report of round N: later rounds "
                                  "and the orders of later rounds left out)",
}
"""Functions of the change's shape that give a view or a computation, never stored as such."""


def front_end_reads() -> set[str]:
    """Every core module ``tui`` and ``core.cli`` import (outside the application layer and
    the CLI itself), by name as the import statements write it."""
    found: set[str] = set()
    for folder in (ROOT / "tui", ROOT / "core" / "cli"):
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                found.update(n for n in names if n.startswith("core.") and _is_module(n))
    return {n for n in found if not n.startswith(("core.app", "core.cli"))}


def _is_module(name: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def changes_in(module_name: str) -> list[str]:
    """The public functions of ``module_name`` shaped like a change (its own, and those its
    package re-exports from its submodules)."""
    module = importlib.import_module(module_name)
    found = []
    for name, value in vars(module).items():
        if name.startswith("_") or not inspect.isfunction(value):
            continue
        if value.__module__ != module_name and not value.__module__.startswith(module_name + "."):
            continue  # imported from elsewhere
        hints = value.__annotations__
        first = next(iter(inspect.signature(value).parameters), None)
        if first is not None and str(hints.get(first)) == "Tournament" and str(hints.get("return")) == "Tournament":
            found.append(name)
    return found


def test_the_finder_sees_a_change():
    assert changes_in("core.changes.prizes") == ["with_settings", "add_group", "remove_group", "set_rules"]


def test_the_scan_sees_what_the_front_ends_read():
    reads = front_end_reads()
    assert {"core.prizes.settings", "core.teams.registration", "core.playoff.cup", "core.numbering",
            "core.ratinglists.apply", "core.roles", "core.pairing.roundrobin.lot"} <= reads
    assert not any(n.startswith(("core.changes", "core.store")) for n in reads)


@pytest.mark.parametrize("module_name", sorted(front_end_reads()))
def test_a_module_front_ends_read_holds_no_change(module_name):
    found = {f"{module_name}.{name}" for name in changes_in(module_name)}
    assert found - set(NOT_CHANGES) == set()


def test_each_computation_let_through_exists_and_is_read():
    reads = front_end_reads()
    for name in NOT_CHANGES:
        module, function = name.rsplit(".", 1)
        assert module in reads and function in changes_in(module), name
