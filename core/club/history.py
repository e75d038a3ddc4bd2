"""A member's history: every event of the data directory they played, across chess and Go.

A player is the member when the event registered them from the register (``Player.member``
is the member's number), else when they hold the member's FIDE id, else (Go) the member's
EGD pin — the ids that name one person in every event; a name is not one.

Per event: the score (the event's own points, adjustments included), the place in the
individual standings, the games played, and for chess the tournament performance rating over
the games played (C.07 Art. 10.2 TPR, :func:`core.pictures.progress.performance_after_rounds`,
the chart's own computation), and the rating change the event brings (:mod:`core.ratings`:
FIDE's for chess with the K of the player's record in that event, the EGD's GoR for Go).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.club.members import Member
    from core.model import Player, Tournament

GO_SYSTEMS = ("gamma", "mcmahon")


@dataclass(frozen=True)
class Played:
    """One event a member played."""

    tournament: str
    name: str
    date: str
    go: bool
    pno: int
    """Their pairing number in the event."""
    score: Fraction
    games: int
    """Rounds with a result (played, forfeited or a bye)."""
    rounds: int
    place: int | None
    """In the individual standings; None when not ranked (withdrawn early)."""
    players: int
    performance: int | None
    """Chess only, over the games played against rated opponents; None without one."""
    found_by: str
    """How the player was recognised: ``member``, ``fide_id`` or ``egd_pin``."""
    rating_change: Fraction | None = None
    """FIDE (chess) or GoR (Go) change; None when unrated in the event (no change to show)."""


def player_of(t: Tournament, m: Member) -> tuple[Player, str] | None:
    """The player of ``t`` who is member ``m``, and how they were recognised."""
    for p in t.players:
        if p.member == m.id:
            return p, "member"
    for p in t.players:
        if m.fide_id and p.fide_id == m.fide_id and p.member is None:
            return p, "fide_id"
    for p in t.players:
        if m.egd_pin and str((p.extra or {}).get("egd_pin", "")) == m.egd_pin and p.member is None:
            return p, "egd_pin"
    return None


def played_in(t: Tournament, m: Member) -> Played | None:
    """What member ``m`` did in ``t`` (None if they did not play in it)."""
    from core.model import entries
    from core.pictures.progress import performance_after_rounds, points_after_rounds
    from core.ratings.changes import rating_changes
    from core.standings import compute_standings

    found = player_of(t, m)
    if found is None:
        return None
    p, how = found
    go = t.system in GO_SYSTEMS
    points = points_after_rounds(t).get(p.pno, ())
    rows = {row.pno: row for row in compute_standings(t, team=False).rows} if t.rounds else {}
    row = rows.get(p.pno)
    performance = None if go else next(iter(performance_after_rounds(t).get(p.pno, ())[-1:]), None)
    games = sum(1 for e in entries(t).get(p.pno, ()) if e.code is not None)
    change = next((r.change for r in rating_changes(t) if r.pno == p.pno), None) if t.rounds else None
    return Played(t.id, t.name, t.start_date, go, p.pno, points[-1] if points else Fraction(0), games,
                  t.total_rounds, row.rank if row else None, len(t.players), performance, how, change)


def history(events: list[Tournament], m: Member) -> list[Played]:
    """Every event of ``events`` member ``m`` played, newest first (by date, then name)."""
    found = [played for t in events if (played := played_in(t, m)) is not None]
    return sorted(found, key=lambda e: (e.date, e.name), reverse=True)
