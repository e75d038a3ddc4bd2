"""Deleting a tournament as use cases: to the trash of the data directory, listed, restored.

Why the trash (notes/service.md "Deleting a tournament"): a deleted event is an organiser's
whole work, one key away on a list; so it leaves everyone's list at once and stays
:data:`KEEP_DAYS` days, restorable with its journal whole.  Deleting and restoring are the
chief arbiter's of THAT tournament (and the administrator's, through the data service); the
front ends ask first (CLI ``--yes``, the TUI's question).
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

from core.app.access import use_case
from core.errors import TournamentError
from core.i18n import _
from core.store.paths import TRASH_DAYS as KEEP_DAYS

if TYPE_CHECKING:
    from core.store import Store
    from core.store.trash import TrashEntry

__all__ = ["KEEP_DAYS", "TrashCases"]


class TrashCases:
    """Delete, list the trash, restore (mixed into :class:`~core.app.workspace.Workspace`)."""

    store: Store

    if TYPE_CHECKING:
        def permit(self, name: str, writes: bool, tid: str | None = None) -> None: ...

    @use_case("workspace.delete")
    def delete(self, tid: str) -> str:
        """Delete ``tid``: it leaves everyone's list and goes to the trash, kept
        :data:`KEEP_DAYS` days; returns the trash entry.  The gate asks again with the
        tournament (``workspace.delete`` → ``tournament.delete``, the chief arbiter's) and the
        store checks once more under its lock."""
        self.permit("workspace.delete", True, tid)
        return self.store.delete(tid)

    @use_case("workspace.list", writes=False)
    def trash(self) -> builtins.list[TrashEntry]:
        """The deleted tournaments that can still be restored, newest first."""
        return builtins.list(self.store.trash())

    @use_case("workspace.restore")
    def restore(self, which: str) -> str:
        """Bring a deleted tournament back: ``which`` is a trash entry, or an id (its newest
        entry); returns the id.  Whoever may delete it may restore it (its own role table)."""
        named = next((e.entry for e in self.store.trash() if which in (e.entry, e.id)), None)
        if named is None:
            raise TournamentError(_("{which!r} is not in the trash (hakem delete --list shows what is)").format(which=which))
        return self.store.restore(named)
