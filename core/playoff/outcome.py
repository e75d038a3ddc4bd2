"""What evaluating a playoff stage yields: the places so far, and the games it emitted."""

from __future__ import annotations

from dataclasses import dataclass

from core.playoff.games import Entrant

Places = tuple[tuple[Entrant, ...], ...]
"""Ordered groups of entrants; a group of several shares its places (and prizes)."""


@dataclass(frozen=True)
class StageOutcome:
    """``places`` is ``None`` while the stage is not finished; ``games`` are its game ids."""

    places: Places | None
    games: tuple[str, ...]

    @property
    def done(self) -> bool:
        return self.places is not None

    def first(self) -> Entrant | None:
        """The single winner, if the stage has decided one."""
        if self.places and len(self.places[0]) == 1:
            return self.places[0][0]
        return None
