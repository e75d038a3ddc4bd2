"""Rutschsystem (Paarungssysteme): a round robin played by moving one seat after every round.

Seating: players sit in number order round a long table, 1 at one end, up one side and back
the other, so that n−1 faces 2 (n = the even table size: the player count, or one more);
n sits opposite 1, and with an odd count that seat stays empty and whoever sits in 1's seat
has the free round.  After each round everybody except n moves one seat, always the same
way; n stays and turns his board.

The reading served (Paarungssysteme only says "the boards alternate"): boards 2..n/2 never move and
alternate colours along side 1 — seat 2 has Black on side 1 when n ≡ 2 (mod 4), White when
n ≡ 0 (mod 4), which is how round 1 of Paarungssysteme's own rule sets them up — and board 1 (n's
board) is turned every round, so n alternates colours.  For n ≡ 2 (mod 4) (5/6, 9/10, 13/14 …
players) this meets Paarungssysteme's literal colour rule in every game; for n ≡ 0 (mod 4) (3/4,
7/8, 11/12, 15/16 … players) no set-up of fixed boards meets it (all four tried, tested), and
the boards win.

Two independent descriptions live here: :func:`simulate` moves people round the table and
reads the colours off the boards; :func:`opponent` / :func:`has_white` are Paarungssysteme's formula
("double the round minus your number, ±(n−1); yourself means n") and colour rule.  The
schedule served to tournaments comes from the formula; the tests check it against the
simulation for every size up to 30.  Paarungssysteme's colour rule agrees with the seating only for
table sizes n ≡ 2 (mod 4) (it was evidently worked out on 10 players); for n ≡ 0 (mod 4) it
contradicts the seating on even differences, so :func:`has_white` carries the amendment and
:func:`seed_has_white` keeps the literal rule (notes/roundrobin.md).

Direction: the formula corresponds to moving towards the lower seat number (seat 1's player
goes to seat n−1, opposite seat 2).  The other direction gives the mirror schedule
(opponent = 2 − 2R − Nr); Paarungssysteme lets the club choose and states the formula for this one.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass

from core.errors import TournamentError
from core.pairing.roundrobin.berger import TableRound, table_size


def _reduce(value: int, n: int) -> int:
    """Bring ``value`` into 1..n−1 by adding or subtracting n−1."""
    return (value - 1) % (n - 1) + 1


def opponent(players: int, nr: int, r: int) -> int | None:
    """Formula opponent of ``nr`` in round ``r`` (``None``: free round for odd counts)."""
    n = table_size(players)
    if not 1 <= r <= n - 1 or not 1 <= nr <= players:
        raise TournamentError(_('no round {r} / start number {nr} for {players} players').format(r=r, nr=nr, players=players))
    if nr == n:
        return _reduce(r, n)
    q = _reduce(2 * r - nr, n)
    if q == nr:
        return n if n <= players else None
    return q


def seed_has_white(players: int, nr: int, other: int) -> bool:
    """Paarungssysteme's colour rule, literally: for two players below n, if the difference or the
    difference + 1 is divisible by 4 the higher number has White, otherwise Black; n has
    White against even numbers and Black against odd ones.

    Measured against the seating (tests): right for every table size n ≡ 2 (mod 4), wrong
    for n ≡ 0 (mod 4) on games whose difference is even; see :func:`has_white`.
    """
    n = table_size(players)
    if n in (nr, other):
        opp = other if nr == n else nr
        n_white = opp % 2 == 0
        return n_white if nr == n else not n_white
    d = abs(nr - other)
    higher_white = d % 4 == 0 or (d + 1) % 4 == 0
    return higher_white if nr > other else not higher_white


def has_white(players: int, nr: int, other: int) -> bool:
    """Colour as the seating gives it: Paarungssysteme's rule, amended for n ≡ 0 (mod 4).

    With an odd difference d Paarungssysteme's rule holds for every n (d ≡ 3 mod 4: the higher
    number has White, d ≡ 1: Black).  With an even difference the higher number has White
    when d + n − 2 is divisible by 4: for n ≡ 2 (mod 4) that is Paarungssysteme's "d divisible by
    4"; for n ≡ 0 (mod 4) it is "d − 2 divisible by 4", which is what the boards give once
    they are set up to alternate as round 1 of Paarungssysteme's rule has them.
    """
    n = table_size(players)
    if n in (nr, other):
        return seed_has_white(players, nr, other)
    d = abs(nr - other)
    if d % 2:
        higher_white = d % 4 == 3
    else:
        higher_white = (d + n - 2) % 4 == 0
    return higher_white if nr > other else not higher_white


def seat_player(n: int, seat: int, r: int) -> int:
    """Who sits at ``seat`` (1..n−1) in round ``r`` when moving towards lower seats."""
    return _reduce(seat + r - 1, n)


def seating_plan(players: int, r: int) -> dict[int, int | None]:
    """Seat → player in round ``r`` by the formula (seat n belongs to n; ``None`` = empty).

    Seats 1..n/2 run along one side (seat k is at board k), n/2+1..n−1 come back along the
    other side (seat n+1−k faces seat k), seat n faces seat 1.
    """
    n = table_size(players)
    if not 1 <= r <= n - 1:
        raise TournamentError(_('the Rutschsystem for {players} players has no round {r}').format(players=players, r=r))
    plan: dict[int, int | None] = {s: seat_player(n, s, r) for s in range(1, n)}
    plan[n] = n if n <= players else None
    return plan


def schedule(players: int) -> tuple[TableRound, ...]:
    """The Rutsch rounds from the formula, boards numbered from n's end of the table."""
    n = table_size(players)
    out: list[TableRound] = []
    for r in range(1, n):
        games: list[tuple[int, int]] = []
        bye: int | None = None
        bye_board: int | None = None
        for board in range(1, n // 2 + 1):
            p = seat_player(n, board, r)
            q = opponent(players, p, r)
            if q is None:
                bye, bye_board = p, board
                continue
            games.append((p, q) if has_white(players, p, q) else (q, p))
        out.append(TableRound(r, tuple(games), bye, bye_board))
    return tuple(out)


@dataclass(frozen=True)
class Seating:
    """One round of the physical simulation: board → (white, black); the free player."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    seats: tuple[tuple[int, int | None], ...] = ()
    """(seat, player) for every seat 1..n."""


def simulate(players: int, seat2_white: bool, n_board_side1_white: bool,
             towards_lower: bool = True) -> tuple[Seating, ...]:
    """Seat the players, play, move, repeat; colours come from how the boards stand.

    Seats 1..n/2 run along side 1 (seat k = board k), seats n/2+1..n−1 come back along side 2
    (seat n+1−k faces seat k), seat n faces seat 1 and belongs to n.  On side 1 the boards
    2..n/2 alternate, starting with White at seat 2 if ``seat2_white``; board 1 (n's board)
    starts with White on side 1 if ``n_board_side1_white`` and is turned after every round.
    """
    n = table_size(players)
    seats: dict[int, int | None] = {s: s for s in range(1, n)}
    seats[n] = n if n <= players else None
    side1_white = {b: (b % 2 == 0) == seat2_white for b in range(2, n // 2 + 1)}
    side1_white[1] = n_board_side1_white
    out: list[Seating] = []
    for r in range(1, n):
        boards: list[tuple[int, int]] = []
        bye = None
        for b in range(1, n // 2 + 1):
            near = seats[b]
            far = seats[n if b == 1 else n + 1 - b]
            if near is None or far is None:
                bye = far if near is None else near
                continue
            boards.append((near, far) if side1_white[b] else (far, near))
        out.append(Seating(r, tuple(boards), bye, tuple(sorted(seats.items()))))
        moved: dict[int, int | None] = {n: seats[n]}
        for s in range(1, n):
            target = s - 1 if towards_lower else s + 1
            if target == 0:
                target = n - 1
            if target == n:
                target = 1
            moved[target] = seats[s]
        seats = moved
        side1_white[1] = not side1_white[1]
    return tuple(out)
