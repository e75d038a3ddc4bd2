"""A member's history: every event of the data directory they played, across chess and Go.

A player is the member when the event registered them from the register (``Player.member``
is the member's number), else when they hold the member's FIDE id, else (Go) the member's
EGD pin — the ids that name one person in every event; a name is not one.  A player linked to
a number the register no longer has (a removed member) counts as not linked: the member added
again finds their old events by id.

Per event: the score (the event's own points, adjustments included), the place in the
individual standings, the games played, and for chess the tournament performance rating over
the games played (C.07 Art. 10.2 TPR, :func:`core.pictures.progress.performance_after_rounds`,
the chart's own computation), and the rating change the event brings (:mod:`core.ratings`:
FIDE's for chess with the K of the player's record in that event, the EGD's GoR for Go).
"""

from __future__ import annotations

from collections.abc import Collection
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
    """Games played over the board with a result (not byes, absences or forfeits: a Keizer
    season's evenings off are rounds, not games)."""
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
    shared: bool = False
    """The place is shared (the standings write ``1=``)."""


def player_of(t: Tournament, m: Member, current: Collection[int] | None = None) -> tuple[Player, str] | None:
    """The player of ``t`` who is member ``m``, and how they were recognised; ``current``:
    the register's member numbers (a player linked to another is not found by id)."""
    def unlinked(p: Player) -> bool:
        return p.member is None or (current is not None and p.member not in current)

    for p in t.players:
        if p.member == m.id:
            return p, "member"
    for p in t.players:
        if m.fide_id and p.fide_id == m.fide_id and unlinked(p):
            return p, "fide_id"
    for p in t.players:
        if m.egd_pin and str((p.extra or {}).get("egd_pin", "")) == m.egd_pin and unlinked(p):
            return p, "egd_pin"
    return None


def played_in(t: Tournament, m: Member, current: Collection[int] | None = None) -> Played | None:
    """What member ``m`` did in ``t`` (None if they did not play in it)."""
    from core.model import Colour, entries
    from core.pictures.progress import performance_after_rounds, points_after_rounds
    from core.ratings.changes import rating_changes
    from core.standings import compute_standings

    found = player_of(t, m, current)
    if found is None:
        return None
    p, how = found
    go = t.system in GO_SYSTEMS
    points = points_after_rounds(t).get(p.pno, ())
    rows = {row.pno: row for row in compute_standings(t, team=False).rows} if t.rounds else {}
    row = rows.get(p.pno)
    performance = None if go else next(iter(performance_after_rounds(t).get(p.pno, ())[-1:]), None)
    games = sum(1 for e in entries(t).get(p.pno, ()) if e.code is not None and e.opponent is not None
                and e.colour is not Colour.NONE)
    change = next((r.change for r in rating_changes(t) if r.pno == p.pno), None) if t.rounds else None
    return Played(t.id, t.name, t.start_date, go, p.pno, points[-1] if points else Fraction(0), games,
                  t.total_rounds, row.rank if row else None, len(t.players), performance, how, change,
                  bool(row and row.shared))


def history(events: list[Tournament], m: Member, current: Collection[int] | None = None) -> list[Played]:
    """Every event of ``events`` member ``m`` played, newest first (by date, then name);
    ``current``: the register's member numbers (:func:`player_of`)."""
    found = [played for t in events if (played := played_in(t, m, current)) is not None]
    return sorted(found, key=lambda e: (e.date, e.name), reverse=True)
