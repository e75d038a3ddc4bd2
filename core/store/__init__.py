"""The TinyDB-backed tournament store (see :mod:`core.store.store`).

The names are loaded on first use (PEP 562): importing a submodule such as
:mod:`core.store.files` (atomic writes, used by ``hakem pair -p``) must not load TinyDB and the
whole store, which cost ~25 ms of every engine call.
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
