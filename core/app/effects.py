"""What follows a saved change: refreshing the pages remembered for publishing.

Why in the application layer: the pages must follow every change that alters them, whichever
front end made it (they used to be refreshed after CLI changes only, never after results
typed in the TUI).  Round backups belong to the store (taken under its lock at every round
boundary, see ``Store.update``), so a backup can never be missed either.

A failure here is a warning, never an error: the change itself is saved.
"""

from __future__ import annotations

import os

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament


def pages_changed(before: Tournament, after: Tournament) -> bool:
    """Whether the published pages (pairings, results, standings) differ after the change:
    a round was paired or unpaired, a result of a finished round or an earlier round changed,
    the last result of a round came in.  Results of the round still being played are
    published when its last result arrives, not one by one (the pages follow the event round
    by round)."""
    if before.rounds == after.rounds:
        return before.players != after.players and bool(after.rounds)
    if len(before.rounds) != len(after.rounds):
        return True
    if after.rounds[-1].complete or before.rounds[-1].complete:
        return True
    return before.rounds[:-1] != after.rounds[:-1]


def after_change(data_dir: str | os.PathLike[str], tid: str, before: Tournament, after: Tournament) -> list[str]:
    """Run the side effects of a saved change; returns warnings for the front end to show.

    The pages go to the directory this process remembers for the tournament
    (:mod:`core.app.publishing`), never to one named in the tournament's data."""
    if not pages_changed(before, after):
        return []
    from core.app import publishing

    directory = publishing.remembered(data_dir, tid)
    legacy = after.options.get(publishing.LEGACY_OPTION)
    if directory is None:
        if legacy and publishing.first_notice(data_dir, tid):
            # the stored place is not repeated: a member who planted it would get it suggested as a command
            return [_("the tournament's data names a publish directory, which is ignored (places on this machine "
                      "are never taken from tournament data), so nothing was published. To publish after every "
                      "round, choose a folder of your own: hakem publish {tid} DIRECTORY --remember").format(tid=tid)]
        return []
    from core.reports.export import publish

    try:
        publish(after, directory)
    except (OSError, TournamentError) as error:
        return [_("the pages were not published: {error}").format(error=error)]
    return []
