"""Formatting and ordering of tie-break values (exact decimals, never floats)."""

from __future__ import annotations

from fractions import Fraction

from core.model import format_points


def format_value(value) -> str:
    """Machine format: ``"27.5"``, ``"1400"``, ``""`` for not applicable, ``"3 1.5 0"`` for tuples."""
    if value is None:
        return ""
    if isinstance(value, tuple):
        return " ".join(format_value(v) for v in value)
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return format_points(Fraction(value))


def sort_key(value, higher_better: bool):
    """Key that puts the better value first; ``None`` always last."""
    if value is None:
        return (1, 0)
    if isinstance(value, tuple):
        return (0, tuple(-v if higher_better else v for v in value))
    return (0, -value if higher_better else value)


def round_half_up(value: Fraction) -> int:
    """Nearest integer, .5 rounded up (C.07 Art. 10 rounding of averages)."""
    value = Fraction(value)
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)
