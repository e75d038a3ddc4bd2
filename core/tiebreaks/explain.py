"""Contributions behind a tie-break value: what an arbiter shows a player who asks "why?".

Why: every value must be explainable (spec/tiebreaks.md, Transparency): for a player and a
tie-break, list each contribution (round, opponent, value, what it is based on) and what was
cut and why.  Families return these objects; screens, reports and the CLI render them.
Notes are complete English sentences (format strings) so the i18n layer can translate them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union

Value = Union[Fraction, int, None, tuple]
"""A tie-break value: exact points, a count/rating, ``None`` (not applicable), or a tuple
compared element by element (extended Koya)."""


@dataclass(frozen=True)
class Contribution:
    """One term of a tie-break sum."""

    round: int | None
    opponent: int | None
    value: Value
    basis: str = ""
    """What the value is, e.g. "opponent's adjusted score" or "dummy opponent (Art. 16.4)"."""
    cut: bool = False
    reason: str = ""
    """Why it was cut (or why it is valued the way it is)."""


@dataclass(frozen=True)
class Explanation:
    code: str
    name: str
    pno: int
    value: Value
    regime: str
    contributions: tuple[Contribution, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    def lines(self) -> list[str]:
        """A plain-text rendering (used by ``hakem standings --explain``)."""
        from core.tiebreaks.values import format_value

        out = [f"{self.code} ({self.name}) for player {self.pno}: {format_value(self.value)}"
               f" [regime {self.regime}]"]
        for c in self.contributions:
            where = f"round {c.round}" if c.round is not None else "-"
            opp = f"opponent {c.opponent}" if c.opponent else "no opponent"
            mark = " CUT" if c.cut else ""
            tail = f" ({c.reason})" if c.reason else ""
            out.append(f"  {where:9} {opp:14} {format_value(c.value):>8}  {c.basis}{mark}{tail}")
        out.extend(f"  {n}" for n in self.notes)
        return out
