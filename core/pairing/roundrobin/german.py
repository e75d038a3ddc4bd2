"""The German round formula and the pencil construction of Paarungssysteme ("Rundensystem").

Why a second construction: it is written from a different source (a German club page) in a
different way (a closed formula per player, and a paper-and-pencil grid), so agreement with
:mod:`core.pairing.roundrobin.berger` for every size is real evidence that both are right.
Nothing here imports the rotation.

Notation of Paarungssysteme: TAZ = number of participants, RAZ = number of rounds (TAZ−1 for even
TAZ, TAZ for odd TAZ), Nr = start number, R = round, Gr = opponent in round R.
"""

from __future__ import annotations

from core.i18n import _

from core.errors import TournamentError


def rounds_count(taz: int) -> int:
    """RAZ: TAZ if TAZ is odd, otherwise TAZ−1."""
    if taz < 2:
        raise TournamentError(_('a round robin needs at least 2 participants, not {taz}').format(taz=taz))
    return taz if taz % 2 else taz - 1


def opponent(taz: int, nr: int, r: int) -> int | None:
    """Gr = ((R − Nr) mod RAZ) + 1; meeting oneself means "meets the highest number" for an
    even TAZ and "sits out" (``None``) for an odd TAZ.

    For the highest number of an even TAZ (who is not covered by the formula) the opponent is
    the one player whose formula gives himself.
    """
    raz = rounds_count(taz)
    if not 1 <= r <= raz or not 1 <= nr <= taz:
        raise TournamentError(_('no round {r} / start number {nr} for {taz} participants').format(r=r, nr=nr, taz=taz))
    if taz % 2 == 0 and nr == taz:
        for other in range(1, taz):
            if (r - other) % raz + 1 == other:
                return other
        raise AssertionError("the formula always leaves one player for the highest number")
    gr = (r - nr) % raz + 1
    if gr == nr:
        return taz if taz % 2 == 0 else None
    return gr


def has_white(taz: int, nr: int, gr: int) -> bool:
    """Colour rule of Paarungssysteme: odd sum → the smaller number has White, even sum → Black;
    the highest number of an even TAZ has Black against numbers up to TAZ/2, White otherwise."""
    if taz % 2 == 0 and taz in (nr, gr):
        other = gr if nr == taz else nr
        highest_white = other > taz // 2
        return highest_white if nr == taz else not highest_white
    smaller_white = (nr + gr) % 2 == 1
    return smaller_white if nr < gr else not smaller_white


def pencil_table(taz: int) -> list[list[tuple[int, int]]]:
    """The paper construction of Paarungssysteme, steps 1–4, giving pairs in written order.

    1. Write TAZ/2 numbers per row (rounded up), counting 1..RAZ cyclically, RAZ rows.
    2.+3. Put a separator after the first number of each row, then count 1..RAZ cyclically
       again *from the back* (last row, right to left), writing each number to the right of
       an existing one, never beside the number left of the separator.
    4. For an even TAZ write TAZ beside the number left of the separator, alternately right
       and left (right in row 1).  For an odd TAZ that number sits out (omitted here).
    Two neighbouring numbers are a pairing; the left one has White.
    """
    raz = rounds_count(taz)
    width = (taz + 1) // 2
    counter = 0

    def count() -> int:
        nonlocal counter
        counter += 1
        return (counter - 1) % raz + 1

    grid = [[count() for _ in range(width)] for _ in range(raz)]
    counter = 0
    partner: dict[tuple[int, int], int] = {}
    for row in range(raz - 1, -1, -1):
        for col in range(width - 1, 0, -1):
            partner[(row, col)] = count()
    table: list[list[tuple[int, int]]] = []
    for row in range(raz):
        pairs: list[tuple[int, int]] = []
        if taz % 2 == 0:
            left = grid[row][0]
            pairs.append((left, taz) if row % 2 == 0 else (taz, left))
        for col in range(1, width):
            pairs.append((grid[row][col], partner[(row, col)]))
        table.append(pairs)
    return table
