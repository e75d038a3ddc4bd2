"""The one place where every use case is allowed or refused before it touches the store.

Why one gate: read-only (``hakem --view``) is a property of the store that was opened, and
roles (chief arbiter, arbiter, results, viewer: :mod:`core.roles`) a property of the user;
neither may depend on a screen remembering to ask.  One policy runs in production,
:class:`RolePolicy` (:func:`default_policy`); the store checks every change's effect against
the roles once more when it commits.  Every public use case of :class:`~core.app.desk.Desk` and
:class:`~core.app.workspace.Workspace` is declared with :func:`use_case`, which runs
:meth:`Policy.check` first; a test walks the classes and fails on an undeclared one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from core.errors import StoreError
from core.i18n import _

if TYPE_CHECKING:
    from core.model import Tournament


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

    Production runs :class:`RolePolicy`; the Desk and the Workspace take any other (a test's)
    in its place.  A policy must never write the store itself."""

    def check(self, request: Request) -> None: ...


USE_CASE_ACTIONS: dict[str, str] = {
    "result.enter": "result.enter", "round.pair": "round.pair", "round.manual": "round.pair",
    "round.unpair": "round.unpair", "settings.change": "settings.change",
    "playoff.change": "settings.change", "publish.remember": "settings.change",
    "history.undo": "history.undo", "roles.change": "roles.change",
    "workspace.archive": "tournament.archive", "workspace.delete": "tournament.delete",
}
"""Use case → the roles' action (:data:`core.roles.ACTIONS`); every other writing use case of a
tournament (``player.*``, ``team.*``) is ``player.change``."""


class RolePolicy:
    """The policy: a write through a read-only store is refused, then what the user's role
    does not allow (:func:`core.roles.require`).

    ``tournament_of(tid)`` gives the tournament whose table applies (the policy never opens
    the store itself).  A correction of a closed round is checked where the board is known:
    the Desk's change calls :func:`core.roles.require` with :func:`core.roles.result_action`."""

    def __init__(self, tournament_of: Callable[[str], Tournament]) -> None:
        self.tournament_of = tournament_of

    def check(self, request: Request) -> None:
        if request.writes and request.read_only:
            raise ReadOnlyError(_("hakem is in view-only mode; nothing can be changed here"))
        if not request.writes or not request.tournament:
            return
        action = USE_CASE_ACTIONS.get(request.use_case)
        if action is None:
            if not request.use_case.startswith(("player.", "team.")):
                return  # workspace use cases (create, import, archive) are not per tournament
            action = "player.change"
        from core.roles import require

        require(self.tournament_of(request.tournament), action)


def default_policy(store: Any) -> Policy:
    """The policy production runs, embedded or in the data service alike: the read-only rule
    and the roles of :mod:`core.roles` (the tournament's table, read from ``store``'s cached
    snapshot).  The store checks the effect of every change against the roles once more
    (``roles.require_change``): the gate refuses early, the store is the last word."""
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

        run.use_case = UseCase(name, writes)  # type: ignore[attr-defined]  # a function object takes the attribute; mypy types functions without attributes
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
