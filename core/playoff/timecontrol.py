"""Time controls of playoff games, in the TRF-2026 record 222 encoding.

Why our own small type: a playoff timetable needs one number per game (its expected length),
and the stored playoff state must stay plain JSON, so a time control is kept as its TRF-2026
text (``"180+3"``, ``"1200"``, Armageddon ``"W300-B240"``) and parsed when needed.
"""

from __future__ import annotations

from core.i18n import _

import re
from dataclasses import dataclass

from core.errors import TournamentError


class TimeControlError(TournamentError):
    """A time-control text that cannot be read."""


_SIMPLE = re.compile(r"^(\d+)(?:\+(\d+))?$")
_SPLIT = re.compile(r"^W(\d+)(?:\+(\d+))?-B(\d+)(?:\+(\d+))?$")


def armageddon_example() -> str:
    """``White 5 min, Black 4 min`` in the reader's words: how help and refusals show an
    Armageddon's clocks (the words the published timetable prints)."""
    minutes = _("{minutes} min")
    return _("White {white}, Black {black}").format(white=minutes.format(minutes=5), black=minutes.format(minutes=4))


@dataclass(frozen=True)
class TimeControl:
    """Thinking time in seconds: ``base`` for White (and Black unless ``black_base`` is set)
    plus ``increment`` seconds per move.  ``black_base`` is only set for games with unequal
    time (Armageddon: White 300, Black 240)."""

    base: int
    increment: int = 0
    black_base: int | None = None

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read ``"180+3"``, ``"1200"``, ``"W300-B240"`` or ``"W300+2-B240+2"`` (seconds).

        Minutes written with their mark are read too, in the organiser's language or any
        other (``3m+2``, ``15 мин + 10 с``, ``15 Min. + 10 Sek.``, ``15 dk + 10 sn``,
        ``15'+10"``: :func:`core.i18n.clock.clock_with_units`, the event's time control reads them
        the same way), because organisers type them that way.
        """
        from core.i18n.clock import armageddon_clock, clock_with_units

        raw = text.strip().replace(" ", "")
        clock = clock_with_units(text)
        if clock is not None:
            return cls(*clock)
        m = _SIMPLE.match(raw)
        if m:
            return cls(int(m.group(1)), int(m.group(2) or 0))
        unequal = armageddon_clock(text)
        if unequal is not None:
            white, black, increment = unequal
            return cls(white, increment, black)
        m = _SPLIT.match(raw.upper())
        if m:
            inc_w, inc_b = int(m.group(2) or 0), int(m.group(4) or 0)
            if inc_w != inc_b:
                raise TimeControlError(
                    _('time control {text!r}: White and Black must have the same increment.').format(text=text))
            return cls(int(m.group(1)), inc_w, int(m.group(3)))
        raise TimeControlError(
            _("time control «{text}» is not understood; write minutes and seconds like {example}, "
              "seconds like 180+3, or {armageddon} for Armageddon").format(
                text=text, example=_("{minutes} min + {seconds} s").format(minutes=3, seconds=2),
                armageddon=armageddon_example()))

    @classmethod
    def read(cls, text: str) -> TimeControl:
        """A time control the organiser typed, read as the event's is (:func:`core.i18n.clock.read_clock`):
        ``10+5`` is 10 minutes + 5 seconds here as in ``hakem new``, ``3 Min. + 2 Sek.``,
        ``15'+10"``, ``20``; an Armageddon's unequal clocks in words (``White 5 min, Black 4
        min``) or as the code ``W300-B240`` (seconds).  :meth:`parse` reads the stored code."""
        from core.i18n.clock import armageddon_clock, read_clock

        clock = read_clock(text)
        if clock is not None:
            periods, increment = clock
            base = periods[0].minutes * 60
            if len(periods) == 1 and periods[0].moves is None and base.denominator == 1 and base > 0:
                return cls(int(base), increment)
        unequal = armageddon_clock(text)
        if unequal is not None:
            white, black, increment = unequal
            return cls(white, increment, black)
        if _SPLIT.match(text.strip().replace(" ", "").upper()):
            return cls.parse(text)
        raise TimeControlError(
            _("time control «{text}» is not understood; write minutes and seconds like {example} or {short}, "
              "or {armageddon} for Armageddon").format(
                text=text, example=_("{minutes} min + {seconds} s").format(minutes=3, seconds=2), short="3+2",
                armageddon=armageddon_example()))

    def typed(self) -> str:
        """The clock as :meth:`read` reads it back, for a field to hold: minutes and seconds
        (``3+2``, ``1.5+2``); Armageddon's code ``W300-B240``."""
        if self.black_base is not None:
            return self.encode()
        minutes = f"{self.base // 60}" if self.base % 60 == 0 else f"{self.base / 60:g}"
        return f"{minutes}+{self.increment}" if self.increment else minutes

    def encode(self) -> str:
        """The TRF-2026 text; inverse of :meth:`parse`."""
        if self.black_base is not None:
            inc = f"+{self.increment}" if self.increment else ""
            return f"W{self.base}{inc}-B{self.black_base}{inc}"
        return f"{self.base}+{self.increment}" if self.increment else f"{self.base}"

    def estimate_seconds(self) -> int:
        """Expected length of one game: both clocks used up plus 60 moves of increment each.

        This is the spec's estimate, 2 × base + 2 × 60 × increment; with unequal times the two
        bases are added instead of doubling one.
        """
        black = self.base if self.black_base is None else self.black_base
        return self.base + black + 2 * 60 * self.increment

    def __str__(self) -> str:
        return self.encode()
