"""OpenGotha's direct confrontation (DC): the order of players tied on every criterion before it,
from the games they won against each other, seeded by the criteria after it.

Why its own module: the rule is a small graph algorithm (OpenGotha 3.51 takes it from Matthieu
Walraet's ``mw.go.confrontation``, called with "winners up" and "transitivity kept"), and the
standings only need its result.  The rule, as that code computes it:

1. An edge "a beat b" for every two tied players whose games over the board (not by default,
   not jigo or "both lose") give a a net score of exactly +1 against b — two net wins make no
   edge, as in OpenGotha (its matrix of the group is not limited to ±1 there, unlike SDC's).
2. Players who beat each other round a cycle form one *cycle class* (the strongly connected
   parts of the graph): the games inside a class are dropped, and every member takes over the
   games of the whole class with players outside it (a player who beat one member is placed
   above all of them; "transitivity kept").
3. From the bottom: among the players left who beat nobody left, those of the worst seed
   (the criteria after DC, ties kept) take the lowest free rank together; they leave, and the
   step repeats.  Ranks count from 1 at the top; DC = the last rank's number minus the
   player's (0 for the last, higher is better).

OpenGotha iterates Java hash sets along the way (cycle classes, candidates, edges), but every
step takes the whole set it finds — all players with no win left and the worst seed, all the
nodes of a cycle — so the order those sets are visited in changes nothing: the result is the
same on every run (checked against OpenGotha, see notes/go.md).  Players of one cycle class
and equal seed stay tied, and the next criterion orders them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def cycle_classes(players: list[int], beat: set[tuple[int, int]]) -> dict[int, frozenset[int]]:
    """Each player's class: the players he reaches by wins and who reach him (himself included)."""
    reach = {p: {b for a, b in beat if a == p} for p in players}
    changed = True
    while changed:  # the transitive closure (a tied group is small)
        changed = False
        for p in players:
            further = set().union(*(reach[q] for q in reach[p])) - reach[p]
            if further:
                reach[p] |= further
                changed = True
    return {p: frozenset({p} | {q for q in reach[p] if p in reach[q]}) for p in players}


def direct_confrontation(players: list[int], beat: set[tuple[int, int]],
                         seed: Mapping[int, tuple[Any, ...]]) -> dict[int, int]:
    """DC of every player of a tied group.  ``beat`` holds (winner, loser) pairs (a net +1 over
    the board); ``seed`` a comparable key per player, smaller = better (equal keys: equal seed)."""
    classes = cycle_classes(players, beat)
    wins = {(a, b) for winner, loser in beat if classes[winner] != classes[loser]
            for a in classes[winner] for b in classes[loser]}
    left = set(players)
    rank: dict[int, int] = {}
    while left:
        free = [p for p in left if not any((p, q) in wins for q in left)]
        worst = max(seed[p] for p in free)
        taken = [p for p in free if seed[p] == worst]
        for p in taken:
            rank[p] = 1 + len(left) - len(taken)
        left -= set(taken)
    last = max(rank.values())
    return {p: last - rank[p] for p in players}
