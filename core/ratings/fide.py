"""FIDE's rating arithmetic: the Rating Regulations in force from 1 March 2024 (with the
amendment of 1 October 2025 to 8.3.1) and the Rapid and Blitz Rating Regulations of the same
date.

Articles (standard chapter; the rapid/blitz chapter numbers its sections one lower from 6 on):
- 8.1.1 converts a fractional score p into a rating difference dp; 8.1.2 converts a rating
  difference D into the expected score PD of the higher (H) and the lower (L) rated player.
  Both tables are used as published, never a formula: FIDE's rows differ from the normal
  curve in a few places.
- 8.2 a first rating: the rated opponents' average plus two imaginary opponents rated 1800
  drawn against (8.2.2), Ru = Ra + dp rounded, at most 2200 (8.2.3); a zero score in the first
  event is left out (8.2.1); published from 5 games against rated opponents, pooled over at
  most 26 months, and only from 1400 (7.1.4).
- 8.3.1 only games against rated opponents change a rating; a difference over 400 counts as
  400 for a player rated below 2650 (from 1 October 2025; rapid and blitz: always 400, and
  from 1 December 2024 a game between two players 600 or more apart is not rated when one of
  them is rated over 2600).
- 8.3.2 change = K × Σ(score − PD); 8.3.3 K (the rapid and blitz chapter's 7.3.3 has the same
  text: K 40 for new players and juniors, 20, 10 from 2400 — the flat "K = 20 for rapid and
  blitz ratings, all players" of earlier editions is not in the text in force); 8.3.4 the period's
  change rounded, halves away from zero.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

# 8.1.2: the upper end of each band of D and PD(H) in hundredths; beyond 735 PD(H) = 1.00
_PD_BANDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137,
             145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290,
             302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735)

# 8.1.1: dp for p = 1.00, 0.99, ..., 0.50 (the lower half mirrors it with the sign changed)
_DP_UPPER = (800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296,
             284, 273, 262, 251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141,
             133, 125, 117, 110, 102, 95, 87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0)

CAP = 400
"""8.3.1: the largest rating difference counted (below 2650 in standard chess)."""
CAP_EXEMPT_FROM = 2650
"""8.3.1 (from 1 October 2025, standard only): from this rating the real difference counts."""
RAPID_BLITZ_GAP = 600
RAPID_BLITZ_TOP = 2600
"""Rapid/blitz 7.3.1 (from 1 December 2024): no rating for a game between players this far
apart or more when one of them is rated above ``RAPID_BLITZ_TOP``."""
FIRST_RATING_GAMES = 5
FIRST_RATING_FLOOR = 1400
FIRST_RATING_MAX = 2200
IMAGINARY_OPPONENT = 1800
K_PERIOD_LIMIT = 700


def expected(own: int, opponent: int) -> Fraction:
    """PD of table 8.1.2 for a player rated ``own`` against ``opponent`` (D not capped here)."""
    d = abs(own - opponent)
    band = bisect_left(_PD_BANDS, d)
    high = Fraction(50 + band, 100)
    return high if own >= opponent else 1 - high


def dp(p: Fraction) -> int:
    """dp of table 8.1.1 for a fractional score, rounded to whole hundredths, halves up (the
    rounding the Title Regulations 1.4.9 state for their identical table)."""
    hundredths = int((Decimal(p.numerator) / Decimal(p.denominator) * 100).quantize(
        Decimal(1), rounding=ROUND_HALF_UP))
    return dp_hundredths(hundredths)


def dp_hundredths(hundredths: int) -> int:
    """dp of table 8.1.1 for a score already in whole hundredths (0 … 100)."""
    if hundredths >= 50:
        return _DP_UPPER[100 - hundredths]
    return -_DP_UPPER[hundredths]


def counted_difference(own: int, opponent: int, kind: str = "standard") -> int:
    """The rating difference 8.3.1 counts, signed from the player's side."""
    d = own - opponent
    if kind == "standard" and own >= CAP_EXEMPT_FROM:
        return d
    return max(-CAP, min(CAP, d))


def unrated_reason(own: int, opponent: int, kind: str) -> str:
    """Why a game played over the board does not change a rating, ``""`` when it does.

    ``unrated``: 8.3.1 rates games against rated players only.  ``gap``: the rapid and blitz
    chapter's 7.3.1 (from 1 December 2024) — "Games played between players with a rating
    difference of 600 points or more shall not be rated if at least one of the players is
    rated above 2600 on the relevant list": 600 itself is left out, 2600 itself is not
    "above", the rule is for rapid and blitz only and the game is unrated for both players."""
    if not own or not opponent:
        return "unrated"
    if kind in ("rapid", "blitz") and abs(own - opponent) >= RAPID_BLITZ_GAP \
            and max(own, opponent) > RAPID_BLITZ_TOP:
        return "gap"
    return ""


def game_is_rated(own: int, opponent: int, kind: str) -> bool:
    """8.3.1 and rapid/blitz 7.3.1 (see :func:`unrated_reason`)."""
    return not unrated_reason(own, opponent, kind)


@dataclass(frozen=True)
class KRecord:
    """What K depends on (8.3.3), and where each piece came from.

    ``published`` is the K FIDE prints beside the player on its list (7.1.2): when known it is
    taken as is.  ``games``: rated games before this event (``None``: not known — the player
    is then taken as having 30 or more, and the report says so).  ``reached_2400``: the
    published rating has been 2400 or more at some time.  ``birth_year`` and ``year`` (the
    event's) decide the junior rule."""

    rating: int
    published: int | None = None
    games: int | None = None
    reached_2400: bool = False
    birth_year: int | None = None
    year: int | None = None


def k_factor(record: KRecord) -> tuple[int, str]:
    """K by 8.3.3 and the reason in a few words (a key the report translates):
    ``published``, ``2400``, ``new``, ``junior``, ``established``, ``assumed``."""
    if record.published:
        return record.published, "published"
    if record.reached_2400 or record.rating >= 2400:
        return 10, "2400"
    if record.games is not None and record.games < 30:
        return 40, "new"
    if record.birth_year and record.year and record.year - record.birth_year <= 18 \
            and record.rating < 2300:
        return 40, "junior"
    return 20, "established" if record.games is not None else "assumed"


def period_k(k: int, games: int) -> int:
    """8.3.3, last sentence: K × n may not pass 700 in a rating period (here: this event)."""
    if games and k * games > K_PERIOD_LIMIT:
        return K_PERIOD_LIMIT // games
    return k


def round_change(value: Fraction) -> int:
    """8.3.4: to the nearest whole number, halves away from zero."""
    d = Decimal(value.numerator) / Decimal(value.denominator)
    return int(d.quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class FirstRating:
    """8.2 for one event: the rated opponents' ratings and the score against them, and the
    rating they give (``None`` when 8.2.1 or 7.1.4 withhold it: ``reason`` says which)."""

    opponents: tuple[int, ...]
    score: Fraction
    average: Fraction
    rating: int | None
    reason: str


def first_rating(opponents: tuple[int, ...], score: Fraction, first_event: bool = True) -> FirstRating:
    """Ru by 8.2.2–8.2.3 from this event's games against rated opponents.

    ``reason``: ``zero`` (8.2.1: nothing scored in the first event), ``games`` (fewer than 5:
    the games wait to be pooled with later events, 7.1.4), ``floor`` (under 1400, 7.1.4) or
    ``""``."""
    n = len(opponents)
    if not n:
        return FirstRating((), score, Fraction(0), None, "games")
    with_imaginary = Fraction(sum(opponents) + 2 * IMAGINARY_OPPONENT, n + 2)
    if first_event and score == 0:
        return FirstRating(opponents, score, with_imaginary, None, "zero")
    ru = round_change(with_imaginary + dp((score + 1) / (n + 2)))
    ru = min(ru, FIRST_RATING_MAX)
    if n < FIRST_RATING_GAMES:
        return FirstRating(opponents, score, with_imaginary, ru, "games")
    if ru < FIRST_RATING_FLOOR:
        return FirstRating(opponents, score, with_imaginary, ru, "floor")
    return FirstRating(opponents, score, with_imaginary, ru, "")


def performance(average: int, p: Fraction) -> int:
    """Rp = Ra + dp (Title Regulations 1.4.8, table 1.4.9 = 8.1.1)."""
    return average + dp(p)
