"""Consistency checks of a whole tournament; every problem is reported at once.

Used before pairing, after applying a pairing, by ``hakem doctor`` and on import, so that a
bad state is refused with the complete list of what is wrong rather than the first symptom.
"""

from __future__ import annotations

from core.i18n import _

from collections import Counter

from core.errors import Problem
from core.model import ADJUSTMENT_KINDS, Board, ByeKind, GameResult, Tournament


def validate(t: Tournament) -> list[Problem]:
    problems: list[Problem] = []
    counts = Counter(p.pno for p in t.players)
    for pno, n in sorted(counts.items()):
        if n > 1:
            problems.append(Problem(_('player {pno}').format(pno=pno), _('pairing number {pno} is used {n} times').format(pno=pno, n=n)))
        if pno < 1:
            problems.append(Problem(_('player {pno}').format(pno=pno), _('pairing numbers start at 1')))
    for p in t.players:
        if not p.name.strip():
            problems.append(Problem(_('player {pno}').format(pno=p.pno), _('the name is empty')))
        if p.withdrawn_round is not None and p.withdrawn_round < p.joined_round:
            problems.append(Problem(_('player {pno}').format(pno=p.pno), _('withdrawn before joining')))
    if t.total_rounds < 1:
        problems.append(Problem(_('settings'), _('the number of rounds must be at least 1')))
    if len(t.rounds) > t.total_rounds and t.system != "knockout":  # a cup's games follow its bracket
        problems.append(Problem(_('settings'), _('{value} rounds are paired but the tournament has only {total_rounds}').format(value=len(t.rounds), total_rounds=t.total_rounds)))
    known = set(counts)
    for i, rnd in enumerate(t.rounds, start=1):
        where = f"round {rnd.number}"
        if rnd.number != i:
            problems.append(Problem(where, _('is stored as round {i}').format(i=i)))
        seen: Counter[int] = Counter()
        opponents: dict[int, set[int]] = {}
        for k, b in enumerate(rnd.boards, start=1):
            for pno in (b.white, b.black):
                if pno not in known:
                    problems.append(Problem(_('{where}, board {k}').format(where=where, k=k), _('player {pno} is not registered').format(pno=pno)))
                if not b.game:
                    seen[pno] += 1
            if b.game:  # a cup's match games: one opponent per player in the knockout round
                opponents.setdefault(b.white, set()).add(b.black)
                opponents.setdefault(b.black, set()).add(b.white)
            if b.white == b.black:
                problems.append(Problem(_('{where}, board {k}').format(where=where, k=k), _('player {white} plays himself').format(white=b.white)))
        for pno, them in sorted(opponents.items()):
            seen[pno] += len(them)
        pabs = 0
        for y in rnd.byes:
            if y.pno not in known:
                problems.append(Problem(_('{where}, byes').format(where=where), _('player {pno} is not registered').format(pno=y.pno)))
            seen[y.pno] += 1
            pabs += y.kind is ByeKind.PAB
        if pabs > 1:
            problems.append(Problem(where, _('{pabs} pairing-allocated byes (at most one per round)').format(pabs=pabs)))
        for pno, n in sorted(seen.items()):
            if n > 1:
                problems.append(Problem(where, _('player {pno} appears {n} times').format(pno=pno, n=n)))
        for p in t.players:
            if seen.get(p.pno) and not p.active_in(rnd.number) and any(
                    p.pno in (b.white, b.black) and not _forfeited_by(b, p.pno) for b in rnd.boards):
                problems.append(Problem(where, _('player {pno} is paired but is not playing in round {number} (withdrawn or not yet arrived)').format(pno=p.pno, number=rnd.number)))
    for group in (*t.forbidden, *(f.players for f in t.forbidden_ranges)):
        for pno in group:
            if pno not in known:
                problems.append(Problem(_('forbidden pairings'), _('player {pno} is not registered').format(pno=pno)))
    problems += _adjustment_problems(t, known)
    for rb in t.requested_byes:
        if rb.pno not in known:
            problems.append(Problem(_('requested byes, round {round}').format(round=rb.round), _('player {pno} is not registered').format(pno=rb.pno)))
        if rb.round <= len(t.rounds):
            problems.append(Problem(_('requested byes, round {round}').format(round=rb.round), _('round {round} is already paired').format(round=rb.round)))
    return problems


def _forfeited_by(board: Board, pno: int) -> bool:
    """True if ``pno`` loses the board by forfeit: the form a round robin gives the table game
    of a player who is no longer in the event ("−" for them, "+" for the opponent, Aktar p. 61),
    so a withdrawn player may sit on such a board."""
    lost = {GameResult.DOUBLE_FORFEIT: (board.white, board.black),
            GameResult.WHITE_FORFEIT_WIN: (board.black,),
            GameResult.BLACK_FORFEIT_WIN: (board.white,)}
    return pno in lost.get(board.result, ()) if board.result is not None else False


def _adjustment_problems(t: Tournament, known: set[int]) -> list[Problem]:
    """Point adjustments (TRF 299) of players and of teams: numbers registered, a known type
    of assignment, a round of the event (0: all rounds)."""
    heading = _('point adjustments')
    teams = {team.id for team in t.teams}
    problems = []
    records = [(a.players, a.kind, a.round, known, _('player {pno} is not registered')) for a in t.adjustments]
    records += [(a.teams, a.kind, a.round, teams, _('team {id} is not registered')) for a in t.team_adjustments]
    for numbers, kind, rnd, registered, unknown in records:
        problems += [Problem(heading, unknown.format(pno=n, id=n)) for n in numbers if n not in registered]
        if kind not in ADJUSTMENT_KINDS:
            problems.append(Problem(heading, _('unknown type of assignment {kind!r}').format(kind=kind)))
        if not 0 <= rnd <= t.total_rounds:
            problems.append(Problem(heading, _('round {round} is not a round of the tournament').format(round=rnd)))
    return problems
