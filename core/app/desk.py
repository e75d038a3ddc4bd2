"""One open tournament and every use case a front end performs on it.

Why one class: the CLI commands and the TUI screens used to string core commands together
themselves and drifted apart (different round-1 numbering, partial warning copies, settings
that skipped validation, undo that ignored read-only).  Now a front end says *what* the
organiser wants — "board 3 of round 2 is 1-0, I saw no result there" — and the desk
1. asks the gate (:mod:`core.app.access`: read-only store, later roles),
2. applies the validated core command through the store (locked, journaled, atomic), checking
   under the lock that the item is still what the organiser saw (:mod:`core.app.conflicts`),
3. runs the side effects that follow (:mod:`core.app.effects`: remembered publishing),
and returns an :class:`Outcome` the front end shows as it likes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from core.app.access import use_case
from core.app.base import DeskBase, Outcome
from core.app.club import MemberRegistrationCases
from core.app.conflicts import BoardSeen, RoundSeen, StaleChange
from core.app.playoffs import PlayoffCases
from core.app.registration import RegistrationCases
from core.app.rounds import RoundCases, RoundPlan, preview_result
from core.app.settings import SettingsCases
from core.errors import TournamentError
from core.i18n import _
from core.words import act

if TYPE_CHECKING:
    from collections.abc import Sequence

    from core.model import Tournament
    from core.store import Snapshot


class Desk(RegistrationCases, MemberRegistrationCases, RoundCases, PlayoffCases, SettingsCases, DeskBase):
    """The use cases of one tournament in one store (see the module docstring): reading and
    undo/redo here, the rest by area in the classes it combines."""

    # -- reading ----------------------------------------------------------------------------
    @use_case("tournament.read", writes=False)
    def snapshot(self) -> Snapshot:
        """The tournament as stored now (cached by the store until the file changes)."""
        return self.store.load(self.id)

    @use_case("tournament.read", writes=False)
    def revision(self) -> int:
        return self.store.revision(self.id)

    @use_case("journal.read", writes=False)
    def journal(self) -> list[dict[str, Any]]:
        """Who changed what, oldest first (the audit trail)."""
        return self.store.journal(self.id)

    @use_case("journal.read", writes=False)
    def last_change(self) -> tuple[str, dict[str, Any]]:
        """(who, what) of the newest journal entry (``("", {})`` when there is none): what a
        screen says when another organiser's change arrives — its words as the journal keeps
        them (``action``, ``what``: :func:`core.words.say` says them in the reader's
        language, not the data service's) instead of the whole journal at every change."""
        entries = self.store.journal(self.id)
        if not entries:
            return ("", {})
        last = entries[-1]
        return (str(last.get("user", "")), {key: last[key] for key in ("action", "what") if key in last})

    @use_case("journal.read", writes=False)
    def history(self) -> Any:
        """The audit trail with its gaps (revisions whose journal entries are missing)."""
        return self.store.history(self.id)

    # -- roles ------------------------------------------------------------------------------
    @use_case("tournament.read", writes=False)
    def roles(self) -> tuple[dict[str, list[str]], str]:
        """The role table and the caller's own role (:mod:`core.roles`; in the data service
        the caller is the user the kernel named)."""
        from core import roles

        t = self.store.load(self.id).tournament
        return roles.table(t), roles.role_of(t).value

    @use_case("roles.change")
    def change_roles(self, grant: Sequence[str] = (), revoke: Sequence[str] = ()) -> Outcome:
        """``grant``: a role then who gets it (``user:NAME``, ``group:NAME``, ``*``);
        ``revoke``: who loses every role.  Only a chief arbiter may (the store checks the
        change's effect), and never so that nobody named is left as chief arbiter for them.
        A granted name must be a user or group of this machine (:func:`core.roles.grantee`);
        granting what is already granted changes nothing and says so."""
        from core import roles
        from core.changes.roles import set_roles

        role, *whos = grant or ("", )
        names = [roles.grantee(w) for w in whos]  # real users and groups, by name
        snap = self.store.load(self.id)
        held = roles.table(snap.tournament).get(role, [])
        notes = tuple(_("{who} already has the role {role}; nothing to grant").format(who=who, role=role)
                      for who in dict.fromkeys(names) if who in held)
        if len(notes) == len(set(names)) and not revoke:
            return Outcome(snap.tournament, snap.revision, notes)

        def change(t: Tournament) -> Tournament:
            entries = {k: list(v) for k, v in roles.table(t).items()}
            for who in revoke:
                entries = {k: [w for w in v if w != who] for k, v in entries.items()}
            if grant:
                entries.setdefault(role, []).extend(names)
            return set_roles(t, entries)

        words = " ".join([role, *names, *(f"-{w}" for w in revoke)]).strip()
        done = self._change(act("roles", words=words), change)
        return Outcome(done.tournament, done.revision, done.warnings + notes, done.value)

    # -- undo / redo ------------------------------------------------------------------------
    @use_case("history.undo")
    def undo(self, expected: str | None = None) -> Outcome:
        """Revert the newest change still on the undo stack (by anyone: the stack is shared).
        ``expected``: the id :meth:`next_step` showed the organiser; if another change is on
        top now, nothing is undone (:class:`~core.errors.ConflictError`)."""
        before = self.store.load(self.id).tournament
        snap = self.store.undo(self.id, expected)
        return Outcome(snap.tournament, snap.revision, tuple(self._after(before, snap.tournament)))

    @use_case("history.undo")
    def redo(self, expected: str | None = None) -> Outcome:
        before = self.store.load(self.id).tournament
        snap = self.store.redo(self.id, expected)
        return Outcome(snap.tournament, snap.revision, tuple(self._after(before, snap.tournament)))

    @use_case("journal.read", writes=False)
    def next_step(self, which: str = "undo") -> dict[str, Any] | None:
        """What undo (or redo, ``which="redo"``) would take next: ``id``, ``action`` (the
        journal's words) and ``parts`` (what of the tournament it changes); None if nothing."""
        if which not in ("undo", "redo"):
            raise TournamentError(_("'{which}' is neither undo nor redo").format(which=which))
        return self.store.next_step(self.id, which)


def made_by_other(step: Mapping[str, Any]) -> str:
    """``"alice (2026-12-07 05:41:02)"`` when the change ``step`` (:meth:`Desk.next_step`)
    was made by another organiser than the one asking, else "".  Why: undo takes the newest
    change of the shared list, whoever made it — the front ends ask (TUI) or want ``--theirs``
    (CLI) before undoing someone else's work, and say whose it was."""
    from core.app.conflicts import local_time
    from core.identity import current_user

    who = str(step.get("user") or "")
    if not who or who == current_user():
        return ""
    when = local_time(str(step.get("time") or ""))
    return f"{who} ({when})" if when else who


def entry_changes(entry: Mapping[str, Any], limit: int = 6) -> list[str]:
    """What a journal entry (:meth:`Desk.history`) changed in the stored document, one line per
    operation (``players/8/rating: 2100 → 2150``), at most ``limit`` and a count of the rest
    (``hakem log --changes``); what the change was, in words, is :func:`core.words.say`."""
    from core.store.journal import describe

    return describe(dict(entry), limit)


__all__ = ["BoardSeen", "Desk", "Outcome", "entry_changes", "made_by_other", "RoundPlan", "RoundSeen", "StaleChange", "preview_result"]
