"""Prize sharing after a playoff (Aktar p. 67).

Once players are separated, money prizes are shared by the players eliminated at the same
stage: four tied, the two semi-final losers share the 3rd and 4th prizes equally.  Amounts are
:class:`fractions.Fraction` so shares stay exact (rounding is the organiser's business).
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Sequence

from core.i18n.format import place_span


def share_prizes(places: Sequence[Sequence[int]], prizes: Sequence[Fraction | int],
                 first_place: int = 1) -> dict[int, Fraction]:
    """Each player's share: a group holding places p..p+n-1 splits prizes p..p+n-1 equally.

    ``prizes[i]`` is the prize for place ``i + 1``; ``first_place`` is the place the tied group
    starts at (a tie for 3rd: 3).  Places without a prize count as zero.
    """
    out: dict[int, Fraction] = {}
    place = first_place
    for group in places:
        n = len(group)
        pot = sum((Fraction(prizes[p - 1]) for p in range(place, place + n) if 0 < p <= len(prizes)),
                  Fraction(0))
        for pno in group:
            out[pno] = pot / n
        place += n
    return out


def shared_place_labels(places: Sequence[Sequence[int]], first_place: int = 1) -> dict[int, str]:
    """``"3–4"`` place labels for shared groups (:func:`place_span`), ``"1"`` for single places."""
    out: dict[int, str] = {}
    place = first_place
    for group in places:
        label = place_span(range(place, place + len(group)))
        for pno in group:
            out[pno] = label
        place += len(group)
    return out
