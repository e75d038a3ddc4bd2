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


def format_rounded(value, digits: int = 2) -> str:
    """A value for people in a fixed notation (a dot): a number that is not whole or half to
    ``digits`` decimals, correctly rounded (half up) — a Keizer score 20/3 is ``6.67``, as
    the TUI shows it, not the machine format's ``6.666666``."""
    if value is None or isinstance(value, (bool, int, tuple)):
        return format_value(value)
    exact = Fraction(value)
    if (exact * 2).denominator == 1:
        return format_points(exact)
    scaled = round_half_up(abs(exact) * 10 ** digits)
    whole, rest = divmod(scaled, 10 ** digits)
    return f"{'-' if exact < 0 else ''}{whole}.{rest:0{digits}d}".rstrip("0").rstrip(".")


ROUNDED_CODES = ("KZR",)
"""Criteria whose values are averages of fractions (a third of one's own value): shown to
people rounded (:func:`format_rounded`); the machine formats keep :func:`format_value`."""


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
