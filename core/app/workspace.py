"""The data directory: list, create, duplicate, archive and import tournaments, open one.

Read-only is decided once, when the workspace opens its store (``hakem --view``): every
desk opened from it shares that store, so no screen and no command can write through it.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any

from core.app.access import Policy, Request, default_policy, use_case
from core.app.checkup import CheckupCases
from core.app.club import ClubCases
from core.app.lists import ListCases
from core.app.series import SeriesCases
from core.app.trash import TrashCases
from core.i18n import _
from core.model import Tournament

if TYPE_CHECKING:
    from core.app.base import Pushed, Watcher
    from core.app.desk import Desk, Outcome
    from core.app.files import Source
    from core.app.new_event import NewEvent
    from core.store import Store, TournamentInfo


def check_form(values: dict[str, object], system: str = "") -> dict[str, object]:
    """The fields a form holds, checked as a new event's or a settings change's are (the TUI
    calls this before it closes the form, so a refusal keeps what was typed)."""
    from core.fields import FieldError, date_range, event_fields

    if "name" in values and not str(values["name"]).strip():
        raise FieldError("name", _("A tournament needs a name."))
    code = str(values.get("time_control_code") or "").strip()
    if code:
        from core.trf.fields import is_time_control

        if not is_time_control(code):
            raise FieldError("time_control_code", _("Time-control code: {code!r} is not the TRF-2026 encoding "
                                                    "(e.g. 5400+30, 40/6000+30:900+30, W300-B240)").format(code=code))
    out = event_fields(values, system)
    if "start_date" in out and "end_date" in out:
        date_range(str(out["start_date"]), str(out["end_date"]))
    return out


class Workspace(ListCases, ClubCases, SeriesCases, CheckupCases, TrashCases):
    """All tournaments of one data directory, opened read-write or read-only."""

    remote = False
    """Whether this workspace speaks to the data service (``core.service.client.RemoteWorkspace``,
    typed as a Workspace: :func:`core.service.open_workspace`) instead of opening the directory in
    this process.  A front end asks because the two differ: only the service pushes changes
    (:meth:`watch`); the directory's files (its rating-list index, its trust warning) are the
    service's to read, not this process's; some settings are kept by the service, not here."""

    def watch(self, tournament: str, callback: Pushed) -> Watcher | None:
        """Have ``callback(event)`` called whenever the data service pushes a change of
        ``tournament`` (``*``: of any, and the list).  ``None`` here: in this process nothing
        pushes; the caller reads the list again on a timer instead."""
        return None

    def __init__(self, data_dir: Any = None, read_only: bool = False, policy: Policy | None = None,
                 list_managers: tuple[str, ...] | None = None, pages: str | None = None) -> None:
        from core.store import Store

        self.list_managers = list_managers
        self.pages = pages
        self.store: Store = Store(data_dir, read_only=read_only)
        from core.store.folders import note_data_directory

        note_data_directory(self.store.data_dir)  # files for the user are never written there
        self.policy: Policy = policy or default_policy(self.store)
        self.problems: builtins.list[tuple[str, str]] = []
        """The files the last :meth:`list` could not read, with why."""

    @property
    def read_only(self) -> bool:
        return bool(self.store.read_only)

    @property
    def data_dir(self) -> str:
        return str(self.store.data_dir)

    def permit(self, name: str, writes: bool, tid: str | None = None) -> None:
        from core.store import current_user

        self.policy.check(Request(name, writes, tid, current_user(), self.read_only))

    @use_case("workspace.list", writes=False)
    def list(self, include_archived: bool = False) -> list[TournamentInfo]:
        """The tournaments; the files that do not load are kept in :attr:`problems` (id,
        message) so a screen can say so instead of the tournament silently vanishing."""
        rows, problems = self.store.list_with_problems(include_archived=include_archived)
        self.problems = builtins.list(problems)
        return builtins.list(rows)

    @use_case("workspace.list", writes=False)
    def list_with_problems(self, include_archived: bool = False) -> tuple[builtins.list[TournamentInfo], builtins.list[tuple[str, str]]]:
        """The list, and the files that could not be listed with why (for a warning)."""
        rows, problems = self.store.list_with_problems(include_archived=include_archived)
        return builtins.list(rows), builtins.list(problems)

    @use_case("workspace.create")
    def create(self, t: Tournament) -> str:
        """Save a new tournament (checked by :func:`core.app.new_event.check_new`); returns its id."""
        return self._create(t)

    @use_case("workspace.create")
    def create_event(self, spec: NewEvent) -> str:
        """Create the event the organiser described (``hakem new``, the TUI's new-event form):
        every setting checked by :func:`core.app.new_event.build_event`; returns its id."""
        from core.app.new_event import build_event

        return self._create(build_event(spec))

    def _create(self, t: Tournament, checked: bool = True) -> str:
        """``checked``: a new event's settings are checked (an imported file keeps what it
        says; its reader reports what it could not read).  The checks are imported here: a
        command on an existing event (``hakem result``) never needs them."""
        from core.app.new_event import check_basics, check_new

        t = check_new(t) if checked else t
        check_basics(t)
        return self.store.create(_creator_chief(t.with_changes(id="", name=t.name.strip())))

    @use_case("workspace.create")
    def create_demo(self) -> str:
        from core.demo import demo_tournament

        return self.store.create(_creator_chief(demo_tournament()))

    @use_case("workspace.create")
    def duplicate(self, tid: str, name: str | None = None) -> str:
        """A copy of ``tid`` (whoever may read it may copy it).  The source's role table is
        not copied: the copy's only chief arbiter is the one who made it (her copy is hers;
        the source's arbiters and viewers are not granted anything in it)."""
        from core.fields import name as checked_name
        from core.i18n import _
        from core.roles import ROLES_OPTION
        from core.store import current_user

        source = self.store.load(tid).tournament
        options = {k: v for k, v in source.options.items() if k != ROLES_OPTION}
        options[ROLES_OPTION] = {"chief-arbiter": [f"user:{current_user()}"]}
        copy = source.with_changes(id="", options=options,
                                   name=checked_name(name) if name else _("{name} (copy)").format(name=source.name))
        return self.store.create(copy)

    @use_case("workspace.archive")
    def archive(self, tid: str, archived: bool = True) -> None:
        """Archive (or with ``archived=False`` bring back) ``tid``: it disappears from (comes
        back to) everyone's list, so it is the chief arbiter's of THAT tournament to decide."""
        self.permit("workspace.archive", True, tid)
        self.store.set_archived(tid, archived)

    @use_case("workspace.import")
    def import_file(self, path: Source, name: str | None = None, system: str | None = None) -> Outcome:
        """A new tournament from a TRF or hakem JSON file (one reader for every front end);
        the outcome's value is its id, its warnings the reader's (lines kept or skipped).
        The file's role table is dropped (:func:`_without_roles`)."""
        from core.app.desk import Outcome
        from core.app.files import read_tournament

        t, warnings = read_tournament(path)
        t, dropped = _without_roles(t)
        warnings = [*warnings, *dropped]
        if name:
            t = t.with_changes(name=name)
        if system:
            t = t.with_changes(system=system)
        tid = self._create(t, checked=False)
        snap = self.store.load(tid)
        return Outcome(snap.tournament, snap.revision, tuple(warnings), tid)

    @use_case("tournament.read", writes=False)
    def open(self, tid: str) -> Desk:
        """The desk of one tournament, sharing this workspace's store and policy."""
        from core.app.desk import Desk

        return Desk(self.store, tid, self.policy, self.pages,
                    series_reader=lambda: Workspace(self.store.data_dir, read_only=True))


def _creator_chief(t: Tournament) -> Tournament:
    """``t`` with its creator as chief arbiter when it is created through the data service
    without a role table.

    Why: without a table every member who may connect is chief arbiter, so any of them could
    grant herself the role and revoke the creator's (a club machine's review: the creator
    locked out of her own event).  In-process nothing changes: a private directory has one
    user, and in a group-writable one every member can edit the files anyway (the trust
    statement); a table there would promise what the directory cannot hold."""
    from core.roles import ROLES_OPTION, table
    from core.identity import acting_uid, current_user

    if acting_uid() is None or table(t):
        return t
    return t.with_changes(options={**t.options, ROLES_OPTION: {"chief-arbiter": [f"user:{current_user()}"]}})


def _without_roles(t: Tournament) -> tuple[Tournament, list[str]]:
    """``t`` without the role table its file brought, and the warning saying so.

    Why: who may do what *here* is not for a file from elsewhere to decide (an export of
    another club's, or one a member edited, made the importer a viewer of her own import).
    Without a table the importer is the chief arbiter, as with ``hakem new``; she grants
    roles herself with ``hakem roles``."""
    from core.roles import ROLES_OPTION

    if ROLES_OPTION not in t.options:
        return t, []
    options = {k: v for k, v in t.options.items() if k != ROLES_OPTION}
    return t.with_changes(options=options), [_(
        "the file's role table was dropped (who may do what here is not decided by an imported file); "
        "you are the chief arbiter of the import: hakem roles ID --grant ROLE user:NAME gives roles")]
