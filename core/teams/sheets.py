"""Team sheets (Aktar p. 63: "Çizelgeler her takıma göre düzenlenmelidir" — the tables
must be kept per team): for every member of a team, round by round, the opponent, the colour
and the points scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.model import Colour, Tournament, entries


@dataclass(frozen=True)
class SheetCell:
    round: int
    opponent: int | None
    colour: Colour
    points: Fraction | None
    """``None`` while the game is not finished."""


def team_sheet(t: Tournament, team_id: int) -> dict[int, list[SheetCell]]:
    """pno → one cell per paired round, for the members of ``team_id`` in board order."""
    team = next(x for x in t.teams if x.id == team_id)
    hist = entries(t)
    out: dict[int, list[SheetCell]] = {}
    for pno in team.members:
        out[pno] = [SheetCell(e.round, e.opponent, e.colour,
                              None if e.code is None else t.points.for_code(e.code))
                    for e in hist.get(pno, [])]
    return out
