"""The TinyDB-backed tournament store (see :mod:`core.store.store`)."""

from core.store.store import Snapshot, Store, TournamentInfo, current_user

__all__ = ["Snapshot", "Store", "TournamentInfo", "current_user"]
