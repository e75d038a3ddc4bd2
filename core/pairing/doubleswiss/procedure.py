"""The pairing procedure of the Double-Swiss System (FIDE C.04.5 3.3–3.6), colours apart.

In our words: the PAB is chosen first (3.4); then, as long as players are left, the highest
scoregroup still unpaired is a bracket's residents, completed by the set of upfloaters that
3.5 chooses, and the bracket is paired by the first pairing identifier that 3.6 allows.
There are no downfloaters: a bracket that cannot be paired among itself takes players from
below, never gives players away.

The criteria, in the order the text applies them:

* [C1] two players meet at most once (a forfeited match does not count, Preface), plus the
  event's forbidden pairs;
* [C2] no PAB to a player who had one, won a match by forfeit or had a full-point bye;
* [C3] the players left after a bracket can still all be paired;
* [C4] as few upfloaters as possible;
* [C5] upfloaters with scores as high as possible (the fewest from the lowest score, then the
  next lowest, …);
* [C6] as few upfloaters as possible needed by the following bracket;
* [C7] except in the last round, as few upfloaters as possible who floated in the previous
  round;
* [C8] except in the last round, as few upfloaters as possible whose opponent floated in the
  previous round.

3.5.3–3.5.4: the candidates for upfloating are ordered by score (descending) then TPN, and
sets of upfloaters are compared in lexicographic order of that sequence; the first set that
is best on [C3]–[C7] is chosen.  3.6.2–3.6.4: a pairing's identifier lists the smaller TPN
of each pair in ascending order, then each of their opponents in the same order; the first
identifier that complies with [C1] and is best on [C8] is chosen.

Completion tests are maximum-cardinality matchings and the [C4]/[C6]/[C8] minima are
minimum-cost perfect matchings (:mod:`core.pairing.matching`), so the search never walks the
exponential orders of the text: it fixes one choice at a time and keeps it only if the best
value stays reachable.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.errors import PairingImpossible
from core.i18n import _
from core.pairing.base import PairOptions
from core.pairing.doubleswiss.state import Entrant
from core.pairing.matching import max_matching, max_weight_matching

QUICK = 8
"""How many single upfloaters :meth:`Procedure.needed_upfloaters` tries before it computes
the minimum by a weighted matching (only a speed-up: both give the same number)."""

Pair = tuple[int, int]
"""A pair of a bracket: (top, bottom), the top being the smaller TPN (3.6.2)."""


@dataclass(frozen=True)
class Bracket:
    """One bracket as paired: its residents' score, the upfloaters chosen and the pairs."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[Pair, ...]


@dataclass(frozen=True)
class Outcome:
    """The round before colours: the PAB (``None`` for an even field) and the brackets."""

    pab: int | None
    brackets: tuple[Bracket, ...]


def perfect(nodes: Sequence[int], adj: Callable[[int, int], bool]) -> bool:
    """Every node can be paired."""
    if len(nodes) % 2:
        return False
    return not nodes or len(max_matching(list(nodes), adj)) == len(nodes)


def min_cost_perfect(nodes: Sequence[int], adj: Callable[[int, int], bool],
                     cost: Callable[[int, int], int]) -> tuple[int, dict[int, int]] | None:
    """The least total ``cost`` of a perfect pairing of ``nodes`` and one such pairing
    (``{a: b, b: a}``); ``None`` when none exists.

    Costs are small non-negative integers; a weight ``big - cost`` with ``big`` above the sum
    of all costs makes the maximum-weight matching a perfect one whenever one exists."""
    n = len(nodes)
    if n % 2:
        return None
    if n == 0:
        return 0, {}
    edges = []
    costs = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = nodes[i], nodes[j]
            if adj(a, b):
                c = cost(a, b)
                costs[(i, j)] = c
                edges.append((i, j, c))
    big = 1 + sum(c for _i, _j, c in edges) + n
    mate = max_weight_matching(n, [(i, j, big - c) for i, j, c in edges])
    if any(m < 0 for m in mate):
        return None
    total = sum(costs[(i, mate[i])] for i in range(n) if i < mate[i])
    return total, {nodes[i]: nodes[mate[i]] for i in range(n)}


class Procedure:
    """C.04.5 3.3–3.6 over the players to be paired (their :class:`Entrant` states)."""

    def __init__(self, players: dict[int, Entrant], forbidden: set[frozenset[int]],
                 last_round: bool, options: PairOptions | None = None) -> None:
        self.players = players
        self.last_round = last_round
        self.options = options or PairOptions()
        # who may not meet whom: opponents of matches not forfeited and the event's forbidden pairs
        self.blocked: dict[int, set[int]] = {p: set(e.met) for p, e in players.items()}
        for pair in forbidden:
            for a, b in itertools.permutations(pair, 2):
                if a in self.blocked and b in self.blocked:
                    self.blocked[a].add(b)

    # -- [C1] -------------------------------------------------------------------------------
    def may_meet(self, a: int, b: int) -> bool:
        return b not in self.blocked[a]

    def pairable(self, nodes: Sequence[int]) -> bool:
        """Every player of ``nodes`` can be paired ([C1]).

        Why the degree test first: when each player may meet at least half of the others, a
        perfect pairing exists (Dirac: such a graph has a Hamiltonian cycle), and in a Swiss
        field that is almost every set; only the others need a matching."""
        n = len(nodes)
        if n % 2:
            return False
        members = set(nodes)
        if all(len(self.blocked[p] & members) <= n // 2 - 1 for p in nodes):
            return True
        return perfect(nodes, self.may_meet)

    def ranked(self, pnos: Sequence[int]) -> list[int]:
        """1.2: score (descending), then TPN."""
        return sorted(pnos, key=lambda p: (-self.players[p].score, p))

    # -- 3.3 --------------------------------------------------------------------------------
    def run(self) -> Outcome:
        everyone = self.ranked(list(self.players))
        pab = self.choose_pab(everyone) if len(everyone) % 2 else None
        if pab is None and not self.pairable(everyone):
            raise PairingImpossible(_('no Double-Swiss pairing exists: some players cannot all be '
                                      'paired without meeting again (C.04.5 [C1])'))
        unpaired = [p for p in everyone if p != pab]
        brackets = []
        while unpaired:
            self.options.check()
            top = self.players[unpaired[0]].score
            residents = [p for p in unpaired if self.players[p].score == top]
            lower = [p for p in unpaired if self.players[p].score != top]
            ups = self.choose_upfloaters(residents, lower)
            pairs = self.pair_bracket(residents + list(ups), set(ups))
            brackets.append(Bracket(top, tuple(residents), tuple(ups), tuple(pairs)))
            taken = set(residents) | set(ups)
            unpaired = [p for p in unpaired if p not in taken]
            self.options.report(1 - len(unpaired) / max(len(everyone), 1))
        return Outcome(pab, tuple(brackets))

    # -- 3.4 --------------------------------------------------------------------------------
    def choose_pab(self, everyone: list[int]) -> int:
        """3.4: among players [C2] allows, whose absence leaves a pairable field (3.4.1): the
        lowest score (3.4.2), then the most matches played (3.4.3), then the largest TPN
        (3.4.4)."""
        allowed = [p for p in everyone if not self.players[p].barred]
        allowed.sort(key=lambda p: (self.players[p].score, -self.players[p].matches, -p))
        for p in allowed:
            if self.pairable([q for q in everyone if q != p]):
                return p
        raise PairingImpossible(_('no Double-Swiss pairing exists: no player may take the '
                                  'pairing-allocated bye and leave the others pairable '
                                  '(C.04.5 3.4, [C2])'))

    # -- 3.5 --------------------------------------------------------------------------------
    def feasible(self, residents: Sequence[int], ups: Sequence[int], lower: Sequence[int]) -> bool:
        """[C1] in the bracket and [C3] for the players left below it."""
        chosen = set(ups)
        rest = [p for p in lower if p not in chosen]
        return self.pairable(list(residents) + list(ups)) and self.pairable(rest)

    def needed_upfloaters(self, residents: Sequence[int], lower: Sequence[int]) -> int | None:
        """[C4] for a bracket: the fewest upfloaters that leave it and the rest pairable.

        The parity of the residents is a lower bound; a set of that size that works (looked
        for among the first candidates of 3.5.3's order) proves it.  Otherwise a perfect
        pairing of residents and lower players costing 1 per resident paired with a lower
        player gives the number: its least cost (a set of upfloaters never needs two of them
        to meet each other, or a smaller set would do)."""
        ordered = self.ranked(list(lower))
        if len(residents) % 2 == 0 and self.feasible(residents, (), ordered):
            return 0
        if len(residents) % 2 == 1 and any(self.feasible(residents, (u,), ordered) for u in ordered[:QUICK]):
            return 1
        top = set(residents)

        def cost(a: int, b: int) -> int:
            return 1 if (a in top) != (b in top) else 0

        found = min_cost_perfect(list(residents) + ordered, self.may_meet, cost)
        return None if found is None else found[0]

    def following_need(self, lower: Sequence[int], ups: Sequence[int]) -> int:
        """[C6]: the upfloaters the following bracket needs once ``ups`` have floated."""
        chosen = set(ups)
        rest = self.ranked([p for p in lower if p not in chosen])
        if not rest:
            return 0
        score = self.players[rest[0]].score
        residents = [p for p in rest if self.players[p].score == score]
        below = [p for p in rest if self.players[p].score != score]
        need = self.needed_upfloaters(residents, below)
        return len(rest) if need is None else need

    def floated_count(self, ups: Sequence[int]) -> int:
        """[C7]: upfloaters who floated in the previous round (none count in the last round)."""
        if self.last_round:
            return 0
        return sum(1 for p in ups if self.players[p].floated)

    def profiles(self, lower: Sequence[int], k: int) -> Iterator[tuple[tuple[Fraction, int], ...]]:
        """[C5]: the ways to take ``k`` upfloaters from the score levels of ``lower``, best
        first: the fewest from the lowest score, then from the next lowest, …"""
        levels = sorted({self.players[p].score for p in lower}, reverse=True)
        sizes = {s: sum(1 for p in lower if self.players[p].score == s) for s in levels}

        def split(i: int, left: int) -> Iterator[tuple[tuple[Fraction, int], ...]]:
            if left == 0:
                yield ()
                return
            if i == len(levels):
                return
            for take in range(min(left, sizes[levels[i]]), -1, -1):
                for tail in split(i + 1, left - take):
                    yield (((levels[i], take),) if take else ()) + tail

        found = list(split(0, k))
        # ascending scores of the chosen, compared from the lowest: larger is better
        found.sort(key=lambda prof: [-s for s, c in sorted(prof) for _n in range(c)])
        yield from found

    def sets_of(self, lower: Sequence[int], profile: tuple[tuple[Fraction, int], ...]) -> Iterator[tuple[int, ...]]:
        """3.5.4: the sets with this score profile in lexicographic order of 3.5.3's sequence
        (score descending, then TPN)."""
        per_level = []
        for score, count in profile:
            members = sorted(p for p in lower if self.players[p].score == score)
            per_level.append(list(itertools.combinations(members, count)))
        for combo in itertools.product(*per_level):
            yield tuple(p for part in combo for p in part)

    def choose_upfloaters(self, residents: list[int], lower: list[int]) -> tuple[int, ...]:
        """3.5: the first set, in 3.5.4's order, that is best on [C3]–[C7]."""
        need = self.needed_upfloaters(residents, lower)
        if need is None:
            raise PairingImpossible(_('no Double-Swiss pairing exists for the {points}-point '
                                      'scoregroup (C.04.5 [C1], [C3])').format(points=self.players[residents[0]].score))
        if need == 0:
            return ()
        for profile in self.profiles(lower, need):
            candidates = [ups for ups in self.sets_of(lower, profile)
                          if self.feasible(residents, ups, lower)]
            if candidates:
                return min(candidates, key=lambda ups: (self.following_need(lower, ups),
                                                        self.floated_count(ups)))
        raise PairingImpossible(_('no Double-Swiss pairing exists for the {points}-point '
                                  'scoregroup (C.04.5 [C3])').format(points=self.players[residents[0]].score))

    # -- 3.6 --------------------------------------------------------------------------------
    def c8_cost(self, ups: set[int]) -> Callable[[int, int], int]:
        """[C8]: 1 for an upfloater whose opponent floated in the previous round."""
        def cost(a: int, b: int) -> int:
            if self.last_round or (a in ups) == (b in ups):
                return 0
            resident = b if a in ups else a
            return 1 if self.players[resident].floated else 0
        return cost

    def pair_bracket(self, bracket: list[int], ups: set[int]) -> list[Pair]:
        """3.6: the first identifier (smaller TPNs ascending, then their opponents) among the
        pairings that comply with [C1] and are best on [C8].

        Each choice (a player as a smaller TPN of his pair, then each one's opponent) is kept
        when the best [C8] value stays reachable.  A pairing found earlier that already
        respects the new choice proves it without a new matching (the witness); the first
        witness starts from the fold 1–(n/2+1), 2–(n/2+2) … that the identifier order puts
        first, so most choices need no matching at all."""
        order = sorted(bracket)
        cost = self.c8_cost(ups)
        weighted = not self.last_round and any(self.players[p].floated for p in order) and bool(ups)
        top: dict[int, bool] = {}
        fixed: dict[int, int] = {}

        def allowed(a: int, b: int) -> bool:
            lo, hi = min(a, b), max(a, b)
            if top.get(lo) is False or top.get(hi) is True:
                return False
            if fixed.get(lo, hi) != hi or fixed.get(hi, lo) != lo:
                return False
            return self.may_meet(a, b)

        half = len(order) // 2
        fold = dict(zip(order[:half], order[half:], strict=True))
        fold.update({b: a for a, b in fold.items()})

        def solve() -> tuple[int, dict[int, int]] | None:
            if weighted:
                return min_cost_perfect(order, allowed, cost)
            mate = max_matching(order, allowed, hint=witness or fold)
            return (0, mate) if len(mate) == len(order) else None

        witness: dict[int, int] = {}
        found = solve()
        if found is None:
            raise PairingImpossible(_('no Double-Swiss pairing exists for a bracket (C.04.5 [C1])'))
        target, witness = found

        def reachable() -> bool:
            nonlocal witness
            if all(allowed(a, b) for a, b in witness.items() if a < b) and \
                    sum(cost(a, b) for a, b in witness.items() if a < b) == target:
                return True
            again = solve()
            if again is None or again[0] != target:
                return False
            witness = again[1]
            return True

        for p in order:
            # a pairing has exactly n/2 smaller TPNs: once they are all chosen, the rest are not
            top[p] = sum(top.values()) < half
            if top[p] and not reachable():
                top[p] = False
        tops = [p for p in order if top[p]]
        for t in tops:
            for b in order:
                if top[b] or b in fixed or b < t:
                    continue
                fixed[t], fixed[b] = b, t
                if reachable():
                    break
                del fixed[t], fixed[b]
        return [(t, fixed[t]) for t in tops]
