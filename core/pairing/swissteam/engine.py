"""The pairing procedure of C.04.6 Art. 3: the bye first, then bracket after bracket from the
top scoregroup down, then the colours (Art. 4).

Why this shape: the text pairs greedily — each top scoregroup takes the first acceptable set of
upfloaters (Art. 3.5) and the first acceptable pairing of the bracket so formed (Art. 3.6) —
so the engine follows it step by step.  The searches the text describes by enumeration are
done with matchings: "can these teams all be paired?" (C1, C3) is a maximum-cardinality
matching, and "the first pairing of the bracket in identifier order among the best for C8,
C9, C10" is a minimum-cost perfect matching narrowed team by team.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product

from core.errors import PairingImpossible
from core.i18n import _
from core.pairing.base import PairOptions
from core.pairing.matching.cardinality import max_matching
from core.pairing.matching.incremental import new_matcher
from core.pairing.swissteam.colours import allocate, colour_costs
from core.pairing.swissteam.field import RoundRules, TeamState


@dataclass(frozen=True)
class Bracket:
    """One bracket as paired: its residents' score, its upfloaters and its pairs."""

    score: Fraction
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    """(top member, bottom member) by TPN (Art. 3.6.1), in identifier order."""


@dataclass
class TeamPairing:
    """The whole round: the bye, the brackets in the order paired, the boards with colours."""

    bye: int | None
    brackets: list[Bracket] = field(default_factory=list)
    boards: list[tuple[int, int, str]] = field(default_factory=list)
    """(white TPN, black TPN, Art. 4.3 rule) in board order (C.04.2 Art. 3.6)."""


class _Field:
    """The teams not yet paired and the "may meet" graph over them."""

    def __init__(self, teams: Iterable[TeamState], rules: RoundRules, options: PairOptions):
        self.teams = {s.tpn: s for s in teams}
        self.rules = rules
        self.options = options
        self._hint: dict[int, int] = {}
        self._met = {s.tpn: s.opponents for s in self.teams.values()}

    def meet(self, a: int, b: int) -> bool:
        """C1 (Art. 2.1.1): two teams meet at most once."""
        return b not in self._met[a]

    def pairable(self, group: Iterable[int]) -> bool:
        """C1 for a set of teams: they can all be paired among themselves."""
        nodes = sorted(group)
        if len(nodes) % 2:
            return False
        if not nodes:
            return True
        self.options.check()
        mate = max_matching(nodes, self.meet, self._hint)
        if len(mate) == len(nodes):
            self._hint.update(mate)
            return True
        return False


def pair_round(teams: Sequence[TeamState], rules: RoundRules,
               options: PairOptions | None = None) -> TeamPairing:
    """Art. 3.3.2: the bye (3.4), then brackets (3.5, 3.6) until every team is paired, then
    colours (Art. 4).  Raises :class:`PairingImpossible` when C1–C3 leave no pairing
    (Art. 3.3.3: the Chief Arbiter decides)."""
    f = _Field(teams, rules, options or PairOptions())
    remaining = set(f.teams)
    bye = choose_bye(f, remaining) if len(remaining) % 2 else None
    if bye is not None:
        remaining.discard(bye)
    elif not f.pairable(remaining):
        raise PairingImpossible(_("No pairing of the teams keeps every team from meeting an "
                                  "opponent a second time (C.04.6 C1)."))
    result = TeamPairing(bye)
    total = len(remaining)
    while remaining:
        f.options.report(1 - len(remaining) / max(total, 1), _("bracket"))
        bracket = pair_top_scoregroup(f, remaining)
        result.brackets.append(bracket)
        for a, b in bracket.pairs:
            remaining.discard(a)
            remaining.discard(b)
    boards = [allocate(f.teams[a], f.teams[b], rules) for br in result.brackets for a, b in br.pairs]
    result.boards = sorted(boards, key=lambda wb: board_key(f.teams[wb[0]], f.teams[wb[1]]))
    return result


def board_key(white: TeamState, black: TeamState) -> tuple:
    """C.04.2 Art. 3.6: the higher-ranked team's score, then the sum of scores, then the
    higher-ranked team's TPN."""
    hi, lo = sorted((white, black), key=lambda s: (-s.score, s.tpn))
    return (-hi.score, -(hi.score + lo.score), hi.tpn)


def bye_order(teams: Iterable[TeamState]) -> list[TeamState]:
    """Art. 3.4.2–3.4.4: the lowest score, then the most matches played, then the largest TPN;
    teams barred by C2 left out."""
    return sorted((s for s in teams if not s.bye_barred), key=lambda s: (s.score, -s.matches, -s.tpn))


def choose_bye(f: _Field, remaining: set[int]) -> int:
    """Art. 3.4: the first team in :func:`bye_order` that leaves a legal pairing (3.4.1)."""
    for s in bye_order(f.teams[t] for t in remaining):
        if f.pairable(remaining - {s.tpn}):
            return s.tpn
    raise PairingImpossible(_("No team can receive the pairing-allocated bye and leave the "
                              "others a legal pairing (C.04.6 C1, C2)."))


def pair_top_scoregroup(f: _Field, remaining: set[int]) -> Bracket:
    """Art. 3.2, 3.5, 3.6 for the teams with the highest score among those not yet paired."""
    top = max(f.teams[t].score for t in remaining)
    residents = sorted(t for t in remaining if f.teams[t].score == top)
    ups = choose_upfloaters(f, remaining, residents)
    pairs = pair_bracket(f, residents, ups)
    return Bracket(top, ups, pairs)


# --- Art. 3.5: the set of upfloaters ------------------------------------------------------

def upfloater_order(teams: Iterable[TeamState]) -> list[TeamState]:
    """Art. 3.5.3: descending score, then ascending TPN."""
    return sorted(teams, key=lambda s: (-s.score, s.tpn))


def profiles(levels: Sequence[tuple[Fraction, int]], k: int) -> list[tuple[Fraction, ...]]:
    """Every multiset of ``k`` scores the potential upfloaters can supply, best for C5 first:
    the scores taken in ascending order, compared from the lowest up, the larger first
    (Art. 2.3.2)."""
    scores = [score for score, _ in levels]
    count = dict(levels)
    out = []
    for combo in combinations_with_replacement(scores, k):
        if all(combo.count(s) <= count[s] for s in set(combo)):
            out.append(tuple(sorted(combo)))
    return sorted(set(out), reverse=True)


def candidate_sets(lower: Sequence[TeamState], profile: tuple[Fraction, ...]) -> Iterator[tuple[int, ...]]:
    """The sets with this profile in the order of Arts. 3.5.3–3.5.4 (lexicographic by TPN once
    each set is listed by descending score, then TPN)."""
    by_score: dict[Fraction, list[int]] = {}
    for s in lower:
        by_score.setdefault(s.score, []).append(s.tpn)
    need: dict[Fraction, int] = {}
    for score in profile:
        need[score] = need.get(score, 0) + 1
    levels = sorted(need, reverse=True)
    for parts in product(*(combinations(sorted(by_score[score]), need[score]) for score in levels)):
        yield tuple(t for part in parts for t in part)


def choose_upfloaters(f: _Field, remaining: set[int], residents: list[int]) -> tuple[int, ...]:
    """Art. 3.5: the fewest upfloaters (C4), the best scores (C5), among the sets that give a
    legal bracket and leave the rest pairable (C1, C3); among those the first set in the order
    of 3.5.4 that fulfils C6 and has the fewest previous floaters (C7), criteria in that
    order."""
    lower = upfloater_order(f.teams[t] for t in remaining if t not in residents)
    levels: list[tuple[Fraction, int]] = []
    for s in lower:
        if levels and levels[-1][0] == s.score:
            levels[-1] = (s.score, levels[-1][1] + 1)
        else:
            levels.append((s.score, 1))
    check_floats = not f.rules.last_two
    following = {s.tpn for s in lower if s.score == lower[0].score} if lower else set()
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in profiles(levels, k):
            best: tuple[tuple[int, int], tuple[int, ...]] | None = None
            floor = _fewest_floaters(lower, profile) if check_floats else 0
            for ups in candidate_sets(lower, profile):
                f.options.check()
                floats = sum(f.teams[u].floated for u in ups) if check_floats else 0
                if best is not None and (0, floats) >= best[0]:
                    continue  # cannot beat the set already found, whatever C6 says
                bracket = set(residents) | set(ups)
                rest = remaining - bracket
                if not f.pairable(bracket) or not f.pairable(rest):
                    continue
                key = (0 if c6_fulfilled(f, rest, following) else 1, floats)
                if best is None or key < best[0]:
                    best = (key, ups)
                if key == (0, floor):
                    break
            if best is not None:
                return best[1]
    raise PairingImpossible(_("The teams with {score} points cannot be paired (C.04.6 C1, C3).")
                            .format(score=f.teams[residents[0]].score))


def _fewest_floaters(lower: Sequence[TeamState], profile: tuple[Fraction, ...]) -> int:
    """The least C7 count any set of this profile can have: at each score, the upfloaters
    needed beyond the teams there that did not float last round."""
    out = 0
    for score in set(profile):
        calm = sum(1 for s in lower if s.score == score and not s.floated)
        out += max(0, profile.count(score) - calm)
    return out


def c6_fulfilled(f: _Field, rest: set[int], following: set[int]) -> bool:
    """C6 (Art. 2.3.3): the following scoregroup (the next score below the top scoregroup),
    less the teams that float up now, must still be pairable with the fewest upfloaters its
    size allows (none if even, one if odd), keeping C1 and C3.  If every one of its teams
    floats up, the group is empty and C6 has nothing to keep (its "unless" clause)."""
    group = following & rest
    if not group:
        return True
    below = rest - group
    if len(group) % 2 == 0:
        return f.pairable(group) and f.pairable(below)
    return any(f.pairable(group | {u}) and f.pairable(below - {u}) for u in sorted(below))


# --- Art. 3.6: the pairing of the bracket ---------------------------------------------------

def pair_bracket(f: _Field, residents: Sequence[int], ups: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Art. 3.6.4: among the legal pairings of the bracket (C1), those with the fewest
    unfulfilled colour preferences (C8), then strong ones (C9, Type B), then upfloaters'
    opponents who floated last round (C10, not in the last two rounds); of these the first
    by identifier (Arts. 3.6.1–3.6.3)."""
    teams = sorted(set(residents) | set(ups))
    return _BracketSearch(f, teams, set(ups)).first_best()


class _BracketSearch:
    """The first pairing in identifier order among the cheapest.

    The identifier lists the top members in ascending order, then their partners (3.6.2), so
    the first pairing makes the smallest possible team a top member, then the next smallest,
    and so on; with the top members settled, it gives the first top member its smallest
    possible partner, then the second.  Each "possible" is asked of a minimum-cost perfect
    matching: the cost stays the optimum when the choice is forced."""

    def __init__(self, f: _Field, teams: list[int], ups: set[int]):
        self.f, self.teams = f, teams
        n = len(teams)
        self.index = {t: i for i, t in enumerate(teams)}
        base = n // 2 + 2
        self.cost: dict[tuple[int, int], int] = {}
        for i, j in combinations(range(n), 2):
            a, b = f.teams[teams[i]], f.teams[teams[j]]
            if not f.meet(a.tpn, b.tpn):
                continue
            c8, c9 = colour_costs(a, b, f.rules)
            c10 = 0
            if not f.rules.last_two:
                c10 = (a.tpn in ups and b.floated) + (b.tpn in ups and a.floated)
            self.cost[(i, j)] = (c8 * base + c9) * base + c10
        worst = max(self.cost.values(), default=0)
        self.unit = (n // 2 + 1) * (worst + 1) + 1
        """An edge's weight is unit − cost: a perfect matching always outweighs a smaller one."""
        self.matcher = new_matcher(n)
        rows: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for (i, j), c in self.cost.items():
            rows[j].append((i, self.unit - c))
        self.matcher.load(rows)
        self.adj: list[set[int]] = [set() for _ in range(n)]
        """The edges still in the graph (the choices made so far take some out)."""
        for i, j in self.cost:
            self.adj[i].add(j)
            self.adj[j].add(i)
        self.mate = self.matcher.solve()
        self.best = self._weight(self.mate)
        if any(m == -1 for m in self.mate):
            raise PairingImpossible(_("The bracket {teams} has no legal pairing (C.04.6 C1).")
                                    .format(teams=", ".join(map(str, teams))))

    def _weight(self, mate: list[int]) -> int:
        return sum(self.unit - self.cost[(i, m)] for i, m in enumerate(mate) if 0 <= i < m)

    def _set(self, v: int, edge: tuple[int, int], weight: int) -> None:
        """Take an edge of ``v`` out (weight 0) or put it back; ``v`` is the vertex the
        matcher re-optimises."""
        i, j = edge
        self.matcher.set_weight(v, j if v == i else i, weight)
        if weight:
            self.adj[i].add(j)
            self.adj[j].add(i)
        else:
            self.adj[i].discard(j)
            self.adj[j].discard(i)

    def _try(self, v: int, removed: list[tuple[int, int]]) -> bool:
        """Remove these edges of ``v``; keep them removed if the optimum survives, else
        restore them."""
        for e in removed:
            self._set(v, e, 0)
        mate = self.matcher.solve()
        if -1 not in mate and self._weight(mate) == self.best:
            self.mate = mate
            return True
        for e in removed:
            self._set(v, e, self.unit - self.cost[e])
        self.mate = self.matcher.solve()
        return False

    def _edges(self, v: int, keep: Iterable[int] = ()) -> list[tuple[int, int]]:
        """The edges of ``v`` still in the graph, but those to ``keep``."""
        kept = set(keep)
        return [(min(v, u), max(v, u)) for u in sorted(self.adj[v]) if u not in kept]

    def _drop(self, v: int, edges: list[tuple[int, int]]) -> None:
        """Remove edges of ``v`` that some optimum under the choices so far does without (it
        stays the optimum)."""
        for e in edges:
            self._set(v, e, 0)
        if edges:
            self.mate = self.matcher.solve()

    def natural(self) -> tuple[tuple[int, int], ...] | None:
        """The first pairing of all by identifier — the lower half's i-th team against the
        upper half's i-th — if it is legal and as cheap as the best."""
        half = len(self.teams) // 2
        pairs = [(i, i + half) for i in range(half)]
        if any(p not in self.cost for p in pairs):
            return None
        if sum(self.unit - self.cost[p] for p in pairs) != self.best:
            return None
        return tuple((self.teams[i], self.teams[j]) for i, j in pairs)

    def first_best(self) -> tuple[tuple[int, int], ...]:
        natural = self.natural()
        if natural is not None:
            return natural
        n = len(self.teams)
        for v in range(n):  # top members: the smallest TPNs first (3.6.2)
            self.f.options.check()
            smaller = [e for e in self._edges(v) if e[0] < v]
            if self.mate[v] > v:
                self._drop(v, smaller)  # a top member now: keep it one
            elif smaller:
                self._try(v, smaller)  # fails: no cheapest pairing makes it a top member
        tops = [v for v in range(n) if self.mate[v] > v]
        top_set = set(tops)
        for v in tops:  # then each top member's smallest partner, in order
            partner = self.mate[v]  # a failed try may leave another optimum: keep this one
            for u in range(v + 1, partner):
                self.f.options.check()
                if u in top_set or u not in self.adj[v]:
                    continue
                if self._try(v, self._edges(v, (u,))):
                    partner = u
                    break
            self._drop(v, self._edges(v, (partner,)))
        return tuple((self.teams[v], self.teams[self.mate[v]]) for v in tops)
