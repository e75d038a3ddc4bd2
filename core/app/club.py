"""Use cases of the club database: the register of members.

Why use cases: with the data service the club database is the service's alone, so front ends
reach it as they reach tournaments — through the Workspace, run by the service for the calling
user (``SO_PEERCRED``).  Who may edit is the directory's, not a tournament's: the club's list
managers (:meth:`core.app.lists.ListCases.may_manage`); every other reader sees the register
without contact data.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any

from core.app.access import use_case
from core.i18n import _

if TYPE_CHECKING:
    from core.club.members import Member
    from core.store import Store
    from core.store.clubdb import ClubDB


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
    def add_member(self, member: Member) -> Member:
        """Add a member to the register (a list manager's; journaled); returns it numbered."""
        from core.club import register

        self._require_editor()
        return self.club.change(_journal_words("add member {name}", name=member.name),
                                lambda db: register.add(db, member))

    @use_case("club.edit")
    def edit_member(self, number: int, changes: dict[str, Any]) -> Member:
        """Change fields of a member (a list manager's; journaled); returns the member after."""
        from core.club import register

        self._require_editor()
        fields = ", ".join(sorted(changes))
        return self.club.change(_journal_words("edit member {number}: {fields}", number=number, fields=fields),
                                lambda db: register.edit(db, number, **changes)[1])

    @use_case("club.edit")
    def remove_member(self, number: int) -> Member:
        """Remove a member from the register (a list manager's; journaled)."""
        from core.club import register

        self._require_editor()
        return self.club.change(_journal_words("remove member {number}", number=number),
                                lambda db: register.remove(db, number))


def _journal_words(template: str, **values: Any) -> str:
    """The action a chain entry records: plain English words (the journal is hakem's record,
    read by doctor and log in any language; the entry's operations say exactly what changed)."""
    return template.format(**values)
