"""Withdrawals and players not yet arrived, in a TRF file (both flavours).

TRF has no record of its own for a withdrawal.  What it has is the known absence: result code
``Z`` ("zero-point bye", blank alike) in a round column, and record ``240`` (byes of a type
``F``/``H``/``Z`` for a round and a list of players) for rounds not yet in the player records.
A withdrawn participant "is not paired again" (C.04.2 Art. 3.2) and a participant known in
advance to be absent "is not paired and scores 0" (C.04.2 Art. 3.3), so a withdrawal is a known
absence in every round still to come: the writer says so with a ``0000 - Z`` cell in the
round to be paired (which JaVaFo, bbpPairings and hakem read) and a ``240 Z`` record for each
later round up to 142.  Without it the file let any reader pair the withdrawn player again.

Reading back, a player absent (``Z``) in every round from the next one to the last the file
declares is withdrawn: nothing else than a withdrawal is ever absent from every remaining
round, and the pairing is the same either way.  He is withdrawn from the first round of the
blank (unpaired, no bye) rounds just before, as hakem writes a withdrawal's past rounds.  A
team is out when all its players are (:func:`core.teams.roster.line_up`), so a withdrawn team
is its players' withdrawals.

A late entry (C.04.2 Art. 2.4: paired only once he arrives) is written the same way: blank
columns (no opponent, no code) before his first round, ``Z`` in rounds to come he will not be
there for yet.  Reading back, a player whose first columns are blank and who then plays (or has
a bye) joined in that round (:attr:`~core.model.Player.joined_round`); the numbering in force
before he arrived is the one without him (:func:`core.pairing.replay.pair_as_paired`).
"""

from __future__ import annotations

from dataclasses import replace

from core.model import ByeKind, RequestedBye, Round, Tournament


def with_known_absences(t: Tournament) -> Tournament:
    """``t`` with a zero-point requested bye for every round still to come in which a player
    cannot be paired (withdrawn, or a late entry not arrived yet), unless he asked for a bye
    of his own for that round — what the writer turns into ``0000 - Z`` cells and ``240 Z``.
    A cup's rounds of several games are left alone: its columns are games, its rounds not."""
    from core.model import single_games

    if t.system != "double-swiss" and single_games(t)[0] is not t:
        return t
    asked = {(rb.pno, rb.round) for rb in t.requested_byes}
    absent = [RequestedBye(p.pno, r, ByeKind.ZERO)
              for r in range(t.current_round + 1, t.total_rounds + 1)
              for p in t.players if not p.active_in(r) and (p.pno, r) not in asked]
    if not absent:
        return t
    return t.with_changes(requested_byes=tuple(sorted((*t.requested_byes, *absent), key=lambda b: (b.round, b.pno))))


def withdrawals_from_absences(t: Tournament) -> Tournament:
    """``t`` with every player absent (``Z``) in each round from the next to the last made a
    withdrawal (:attr:`~core.model.Player.withdrawn_round`) instead of those requested byes."""
    upcoming = range(t.current_round + 1, t.total_rounds + 1)
    if not upcoming:
        return t
    zero = {(rb.pno, rb.round) for rb in t.requested_byes if rb.kind is ByeKind.ZERO}
    gone = {p.pno for p in t.players
            if p.withdrawn_round is None and all((p.pno, r) in zero for r in upcoming)}
    if not gone:
        return t
    players = tuple(replace(p, withdrawn_round=_first_absent_round(t, p.pno)) if p.pno in gone else p
                    for p in t.players)
    return t.with_changes(players=players,
                          requested_byes=tuple(rb for rb in t.requested_byes if rb.pno not in gone))


def arrivals(t: Tournament) -> Tournament:
    """``t`` with every player whose columns are blank up to a round in which he has a board
    or a bye made a late entry of that round."""
    first: dict[int, int] = {}
    for rnd in t.rounds:
        for pno in _present(t, rnd):
            first.setdefault(pno, rnd.number)
    late = {p.pno: first[p.pno] for p in t.players if first.get(p.pno, 1) > p.joined_round}
    if not late:
        return t
    return t.with_changes(players=tuple(replace(p, joined_round=late[p.pno]) if p.pno in late else p
                                        for p in t.players))


def _present(t: Tournament, rnd: Round) -> set[int]:
    """Who has a board or a bye (of any kind) in ``rnd`` — a team's pairing-allocated bye
    (record 320) included, which leaves its players' columns blank."""
    members = {team.id: team.members for team in t.teams}
    with_bye = {pno for m in rnd.matches if m.bye for pno in members.get(m.home, ())}
    return {pno for b in rnd.boards for pno in (b.white, b.black)} | {y.pno for y in rnd.byes} | with_bye


def _first_absent_round(t: Tournament, pno: int) -> int:
    """The round after the last one in which ``pno`` had a board or a bye (1 if none)."""
    for rnd in reversed(t.rounds):
        if pno in _present(t, rnd):
            return rnd.number + 1
    return 1
