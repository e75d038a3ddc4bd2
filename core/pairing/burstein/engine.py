"""Burstein Swiss system (FIDE C.04.4.2, 2026) and its pre-2026 text (ruleset ``"legacy"``).

Why this shape: the 2026 text pairs the first min(⌊rounds/2⌋, 4) *seeding rounds* with the
Dutch system, then ranks each bracket by an Index built only from tournament data (Buchholz,
then Sonneborn-Berger, then TPN; scores are not used) and takes the *first* pairing, in the
"opposition" order of Art. 4 (BSN #1 against the largest possible BSN, then BSN #2 ...,
virtual BSN 0 = the opponent floats), that best satisfies C1–C8.  We generate exactly that
order with a depth-first search and keep the first candidate whose criteria vector is best;
C4 (completion) is checked exactly with a maximum matching of the players still unpaired.

Ruleset ``legacy`` (``burstein-legacy``, Aktar pp. 54–57): no Dutch seeding rounds; the
Index is Sonneborn-Berger, Buchholz, Median, then rating/TPN (§3.2); in rounds 1–2 the top half
of the list pairs with one virtual point (§3.3, :mod:`.system`); the bracket procedure and
its criteria are those of 2026.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.i18n import _
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Code, Colour, Tournament, entries
from core.pairing.base import PairOptions, RoundPairing
from core.pairing.matching import max_matching
from core.pairing.swiss.colours import allocate_colours, colour_violations
from core.pairing.swiss.context import Context, choose_pab, perfect_possible, score_groups
from core.pairing.swiss.output import build_round
from core.pairing.swiss.state import round_one_pairs

SEARCH_BUDGET = 20000
"""Search nodes per bracket before the best candidate found so far is taken (large brackets
with unattainable ideals only; the budget keeps a 300-player round within seconds)."""


def seeding_rounds(total_rounds: int) -> int:
    """Art. 1.6.2: half the rounds rounded down, or 4, whichever is lower."""
    return min(total_rounds // 2, 4)


# --------------------------------------------------------------------------------------------
# Index (Art. 1.7, 1.8)
# --------------------------------------------------------------------------------------------

def index_values(t: Tournament, upto: int, ruleset: str = "2026",
                 extra: Mapping[int, Fraction] | None = None) -> dict[int, tuple[Fraction, ...]]:
    """Per player the Index tuple, larger = ranked higher.

    2026: (Buchholz, Sonneborn-Berger).  Legacy: (Sonneborn-Berger, Buchholz, Median).
    Unplayed rounds (Art. 1.7.2): a game against oneself with the points registered; a run of
    zero-point byes reaching the current round counts as draws in the player's score as seen
    by their over-the-board opponents.  ``extra``: points added to a player's score for this
    pairing — the legacy virtual point of rounds 1–2 (Aktar §3.3); acceleration points
    of the 2026 text (C.04.7) never enter the Index.
    """
    hist = entries(t, upto)
    pts = t.points
    extra = extra or {}
    score = {p: sum((pts.for_code(e.code) for e in h), extra.get(p, Fraction(0))) for p, h in hist.items()}
    seen_as_opponent = dict(score)
    for p, h in hist.items():
        run = 0
        for e in reversed(h):
            if e.code is Code.ZERO_BYE and e.opponent is None:
                run += 1
            else:
                break
        if run:
            seen_as_opponent[p] = score[p] + run * pts.draw
    out: dict[int, tuple[Fraction, ...]] = {}
    for p, h in hist.items():
        contributions: list[Fraction] = []
        sb = Fraction(0)
        for e in h:
            got = pts.for_code(e.code)
            if e.played and e.opponent is not None:
                opp = seen_as_opponent.get(e.opponent, Fraction(0))
            else:
                opp = score[p]
            contributions.append(opp)
            sb += _sb_factor(got, pts) * opp
        bh = sum(contributions, Fraction(0))
        if ruleset == "legacy":
            med = bh - max(contributions) - min(contributions) if len(contributions) > 2 else bh
            out[p] = (sb, bh, med)
        else:
            out[p] = (bh, sb)
    return out


def _sb_factor(got: Fraction, pts) -> Fraction:
    """Fraction of the opponent's score that a result earns: 1 win, ½ draw, 0 loss (the
    "points earned" of Art. 1.7.1, scaled so that non-standard point systems stay comparable)."""
    if pts.win == 0:
        return Fraction(0)
    return Fraction(got) / pts.win


# --------------------------------------------------------------------------------------------
# Order of pairings (Art. 4)
# --------------------------------------------------------------------------------------------

def opposition_order(n: int, floaters: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every pairing of BSNs 1..n with ``floaters`` virtual opponents (0), in Art. 4.3 order.

    Each pairing is a tuple of ``(bsn, opponent)`` in the order the opponents are chosen
    (opponent 0 = floats).  Used by the tests against Aktar's lists and by the search.
    """
    def rec(free: list[int], fl: int, acc: list[tuple[int, int]]):
        if not free:
            yield tuple(acc)
            return
        first, rest = free[0], free[1:]
        left = len(rest)
        for opp in sorted(rest, reverse=True):
            if left - 1 >= fl:
                yield from rec([x for x in rest if x != opp], fl, acc + [(first, opp)])
        if fl > 0:
            yield from rec(rest, fl - 1, acc + [(first, 0)])

    if floaters < 0 or (n - floaters) % 2:
        return iter(())
    return rec(list(range(1, n + 1)), floaters, [])


# --------------------------------------------------------------------------------------------
# Bracket pairing (Art. 3.2)
# --------------------------------------------------------------------------------------------

@dataclass
class BracketResult:
    pairs: list[tuple[int, int]]
    floaters: list[int]


def pair_bracket(ctx: Context, bracket: Sequence[int], rest: Sequence[int],
                 next_residents: Sequence[int], legal=None) -> BracketResult:
    """First pairing in opposition order that best satisfies C4–C8 (C1–C3 always).

    ``bracket`` is in BSN order (Index ranking).  ``rest`` are the players of the lower
    scoregroups, still to be paired (for C4); ``next_residents`` the next scoregroup (for C7).
    """
    legal = legal or ctx.legal
    n = len(bracket)
    quick = _quick(ctx, list(bracket), list(rest), list(next_residents), legal)
    if quick is not None:
        return quick
    fast = _targeted(ctx, list(bracket), list(rest), list(next_residents), legal)
    if fast is not None:
        return fast
    kmax = len(max_matching(list(bracket), legal)) // 2
    for k in range(kmax, -1, -1):
        f = n - 2 * k
        if not rest and f:
            continue
        found = _search(ctx, list(bracket), list(rest), list(next_residents), f, legal)
        if found is not None:
            return found
    from core.errors import PairingImpossible

    raise PairingImpossible(_('round {round_no}: a bracket of {n} players cannot be paired').format(round_no=ctx.round_no, n=n))


class _NextBracket:
    """C7: the outgoing floaters are chosen so that the next bracket best complies with C5 and
    C6 (2026 text; Aktar §6.6: a floater that leaves its new group incomplete is sent back
    and the next pairing tried).  The next bracket is the floaters plus the next scoregroup;
    its value is (pairs, then the scores it must float on, highest first, as low as possible).

    Scores are layers ``base ** level`` (levels over the bracket and the next scoregroup,
    ``base`` larger than the number of players) so that one sum compares the left-over scores
    from the highest down; one more pair outweighs every layer sum.
    """

    def __init__(self, ctx: Context, bracket: Sequence[int], nxt: Sequence[int], legal) -> None:
        st = ctx.states
        self.nxt, self.legal = list(nxt), legal
        players = list(bracket) + self.nxt
        levels = sorted({st[p].pairing_score for p in players})
        base = len(players) + 1
        self.layer = {p: base ** levels.index(st[p].pairing_score) for p in players}
        self.pair_unit = 2 * sum(self.layer.values()) + 1

    def weight(self, a: int, b: int) -> int:
        """A pair of the next bracket: one pair, plus the layers of the two scores paired."""
        return self.pair_unit + self.layer[a] + self.layer[b]

    def key(self, floaters: Sequence[int]) -> tuple[int, int]:
        """(−pairs, layers of the players left unpaired) of the next bracket; smaller = better."""
        from core.pairing.matching import max_weight_matching

        nodes = list(floaters) + self.nxt
        edges = [(i, j, self.weight(nodes[i], nodes[j])) for i in range(len(nodes))
                 for j in range(i + 1, len(nodes)) if self.legal(nodes[i], nodes[j])]
        mate = max_weight_matching(len(nodes), edges) if edges else [-1] * len(nodes)
        pairs = sum(1 for i, m in enumerate(mate) if m > i)
        left = sum(self.layer[nodes[i]] for i, m in enumerate(mate) if m < 0)
        return (-pairs, left)

    def ideal(self, floaters: Sequence[int]) -> tuple[int, int]:
        """The best key any pairing of these players could have (all paired, or the lowest
        score left over)."""
        nodes = list(floaters) + self.nxt
        return (-(len(nodes) // 2), min(self.layer[p] for p in nodes) if len(nodes) % 2 else 0)


class _IdealGraph:
    """G': the pairs of a bracket that keep its ideal values — as many pairs as the bracket
    allows, floaters from its lowest score, the fewest colour violations the numbers of
    White/Black-seekers allow.  With excess e = |X| − |Y| − |N| − f ≥ 0 (X the larger colour
    group) only pairs with an X player are kept and floaters are X players; with e < 0 no
    same-colour pair is kept.  Its perfect matchings (floaters matched to virtual players)
    are exactly the pairings with the ideal values (notes/swiss-others.md)."""

    def __init__(self, ctx: Context, bracket: list[int], legal, floaters: int) -> None:
        st = ctx.states
        self.legal, self.floaters = legal, floaters
        self.colour = {p: st[p].preference if st[p].played_games else Colour.NONE for p in bracket}
        w = sum(1 for p in bracket if self.colour[p] is Colour.WHITE)
        b = sum(1 for p in bracket if self.colour[p] is Colour.BLACK)
        self.x_col = Colour.WHITE if w >= b else Colour.BLACK
        self.excess = max(w, b) - min(w, b) - (len(bracket) - w - b) - floaters
        lowest = min(st[p].pairing_score for p in bracket)
        self.may_float = {p for p in bracket if st[p].pairing_score == lowest
                          and (self.excess < 0 or self.colour[p] is self.x_col)}

    def good(self, p: int, q: int) -> bool:
        if not self.legal(p, q):
            return False
        cp, cq = self.colour[p], self.colour[q]
        if self.excess >= 0:
            return cp is self.x_col or cq is self.x_col
        return cp is Colour.NONE or cq is Colour.NONE or cp is not cq

    def perfect(self, free: list[int], floaters: int) -> bool:
        """Can ``free`` be paired in G' with ``floaters`` of them (allowed ones) floating?"""
        nodes = list(free) + [-(i + 1) for i in range(floaters)]
        if len(nodes) % 2:
            return False

        def adj(p: int, q: int) -> bool:
            if p < 0 and q < 0:
                return False
            if p < 0 or q < 0:
                return (q if p < 0 else p) in self.may_float
            return self.good(p, q)

        return len(max_matching(nodes, adj)) == len(nodes)

    def walk(self, bracket: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None:
        """The first pairing in Art. 4 order with the ideal values: BSN #1 takes the largest
        BSN that keeps a perfect matching of G' for the rest, else floats, and so on."""
        free, fl = list(bracket), self.floaters
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        while free:
            a, others = free[0], free[1:]
            partner = None
            if len(others) - 1 >= fl:
                for j in range(len(others) - 1, -1, -1):
                    rem = others[:j] + others[j + 1:]
                    if self.good(a, others[j]) and self.perfect(rem, fl):
                        partner = others[j]
                        break
            if partner is not None:
                pairs.append((a, partner))
                free = [x for x in others if x != partner]
            elif fl > 0 and a in self.may_float and self.perfect(others, fl - 1):
                floaters.append(a)
                free, fl = others, fl - 1
            else:
                return None
        return pairs, floaters


def _quick(ctx: Context, bracket: list[int], rest: list[int], nxt: list[int], legal):
    """Fast path for the usual bracket, where the ideal values are reachable: the first
    pairing of G' (:class:`_IdealGraph`) in Art. 4 order, if its floaters also give the next
    bracket its best value (C7) and leave the players below completable (C4).  Returns
    ``None`` otherwise (the exact weighted path takes over)."""
    kmax = len(max_matching(bracket, legal)) // 2
    f = len(bracket) - 2 * kmax
    if f and not rest:
        return None
    ideal = _IdealGraph(ctx, bracket, legal, f)
    if len(ideal.may_float) < f or not ideal.perfect(bracket, f):
        return None
    found = ideal.walk(bracket)
    if found is None:
        return None
    pairs, floaters = found
    after = _NextBracket(ctx, bracket, nxt, legal)
    if floaters and after.key(floaters) != after.ideal(floaters):
        return None
    if not perfect_possible(floaters + rest, legal):
        return None
    return BracketResult(pairs, floaters)


class _Oracle:
    """Exact "can this partial pairing still reach the optimum?" test for one bracket.

    One maximum-weight matching of bracket + next scoregroup gives the optimum; the weights
    come in strictly dominating layers: a pair inside the bracket (C5); the scores of the
    players paired inside it, one layer per score level so that the floaters' scores are
    minimised from the highest down (C6); a pair in the next bracket, i.e. among our floaters
    and the next scoregroup, with the layers of its two scores so that the next bracket's own
    C5 and C6 decide (C7, :class:`_NextBracket`); both colour preferences granted (C8).  A partial pairing
    can be completed optimally iff its weight plus the optimum of the rest equals the optimum.
    """

    def __init__(self, ctx: Context, bracket: list[int], nxt: list[int], legal, with_next: bool) -> None:
        st = ctx.states
        self.ctx, self.bracket, self.legal = ctx, bracket, legal
        self.nxt = nxt if with_next else []
        levels = sorted({st[p].pairing_score for p in bracket})
        base = len(bracket) + 1
        self.sc = {p: base ** levels.index(st[p].pairing_score) for p in bracket}
        total = len(bracket) + len(self.nxt)
        self.after = _NextBracket(ctx, bracket, self.nxt, legal)
        self.a7 = total + 1
        self.a6 = self.a7 * self.after.pair_unit * (total + 2)
        self.a5 = self.a6 * 2 * (sum(self.sc.values()) + 1)
        self.calls = 0

    def w(self, a: int, b: int) -> int:
        return self.a5 + self.a6 * (self.sc[a] + self.sc[b]) + (0 if colour_violations(self.ctx, a, b) else 1)

    def solve(self, free: list[int], floaters: list[int]) -> tuple[int, dict[int, int]]:
        from core.pairing.matching import max_weight_matching

        self.calls += 1
        nodes = free + floaters + self.nxt
        nf, nfl = len(free), len(floaters)
        edges = []
        legal = self.legal
        for i in range(len(nodes)):
            a = nodes[i]
            for j in range(i + 1, len(nodes)):
                if j < nf:
                    if legal(a, nodes[j]):
                        edges.append((i, j, self.w(a, nodes[j])))
                elif j >= nf + nfl and legal(a, nodes[j]):
                    edges.append((i, j, self.a7 * self.after.weight(a, nodes[j])))
        mate = max_weight_matching(len(nodes), edges)
        total = 0
        out: dict[int, int] = {}
        for i, m in enumerate(mate):
            if m > i:
                a, b = nodes[i], nodes[m]
                total += self.w(a, b) if m < nf else self.a7 * self.after.weight(a, b)
                out[a], out[b] = b, a
        return total, out


ORACLE_BUDGET = 600


def _targeted(ctx: Context, bracket: list[int], rest: list[int], nxt: list[int], legal):
    """The first pairing in opposition order (Art. 4) whose criteria equal the optimum of
    :class:`_Oracle` and that passes C4; ``None`` if the oracle budget runs out first."""
    n = len(bracket)
    probe = _Oracle(ctx, bracket, nxt, legal, with_next=False)
    _, m0 = probe.solve(list(bracket), [])
    f = n - sum(1 for p in bracket if p in m0)
    oracle = _Oracle(ctx, bracket, nxt, legal, with_next=f > 0) if f else probe
    best, mate = oracle.solve(list(bracket), []) if f else probe.solve(list(bracket), [])
    if f and not rest and not nxt:
        return None
    result: list = [None]

    def rec(free: list[int], fl: int, pairs, floaters, fixed: int, mate: dict[int, int]) -> bool:
        if oracle.calls > ORACLE_BUDGET:
            return True
        if not free:
            if floaters and not perfect_possible(floaters + rest, legal):
                return False
            if not floaters and rest and not perfect_possible(rest, legal):
                return False
            result[0] = BracketResult(list(pairs), list(floaters))
            return True
        a, others = free[0], free[1:]
        if len(others) - 1 >= fl:
            for j in range(len(others) - 1, -1, -1):
                b = others[j]
                if not legal(a, b):
                    continue
                rem = others[:j] + others[j + 1:]
                wab = oracle.w(a, b)
                if mate.get(a) == b:
                    new_mate = mate
                else:
                    got, new_mate = oracle.solve(rem, floaters)
                    if fixed + wab + got != best:
                        continue
                pairs.append((a, b))
                if rec(rem, fl, pairs, floaters, fixed + wab, new_mate):
                    return True
                pairs.pop()
        if fl > 0:
            if a not in mate or mate[a] not in free:
                new_mate = mate
            else:
                got, new_mate = oracle.solve(others, floaters + [a])
                if fixed + got != best:
                    return False
            floaters.append(a)
            if rec(others, fl - 1, pairs, floaters, fixed, new_mate):
                return True
            floaters.pop()
        return False

    rec(list(bracket), f, [], [], 0, mate)
    if oracle.calls > ORACLE_BUDGET:
        return None
    return result[0]


def _search(ctx: Context, bracket: list[int], rest: list[int], nxt: list[int], f: int, legal):
    st = ctx.states
    n = len(bracket)
    scores = sorted((st[p].pairing_score for p in bracket), reverse=True)
    ideal_c6 = tuple(sorted(scores[n - f:], reverse=True)) if f else ()
    after = _NextBracket(ctx, bracket, nxt, legal)
    lowest = sorted(bracket, key=lambda p: st[p].pairing_score)[:f]
    ideal_c7 = after.ideal(lowest) if f else (0, 0)

    w = sum(1 for p in bracket if st[p].played_games and st[p].preference is Colour.WHITE)
    b = sum(1 for p in bracket if st[p].played_games and st[p].preference is Colour.BLACK)
    x = n - w - b
    ideal_c8 = max(0, abs(w - b) - x - f) // 2
    ideal = (ideal_c6, ideal_c7, ideal_c8)
    best: list = [None, None]  # key, (pairs, floaters)
    nodes = [0]
    cache_c4: dict[tuple[int, ...], bool] = {}

    def evaluate(pairs: list[tuple[int, int]], floaters: list[int], viol: int):
        fkey = tuple(sorted(floaters))
        ok = cache_c4.get(fkey)
        if ok is None:
            ok = perfect_possible(list(floaters) + rest, legal) if rest or floaters else True
            cache_c4[fkey] = ok
        if not ok:
            return
        c6 = tuple(sorted((st[p].pairing_score for p in floaters), reverse=True))
        c7 = after.key(floaters) if floaters else (0, 0)
        key = (c6, c7, viol)
        if best[0] is None or key < best[0]:
            best[0] = key
            best[1] = (list(pairs), list(floaters))

    def rec(free: list[int], fl: int, pairs, floaters, viol) -> bool:
        nodes[0] += 1
        if nodes[0] > SEARCH_BUDGET and best[0] is not None:
            return True
        if best[0] is not None and viol > best[0][2] and best[0][:2] <= ideal[:2]:
            return False
        if not free:
            evaluate(pairs, floaters, viol)
            return best[0] is not None and best[0] <= ideal
        first, others = free[0], free[1:]
        a = bracket[first]
        left = len(others)
        if left - 1 >= fl:
            for j in range(len(others) - 1, -1, -1):
                opp = others[j]
                bb = bracket[opp]
                if not legal(a, bb):
                    continue
                pairs.append((a, bb))
                v = colour_violations(ctx, a, bb)
                if rec(others[:j] + others[j + 1:], fl, pairs, floaters, viol + v):
                    return True
                pairs.pop()
        if fl > 0:
            floaters.append(a)
            if rec(others, fl - 1, pairs, floaters, viol):
                return True
            floaters.pop()
        return False

    rec(list(range(n)), f, [], [], 0)
    if best[1] is None:
        return None
    return BracketResult(*best[1])


# --------------------------------------------------------------------------------------------
# The system
# --------------------------------------------------------------------------------------------

def pair_after_seeding(ctx: Context, ruleset: str, options: PairOptions,
                       index_extra: Mapping[int, Fraction] | None = None) -> RoundPairing:
    """Brackets by the Index; ``index_extra``: points in the Index's scores beyond the results
    (the legacy virtual point, :func:`core.pairing.burstein.system.with_virtual_point`)."""
    t = ctx.tournament
    players = ctx.to_pair
    if not players:
        return build_round(ctx, [], None)
    idx = index_values(t, ctx.round_no - 1, ruleset, index_extra)
    tpn = ctx.tpn

    def rank_key(p: int):
        return tuple(-v for v in idx.get(p, ())) + (tpn(p),)

    if (all(ctx.states[p].played_games == 0 for p in players)
            and len({ctx.states[p].pairing_score for p in players}) == 1):
        ranked = sorted(players, key=tpn)
        boards: list[tuple[int, int]] = [(w, b) for w, b in round_one_pairs(ranked, ctx.initial) if b != 0]
        pab = ranked[-1] if len(ranked) % 2 else None
        if pab is not None and ctx.states[pab].bye_barred:
            pab = choose_pab(ctx, players, lambda p: tuple(-x for x in rank_key(p)))
            boards = [(w, b) for w, b in round_one_pairs([p for p in ranked if p != pab], ctx.initial)]
        return build_round(ctx, boards, pab)

    # PAB first (Art. 3.1): lowest score, most games, lowest Index ranking.
    worst_first = sorted(players, key=rank_key, reverse=True)
    order_pos = {p: i for i, p in enumerate(worst_first)}
    pab = choose_pab(ctx, players, lambda p: order_pos[p])
    if pab is not None:
        ctx.note("bye", _("{pno} receives the pairing-allocated bye (lowest score, most games "
                          "played, lowest Index ranking among those who leave a complete "
                          "pairing).").format(pno=pab))
    remaining = [p for p in players if p != pab]
    groups = score_groups(ctx, remaining)
    floaters: list[int] = []
    boards = []
    for gi, (score, residents) in enumerate(groups):
        options.check()
        options.report(gi / max(1, len(groups)), f"bracket {score}")
        bracket = sorted(floaters + residents, key=rank_key)
        rest = [p for _, g in groups[gi + 1:] for p in g]
        nxt = groups[gi + 1][1] if gi + 1 < len(groups) else []
        res = pair_bracket(ctx, bracket, rest, nxt)
        for a, b in res.pairs:
            higher = a if rank_key(a) < rank_key(b) else b
            w, bl = allocate_colours(ctx, a, b, higher)
            boards.append((w, bl))
        for p in res.floaters:
            ctx.note("floats", _("{pno} floats down from the {points}-point bracket.").format(
                pno=p, points=format_points(score)))
        floaters = res.floaters
    return build_round(ctx, boards, pab)

