"""Propose the tied groups that need a playoff (spec: "the program proposes it: all players
tied on points for the places that matter").

Players are tied for a playoff when they have the same *points*; the tie-break list only
gives their seeding (Aktar p. 66: "the final standing is used for the pairing").  So the
standings are computed without any earlier playoff decision, split by points, and every group
of two or more that reaches into the prize places is proposed, with the number of prize places
inside it (the playoff's t).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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


def playoff_first_place(tournament: Tournament, state: Mapping[str, Any]) -> int:
    """The event place the playoff's first is given (its players, best first, hold the places
    from there on): their places in the standings after the round it was held for, no tie order
    applied — a playoff for places 2–4 names its winner 2nd, not 1st.  1 when its players hold
    no run of places together (a correction untied them; a playoff not of a tie)."""
    from core.standings import compute_standings

    held = state.get("held_for")
    upto = held.get("round") if isinstance(held, Mapping) else None
    rows = [r.pno for r in compute_standings(tournament, orders=[], upto=upto).rows if r.rank is not None]
    members = {int(p) for p in state["players"]}
    at = sorted(i for i, p in enumerate(rows, start=1) if p in members)
    if len(at) != len(members) or at != list(range(at[0], at[0] + len(at))):
        return 1
    return at[0]
