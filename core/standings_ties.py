"""Propose the tied groups that need a playoff (spec: "the program proposes it: all players
tied on points for the places that matter").

Players are tied for a playoff when they have the same *points*; the tie-break list only
gives their seeding (Aktar p. 66: "the final standing is used for the pairing").  So the
standings are computed without any earlier playoff decision, split by points, and every group
of two or more that reaches into the prize places is proposed, with the number of prize places
inside it (the playoff's t).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.model import Tournament

if TYPE_CHECKING:
    from core.standings import Standings


@dataclass(frozen=True)
class Proposal:
    """``players`` in tie-break order, holding places ``first_place``.. ; ``places`` of them
    carry a prize (or title, qualification) and must be decided."""

    players: tuple[int, ...]
    first_place: int
    places: int


def propose_ties(tournament: Tournament, prize_places: int = 1, standings: Standings | None = None) -> list[Proposal]:
    """Tied groups touching places 1..``prize_places``, best places first.  ``standings``: the
    event's standings without any tie order applied, when the caller has them already (the
    TUI computes them once per change for all its panes); else they are computed here."""
    from core.standings import compute_standings

    if standings is None:
        standings = compute_standings(tournament, orders=[])
    rows = [r for r in standings.rows if r.rank is not None]
    out: list[Proposal] = []
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1].points == rows[i].points:
            j += 1
        first = i + 1
        if j > i and first <= prize_places:
            last_prize = min(prize_places, j + 1)
            out.append(Proposal(tuple(r.pno for r in rows[i: j + 1]), first, last_prize - first + 1))
        i = j + 1
    return out
