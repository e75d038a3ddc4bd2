"""Use cases of the rating lists of a data directory: show, import, search, remove.

Why use cases (and not the CLI and the TUI opening ``DATA/lists`` themselves): with the data
service the directory is the service's alone, so the lists are reached like the tournaments —
through the Workspace, in-process or in the service.  A list file the user imports is opened
by the user's hakem and passed (:class:`~core.app.files.InputFile`); the service copies what it
was given into a folder of its own and reads that, never a path a caller names.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any

from core.app.access import use_case

if TYPE_CHECKING:
    from core.app.files import Source
    from core.ratinglists.formats.csv_list import CsvLayout
    from core.ratinglists.index import ListEntry, ListInfo
    from core.store import Store


class ListCases:
    """The rating lists of the workspace's data directory (mixed into
    :class:`~core.app.workspace.Workspace`)."""

    store: Store

    @use_case("lists.read", writes=False)
    def rating_lists(self) -> builtins.list[ListInfo]:
        """The lists imported into this data directory."""
        from core.ratinglists.library import available

        return available(self.store.data_dir)

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

        if not isinstance(path, InputFile):
            return import_list(self.store.data_dir, path, fmt=fmt, name=name, date=date, layout=layout,
                               user=current_user(), replace_smaller=replace_smaller, older=older)
        return self._import_passed(path, fmt, name, date, layout, replace_smaller, older)

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
        from core.ratinglists.library import remove_list

        remove_list(self.store.data_dir, name)
