"""What a front end imports to *read* holds no change.

The import contract forbids ``tui`` and ``core.cli`` to import :mod:`core.changes`; a change
function left in a module the front ends read (``core.prizes.settings`` kept ``add_group``,
``remove_group``, ``set_rules``) would slip past it.  A change has the shape
``(t: Tournament, …) -> Tournament``; none may live in these modules.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

READ_ONLY = ("core.prizes", "core.prizes.settings", "core.teams", "core.teams.registration")
"""Modules the front ends import for reading (the prizes pane, ``hakem prizes``, the teams pane)."""


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


@pytest.mark.parametrize("module_name", READ_ONLY)
def test_a_module_front_ends_read_holds_no_change(module_name):
    assert changes_in(module_name) == []
