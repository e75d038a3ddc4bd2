"""Use cases of the rating lists of a data directory: show, import, search, remove.

Why use cases (and not the CLI and the TUI opening ``DATA/lists`` themselves): with the data
service the directory is the service's alone, so the lists are reached like the tournaments —
through the Workspace, in-process or in the service.  A list file the user imports is opened
by the user's hakem and passed (:class:`~core.app.files.InputFile`); the service copies what it
was given into a folder of its own and reads that, never a path a caller names.
"""

from __future__ import annotations

import builtins
import hashlib
from typing import TYPE_CHECKING, Any

from core.app.access import use_case
from core.i18n import _

if TYPE_CHECKING:
    from core.app.files import Source
    from core.ratinglists.formats.csv_list import CsvLayout
    from core.ratinglists.index import ListEntry, ListInfo
    from core.store import Store
    from core.store.clubdb import ClubDB


class ListCases:
    """The rating lists of the workspace's data directory (mixed into
    :class:`~core.app.workspace.Workspace`)."""

    store: Store
    club: ClubDB
    list_managers: tuple[str, ...] | None = None
    """Who may import and remove the directory's lists (``user:NAME``, ``group:NAME``): the
    data service's own configuration (``hakem serve --list-managers``); ``None`` in-process,
    where the owner of the data directory may."""

    def may_manage(self) -> bool:
        """Whether the calling user is one of the club's list managers, who import and remove
        the directory's lists and edit its register of members (never a capped process: a
        results-only key or a viewer).  In the service: ``hakem serve --list-managers``, and
        the service's own account.  In-process: the directory's owner, and in a group-writable
        directory its group (who can replace the files anyway: the trust statement of ``hakem
        doctor``).  Why a directory-level role: a list or the register is used by every event
        of the club, so no tournament's role table can decide who changes it."""
        import os

        from core.app.trust import group_trusted
        from core.roles import current_cap, names
        from core.identity import current_uid

        if current_cap() is not None:
            return False
        if self.list_managers is None:
            if os.stat(self.store.data_dir).st_uid == current_uid():
                return True
            group = group_trusted(str(self.store.data_dir))
            return group is not None and names([f"group:{group}"])  # a group-writable directory
        return current_uid() in (0, os.geteuid()) or names(self.list_managers)  # root, the service's account

    def _require_list_manager(self) -> None:
        """Refuse an import or a removal by anyone but a list manager (:meth:`may_manage`)."""
        from core.errors import TournamentError

        if self.may_manage():
            return
        if self.list_managers is None:
            raise TournamentError(_("only the owner of the data directory (or, in a group-writable one, "
                                    "its group) may import or remove its rating lists"))
        raise TournamentError(_("only the club's list managers may import or remove rating lists "
                                "(set by the administrator: hakem serve --list-managers {managers})")
                              .format(managers=",".join(self.list_managers) or "user:NAME,group:NAME"))

    @use_case("lists.read", writes=False)
    def rating_lists(self) -> builtins.list[ListInfo]:
        """The lists imported into this data directory, as the club database records them."""
        from core.app.list_journal import listed
        from core.ratinglists.library import available

        return listed(self.club, available(self.store.data_dir))

    @use_case("lists.import")
    def import_rating_list(self, path: Source, fmt: str | None = None, name: str | None = None,
                           date: str | None = None, layout: CsvLayout | None = None,
                           replace_smaller: bool = False, older: bool = False) -> ListInfo:
        """Import a published list (zip, TXT, XML or CSV), replacing one of the same name —
        not by one of fewer than half its players (unless ``replace_smaller``) nor by an
        older edition (unless ``older``); the journal of the list is its own (who imported
        it, when, from which file)."""
        from core.app.files import InputFile
        from core.ratinglists.library import import_list
        from core.store import current_user

        self._require_list_manager()
        self.club.check()  # the import is recorded there: refused before the index is replaced
        if not isinstance(path, InputFile):
            info = import_list(self.store.data_dir, path, fmt=fmt, name=name, date=date, layout=layout,
                               user=current_user(), replace_smaller=replace_smaller, older=older)
            self._journal("import", info, str(path), _digest_of_path(str(path)))
            return info
        info = self._import_passed(path, fmt, name, date, layout, replace_smaller, older)
        self._journal("import", info, path.name, hashlib.sha256(path.data).hexdigest())
        return info

    def _journal(self, action: str, info: ListInfo, file: str, digest: str) -> None:
        from core.app.list_journal import record

        record(self.club, action, info, info.name, file, digest)

    @use_case("lists.read", writes=False)
    def rating_list_log(self) -> builtins.list[dict[str, Any]]:
        """The journal of the lists: every import and removal, who, when, which file (its
        SHA-256), how many players — from the club database's chain."""
        from core.app.list_journal import entries

        return entries(self.club)

    def _import_passed(self, passed: Any, fmt: str | None, name: str | None, date: str | None,
                       layout: CsvLayout | None, replace_smaller: bool, older: bool) -> ListInfo:
        """A list the caller passed: written to a private folder of the data directory under
        its own base name (the format and the date are recognised by it), imported, removed."""
        import os
        import re
        import shutil
        import tempfile

        from core.ratinglists.library import import_list
        from core.store import current_user

        base = re.sub(r"[^\w.+-]", "_", os.path.basename(passed.name.strip())) or "list"
        folder = tempfile.mkdtemp(prefix=".incoming-", dir=self.store.data_dir)
        try:
            copy = os.path.join(folder, base.lstrip(".") or "list")
            with open(copy, "xb") as out:
                out.write(passed.data)
            info = import_list(self.store.data_dir, copy, fmt=fmt, name=name, date=date, layout=layout,
                               user=current_user(), replace_smaller=replace_smaller, older=older)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return info

    @use_case("lists.read", writes=False)
    def search_rating_list(self, query: str, limit: int = 20, list_name: str = "",
                           tournament: str | None = None) -> tuple[ListInfo, builtins.list[ListEntry]]:
        """The list (``list_name``, else the one the event records, else the only one) and the
        entries whose name or id begins with ``query``."""
        from core.ratinglists.registration import choose_list

        t = self.store.load(tournament).tournament if tournament else None
        with choose_list(self.store.data_dir, t, list_name) as index:
            return index.info, index.search(query, limit)

    @use_case("lists.remove")
    def remove_rating_list(self, name: str) -> None:
        """Remove a list (a list manager's; journaled)."""
        from core.app.list_journal import record
        from core.ratinglists.library import remove_list

        self._require_list_manager()
        self.club.check()
        remove_list(self.store.data_dir, name)
        record(self.club, "remove", None, name)


def _digest_of_path(path: str) -> str:
    """The SHA-256 of a list file imported in-process (read again: the importer read it)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
    except OSError:
        return ""
    return digest.hexdigest()
