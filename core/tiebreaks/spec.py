"""A tie-break as written in an event: its base code and modifiers (:class:`TieBreakSpec`).

Why apart from reading codes (:mod:`core.tiebreaks.codes`): every family module takes a
:class:`TieBreakSpec`, and the code reader looks definitions up in the registry, which imports
the families — so the type sits below both.
"""

from __future__ import annotations


from dataclasses import dataclass
from fractions import Fraction

from core.errors import TournamentError
from core.tiebreaks.regimes import Regime


class TieBreakError(TournamentError):
    """An unknown tie-break code or a modifier that the tie-break does not take."""


@dataclass(frozen=True)
class TieBreakSpec:
    """One parsed criterion of a tie-break list.  ``code`` is the text exactly as given."""

    code: str
    base: str
    score: str = ""
    """Team events: ``MP`` or ``GP`` (empty: the event's primary score)."""
    cut_low: int = 0
    cut_high: int = 0
    limit: Fraction = Fraction(0)
    """Koya: threshold shift in points (``/L+1`` = +½ point)."""
    played_forfeits: bool = False
    unrated: int | None = None
    fore: bool = False
    reverse: bool = False
    regime: Regime | None = None

    @property
    def canonical(self) -> str:
        """The normalised spelling (``BH/C1``), used as a cache key."""
        return "/".join([self.base + (f":{self.score}" if self.score else ""), *self.modifier_codes])

    @property
    def modifier_codes(self) -> list[str]:
        """The modifiers in normalised spelling and order (``["C1", "P"]``): what a label
        spells out and an editor steps, whichever spelling the code was typed in."""
        parts: list[str] = []
        if self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.limit:
            half = int(self.limit * 2)
            parts.append(f"L{half:+d}")
        if self.played_forfeits:
            parts.append("P")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.fore:
            parts.append("F")
        if self.reverse:
            parts.append("R")
        if self.regime is not None:
            parts.append(f"V{self.regime.value}")
        return parts
