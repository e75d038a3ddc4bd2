"""The EGF's Go rating (GoR) after an event, by the formulas of the European Go Database's
rating system page (the system in use since 2021).

For players A and B with ratings rA, rB:
- β(r) = −7 · ln(3300 − r);
- the expected result of A, SE(A) = 1 / (1 + e^(β(rB) − β(rA))) − ε/2 with ε = 0.016 (the
  chance of an upset the EGF allows for);
- con(r) = ((3300 − r) / 200)^1.6, the weight of a game (FIDE's K);
- bonus(r) = ln(1 + e^((2300 − r) / 80)) / 5, a small gift per game that keeps the weaker
  part of the scale from deflating;
- per game r' − r = con(rA) · (SA − SE(A)) + bonus(rA); an event sums its games, all from the
  ratings before it.
- A handicap game is rated as if the weaker player were stronger by 100 GoR per stone less
  half a stone (h stones: 100 · (h − 0.5); a game without komi counts as one stone).
"""

from __future__ import annotations

import math
from fractions import Fraction

EPSILON = 0.016


def beta(r: float) -> float:
    return -7 * math.log(3300 - r)


def expected(own: float, opponent: float) -> float:
    """SE of the player rated ``own`` (both ratings already handicap-adjusted)."""
    return 1 / (1 + math.exp(beta(opponent) - beta(own))) - EPSILON / 2


def con(r: float) -> float:
    return ((3300 - r) / 200) ** 1.6


def bonus(r: float) -> float:
    return math.log(1 + math.exp((2300 - r) / 80)) / 5


def handicap_shift(handicap: int | None) -> float:
    """The rating the weaker player (Black) is given on top in a handicap game."""
    if not handicap:
        return 0.0
    return 100 * (handicap - 0.5)


def game_change(own: float, opponent: float, score: Fraction, handicap: int | None,
                black: bool) -> tuple[float, float]:
    """(expected result, change) of one game for the player rated ``own``."""
    shift = handicap_shift(handicap)
    mine, theirs = (own + shift, opponent) if black else (own, opponent + shift)
    se = expected(mine, theirs)
    return se, con(own) * (float(score) - se) + bonus(own)
