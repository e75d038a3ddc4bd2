"""Baku acceleration (FIDE C.04.7, 2026): virtual points added to the pairing score only.

Why a separate module: every Swiss system (Dutch, Dubov, Burstein, Lim) forms its
scoregroups from the *pairing score* = points + virtual points, and the rule for who gets
how many virtual points is the same for all of them.  Virtual points never reach standings,
tie-breaks or the Burstein Index; callers add them only where they build scoregroups and
board order.

Two sources, in this order:

1. explicit data from a TRF file (JaVaFo ``XXA`` / TRF-2026 ``250``), stored by the reader
   in ``Tournament.options["virtual_points"]`` as ``{"<pno>": {"<round>": "1"}}``.  When that
   mapping is present and non-empty it is the whole truth (players or rounds missing from it
   get 0), exactly as the public engines treat those records;
2. otherwise, when ``Tournament.acceleration == "baku"``, the method of C.04.7:

   * GA = the first 2·⌈N/4⌉ players of the initial ranked list (N = players registered for
     round 1), GB = everybody else.  A late entry inserted above the last GA player joins
     GA (C.04.7: "the last GA participant stays the same person");
   * accelerated rounds = the first ⌈R/2⌉ rounds; in the first ⌈(accelerated rounds)/2⌉ of
     them every GA player gets the points of a win, in the others half of that;
   * GB players, and everybody after the accelerated rounds, get nothing.
"""

from __future__ import annotations

from core.i18n import _

from fractions import Fraction
from typing import Any
from collections.abc import Mapping

from core.errors import TournamentError
from core.model import Tournament, points

BAKU = "baku"


class AccelerationError(TournamentError):
    """The tournament asks for an acceleration that its settings do not allow."""


def accelerated_rounds(total_rounds: int) -> int:
    """Number of accelerated rounds: the first half of the tournament, rounded up."""
    return (total_rounds + 1) // 2


def full_rounds(total_rounds: int) -> int:
    """Accelerated rounds that carry a full (win-sized) virtual point: first half, rounded up."""
    return (accelerated_rounds(total_rounds) + 1) // 2


def group_a(tournament: Tournament) -> frozenset[int]:
    """Pairing numbers of group GA (the upper group) of the Baku method.

    GA is fixed before round 1 from the initial list: its size is 2·⌈N/4⌉ (161 players give
    82).  Its last member is remembered; later entries ranked above that player join GA.
    """
    initial = sorted(p.pno for p in tournament.players if p.joined_round <= 1)
    if not initial:
        return frozenset()
    size = 2 * ((len(initial) + 3) // 4)
    last = initial[min(size, len(initial)) - 1]
    return frozenset(p.pno for p in tournament.players if p.pno <= last)


def _explicit(tournament: Tournament) -> Mapping[str, Any] | None:
    data = tournament.options.get("virtual_points") if tournament.options else None
    if isinstance(data, Mapping) and data:
        return data
    return None


def virtual_points(tournament: Tournament, round_no: int) -> dict[int, Fraction]:
    """Virtual points of every player for the pairing of ``round_no`` (0 for most players).

    The result has one entry per player of the tournament; add it to the points scored so
    far to get the pairing score of that round.
    """
    result = dict.fromkeys((p.pno for p in tournament.players), Fraction(0))  # one shared zero
    explicit = _explicit(tournament)
    if explicit is not None:
        for key, per_round in explicit.items():
            try:
                pno = int(key)
            except (TypeError, ValueError):
                raise AccelerationError(
                    _('virtual points are given for {key!r}, which is not a pairing number').format(key=key)) from None
            if pno not in result or not isinstance(per_round, Mapping):
                continue
            value = per_round.get(str(round_no), per_round.get(round_no))
            if value is not None:
                result[pno] = points(value)
        return result
    if (tournament.acceleration or "").lower() != BAKU:
        return result
    pts = tournament.points
    if pts.win != 2 * pts.draw or pts.loss != 0:
        raise AccelerationError(
            _('Baku acceleration needs a point system where a win is worth two draws and a loss 0.'))
    if round_no < 1 or round_no > accelerated_rounds(tournament.total_rounds):
        return result
    bonus = pts.win if round_no <= full_rounds(tournament.total_rounds) else pts.win / 2
    for pno in group_a(tournament):
        result[pno] = bonus
    return result


