"""Consistency checks of a whole tournament; every problem is reported at once.

Used before pairing, after applying a pairing, by ``hakem doctor`` and on import, so that a
bad state is refused with the complete list of what is wrong rather than the first symptom.
"""

from __future__ import annotations

from collections import Counter

from core.errors import Problem
from core.model import ByeKind, Tournament


def validate(t: Tournament) -> list[Problem]:
    problems: list[Problem] = []
    counts = Counter(p.pno for p in t.players)
    for pno, n in sorted(counts.items()):
        if n > 1:
            problems.append(Problem(f"player {pno}", f"pairing number {pno} is used {n} times"))
        if pno < 1:
            problems.append(Problem(f"player {pno}", "pairing numbers start at 1"))
    for p in t.players:
        if not p.name.strip():
            problems.append(Problem(f"player {p.pno}", "the name is empty"))
        if p.withdrawn_round is not None and p.withdrawn_round < p.joined_round:
            problems.append(Problem(f"player {p.pno}", "withdrawn before joining"))
    if t.total_rounds < 1:
        problems.append(Problem("settings", "the number of rounds must be at least 1"))
    if len(t.rounds) > t.total_rounds:
        problems.append(Problem("settings", f"{len(t.rounds)} rounds are paired but the "
                                            f"tournament has only {t.total_rounds}"))
    known = set(counts)
    for i, rnd in enumerate(t.rounds, start=1):
        where = f"round {rnd.number}"
        if rnd.number != i:
            problems.append(Problem(where, f"is stored as round {i}"))
        seen: Counter[int] = Counter()
        for k, b in enumerate(rnd.boards, start=1):
            for pno in (b.white, b.black):
                if pno not in known:
                    problems.append(Problem(f"{where}, board {k}", f"player {pno} is not registered"))
                seen[pno] += 1
            if b.white == b.black:
                problems.append(Problem(f"{where}, board {k}", f"player {b.white} plays himself"))
        pabs = 0
        for y in rnd.byes:
            if y.pno not in known:
                problems.append(Problem(f"{where}, byes", f"player {y.pno} is not registered"))
            seen[y.pno] += 1
            pabs += y.kind is ByeKind.PAB
        if pabs > 1:
            problems.append(Problem(where, f"{pabs} pairing-allocated byes (at most one per round)"))
        for pno, n in sorted(seen.items()):
            if n > 1:
                problems.append(Problem(where, f"player {pno} appears {n} times"))
        for p in t.players:
            if seen.get(p.pno) and not p.active_in(rnd.number) and any(
                    p.pno in (b.white, b.black) for b in rnd.boards):
                problems.append(Problem(where, f"player {p.pno} is paired but is not playing in "
                                               f"round {rnd.number} (withdrawn or not yet arrived)"))
    for group in t.forbidden:
        for pno in group:
            if pno not in known:
                problems.append(Problem("forbidden pairings", f"player {pno} is not registered"))
    for rb in t.requested_byes:
        if rb.pno not in known:
            problems.append(Problem(f"requested byes, round {rb.round}", f"player {rb.pno} is not registered"))
        if rb.round <= len(t.rounds):
            problems.append(Problem(f"requested byes, round {rb.round}", f"round {rb.round} is already paired"))
    return problems
