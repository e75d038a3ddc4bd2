"""The application layer: every use case a front end performs, headless.

The CLI commands and the TUI call this package and nothing beneath it (docs/architecture.md, "The
application layer"): :class:`Workspace` for the data directory, :class:`Desk` for one
tournament.  Each use case passes the gate (:mod:`core.app.access`), applies a validated core
command through the store with a check of what the organiser saw (:mod:`core.app.conflicts`),
and runs its side effects (:mod:`core.app.effects`).  Files are read by :mod:`core.app.files`.

Names load on first use: the tournaments list must appear fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.app.access import Policy, ReadOnlyError, Request, RolePolicy
    from core.app.conflicts import BoardSeen, RoundSeen, StaleChange
    from core.app.desk import Desk, Outcome, RoundPlan
    from core.app.workspace import Workspace

_WHERE = {
    "Policy": "access", "ReadOnlyError": "access", "Request": "access", "RolePolicy": "access",
    "BoardSeen": "conflicts", "RoundSeen": "conflicts", "StaleChange": "conflicts",
    "Desk": "desk", "Outcome": "desk", "RoundPlan": "desk", "Workspace": "workspace",
}
__all__ = ["BoardSeen", "Desk", "Outcome", "Policy", "ReadOnlyError", "Request", "RoundPlan", "RoundSeen",
           "StaleChange", "RolePolicy", "Workspace"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'core.app' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"core.app.{module}"), name)
