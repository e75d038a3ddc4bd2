"""Rebuild the engine's input for round ``r`` from a tournament that went further.

Why: a pairing checker (``hakem check``), the golden-data tests and differential testing all
ask the same question — "given rounds 1..r-1, would the engine pair round r as it was paired?".
The round-r facts that were known *before* pairing (requested half/full/zero-point byes and
absences) must be kept; everything else of round r and later is dropped.  The initial colour
is made explicit (inferred from round 1 when the file does not record it) so that dropping
rounds cannot change it.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import replace
from typing import TYPE_CHECKING

from core.errors import RoundError
from core.model import ByeKind, RequestedBye, Tournament
from core.pairing.swiss.state import infer_initial_colour

if TYPE_CHECKING:
    from core.pairing.base import PairingSystem, RoundPairing


def input_for_round(t: Tournament, r: int) -> Tournament:
    """The tournament as it stood just before round ``r`` was paired."""
    if not 1 <= r <= len(t.rounds):
        raise RoundError(_('round {r} is not paired (rounds paired: {value})').format(r=r, value=len(t.rounds)))
    rnd = t.rounds[r - 1]
    seen = {b.white for b in rnd.boards} | {b.black for b in rnd.boards}
    requested = [RequestedBye(b.pno, r, b.kind) for b in rnd.byes if b.kind is not ByeKind.PAB]
    seen |= {b.pno for b in rnd.byes}
    with_bye = {m.home for m in rnd.matches if m.bye}  # a team Swiss's bye is no team absence
    seen |= {pno for team in t.teams if team.id in with_bye for pno in team.members}
    for p in sorted(t.players, key=lambda p: p.pno):
        if p.pno not in seen and p.active_in(r):
            requested.append(RequestedBye(p.pno, r, ByeKind.ZERO))
    initial = t.initial_colour or infer_initial_colour(t)
    return t.with_changes(
        rounds=t.rounds[: r - 1],
        requested_byes=tuple(sorted(requested, key=lambda b: b.pno)),
        initial_colour=initial,
    )


def actual_round(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``r`` as it was paired: ``(white, black)`` pairs in board order and the PAB."""
    rnd = t.rounds[r - 1]
    pab = next((b.pno for b in rnd.byes if b.kind is ByeKind.PAB), None)
    return [(b.white, b.black) for b in rnd.boards], pab


def pair_as_paired(system: PairingSystem, t: Tournament, r: int) -> RoundPairing:
    """What ``system`` pairs for round ``r`` with the pairing numbers in force when round ``r``
    was paired, given back in today's numbers.

    Why: a late entry is slotted into the list and everybody below him renumbered (C.04.2
    Art. 2.4–2.5; after round 4 numbers are frozen and he gets the next free one), so the file
    shows every round in the numbers of its end.  A round before his arrival was paired
    without him: numbered again without the players who joined later (they go after the
    others and cannot be paired in round ``r``), the parity that decides colours (C.04.3 Art.
    5.2.5, C.04.5 4.3.1, C.04.6) is the one of that day.  The same for every system."""
    before = input_for_round(t, r)
    order = sorted(before.players, key=lambda p: (p.joined_round > r, p.pno))
    then = {p.pno: i for i, p in enumerate(order, start=1)}
    if all(k == v for k, v in then.items()):
        return system.pair(before)
    from core.numbering import renumber

    back = {v: k for k, v in then.items()}
    got = system.pair(renumber(before, then))
    return replace(got, boards=tuple(replace(b, white=back[b.white], black=back[b.black]) for b in got.boards),
                   byes=tuple(replace(y, pno=back[y.pno]) for y in got.byes))
