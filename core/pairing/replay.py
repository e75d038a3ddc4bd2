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

from core.errors import RoundError
from core.model import ByeKind, RequestedBye, Tournament
from core.pairing.swiss.state import infer_initial_colour


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
