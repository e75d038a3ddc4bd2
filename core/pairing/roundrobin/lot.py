"""Drawing table numbers by lot, recorded so that every later pairing is reproducible.

Why record: a round robin's whole schedule follows from the drawn numbers, so the draw is
stored in ``Tournament.options["lot"]`` together with the seed of the random generator; the
pairing engine only reads that record and never the clock.  The seed must be given by the
caller (the UI may take it from ``secrets`` once and store it; tests pass fixed seeds).

Record layout (JSON values only)::

    options["lot"] = {"method": "lot" | "varma", "seed": 12345,
                      "order": [pno of table number 1, pno of table number 2, ...],
                      "draw_order": [pno, ...],          # who drew first, second, ...
                      "history": [{"seed": ..., "order": [...], "reason": "..."}]}

The drawn number is also written to each player's ``Player.extra["lot"]``: pairing numbers
are reassigned by rating when round 1 is paired (:func:`core.changes.numbering.assign_pairing_numbers`
rewrites every pno reference it knows, but not this record), and ``extra`` travels with the
player through any renumbering.  :func:`table_order` therefore trusts ``extra["lot"]`` first;
``order`` in the record is the minutes of the draw.

Tradition (Aktar p. 60): the highest rated player draws first; the chief arbiter draws
for absent players.  Who draws first changes nothing in a random draw, but the record keeps
it for the minutes.  If a player leaves after the draw and before round 1, the draw is
redone (:func:`core.changes.lots.redraw_without`, by the first draw's method).  Drawing and
recording are :mod:`core.changes.lots`; this module says who draws in which order, draws the
numbers from the hat and reads the record back.
"""

from __future__ import annotations

from core.i18n import _

import random

from core.errors import TournamentError
from core.model import Player, Tournament


def draw_order(players: tuple[Player, ...] | list[Player]) -> list[int]:
    """Order in which players draw: highest rating first, then name, then pairing number."""
    return [p.pno for p in sorted(players, key=lambda p: (-p.rating, p.name, p.pno))]


def draw_numbers(pnos: list[int], seed: int) -> list[int]:
    """Each player in ``pnos`` (in drawing order) draws one number from the hat 1..len.

    Returns the table order: element i is the pno holding number i+1.
    """
    rng = random.Random(seed)
    hat = list(range(1, len(pnos) + 1))
    order = [0] * len(pnos)
    for pno in pnos:
        number = hat.pop(rng.randrange(len(hat)))
        order[number - 1] = pno
    return order


def entrants(t: Tournament) -> list[Player]:
    """The players who draw: everyone not withdrawn before round 1."""
    return [p for p in t.players if p.withdrawn_round is None or p.withdrawn_round > 1]


def table_order(t: Tournament, unit: str = "player") -> list[int]:
    """Participants of table numbers 1..n (pnos, or team ids for ``unit="team"``): the lot
    record if there is one for that unit, else ascending pairing number / team id.

    Players withdrawn before round 1 without a redraw keep their number (their games are
    forfeits), so the order is validated against all players of the tournament.
    """
    record = t.options.get("lot")
    if unit == "team":
        pnos = sorted(team.id for team in t.teams)
    else:
        pnos = sorted(p.pno for p in t.players)
        drawn = {p.pno: lot for p in t.players if (lot := p.extra.get("lot")) is not None}
        if drawn:
            numbers = sorted(int(v) for v in drawn.values())
            if len(drawn) != len(pnos) or numbers != list(range(1, len(pnos) + 1)):
                raise TournamentError(
                    _('the drawn numbers do not match the player list; draw the numbers again'))
            return sorted(drawn, key=lambda pno: int(drawn[pno]))
    if not record or record.get("unit", "player") != unit:
        return pnos
    order = [int(x) for x in record.get("order", [])]
    if sorted(order) != pnos:
        raise TournamentError(
            _('the drawn numbers do not match the player list; draw the numbers again'))
    return order
