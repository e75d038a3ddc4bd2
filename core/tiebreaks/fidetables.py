"""FIDE Rating Regulations (B.02) tables 8.1a and 8.1b, as published in the FIDE Handbook.

Why tables and not a formula: C.07 Art. 10 defines TPR and PTP through these rounded tables,
so the normal-distribution formula would give different integers.
"""

from __future__ import annotations

from bisect import bisect_left

DP_BY_PERCENT: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)
"""Table 8.1a: rating difference dp for a fractional score p = 0.50, 0.51 … 1.00."""

PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)
"""Table 8.1b: the highest rating difference for which the higher-rated player's expected
score is 0.50, 0.51 … 0.99; larger differences give 1.00."""


def dp_for_percent(percent: int) -> int:
    """dp (8.1a) for a score percentage 0..100."""
    if percent >= 50:
        return DP_BY_PERCENT[percent - 50]
    return -DP_BY_PERCENT[50 - percent]


def expected_percent(diff: int) -> int:
    """Expected score in hundredths (8.1b) of a player rated ``diff`` points above the opponent."""
    pd = 50 + bisect_left(PD_UPPER_BOUNDS, abs(diff))  # 100 beyond the last bound
    return pd if diff >= 0 else 100 - pd
