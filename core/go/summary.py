"""Go data per player for lists and JSON (``hakem players list``, the TUI): rank, levels.

Levels are never stored: they follow from the rounds (:mod:`core.go.cards`), so a corrected
result can never leave a stale level behind.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from core.go.cards import cards
from core.go.ranks import go_rating, player_rank, rank_label
from core.go.registration import start_levels, top_group
from core.i18n import pgettext
from core.model import Tournament


def player_go_data(t: Tournament) -> dict[int, dict[str, Any]]:
    """``{pno: {"go_rating", "rank", "start_level", "level"}}`` (level = after the paired rounds);
    a McMahon event has ``start_mms`` and ``mms`` instead of the Gamma levels."""
    if not t.players:
        return {}
    if t.system == "mcmahon":
        from core.go.mms import scores
        from core.model import format_points

        mm = scores(t)
        return {p.pno: {"go_rating": go_rating(p), "rank": rank_label(mm[p.pno].rank),
                        "start_mms": mm[p.pno].start_mms, "mms": format_points(mm[p.pno].mms)}
                for p in t.players}
    start = start_levels(t)
    now = cards(t)
    return {p.pno: {"go_rating": go_rating(p), "rank": rank_label(player_rank(p)),
                    "start_level": start[p.pno], "level": now[p.pno].final_level}
            for p in t.players}


def top_group_data(t: Tournament) -> dict[str, Any] | None:
    if not t.players:
        return None
    group = top_group(t)
    return {"ranks": list(group.ranks), "level": group.lowest_rank, "size": group.size,
            "width": group.width}


def scores_before(t: Tournament, round_no: int) -> dict[int, Fraction]:
    """Every player's Go score before ``round_no`` — the MMS (McMahon) or the level (Gamma)
    that pairs him — what a Go pairing list shows beside the names instead of chess points
    (OpenGotha's game list prints the MMS)."""
    if not t.players:
        return {}
    if t.system == "mcmahon":
        from core.go.mms import scores

        return {pno: s.mms_before(round_no) for pno, s in scores(t, round_no - 1).items()}
    return {pno: Fraction(card.level_before(round_no)) for pno, card in cards(t, round_no - 1).items()}


def score_name(t: Tournament) -> str:
    """The column heading of :func:`scores_before`: MMS (McMahon), level (Gamma)."""
    return "MMS" if t.system == "mcmahon" else pgettext("go table", "Lvl")
