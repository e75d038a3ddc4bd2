"""The one place where every use case is allowed or refused before it touches the store.

Why one gate: read-only (``hakem --view``) is a property of the store that was opened, and
roles (chief arbiter, arbiter, viewer) will be a property of the user; neither may depend on
a screen remembering to ask.  Every public use case of :class:`~core.app.desk.Desk` and
:class:`~core.app.workspace.Workspace` is declared with :func:`use_case`, which runs
:meth:`Policy.check` first; a test walks the classes and fails on an undeclared one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from core.errors import StoreError
from core.i18n import _


class ReadOnlyError(StoreError):
    """A change was asked of a store opened read-only (``hakem --view``)."""


@dataclass(frozen=True)
class Request:
    """What the gate is asked: which use case, whether it writes, on which tournament, by whom."""

    use_case: str
    writes: bool
    tournament: str | None
    user: str
    read_only: bool
    """The store the request goes through was opened read-only."""


class Policy(Protocol):
    """Decides whether a request may run; raises a :class:`~core.errors.TournamentError` if not.

    Roles plug in here: a policy that knows the user's role refuses, say, ``round.record``
    for a viewer.  It must never touch the store itself."""

    def check(self, request: Request) -> None: ...


class StorePolicy:
    """Today's rule: everything is allowed, except a write through a read-only store."""

    def check(self, request: Request) -> None:
        if request.writes and request.read_only:
            raise ReadOnlyError(_("hakem is in view-only mode; nothing can be changed here"))


def default_policy(store: Any) -> Policy:
    """The policy production runs, embedded or in the data service alike: the read-only rule
    and the roles of :mod:`core.roles` (the tournament's table, read from ``store``'s cached
    snapshot).  The store checks the effect of every change against the roles once more
    (``roles.require_change``): the gate refuses early, the store is the last word."""
    from core.roles import RolePolicy

    seen: dict[str, Any] = {}

    def tournament_of(tid: str) -> Any:
        """The newest snapshot; when the store cannot be read (a pairing computed in a forked
        child, which has closed the store's descriptor) the one this process read last — the
        change itself is checked again by the store when it is saved."""
        try:
            seen[tid] = store.load(tid).tournament
        except (StoreError, OSError):
            if tid not in seen:
                raise
        return seen[tid]

    return RolePolicy(tournament_of)


F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class UseCase:
    """The declaration :func:`use_case` attaches to a method (read by the gate's test)."""

    name: str
    writes: bool


def use_case(name: str, writes: bool = True) -> Callable[[F], F]:
    """Declare a method as a use case: the owner's ``permit(name, writes)`` runs first.

    The owner (a Desk or a Workspace) provides ``permit``; the decorated method keeps its
    signature for type checkers and callers."""

    def wrap(method: F) -> F:
        @functools.wraps(method)
        def run(self: Any, *args: Any, **kwargs: Any) -> Any:
            self.permit(name, writes)
            return method(self, *args, **kwargs)

        run.use_case = UseCase(name, writes)  # type: ignore[attr-defined]
        return cast(F, run)

    return wrap


def declared_use_cases(cls: type) -> dict[str, UseCase]:
    """Public methods of ``cls`` with their declarations (methods without one map to nothing:
    the gate's test reports them)."""
    out: dict[str, UseCase] = {}
    for attr in dir(cls):
        if attr.startswith("_"):
            continue
        value = getattr(cls, attr)
        declared = getattr(value, "use_case", None)
        if callable(value) and isinstance(declared, UseCase):
            out[attr] = declared
    return out
