"""The German DWZ (Deutsche Wertungszahl) after an event, as the DSB's Wertungsordnung states
it (the formula of its section on the follow-up rating, "Folge-DWZ").

- Expected score (Gewinnerwartung) of one game: the normal distribution with a standard
  deviation of 200·√2 of the rating difference, P(D) = ½·(1 + erf(D / 400)), taken to three
  decimals as the DSB's evaluations print and add it (its probability table); We is the sum.
- Development coefficient E = E0 · fB + SBr, E0 = (R0 / 1000)^4 + J, J = 5 up to 20 years of
  age, 10 from 21 to 25, 15 from 26.  The acceleration factor fB = R0 / 2000 (kept within
  0.5 … 1) for a player up to 20 who scored more than expected, else 1; the brake surcharge
  SBr = e^((1300 − R0) / 150) − 1 for a player under 1300 who scored less than expected,
  else 0.  E is rounded to a whole number, at least 5; without a brake at most 30 and at most
  5 × the index (the number of earlier evaluations; a player without one counts index 1);
  with a brake at most 150.
- Rn = R0 + 800 · (W − We) / (E + n), rounded to a whole number.

- The Leistung (performance, 3.6): the DWZ Rh at which We would equal W, given for a player
  with at least 5 games against rated opponents; a score of 0 % or 100 % has none (no finite
  rating expects it).  Solved on the continuous curve and rounded to a whole number.

A first DWZ (a player without one) is computed by the DSB from more than one event; it is
not done here: such a player's row says so.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction


def expected(own: int, opponent: int) -> float:
    """The probability of the Wertungsordnung for a difference D = own − opponent, to three
    decimals (halves up)."""
    return math.floor(500 * (1 + math.erf((own - opponent) / 400)) + 0.5) / 1000


PERFORMANCE_GAMES = 5
"""3.6: the fewest games against rated opponents that give a Leistung."""


def performance(opponents: list[int], score: Fraction) -> int | None:
    """Rh of 3.6 (``None`` below 5 games or at 0 % / 100 %).  We(R) grows with R, so the
    solution is found by halving an interval wide enough for any DWZ."""
    n = len(opponents)
    if n < PERFORMANCE_GAMES or score <= 0 or score >= n:
        return None
    w = float(score)
    low, high = min(opponents) - 2000.0, max(opponents) + 2000.0
    for _ in range(60):
        mid = (low + high) / 2
        we = sum(0.5 * (1 + math.erf((mid - o) / 400)) for o in opponents)
        low, high = (mid, high) if we < w else (low, mid)
    return _half_up((low + high) / 2)


def age_term(age: int | None) -> int:
    """J: 5 up to 20 years, 10 from 21 to 25, 15 from 26 (unknown age: an adult)."""
    if age is not None and age <= 20:
        return 5
    if age is not None and age <= 25:
        return 10
    return 15


@dataclass(frozen=True)
class DwzChange:
    """E with its parts, We and the new DWZ."""

    e0: float
    acceleration: float
    brake: float
    e: int
    expected: float
    new: int


def change(rating: int, opponents: list[int], score: Fraction, age: int | None, index: int | None) -> DwzChange:
    """R0 → Rn for one event (``index``: earlier evaluations, ``None`` or 0 counts as 1)."""
    n = len(opponents)
    we = sum(expected(rating, o) for o in opponents)
    w = float(score)
    e0 = (rating / 1000) ** 4 + age_term(age)
    fb = min(1.0, max(0.5, rating / 2000)) if age is not None and age <= 20 and w > we else 1.0
    sbr = math.exp((1300 - rating) / 150) - 1 if rating < 1300 and w < we else 0.0
    e = max(5, _half_up(e0 * fb + sbr))
    e = min(e, 150) if sbr > 0 else min(e, 30, 5 * max(1, index or 1))
    new = _half_up(rating + 800 * (w - we) / (e + n)) if n else rating
    return DwzChange(e0, fb, sbr, e, we, new)


def _half_up(x: float) -> int:
    return math.floor(x + 0.5)
