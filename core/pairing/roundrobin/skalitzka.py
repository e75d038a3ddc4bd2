"""Skalitzka (Aktar p. 61): three teams in two rounds instead of three.

Three teams of equal, even size; in two rounds every player meets one player of each other
team, once with each colour.  Team 1 = A, B, C, …; team 2 = a, b, c, …; team 3 = 1, 2, 3, ….
Per group of three boards (Aktar's pattern, first-named has White)::

    board   round 1   round 2
    3g+1    A : a     1 : A
    3g+2    b : 1     a : 2
    3g+3    2 : B     B : b

and the next group uses C, c, 3 and D, d, 4 the same way.  A team's score is the sum of its
board results.
"""

from __future__ import annotations

from core.i18n import _

from core.errors import TournamentError

Seat = tuple[int, int]
"""(team 0/1/2, member index 1..m)."""


def rounds(m: int) -> list[list[tuple[Seat, Seat]]]:
    """Both rounds for teams of ``m`` players (m even), boards in order."""
    if m < 2 or m % 2:
        raise TournamentError(_('Skalitzka needs teams of an even size, not {m}').format(m=m))
    r1: list[tuple[Seat, Seat]] = []
    r2: list[tuple[Seat, Seat]] = []
    for g in range(m // 2):
        big_a, big_b = (0, 2 * g + 1), (0, 2 * g + 2)
        small_a, small_b = (1, 2 * g + 1), (1, 2 * g + 2)
        one, two = (2, 2 * g + 1), (2, 2 * g + 2)
        r1 += [(big_a, small_a), (small_b, one), (two, big_b)]
        r2 += [(one, big_a), (small_a, two), (big_b, small_b)]
    return [r1, r2]
