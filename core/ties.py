"""Ties decided outside the tie-breaks: an order recorded (a playoff's places, the arbiter's
order) and lots drawn, kept in the tournament's options for the standings to apply.  This
module reads them; recording them is :mod:`core.changes.ties`.

Why not in :mod:`core.standings`: a playoff's places are read while it is played (and a
cup's playoff belongs to the knockout pairing), and nothing below the standings may import
them; these are data of the event, read without computing any ranking.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.model import Tournament


@dataclass(frozen=True)
class TieOrder:
    """An order decided outside the list for some tied participants: ``groups`` are ordered,
    participants inside one group stay tied (e.g. a play-off that decided only first place)."""

    groups: tuple[tuple[int, ...], ...]
    source: str = "manual"
    """``playoff`` or ``manual``."""

    @property
    def members(self) -> set[int]:
        return {p for g in self.groups for p in g}


def tie_orders(t: Tournament) -> list[TieOrder]:
    """Orders recorded in ``options["tie_orders"]`` (``[{"groups": [[5], [3, 7]], "source": ...}]``)."""
    out = []
    for item in t.options.get("tie_orders", []) or []:
        groups = tuple(tuple(int(p) for p in (g if isinstance(g, (list, tuple)) else [g]))
                       for g in item.get("groups", []))
        out.append(TieOrder(groups, str(item.get("source", "manual"))))
    return out
