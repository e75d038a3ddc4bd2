"""Number formats of the Gamma paperwork (the Gamma procedure).

* coefficient in the table: the Gamma procedure writes halves as a trailing "+": 127.5 → ``127+``,
  126 → ``126`` (a negative half is written from the floor: −2.5 → ``-3+``);
* coefficient in the rating-commission file: ×10 as an integer (127.5 → ``1275``);
* technical sum: ``0``, ``-1``, ``+1``.
"""

from __future__ import annotations

from core.i18n import _

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
    raise TournamentError(_('coefficient {value} is not a whole or half number').format(value=value))


def coefficient_x10(value: Fraction) -> int:
    scaled = value * 10
    if scaled.denominator != 1:
        raise TournamentError(_('coefficient {value} cannot be written ×10 as a whole number').format(value=value))
    return int(scaled)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)
