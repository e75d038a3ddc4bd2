"""The frame every use case of a tournament shares: the gate, the one path of every change,
and what a change leaves behind.

Why a base of its own: the use cases are grouped by area (:mod:`core.app.registration`,
:mod:`core.app.rounds`, :mod:`core.app.settings`) and :class:`~core.app.desk.Desk` combines
them; each group needs exactly this — the store, the tournament id, :meth:`DeskBase.permit`
and :meth:`DeskBase._change`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from core.app import effects
from core.app.access import Policy, Request, default_policy
from core.app.conflicts import (
    StaleChange,
    last_change,
)
from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.words import Action

if TYPE_CHECKING:
    from core.app.effects import SeriesReader
    from core.store import Store

Change = Callable[[Tournament], Tournament]
Progress = Callable[[float, str], None]

Pushed = Callable[[dict[str, Any]], None]
"""Called (on a thread of the data service's client) with each change the service pushes."""


class Watcher(Protocol):
    """A subscription to the changes the data service pushes (``core.service.client.Watch``);
    the screen that asked closes it when it leaves."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class Outcome:
    """What a change left behind: the saved snapshot, warnings to show (a manual pairing's
    broken criteria, pages that could not be published) and the use case's own answer (the
    pairing number of a new player, the number of a new team...)."""

    tournament: Tournament
    revision: int
    warnings: tuple[str, ...] = ()
    value: Any = None


@dataclass(frozen=True)
class RoundPlan:
    """The next round ready for the engine: the tournament as the engine must see it (round-1
    pairing numbers, the drawn first colour) and the revision it was read at — the round is
    recorded only if nothing changed since."""

    tournament: Tournament
    revision: int

    @property
    def round(self) -> int:
        return self.tournament.current_round + 1


GO_SYSTEMS = ("gamma", "mcmahon")
"""The Go pairing systems (their results and settings are Go's)."""


class DeskBase:
    """One tournament in one store: the gate and the one path of every change."""

    remote = False
    """Whether this desk speaks to the data service (``core.service.client.RemoteDesk``, typed
    as a Desk) instead of opening the store in this process.  A front end asks because the two
    differ in two ways it must follow: through the service a change is computed there (what
    crosses the wire is never the service's state, so nothing computed here is handed over),
    and only the service pushes other organisers' changes (:meth:`watch`)."""

    def watch(self, callback: Pushed) -> Watcher | None:
        """Have ``callback(event)`` called whenever the data service pushes a change of this
        tournament.  ``None`` here: in this process nothing pushes; the caller compares
        :meth:`~core.app.desk.Desk.revision` on a timer instead."""
        return None

    def __init__(self, store: Store, tid: str, policy: Policy | None = None, pages: str | None = None,
                 series_reader: SeriesReader | None = None) -> None:
        self.store = store
        self.id = tid
        self.policy: Policy = policy or default_policy(store)
        self.pages = pages
        """The data service's pages directory (:attr:`core.app.series.SeriesCases.pages`)."""
        self.series_reader = series_reader
        """How the series holding this event are read, so that their pages follow its changes:
        given by the Workspace that opened this desk (a read-only view of the same data
        directory).  ``None`` (a desk made on its own): no series page is written again."""
        store.load(tid)  # an unknown id is refused here, not at the first change

    @property
    def read_only(self) -> bool:
        return bool(self.store.read_only)

    def permit(self, name: str, writes: bool) -> None:
        """The gate every use case passes first (see :mod:`core.app.access`)."""
        from core.store import current_user

        self.policy.check(Request(name, writes, self.id, current_user(), self.read_only))

    def _naming(self, action: Action, *pnos: int) -> Action:
        """``action`` keeping the names of the players ``pnos`` as they are now: the journal
        names a player by number and name, and numbers move before round 1
        (:func:`core.words.with_names`)."""
        from core.words import with_names

        wanted = set(pnos)
        t = self.store.load(self.id).tournament
        return with_names(action, {p.pno: p.name for p in t.players if p.pno in wanted})

    # -- the one path of every change -------------------------------------------------------
    def _change(self, action: str | Action, change: Change, revision: int | None = None,
                value: Callable[[Tournament, Tournament], Any] | None = None) -> Outcome:
        """Apply ``change`` to the newest state under the store's lock, then the side effects.

        ``revision``: refuse when anything was saved since (a pairing computed on it).
        ``value(before, after)``: the use case's answer, computed on what was saved."""
        from core.changes.rounds import rounds_follow_players

        seen: dict[str, Tournament] = {}

        def run(current: Tournament) -> Tournament:
            after = rounds_follow_players(change(current))
            seen["before"], seen["after"] = current, after
            return after

        try:
            snap = self.store.update(self.id, action, run, expected_revision=revision)
        except StaleChange as error:
            raise error.by(*last_change(self.store.journal(self.id), error.path)) from error
        before = seen.get("before", snap.tournament)
        answer = value(before, seen.get("after", snap.tournament)) if value is not None else None
        return Outcome(snap.tournament, snap.revision, tuple(self._after(before, snap.tournament)), answer)

    def _after(self, before: Tournament, after: Tournament) -> list[str]:
        """The side effects of a saved change (:func:`core.app.effects.after_change`)."""
        return effects.after_change(self.store.data_dir, self.id, before, after, pages=self.pages,
                                    reader=self.series_reader)

    @staticmethod
    def _check_go(t: Tournament, systems: tuple[str, ...]) -> None:
        if t.system not in systems:
            raise TournamentError(_("tournament {tid!r} uses the {system!r} system, not {wanted}").format(
                tid=t.id, system=t.system, wanted=" or ".join(systems)))
