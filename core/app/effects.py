"""What follows a saved change: refreshing the pages remembered for publishing.

Why in the application layer: the pages must follow every change that alters them, whichever
front end made it (they used to be refreshed after CLI changes only, never after results
typed in the TUI).  Round backups belong to the store (taken under its lock at every round
boundary, see ``Store.update``), so a backup can never be missed either.

A failure here is a warning, never an error: the change itself is saved.
"""

from __future__ import annotations

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament

PUBLISH_OPTION = "publish_directory"
"""``Tournament.options`` key of the remembered web directory (``hakem publish --remember``);
the same key as ``core.reports.export.PUBLISH_OPTION``, named here so the layer does not load
the report modules for every change."""


def pages_changed(before: Tournament, after: Tournament) -> bool:
    """Whether the published pages (pairings, results, standings) differ after the change:
    a round was paired or unpaired, a result of a finished round or an earlier round changed,
    the last result of a round came in — or the remembered directory itself was set.  Results
    of the round still being played are published when its last result arrives, not one by
    one (the pages follow the event round by round)."""
    if before.options.get(PUBLISH_OPTION) != after.options.get(PUBLISH_OPTION):
        return True
    if before.rounds == after.rounds:
        return before.players != after.players and bool(after.rounds)
    if len(before.rounds) != len(after.rounds):
        return True
    if after.rounds[-1].complete or before.rounds[-1].complete:
        return True
    return before.rounds[:-1] != after.rounds[:-1]


def after_change(before: Tournament, after: Tournament) -> list[str]:
    """Run the side effects of a saved change; returns warnings for the front end to show."""
    if not after.options.get(PUBLISH_OPTION) or not pages_changed(before, after):
        return []
    from core.reports.export import auto_publish

    try:
        auto_publish(after)
    except (OSError, TournamentError) as error:
        return [_("the pages were not published: {error}").format(error=error)]
    return []
