"""Varma tables (FIDE C.05 Annex 2): drawing numbers so that players of one federation get
numbers from one set, which keeps them apart in the last rounds where possible.

Procedure (C.05 Annex 2): federations draw in order of size (largest first,
equal sizes by country code); inside a federation by name.  The first player of a
federation picks one of the sets A–D (sealed envelopes) that still holds at least as many
numbers as the federation has players; the rest of the federation draws from that set.
Leftover numbers stay available.  A federation larger than every set (or arriving when no
set is big enough) draws what it can from the largest set and the rest from the other sets,
largest first (our reading; the text does not cover it).

The rows 21/22 C/D and 23/24 are marked UNCERTAIN in the reference; they are used as given.
"""

from __future__ import annotations

from core.i18n import _

import random

from typing import Any

from core.errors import TournamentError
from core.model import Player

VARMA: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: ((6, 7, 8, 9, 10, 11, 19, 20, 21, 22), (1, 2, 3, 4, 13, 14, 15, 16, 17), (12, 18, 23),
         (5, 24)),
}
SET_NAMES = ("A", "B", "C", "D")


def varma_fits(players: int) -> bool:
    """Whether the Varma tables serve ``players`` (9–24; C.05 Annex 2)."""
    return players + players % 2 in VARMA


def varma_sets(players: int) -> tuple[tuple[int, ...], ...]:
    """The four number sets for ``players`` (9–24); for an odd count the highest number of the
    even table is the bye and is removed from its set."""
    size = players + players % 2
    if size not in VARMA:
        raise TournamentError(_('Varma tables exist for 9 to 24 players, not {players}').format(players=players))
    return tuple(tuple(x for x in s if x <= players) for s in VARMA[size])


def varma_draw(players: list[Player], seed: int) -> dict[str, Any]:
    """Varma's draw for ``players`` (C.05 Annex 2): the record kept in ``options["lot"]``
    (method ``varma``: the table order, who drew when, each federation's envelopes)."""
    sets = [list(s) for s in varma_sets(len(players))]
    rng = random.Random(seed)
    feds: dict[str, list] = {}
    for p in players:
        feds.setdefault(p.federation or "", []).append(p)
    fed_order = sorted(feds, key=lambda f: (-len(feds[f]), f))
    order: dict[int, int] = {}
    drawers: list[int] = []
    envelopes: dict[str, str] = {}
    for fed in fed_order:
        members = sorted(feds[fed], key=lambda p: (p.name, p.pno))
        fitting = [i for i, s in enumerate(sets) if len(s) >= len(members)]
        if fitting:
            chosen = [fitting[rng.randrange(len(fitting))]]
        else:
            chosen = sorted((i for i, s in enumerate(sets) if s), key=lambda i: (-len(sets[i]), i))
        envelopes[fed] = "".join(SET_NAMES[i] for i in chosen)
        for p in members:
            source = next(i for i in chosen if sets[i])
            number = sets[source].pop(rng.randrange(len(sets[source])))
            order[number] = p.pno
            drawers.append(p.pno)
    table = [order[k] for k in sorted(order)]
    return {"method": "varma", "seed": seed, "order": table, "draw_order": drawers, "envelopes": envelopes}
