"""Ties decided outside the tie-breaks: an order recorded (a playoff's places, the arbiter's
order) and lots drawn, kept in the tournament's options for the standings to apply.

Why not in :mod:`core.standings`: a playoff records its places here while it is played (and a
cup's playoff belongs to the knockout pairing), and nothing below the standings may import
them; these are data of the event, read and written without computing any ranking.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.errors import TournamentError
from core.i18n import _
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


def with_tie_order(t: Tournament, groups: Sequence[int | Sequence[int]], source: str = "manual") -> Tournament:
    """A tournament with an externally decided order recorded (play-off results, arbiter order).

    ``groups``: pairing numbers (or team ids) best first; a nested list keeps its members tied.
    An older order covering any of the same participants is replaced.
    """
    if source not in ("manual", "playoff"):
        raise TournamentError(_("tie order source must be 'manual' or 'playoff', not {source!r}").format(source=source))
    norm = [[int(p)] if isinstance(p, int) else [int(x) for x in p] for p in groups]
    members = {p for g in norm for p in g}
    if len(members) != sum(len(g) for g in norm):
        raise TournamentError(_("a participant appears twice in the tie order"))
    kept = [o for o in t.options.get("tie_orders", []) or []
            if not members & {int(p) for g in o.get("groups", []) for p in (g if isinstance(g, list) else [g])}]
    options = dict(t.options)
    options["tie_orders"] = kept + [{"groups": norm, "source": source}]
    return t.with_changes(options=options)


def draw_lots(t: Tournament, players: Iterable[int], seed: int) -> Tournament:
    """Record a reproducible drawing of lots for ``players`` (lot 1 ranks first).

    The seed is explicit and stored with the lots so that the draw can be audited and redone.
    """
    group = sorted(int(p) for p in players)
    order = list(group)
    random.Random(seed).shuffle(order)
    lots = dict(t.options.get("lots", {}) or {})
    for number, pno in enumerate(order, start=1):
        lots[str(pno)] = number
    options = dict(t.options)
    options["lots"] = lots
    options["lots_seeds"] = list(options.get("lots_seeds", [])) + [{"players": group, "seed": seed}]
    return t.with_changes(options=options)
