"""Number formats of the Gamma paperwork (seed 002).

* coefficient in the table: the seed writes halves as a trailing "+": 127.5 → ``127+``,
  126 → ``126`` (a negative half is written from the floor: −2.5 → ``-3+``);
* coefficient in the rating-commission file: ×10 as an integer (127.5 → ``1275``);
* technical sum: ``0``, ``-1``, ``+1``.
"""

from __future__ import annotations

import math
from fractions import Fraction

from core.errors import TournamentError


def table_coefficient(value: Fraction) -> str:
    whole = math.floor(value)
    rest = value - whole
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return f"{whole}+"
    raise TournamentError(f"coefficient {value} is not a whole or half number")


def coefficient_x10(value: Fraction) -> int:
    scaled = value * 10
    if scaled.denominator != 1:
        raise TournamentError(f"coefficient {value} cannot be written ×10 as a whole number")
    return int(scaled)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)
