"""Where tournaments and the club live on disk, and nothing else touches the files.

The tournament store (:mod:`core.store.store`: one JSON file per tournament in TinyDB's
layout, written only by a journaled, locked, atomic commit), the hash-chained journal
(:mod:`~core.store.journal`; its words, data said in the reader's language, are
:mod:`core.words`), the club database
(:mod:`~core.store.clubdb`, TinyDB tables), safe file access in a shared directory
(:mod:`~core.file_safety`), who is acting (:mod:`core.identity`, below the roles: the store and the roles both ask it) and the checks of
``hakem doctor`` (:mod:`~core.store.doctor`).  Front ends never import this package (an
import contract): they go through :mod:`core.app`.

The names are loaded on first use (PEP 562): importing a submodule such as
:mod:`core.file_safety` (atomic writes, used by ``hakem pair -p``) must not load the whole
store, which cost ~25 ms of every engine call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.store.store import Snapshot, Store, TournamentInfo, current_user

__all__ = ["Snapshot", "Store", "TournamentInfo", "current_user"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from core.store import store

        return getattr(store, name)
    raise AttributeError(f"module 'core.store' has no attribute {name!r}")
