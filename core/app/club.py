"""Use cases of the club database: the register of members.

Why use cases: with the data service the club database is the service's alone, so front ends
reach it as they reach tournaments — through the Workspace, run by the service for the calling
user (``SO_PEERCRED``).  Who may edit is the directory's, not a tournament's: the club's list
managers (:meth:`core.app.lists.ListCases.may_manage`); every other reader sees the register
without contact data.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.app.access import use_case
from core.app.base import GO_SYSTEMS, DeskBase
from core.i18n import _
from core.words import act

if TYPE_CHECKING:
    from core.app.base import Outcome
    from core.app.files import Source
    from core.club.history import Played
    from core.club.members import Member
    from core.club.register import ListUpdate
    from core.model import Player
    from core.store import Store
    from core.store.clubdb import ClubDB
    from core.words import Action


@dataclass(frozen=True)
class MembersImport:
    """What an import into the register did."""

    added: tuple[Member, ...]
    known: tuple[tuple[Member, Member], ...]
    """(as read, the member of the register they are): not added again."""
    skipped: int = 0
    """An event's players already linked to a member (``Player.member``)."""
    links: tuple[tuple[int, int], ...] = ()
    """An event's import: (pairing number, member number) of each player added or found by
    id, to link in the event (:meth:`MemberRegistrationCases.link_members`, the event's
    role decides)."""
    updated: tuple[Member, ...] = ()
    """Members of :attr:`known` whose ratings the file had newer (taken)."""
    near: tuple[tuple[Member, Member], ...] = ()
    """(as read, the member of the same folded name who differs): not added — the list
    manager decides (``--as-new`` adds them)."""


def _imported(read: builtins.list[Member], results: builtins.list[tuple[Member, str]], skipped: int = 0,
              links: tuple[tuple[int, int], ...] = ()) -> MembersImport:
    from core.club.register import ADDED, NEAR, UPDATED

    pairs = builtins.list(zip(read, results, strict=True))
    return MembersImport(added=tuple(m for m, done in results if done == ADDED),
                         known=tuple((r, m) for r, (m, done) in pairs if done not in (ADDED, NEAR)),
                         skipped=skipped, links=links,
                         updated=tuple(m for m, done in results if done == UPDATED),
                         near=tuple((r, m) for r, (m, done) in pairs if done == NEAR))


def _import_words(source: str) -> Any:
    """The chain entry's action for an import: how many members it actually added."""
    from core.club.register import ADDED

    def words(results: builtins.list[tuple[Member, str]]) -> str:
        return _journal_words("import {count} members from {source}", source=source,
                              count=sum(done == ADDED for _m, done in results))
    return words


def _checked_date(text: str) -> str:
    from core.ratinglists.library import check_date

    return check_date(text) if text else ""


class ClubCases:
    """The club's register (mixed into :class:`~core.app.workspace.Workspace`)."""

    store: Store
    _club: ClubDB | None = None

    if TYPE_CHECKING:
        def may_manage(self) -> bool: ...  # ListCases's: the club's list managers edit the register

    @property
    def club(self) -> ClubDB:
        """The club database of the store's directory (opened once)."""
        if self._club is None:
            from core.app.list_journal import MIGRATION
            from core.store.clubdb import ClubDB

            self._club = ClubDB(self.store.dir, read_only=self.store.read_only, migrations=[MIGRATION])
        return self._club

    def _require_editor(self) -> None:
        from core.errors import TournamentError

        if not self.may_manage():
            raise TournamentError(_("only the club's list managers may change the register of members "
                                    "(everyone in the club reads it)"))

    def _shown(self, members: builtins.list[Member]) -> builtins.list[Member]:
        return members if self.may_manage() else [m.public() for m in members]

    @use_case("club.read", writes=False)
    def may_edit_register(self) -> bool:
        """Whether the calling user may change the register (and sees contact data)."""
        return self.may_manage()

    @use_case("club.read", writes=False)
    def members(self) -> builtins.list[Member]:
        """Every member of the register, by name (contact data only for those who may edit)."""
        from core.club import register

        return self._shown(register.members(self.club.view()))

    @use_case("club.read", writes=False)
    def member(self, number: int) -> Member:
        """One member (contact data only for those who may edit)."""
        from core.club import register

        return self._shown([register.member(self.club.view(), number)])[0]

    @use_case("club.edit")
    def add_member(self, member: Member, allow_duplicate: bool = False) -> Member:
        """Add a member to the register (a list manager's; journaled); returns it numbered.
        One who looks like a member already there is refused unless ``allow_duplicate``
        (:class:`core.duplicates.ProbableMember`, for the front end to ask)."""
        from core.club import register

        self._require_editor()
        return self.club.change(_journal_words("add member {name}", name=member.name),
                                lambda db: register.add(db, member, allow_duplicate))

    @use_case("club.edit")
    def edit_member(self, number: int, changes: dict[str, Any], seen: Member | None = None) -> Member:
        """Change fields of a member (a list manager's; journaled); returns the member after.
        ``seen``: the member as the editor's form showed them — a field changed since by
        someone else is refused naming who and to what (:func:`core.app.conflicts.
        check_member`), as a result typed over another organiser's is; a command that names
        the new values outright gives none."""
        from core.app.conflicts import StaleChange, check_member, last_change
        from core.club import register

        self._require_editor()
        fields = ", ".join(sorted(changes))

        def edit(db: Any) -> Member:
            if seen is not None:
                check_member(register.member(db, number), seen, changes)
            return register.edit(db, number, **changes)[1]

        try:
            return self.club.change(_journal_words("edit member {number}: {fields}", number=number, fields=fields),
                                    edit)
        except StaleChange as error:
            raise error.by(*last_change(self.club.history().entries, error.path)) from error

    @use_case("club.read", writes=False)
    def club_log(self) -> builtins.list[dict[str, Any]]:
        """The club database's history, oldest first: revision, time, who, what (the register,
        the series, the lists), each entry's id (the hash of its line) and whether the chain
        vouches for it (``altered``: it was changed after it was written)."""
        return [{"rev": e.get("rev"), "time": e.get("time", ""), "user": e.get("user", ""),
                 "action": e.get("action", ""), "id": e.get("id", ""), "altered": bool(e.get("altered"))}
                for e in self.club.history().entries]

    @use_case("club.read", writes=False)
    def search_members(self, query: str, limit: int = 20) -> builtins.list[Member]:
        """Type-ahead over the register: members whose name (folded) or id begins with
        ``query`` (contact data only for those who may edit)."""
        from core.club import register

        return self._shown(register.search(self.club.view(), query, limit))

    @use_case("club.read", writes=False)
    def member_history(self, number: int) -> tuple[Member, builtins.list[Played]]:
        """A member and every event of the data directory they played (newest first); events
        that cannot be read are left out (``hakem list`` names them)."""
        from core.club import register
        from core.club.history import history
        from core.errors import TournamentError

        view = self.club.view()
        m = self._shown([register.member(view, number)])[0]
        events = []
        for tid in self.store.ids():
            try:
                events.append(self.store.load(tid).tournament)
            except TournamentError:
                continue
        return m, history(events, m, {doc.doc_id for doc in view.table(register.TABLE).all()})

    @use_case("club.edit")
    def import_members(self, path: Source, rating_date: str = "", as_new: bool = False) -> MembersImport:
        """Add the members of a club's CSV who are not in the register yet — all or none.  A
        row is a member already by identity (:func:`core.club.register.import_members`):
        named, and updated when its ratings are dated later; a row of a member's name who
        differs otherwise is named and not added unless ``as_new``."""
        from core.app.files import source_name
        from core.club import register

        self._require_editor()
        new = _read_members_file(path, _checked_date(rating_date))
        name = source_name(path).strip()
        results = self.club.change(_import_words(name), lambda db: register.import_members(db, new, as_new))
        return _imported(new, results)

    @use_case("club.edit")
    def members_from_event(self, tid: str, as_new: bool = False) -> MembersImport:
        """Add the players of event ``tid`` who are not in the register yet (by their ids or
        their member number), their rating as the event's kind."""
        from core.club import register
        from core.club.members import from_player
        from core.ratings.kind import event_rating_kind

        self._require_editor()
        t = self.store.load(tid).tournament
        kind = "go" if t.system in GO_SYSTEMS else event_rating_kind(t)
        source = t.options.get("rating_list")
        source_name = str(source.get("name", "")) if isinstance(source, dict) else ""
        numbers = {doc.doc_id for doc in self.club.view().table(register.TABLE).all()}
        players = [p for p in t.players if p.member not in numbers]  # unlinked, or a removed member's
        new = [from_player(p, kind, source_name) for p in players]
        results = self.club.change(_import_words("event " + tid), lambda db: register.import_members(db, new, as_new))
        links = tuple((p.pno, m.id) for p, (m, done) in zip(players, results, strict=True) if done != register.NEAR)
        return _imported(new, results, len(t.players) - len(players), links)

    @use_case("club.read", writes=False)
    def preview_member_update(self, list_name: str = "") -> ListUpdate:
        """What a rating list would change in the register (nothing is changed)."""
        from core.club import register
        from core.ratinglists.registration import choose_list

        with choose_list(self.store.data_dir, None, list_name) as index:
            return register.list_update(self.club.view(), index)

    @use_case("club.edit")
    def update_members_from_list(self, list_name: str = "") -> ListUpdate:
        """Take the ratings of a (newer) rating list into the register, each member found by
        identity; the answer says who changed and who is not in the list."""
        from core.club import register
        from core.ratinglists.registration import choose_list

        self._require_editor()
        with choose_list(self.store.data_dir, None, list_name) as index:
            def edit(db: Any) -> ListUpdate:
                update = register.list_update(db, index)
                register.apply_list_update(db, update)
                return update

            name = index.info.name
            return self.club.change(_journal_words("ratings of the register from list {name}", name=name), edit)

    @use_case("club.edit")
    def remove_member(self, number: int, force: bool = False) -> Member:
        """Remove a member from the register (a list manager's; journaled).  A member who has
        played events is refused unless ``force``, naming how many: the events keep the
        member's number, so the member's history and series results would belong to nobody
        (a member added again is a new number; ``members link`` joins them again)."""
        from core.club import register
        from core.errors import TournamentError
        from core.i18n import ngettext

        self._require_editor()
        m = register.member(self.club.view(), number)
        played = self._events_of(number)
        if played and not force:
            raise TournamentError(ngettext(
                "member {number} ({name}) played {count} event ({events}): their history and series results "
                "would belong to nobody; remove with --force if that is meant",
                "member {number} ({name}) played {count} events ({events}): their history and series results "
                "would belong to nobody; remove with --force if that is meant", len(played)).format(
                number=number, name=m.name, count=len(played), events=", ".join(played)))
        return self.club.change(_journal_words("remove member {number}", number=number),
                                lambda db: register.remove(db, number))

    def _events_of(self, number: int) -> builtins.list[str]:
        """The ids of the events in which a player is linked to member ``number``."""
        from core.errors import TournamentError

        found = []
        for tid in self.store.ids():
            try:
                if any(p.member == number for p in self.store.load(tid).tournament.players):
                    found.append(tid)
            except TournamentError:
                continue
        return found


def _read_members_file(path: Source, date: str) -> builtins.list[Member]:
    """The members of a club's CSV (names, ids, ratings dated ``date``, club, birth year, Go
    rank, e-mail and phone): :mod:`core.csvimport`'s reading, every bad line named."""
    from core.app.files import read_text, source_name
    from core.club.members import from_row
    from core.csvimport import parse_players_csv
    from core.errors import FileProblems, ValidationError

    try:
        rows = parse_players_csv(read_text(path), contact=True)
    except ValidationError as error:
        raise FileProblems(error.problems, source=source_name(path).strip()) from None
    return [from_row(row, line, date) for line, row in enumerate(rows, start=2)]


def _journal_words(template: str, **values: Any) -> str:
    """The action a chain entry records: plain English words (the journal is hakem's record,
    read by doctor and log in any language; the entry's operations say exactly what changed)."""
    return template.format(**values)


class MemberRegistrationCases(DeskBase):
    """Registering a member of the club's register into an event (mixed into
    :class:`~core.app.desk.Desk`)."""

    if TYPE_CHECKING:
        def _late_entry(self, action: Action, change: Any) -> Outcome: ...

    @use_case("player.add")
    def register_member(self, number: int, keep_numbers: bool = False, allow_duplicate: bool = False) -> Outcome:
        """Register member ``number`` of the club's register: their fields as a list entry's
        are taken (the rating of the event's kind, else a slower one, :func:`~core.ratinglists.
        apply.player_fields`), the player linked to them (``Player.member``).  A member
        already in the event, or an id the event holds, is refused naming the player; a player
        registered who looks like the member (typed by hand before) unless ``allow_duplicate``
        (:func:`core.duplicates.refuse_duplicate`).  The answer is the pairing number."""
        from core import changes
        from core.club import register
        from core.errors import TournamentError
        from core.model import Tournament
        from core.club.members import registration_kinds
        from core.duplicates import refuse_duplicate
        from core.ratinglists.apply import player_fields
        from core.store.clubdb import ClubDB

        m = register.member(ClubDB(self.store.dir, read_only=True).view(), number)

        def change(t: Tournament) -> Tournament:
            for p in t.players:
                if p.member == number:
                    raise TournamentError(_("member {number} ({name}) is already registered: number {pno}").format(
                        number=number, name=m.name, pno=p.pno))
            fields = player_fields(m.as_list_entry(), registration_kinds(t))
            refuse_duplicate(t, {**fields, "member": number}, allow_duplicate)
            name = fields.pop("name")
            after = changes.add_player(t, name, keep_numbers=keep_numbers, **fields)
            pno = changes.added_pno(t, after)
            return after.with_changes(players=tuple(replace(p, member=number) if p.pno == pno else p
                                                    for p in after.players))

        return self._late_entry(act("add_member_player", name=m.name, number=number), change)

    @use_case("player.edit")
    def link_members(self, links: dict[int, int], force: bool = False) -> Outcome:
        """Link players to members of the register (pairing number → member number): the
        players an import from this event added, or found there by id, or one linked by hand.
        A member linked to another player of the event, or a number the register does not
        have, is refused; so, unless ``force``, is a player linked to another member of the
        register, or one told apart from the member by name or id
        (:meth:`core.duplicates.Entrant.told_apart`) — a link by hand never moves a player's
        history to someone else unsaid."""
        from core.club import register
        from core.errors import TournamentError
        from core.model import Tournament
        from core.store.clubdb import ClubDB

        view = ClubDB(self.store.dir, read_only=True).view()
        members = {number: register.member(view, number) for number in set(links.values())}
        known = {doc.doc_id for doc in view.table(register.TABLE).all()}

        def change(t: Tournament) -> Tournament:
            for p in t.players:
                if p.member is not None and p.member in links.values() and links.get(p.pno) != p.member:
                    raise TournamentError(_("member {number} is already player {pno} ({name})").format(
                        number=p.member, pno=p.pno, name=p.name))
            for pno, number in links.items():
                _check_link(t.player(pno), members[number], view, known, force)  # an unknown number is refused by name
            return t.with_changes(players=tuple(replace(p, member=links[p.pno]) if p.pno in links else p
                                                for p in t.players))

        return self._change(act("link_members", count=len(links)), change)


def _check_link(p: Player, m: Member, view: Any, known: set[int], force: bool) -> None:
    """Refuse, unless ``force``, to link player ``p`` to member ``m`` when he is linked to
    another member of the register or looks like someone else (naming both)."""
    from core.club import register
    from core.duplicates import Entrant
    from core.errors import TournamentError

    if force:
        return
    if p.member is not None and p.member != m.id and p.member in known:
        held = register.member(view, p.member)
        raise TournamentError(_("player {pno} ({name}) is linked to member {old} ({old_name}), not to member {number} "
                                "({member}): --force links the player to member {number}").format(
            pno=p.pno, name=p.name, old=held.id, old_name=held.name, number=m.id, member=m.name))
    if Entrant.of_player(p).told_apart(Entrant.of_player(m.as_player())):
        raise TournamentError(_("player {pno} ({name}) does not look like member {number} ({member}): their names "
                                "or ids differ; --force links them all the same").format(
            pno=p.pno, name=p.name, number=m.id, member=m.name))
