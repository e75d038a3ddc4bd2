"""Go data per player for lists and JSON (``hakem players list``, the TUI): rank, levels.

Levels are never stored: they follow from the rounds (:mod:`core.go.cards`), so a corrected
result can never leave a stale level behind.
"""

from __future__ import annotations

from typing import Any

from core.go.cards import cards
from core.go.ranks import go_rating, rank_label, rank_of
from core.go.registration import start_levels, top_group
from core.model import Tournament


def player_go_data(t: Tournament) -> dict[int, dict[str, Any]]:
    """``{pno: {"go_rating", "rank", "start_level", "level"}}`` (level = after the paired rounds)."""
    if not t.players:
        return {}
    start = start_levels(t)
    now = cards(t)
    return {p.pno: {"go_rating": go_rating(p), "rank": rank_label(rank_of(go_rating(p))),
                    "start_level": start[p.pno], "level": now[p.pno].final_level}
            for p in t.players}


def top_group_data(t: Tournament) -> dict[str, Any] | None:
    if not t.players:
        return None
    group = top_group(t)
    return {"ranks": list(group.ranks), "level": group.lowest_rank, "size": group.size,
            "width": group.width}
