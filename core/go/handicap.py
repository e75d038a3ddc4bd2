"""Handicap, komi and colours of a Gamma pair (the Gamma procedure).

Seed: handicap = level difference, where a player "in the senior levels" counts with the
round's smallest senior level; more than 9 is cut to 9.  Handicap 0: an even game with the
half-integer komi announced beforehand, colours by nigiri.  Otherwise the weaker player takes
Black and the stones, komi ½.

Reading: "in the senior levels" = a level at or above the smallest senior level, so the level
used is ``min(level, smallest senior level)`` (the McMahon bar idea).  Nigiri is a physical lot;
the engine proposes colours with a reproducible hash lot (seeded, never the clock) and the
arbiter records the real colours with the result (:func:`core.go.results.record_game`).
"""

from __future__ import annotations

from core.i18n import _

import hashlib
from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from core.errors import TournamentError
from core.model import Board, Tournament, points

MAX_HANDICAP = 9
HANDICAP_KOMI = Fraction(1, 2)
DEFAULT_KOMI = Fraction(13, 2)


def go_options(t: Tournament) -> Mapping[str, Any]:
    """``Tournament.options["go"]`` (plain JSON; keys documented in notes/go.md)."""
    value = t.options.get("go") if t.options else None
    return value if isinstance(value, Mapping) else {}


def even_komi(t: Tournament) -> Fraction:
    """The announced komi of even games (``options["go"]["komi"]``, default 6.5)."""
    raw = go_options(t).get("komi")
    if raw is None or raw == "":
        return DEFAULT_KOMI
    from core.i18n.format import format_decimal  # examples in the language's notation, as the form shows komi

    try:
        komi = points(str(raw))
    except (ValueError, ZeroDivisionError) as error:
        raise TournamentError(_('komi {raw!r} is not a number; write it like {example}').format(
            raw=raw, example=format_decimal(Fraction(13, 2)))) from error
    if (komi * 2).denominator != 1 or (komi * 2).numerator % 2 == 0:
        raise TournamentError(
            _('komi {raw!r} must be a half-integer such as {example} so that no game ends in a draw').format(
                raw=raw, example=format_decimal(Fraction(13, 2))))
    return komi


def smallest_senior_level(levels_in_order: list[int], top_size: int) -> int:
    """Level of the ``top_size``-th player of the round's list (levels sorted high → low)."""
    if not levels_in_order:
        raise TournamentError(_('no players take part in this round'))
    index = min(max(top_size, 1), len(levels_in_order)) - 1
    return levels_in_order[index]


def handicap_for(level_a: int, level_b: int, senior: int) -> int:
    """Stones for a pair: the capped difference of the levels counted up to the senior level."""
    return min(MAX_HANDICAP, abs(min(level_a, senior) - min(level_b, senior)))


def nigiri(seed: str, round_no: int, a: int, b: int) -> bool:
    """Reproducible stand-in for the nigiri: True when ``a`` gets White."""
    low, high = sorted((a, b))
    digest = hashlib.sha256(f"{seed}|{round_no}|{low}|{high}".encode()).digest()
    white_is_low = digest[0] & 1 == 1
    return white_is_low == (a == low)


def nigiri_seed(t: Tournament) -> str:
    return str(go_options(t).get("nigiri_seed") or t.id or t.name)


def make_board(t: Tournament, round_no: int, a: int, b: int, level_a: int, level_b: int,
               senior: int) -> tuple[Board, str]:
    """The board of pair (a, b) and one arbiter-readable line saying why."""
    stones = handicap_for(level_a, level_b, senior)
    eff_a, eff_b = min(level_a, senior), min(level_b, senior)
    if stones == 0:
        komi = even_komi(t)
        white, black = (a, b) if nigiri(nigiri_seed(t), round_no, a, b) else (b, a)
        why = _("levels {level_a} and {level_b} (senior level {senior}): even game, komi "
                "{komi}, colours by nigiri").format(level_a=level_a, level_b=level_b,
                                                     senior=senior, komi=_komi_text(komi))
        return Board(white, black, handicap=0, komi=komi), why
    white, black = (a, b) if eff_a > eff_b else (b, a)
    if abs(eff_a - eff_b) > MAX_HANDICAP:
        text = _("levels {level_a} and {level_b} (senior level {senior}): {black} takes Black "
                 "and {stones} stones (capped at 9), komi 0.5")
    else:
        text = _("levels {level_a} and {level_b} (senior level {senior}): {black} takes Black "
                 "and {stones} stones, komi 0.5")
    why = text.format(level_a=level_a, level_b=level_b, senior=senior, black=black, stones=stones)
    return Board(white, black, handicap=stones, komi=HANDICAP_KOMI), why


def _komi_text(komi: Fraction) -> str:
    from core.model import format_points

    return format_points(komi)
