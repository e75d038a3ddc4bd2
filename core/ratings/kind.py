"""Which rating an event and a person are rated by: FIDE's kinds (standard, rapid, blitz)
classified by the time a player has for 60 moves, and the kinds a person carries.

Why here, beside the rating bodies' arithmetic: the classification is FIDE's (Laws of Chess,
Appendices A and B), and the rating changes, the lists and the registration all ask it; the
lists and the duplicate rule build on it, so it sits below both.
"""

from __future__ import annotations

import re
from fractions import Fraction

from core.model import Tournament

PERSON_RATING_KINDS = ("standard", "rapid", "blitz", "national", "go")
"""The ratings a person carries in the club's register, in the order a single rating is taken
(the standard one for most)."""

RATING_KINDS = ("standard", "rapid", "blitz")
_CONTROL = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:'|m|min)?\s*(?:\+\s*(\d+(?:[.,]\d+)?)\s*(?:\"|s)?)?\s*$")


def _kind_for_60_moves(minutes: Fraction) -> str:
    """FIDE's classification by the time each player has for 60 moves, increments included
    (Laws of Chess, Appendix A.1: rapid is more than 10 and less than 60 minutes; B.1: blitz
    is 10 minutes or less); 60 minutes or more is standard."""
    if minutes <= 10:
        return "blitz"
    if minutes < 60:
        return "rapid"
    return "standard"


def kind_for_time_control(time_control: str) -> str | None:
    """``standard``/``rapid``/``blitz`` from ``"90+30"``, ``"15+10"``, ``"3 min + 2 s"`` (base
    minutes plus increment seconds); ``None`` when the text is not of that form.

    Time for 60 moves = base + 60 × increment seconds = base + increment minutes."""
    match = _CONTROL.match(time_control or "")
    if not match:
        return None
    base = Fraction(match.group(1).replace(",", "."))
    increment = Fraction((match.group(2) or "0").replace(",", "."))
    return _kind_for_60_moves(base + increment)


_PERIOD = re.compile(r"^(?:(\d+)/)?(\d+)(?:\+(\d+))?$")


def kind_for_time_control_code(code: str) -> str | None:
    """The kind of a TRF-2026 time-control code (record 222: periods ``[moves/]seconds[+increment
    seconds]`` joined by ``:``; Armageddon ``W…-B…``, classified by White's clock); ``None`` for
    an empty or unreadable code.

    Time for 60 moves = Σ over the periods met in the first 60 moves of (the period's seconds
    + the moves played in it × its increment), in minutes: ``180+2`` → 3 + 60 × 2 s = 5 min
    (blitz); ``40/6000+30:900+30`` → 100 min + 40 × 30 s + 15 min + 20 × 30 s = 145 min."""
    text = (code or "").strip()
    if text.startswith("W") and "-B" in text:
        text = text[1:text.index("-B")]
    seconds = Fraction(0)
    left = 60
    for period in text.split(":"):
        match = _PERIOD.match(period)
        if not match:
            return None
        moves = min(int(match.group(1)), left) if match.group(1) else left
        seconds += int(match.group(2)) + moves * int(match.group(3) or 0)
        left -= moves
        if left <= 0:
            break
    return _kind_for_60_moves(seconds / 60) if text else None


def event_rating_kind(t: Tournament) -> str:
    """The rating kind the event registers players with: the organiser's choice, else the
    kind of the time-control code (exact: TRF-2026 record 222), else of the time control as
    typed, else standard.  A cup's is the kind of its regular games' clock (:func:`cup_kind`)."""
    chosen = str(t.options.get("rating_kind", "") or "")
    if chosen in RATING_KINDS:
        return chosen
    played = cup_kind(t)
    if played is not None:
        return played
    return (kind_for_time_control_code(t.time_control_code) or kind_for_time_control(t.time_control)
            or "standard")


def cup_kind(t: Tournament) -> str | None:
    """The kind of a cup's regular games, by the clock they are played at (the event's time
    control with the default rules, the rules' own clocks otherwise: ``seed-rapid`` without a
    time control plays 20 minutes, rapid); ``None`` for other events.  Why not the event's
    time control: a cup may have none, and then the kind fell back to standard — the cup's
    20-minute games were headed "classical"."""
    if t.system != "knockout":
        return None
    from core.errors import TournamentError
    from core.playoff.cup import cup_rules

    try:
        rules = cup_rules(t)
    except TournamentError:
        return None
    clock = rules.segments[0].time_control if rules.segments else rules.armageddon
    return game_kind(clock.encode())


def game_kind(code: str) -> str | None:
    """The rating kind of one game by its own clock (a TRF-2026 record 222 code), or ``None``
    when the game is rated on no list: a game with unequal clocks (an Armageddon, ``W300-B240``)
    — FIDE rates games in which both players have the same allotted time."""
    text = (code or "").strip()
    if text.startswith("W") and "-B" in text:
        white, black = text[1:].split("-B", 1)
        if white != black:
            return None
    return kind_for_time_control_code(text)
