"""Colour allocation for a Dutch pair (C.04.3 2026 Art. 5.2.1–5.2.5; 2017 E.1–E.5).

Returns the colour of the first player and the rule that decided it, so that explanations
can name the rule.
"""

from __future__ import annotations

from core.model import Colour
from core.pairing.swiss.state import PlayerState


def _last_difference(a: PlayerState, b: PlayerState) -> tuple[Colour, Colour]:
    """Colours of the two players in the most recent round (counting played games only, as
    C.04.2 Art. 3.4 moves unplayed rounds to the front) in which they differed."""
    i, j = len(a.colours) - 1, len(b.colours) - 1
    while i >= 0 and j >= 0 and a.colours[i] is b.colours[j]:
        i -= 1
        j -= 1
    return (a.colours[i] if i >= 0 else Colour.NONE, b.colours[j] if j >= 0 else Colour.NONE)


def _compatible(a: Colour, b: Colour) -> bool:
    return a is not b or a is Colour.NONE or b is Colour.NONE


def allocate(p: PlayerState, q: PlayerState, initial: Colour, higher_first: bool) -> tuple[Colour, str]:
    """Colour for ``p`` against ``q``; ``higher_first`` says ``p`` is the higher-ranked one
    (by pairing score, then TPN)."""
    if _compatible(p.preference, q.preference):
        if p.preference is not Colour.NONE:
            return p.preference, "5.2.1"
        if q.preference is not Colour.NONE:
            return q.preference.opposite, "5.2.1"
    else:
        if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
            return p.preference, "5.2.2"
        if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
            return q.preference.opposite, "5.2.2"
        if p.strong and not q.strong:
            return p.preference, "5.2.2"
        if q.strong and not p.strong:
            return q.preference.opposite, "5.2.2"
        cp, cq = _last_difference(p, q)
        if cp is not Colour.NONE and cq is not Colour.NONE:
            return cq, "5.2.3"
    if p.preference is Colour.NONE:
        # 5.2.5: higher-ranked player gets the initial colour with an odd TPN (even rank index)
        if higher_first:
            return (initial.opposite if p.rank & 1 else initial), "5.2.5"
        return (initial if q.rank & 1 else initial.opposite), "5.2.5"
    if higher_first:
        return p.preference, "5.2.4"
    return q.preference.opposite, "5.2.4"
