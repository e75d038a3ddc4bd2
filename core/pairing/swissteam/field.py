"""The teams of a round as C.04.6 sees them, independent of how the event is stored.

Why a plain record: the procedure of Art. 3 and the colour rules of Art. 4 need only a few
facts per team (its TPN, scores, the colours of its played matches, whom it met, whether it
floated last round, whether it may receive the bye); the tests' oracle builds the same records
and pairs them its own way.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

PREFERENCE_TYPES = ("A", "B", "none")
"""Art. 1.7: Type A unless the competition's rules choose Type B or no preferences at all."""


@dataclass(frozen=True)
class TeamState:
    """One team before the round is paired."""

    tpn: int
    """Team pairing number (Art. 1.1): the team's number in the event."""
    score: Fraction
    """Primary score (Art. 1.2): match points by default."""
    secondary: Fraction = Fraction(0)
    """Secondary score (game points by default), used only to find the first-team (Art. 4.2.2)."""
    colours: str = ""
    """Colours of the played matches, oldest first, 'W' or 'B' (Art. 1.6.1: the colour of the
    first board; unplayed rounds left out, C.04.2 Art. 3.4)."""
    opponents: frozenset[int] = frozenset()
    """Teams met in played matches (C1; C.04.2 Art. 3.5 lets unplayed pairings meet again)."""
    floated: bool = False
    """A floater in the previous round (Art. 1.5): met an opponent with a different score."""
    bye_barred: bool = False
    """Had the pairing-allocated bye, won a match by forfeit or had a full-point bye (C2)."""
    matches: int = 0
    """Matches played (Art. 3.4.3)."""

    @property
    def colour_difference(self) -> int:
        """Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count("W") - self.colours.count("B")


@dataclass(frozen=True)
class RoundRules:
    """What the competition's rules and the round fix for the whole pairing."""

    round_no: int
    total_rounds: int
    preferences: str = "A"
    """``"A"``, ``"B"`` or ``"none"`` (Art. 1.7)."""
    initial: str = "W"
    """The initial-colour drawn before round 1 (Art. 4.1), 'W' or 'B'."""
    use_secondary: bool = True
    """Whether the secondary score decides the first-team (Art. 4.2.2)."""

    @property
    def last_round(self) -> bool:
        return self.round_no >= self.total_rounds

    @property
    def last_two(self) -> bool:
        """C7 and C10 do not apply in the last two rounds (Arts. 2.3.4, 2.3.7)."""
        return self.round_no >= self.total_rounds - 1
