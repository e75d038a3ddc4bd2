"""Handicap, komi and colours of a McMahon pair (OpenGotha's handicap settings).

Rule: each player's MMS before the round, lowered to the handicap bar's MMS when the bar is
set (no handicap between players at or above it); the difference, reduced by the correction
(never below 0), is the handicap, capped at the ceiling.  Handicap ≥ 1: the weaker player
(lower MMS) takes Black and the stones, komi ½.  Handicap 0: an even game with the event's
komi; White goes to the player who had fewer Whites in earlier even games, and if both had
as many, to a reproducible lot (the arbiter records the real nigiri with the result).
"""

from __future__ import annotations

import hashlib
import math
from fractions import Fraction

from core.go.mcmahon_options import McMahonOptions
from core.go.mms import McMahonScore
from core.i18n import _, ngettext
from core.model import Board, format_points


def strength(score: McMahonScore, options: McMahonOptions) -> Fraction:
    """What the handicap counts: the MMS before the round (OpenGotha's default), or with
    ``handicap_basis`` ``rank`` the MMS of the rank itself (no bar, floor or correction), as
    OpenGotha does with "handicap based on MMS" off."""
    if options.handicap_basis == "rank":
        return Fraction(options.mms_of_rank(score.rank))
    return score.mms


def handicap(mms_a: Fraction, mms_b: Fraction, options: McMahonOptions) -> int:
    """Stones between two MMS values (always ≥ 0; who gets them is the lower MMS)."""
    a, b = math.floor(mms_a), math.floor(mms_b)
    if options.handicap_bar is not None:
        cap = options.mms_of_rank(options.handicap_bar)
        a, b = min(a, cap), min(b, cap)
    stones = max(0, abs(a - b) - options.correction)
    return min(stones, options.ceiling)


def lot(seed: str, round_no: int, a: int, b: int) -> bool:
    """Reproducible lot: True when ``a`` gets White (the same seed, round and pair → the same
    answer; never the clock)."""
    low, high = sorted((a, b))
    digest = hashlib.sha256(f"{seed}|mcmahon|{round_no}|{low}|{high}".encode()).digest()
    return (digest[0] & 1 == 1) == (a == low)


def make_board(round_no: int, a: int, b: int, mms_a: Fraction, mms_b: Fraction,
               balance_a: int, balance_b: int, options: McMahonOptions) -> tuple[Board, str]:
    """The board of pair (a, b) and a line saying why (``balance``: Whites − Blacks so far
    in even games)."""
    stones = handicap(mms_a, mms_b, options)
    if stones:
        white, black = (a, b) if mms_a > mms_b else (b, a)
        why = ngettext("MMS {mms_a} and {mms_b}: {black} takes Black and {stones} stone, komi {komi}",
                       "MMS {mms_a} and {mms_b}: {black} takes Black and {stones} stones, komi {komi}",
                       stones).format(
            mms_a=format_points(mms_a), mms_b=format_points(mms_b), black=black, stones=stones,
            komi=format_points(options.handicap_komi))
        return Board(white, black, handicap=stones, komi=options.handicap_komi), why
    if balance_a != balance_b:
        white, black = (a, b) if balance_a < balance_b else (b, a)
        how = _("{white} had fewer Whites").format(white=white)
    else:
        white, black = (a, b) if lot(options.nigiri_seed, round_no, a, b) else (b, a)
        how = _("colours by lot")
    why = _("MMS {mms_a} and {mms_b}: even game, komi {komi}, {how}").format(
        mms_a=format_points(mms_a), mms_b=format_points(mms_b), komi=format_points(options.komi),
        how=how)
    return Board(white, black, handicap=0, komi=options.komi), why
