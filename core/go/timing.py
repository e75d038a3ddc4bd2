"""Go time controls: the EGF "adjusted time" (Russian "условное время", EGD ``TM``) and the EGD
tournament class it allows.

Why: rating files state the adjusted time, and the class (weight in the EGF rating list)
depends on it.  The EGF definition: adjusted time = basic time + the time for 45 moves of
standard (Japanese) byo-yomi, or for 60 moves of Canadian byo-yomi, or the increments of 120
moves under Fischer timing; sudden death counts the basic time only.  The Gamma procedure's rating file
gives "время 50+5/20, условное время 65": 50 + 60 × 5/20 = 65.

Notations read (minutes unless marked ``s``):
  ``50``            sudden death;
  ``50+5/20``       Canadian byo-yomi: 5 minutes for 20 stones;
  ``60+5x30s``      Japanese byo-yomi: 5 periods of 30 seconds (``x`` or ``×``; ``30`` = seconds);
  ``45+15s``        Fischer: 15 seconds added per move.
"""

from __future__ import annotations

import re
from fractions import Fraction

from core.model import format_points

_SUDDEN = re.compile(r"^(\d+)$")
_CANADIAN = re.compile(r"^(\d+)\s*\+\s*(\d+)\s*/\s*(\d+)$")
_JAPANESE = re.compile(r"^(\d+)\s*\+\s*(\d+)\s*[x×]\s*(\d+)\s*s?$")
_FISCHER = re.compile(r"^(\d+)\s*\+\s*(\d+)\s*s$")

# (class, minimum basic time, minimum adjusted time) in minutes, best class first; Fischer
# timing has its own minima (EGF rating commission, October 2010).
_CLASSES = (("A", 60, 75), ("B", 40, 50), ("C", 25, 30))
_CLASSES_FISCHER = (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))


def parse(time_control: str) -> tuple[str, Fraction, Fraction] | None:
    """(kind, basic minutes, adjusted minutes) of a Go time control, ``None`` if not read — also
    for an overtime of nothing (``60+3x0s``, ``60+0/20``, ``45+0s``): that clock is sudden death
    and is written ``60``, so that the EGD's ``CM`` and OpenGotha's time system say so."""
    text = time_control.strip().lower()
    if m := _SUDDEN.match(text):
        minutes = Fraction(int(m.group(1)))
        return "sudden death", minutes, minutes
    if m := _CANADIAN.match(text):
        basic, period, stones = (int(g) for g in m.groups())
        if stones == 0 or period == 0:  # no byo-yomi at all: write the sudden death as such
            return None
        return "canadian", Fraction(basic), basic + Fraction(60 * period, stones)
    if m := _JAPANESE.match(text):
        basic, periods, seconds = (int(g) for g in m.groups())
        if periods == 0 or seconds == 0:
            return None
        return "japanese", Fraction(basic), basic + Fraction(45 * seconds, 60)
    if m := _FISCHER.match(text):
        basic, increment = (int(g) for g in m.groups())
        if increment == 0:
            return None
        return "fischer", Fraction(basic), basic + Fraction(120 * increment, 60)
    return None


def adjusted_time(time_control: str) -> str:
    """The adjusted time in minutes as written in rating files (``"65"``, ``"82.5"``); empty
    when the time control is not in a notation we read."""
    parsed = parse(time_control)
    return format_points(parsed[2]) if parsed else ""


def egd_class(time_control: str) -> str:
    """The best EGD class (A, B, C) the time control allows; empty if it allows none or is not
    read.  Class D (internet) depends on where the games were played, not on the clock."""
    parsed = parse(time_control)
    if parsed is None:
        return ""
    kind, basic, adjusted = parsed
    for name, min_basic, min_adjusted in (_CLASSES_FISCHER if kind == "fischer" else _CLASSES):
        if basic >= min_basic and adjusted >= min_adjusted:
            return name
    return ""
