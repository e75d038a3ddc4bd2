"""Double round robin: the second cycle repeats the first with colours reversed.

FIDE (C.05 Annex 1) recommends swapping the last two rounds of the first cycle so that no
player gets the same colour three times running at the turn of the cycles; that is the
default here (``swap_last_two=True``).  The second cycle follows the table's own order
(rounds 1, 2, …, n−1 with colours reversed); with the swap, round n−1 of the table is played
as round n−2 and round n−2 as round n−1, and then round 1 reversed follows.  The tests check
the three-in-a-row property on every size this produces.
"""

from __future__ import annotations

from core.pairing.roundrobin.berger import TableRound, single_cycle


def reversed_round(rnd: TableRound, number: int) -> TableRound:
    """A table round with every game's colours reversed, renumbered to ``number``."""
    return TableRound(number, tuple((b, w) for w, b in rnd.games), rnd.bye, rnd.board_of_bye)


def cycles(players: int, count: int = 1, swap_last_two: bool = True) -> tuple[TableRound, ...]:
    """All rounds of ``count`` cycles (1 = single, 2 = double); odd cycles as the table,
    even cycles reversed.  ``swap_last_two`` applies to the first cycle of a multi-cycle event
    only (a single round robin always follows the table)."""
    base = single_cycle(players)
    first = list(base)
    if count > 1 and swap_last_two and len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    out: list[TableRound] = []
    number = 0
    for cycle in range(count):
        source = first if cycle == 0 else list(base)
        for rnd in source:
            number += 1
            if cycle % 2 == 0:
                out.append(TableRound(number, rnd.games, rnd.bye, rnd.board_of_bye))
            else:
                out.append(reversed_round(rnd, number))
    return tuple(out)
