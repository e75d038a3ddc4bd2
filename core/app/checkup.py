"""``hakem doctor`` as use cases: the check of a data directory for anyone who may read it,
the repair for its owner.

Why use cases: with the data service the directory is the service's alone (0700), so a doctor
that opens the files works only as the service's account, beside the running service — the
administrator had to ``runuser`` into that account, and an organiser could not even see what
was wrong.  Through the Workspace, doctor runs where the data is: in-process over a private
or group directory as before, in the service for a club machine.  Anyone who may connect may
*check* (every tournament there is readable to them anyway); only the account that owns the
data — the service's, or root — may *repair*: a repair rewrites data files and journals with
the journal's word, which is the administrator's decision, not any member's.
"""

from __future__ import annotations

import builtins
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.app.access import use_case
from core.i18n import _

if TYPE_CHECKING:
    from core.errors import Problem
    from core.store import Store
    from core.store.doctor import Report


class CheckupCases:
    """Doctor's check and repair (mixed into :class:`~core.app.workspace.Workspace`)."""

    store: Store

    if TYPE_CHECKING:
        def may_manage(self) -> bool: ...  # ListCases's: who may edit the register sees contact data

    @use_case("workspace.check", writes=False)
    def check_store(self, ids: Sequence[str] = ()) -> builtins.list[Report]:
        """What is wrong, named: the tournaments ``ids`` — or, when none is named, the
        directory itself with its rating lists first, every tournament, and the club database
        last (a repair rebuilds its file from its journal, the record)."""
        return self._doctor(ids, repair=False)

    @use_case("workspace.repair")
    def repair_store(self, ids: Sequence[str] = ()) -> builtins.list[Report]:
        """Repair what can be repaired (``hakem doctor --repair``): the data directory's owner
        only — the service's account or root through the service, whoever holds the
        directory in-process."""
        from core.roles import PermissionDenied
        from core.identity import current_uid, user_name

        uid = current_uid()
        if uid not in (0, os.getuid()):
            raise PermissionDenied(_("repairing the data of the hakem service is the administrator's ({user} is not): "
                                     "hakem doctor alone shows what is wrong; the administrator runs hakem doctor "
                                     "--repair as root").format(user=user_name(uid)))
        return self._doctor(ids, repair=True)

    def _doctor(self, ids: Sequence[str], repair: bool) -> builtins.list[Report]:
        from core.store import doctor

        named = [str(tid) for tid in ids]
        reports = [] if named else [doctor.repair_directory(self.store) if repair else doctor.check_directory(self.store)]
        for tid in named or doctor.tournament_ids(self.store):
            reports.append(doctor.repair(self.store, tid) if repair else doctor.check(self.store, tid))
        if not named:
            reports[0].problems.extend(_rating_list_problems(self.store))
            reports.append(doctor.repair_club(self.store) if repair
                           else doctor.check_club(self.store, contact=self.may_manage()))
        return reports


def _rating_list_problems(store: Store) -> builtins.list[Problem]:
    """The rating lists that cannot be read (a damaged index, a FIFO under a list's name, the
    lists folder itself a link), each a problem of the directory."""
    from core.errors import Problem, RatingListError
    from core.ratinglists.library import available

    try:
        texts = [info.problem for info in available(store.data_dir) if info.problem]
    except RatingListError as error:
        texts = [str(error)]
    return [Problem("", text) for text in texts]
