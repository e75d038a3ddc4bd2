"""The EGF's Go rating (GoR) after an event, by the formulas of the European Go Database's
rating system page (the system in use since 2021, with which the whole database back to 1996
was computed again).

For players A and B with ratings rA, rB:
- β(r) = −7 · ln(3300 − r);
- the expected result of A, SE(A) = 1 / (1 + e^(β(rB) − β(rA))) (the Bradley–Terry form), so
  SE(A) + SE(B) = 1.  The page's worked example: two players rated 2100, a win gives
  +9.306 (con 17.58 × (1 − 0.5) + bonus 0.516).  The deflation term ε (0.016, subtracted
  from the stronger side's expectation) belongs to the system before 2021 and is not in
  this one;
- con(r) = ((3300 − r) / 200)^1.6, the weight of a game (FIDE's K);
- bonus(r) = ln(1 + e^((2300 − r) / 80)) / 5, a small gift per game that keeps the weaker
  part of the scale from deflating;
- per game r' − r = con(rA) · (SA − SE(A)) + bonus(rA); an event sums its games, all from the
  ratings before it.
- A handicap game is rated as if the weaker player (Black) were stronger by 100 GoR per stone
  less half a stone: 100 · (h − 0.5), where h counts the stones and a game without komi
  (komi under 1: Black simply moves first) is h = 1.

The page's older formula had a parameter ``a`` (the spread of the expectation by rating) and
ε; the current one replaced both with β above and the bonus.
"""

from __future__ import annotations

import math
from fractions import Fraction

def beta(r: float) -> float:
    return -7 * math.log(3300 - r)


def expected(own: float, opponent: float) -> float:
    """SE of the player rated ``own`` (both ratings already handicap-adjusted); the two
    players' SE add up to 1."""
    return 1 / (1 + math.exp(beta(opponent) - beta(own)))


def con(r: float) -> float:
    return ((3300 - r) / 200) ** 1.6


def bonus(r: float) -> float:
    return math.log(1 + math.exp((2300 - r) / 80)) / 5


def handicap_shift(handicap: int | None, komi: Fraction | None = None) -> float:
    """The rating the weaker player (Black) is given on top in a handicap game."""
    stones = handicap or (1 if komi is not None and komi < 1 else 0)
    return 100 * (stones - 0.5) if stones else 0.0


def game_change(own: float, opponent: float, score: Fraction, handicap: int | None,
                black: bool, komi: Fraction | None = None) -> tuple[float, float]:
    """(expected result, change) of one game for the player rated ``own``."""
    shift = handicap_shift(handicap, komi)
    mine, theirs = (own + shift, opponent) if black else (own, opponent + shift)
    se = expected(mine, theirs)
    return se, con(own) * (float(score) - se) + bonus(own)
