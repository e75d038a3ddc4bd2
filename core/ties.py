"""Ties decided outside the tie-breaks: an order recorded (a playoff's places, the arbiter's
order) and lots drawn, kept in the tournament's options for the standings to apply.  This
module reads them; recording them is :mod:`core.changes.ties`.

Why not in :mod:`core.standings`: a playoff's places are read while it is played (and a
cup's playoff belongs to the knockout pairing), and nothing below the standings may import
them; these are data of the event, read without computing any ranking.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from core.model import Tournament, scores


@dataclass(frozen=True)
class TieOrder:
    """An order decided outside the list for some tied participants: ``groups`` are ordered,
    participants inside one group stay tied (e.g. a play-off that decided only first place)."""

    groups: tuple[tuple[int, ...], ...]
    source: str = "manual"
    """``playoff`` or ``manual``."""
    round: int | None = None
    """The round after which the tie was decided: the order decides the standings after that
    round only (a playoff for the final places reorders no earlier table).  ``None``: recorded
    before hakem kept it — taken as the current standings'."""
    tied: tuple[int, ...] = ()
    """Everybody on the members' points when it was decided: the tied group it was held for.
    ``()`` when unknown (older files, team events): then only :attr:`levels` is checked."""
    places: tuple[int, int] | None = None
    """The places the tied group held then (first, last); ``None`` when unknown."""
    levels: int = 1
    """How many different scores its members had then: 1 for players tied on points (a playoff
    forced on players the regulations tie some other way may have more)."""

    @property
    def members(self) -> set[int]:
        return {p for g in self.groups for p in g}


def tie_orders(t: Tournament) -> list[TieOrder]:
    """Orders recorded in ``options["tie_orders"]`` (``[{"groups": [[5], [3, 7]], "source": ...}]``)."""
    out = []
    for item in t.options.get("tie_orders", []) or []:
        groups = tuple(tuple(int(p) for p in (g if isinstance(g, (list, tuple)) else [g]))
                       for g in item.get("groups", []))
        held = item.get("places")
        out.append(TieOrder(groups, str(item.get("source", "manual")),
                            None if item.get("round") is None else int(item["round"]),
                            tuple(int(p) for p in item.get("tied", []) or []),
                            (int(held[0]), int(held[1])) if held else None, int(item.get("levels", 1))))
    return out


def tied_with(points: Mapping[int, object], members: Iterable[int]) -> frozenset[int]:
    """Everybody whose points equal one of ``members``' (``members`` included): the tied
    group a playoff or an arbiter's order of ``members`` is about."""
    wanted = {points.get(p) for p in members}
    return frozenset(p for p, value in points.items() if value in wanted) | frozenset(members)


def held_for(t: Tournament, members: Iterable[int], round_no: int) -> dict[str, object]:
    """What an order records about the tie it decides, after round ``round_no``: the round,
    the tied group and the places it held (``tied``/``places`` left out in a team event,
    whose order is of teams while the points here are players').  Why recorded: a result
    corrected afterwards can untie the group; the standings then set the order aside."""
    chosen = set(members)
    if t.teams:
        return {"round": round_no}
    points = scores(t, round_no)
    tied = tied_with(points, chosen)
    best = max((points.get(p, 0) for p in tied), default=0)
    first = 1 + sum(1 for value in points.values() if value > best)
    return {"round": round_no, "tied": sorted(tied), "places": [first, first + len(tied) - 1],
            "levels": len({points.get(p) for p in chosen})}


def is_stale(order: TieOrder, points: Mapping[int, object]) -> bool:
    """``order`` no longer decides a tie (``points``: the standings' after its round): its
    players are not the tied group it was held for any more — a result was corrected after it,
    so they are no longer equal on points, or someone else now is."""
    levels = len({points.get(p) for p in order.members})
    return levels != order.levels or bool(order.tied) and tied_with(points, order.members) != frozenset(order.tied)
