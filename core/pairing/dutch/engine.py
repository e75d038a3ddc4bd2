"""The Dutch bracket procedure (C.04.3 2026 Art. 3–4) as a sequence of weighted matchings.

Why matchings instead of enumerating transpositions/exchanges literally: the text itself
allows any method that gives the same result (Held's commentary), and the FIDE-endorsed
engine defines practice this way.  The procedure, bracket by bracket from the top:

1. The whole field is matched once with "completion" weights: is a legal round pairing
   possible at all (C1–C4), and what is the lowest score that can receive the PAB (C5)?
2. For each bracket (MDPs + residents, with the next scoregroup attached so that C8 can look
   ahead) every pair gets its criteria weight (:mod:`criteria`).  The optimum tells how many
   and which scores can be paired (C6, C7).
3. MDPs are then fixed one at a time in order (S1 of a heterogeneous bracket, Art. 4.4), each
   taking the lowest-possible opponent index order of S2 (Art. 4.2 transpositions).
4. In the remainder, low-order weight bits choose the fewest exchanges and the smallest BSN
   differences (Art. 4.3), then players of S1 take their S2 opponents in order.
5. Whoever is not paired moves down to the next bracket; the last one left gets the PAB.

Vertex indices are positions in the pairing order (score, then TPN).
"""

from __future__ import annotations

from array import array

from core.i18n import _

from core.errors import PairingImpossible
from core.pairing.base import PairOptions
from core.pairing.dutch.bracket import Bracket, pair_bracket
from core.pairing.dutch.criteria import (
    Facts, Layout, bracket_row, compatible_lower, low_shift, top_shift,
)
from core.pairing.dutch.graph import PairingGraph


def _checked(options: PairOptions | None, value: list[int]) -> list[int]:
    """``value``, after honouring a cancel (a cheap check per player of a big field)."""
    if options is not None:
        options.check()
    return value


def pair_order(f: Facts, layout: Layout, options: PairOptions | None = None) -> dict[int, int]:
    """Pair the players ``0..n-1`` (already in pairing order); return ``mate`` by index
    (``mate[i] == i`` for the PAB receiver).  Raises :class:`PairingImpossible`."""
    n = len(f.score)
    sc = f.score
    g = PairingGraph(n, options)
    odd = n % 2 == 1
    top = sc[0] if n else 0
    sh = layout.shifts
    gb = layout.group_bits
    T = top_shift(layout)
    sb = layout.scores_bits
    # per player, the earlier players he may meet (C1, C3): the edges of every solve, kept
    # as 4-byte arrays (a list would hold an int object per pair: 70 MB at 2000 players)
    lower = [array("i", _checked(options, compatible_lower(f, p))) for p in range(n)]
    # The first weights are sums of per-player terms (plus a constant), added by the matcher.
    if odd:
        # completion (pairs, PAB eligibility) and then the paired scores, top group marked
        part = [(((not f.eligible[v]) << sb) + sh[sc[v]]) << gb for v in range(n)]
        const = 1 << (sb + gb)
        g.load_sums(lower, [const + part[p] + (sc[p] >= top) for p in range(n)], part)
    else:
        part = [(not (f.eligible[v] and sc[v] <= 0)) << T for v in range(n)]
        const = 1 << T
        g.load_sums(lower, [const + x for x in part], part)
    # duals that make almost every edge tight: the per-player terms themselves
    if odd:
        pot = [((1 + 2 * (not f.eligible[v])) << (layout.scores_bits + gb))
               + ((2 * sh[sc[v]]) << gb) + (1 if sc[v] >= top else 0) for v in range(n)]
    else:
        pot = [(1 + 2 * (not (f.eligible[v] and sc[v] <= 0))) << T for v in range(n)]
    g.restart(pot)
    mate = g.solve()
    unmatched = [v for v in range(n) if mate[v] == v]
    if len(unmatched) > 1 or any(not f.eligible[v] for v in unmatched):
        raise PairingImpossible(
            _('No pairing satisfies the absolute criteria (no rematch, bye eligibility, colours).'))
    bye_score = 0
    single = False
    unplayed_rank: dict[int, int] = {}
    if odd:
        bye_score = sc[unmatched[0]]
        if bye_score >= top:
            single = True
            for p in range(n):
                if sc[p] < top:
                    break
                if sc[mate[p]] < top:
                    single = False
                    break
        counts = sorted((f.played[p] for p in range(n) if sc[p] == bye_score), reverse=True)
        for rank, played in enumerate(counts):
            unplayed_rank[played] = rank
        L9 = low_shift(layout)
        # completion_weight() for every pair, from per-player terms
        part = [(not (f.eligible[v] and sc[v] <= bye_score)) << T for v in range(n)]
        const = 1 << T
        if single:
            for v in range(n):
                if sc[v] == bye_score:
                    part[v] += unplayed_rank[f.played[v]] << L9
        g.load_sums(lower, [const + x for x in part], part)
        pot = []
        for v in range(n):
            cand = f.eligible[v] and sc[v] <= bye_score
            rank = unplayed_rank[f.played[v]] if single and sc[v] == bye_score else 0
            pot.append(((1 + 2 * (not cand)) << T) + ((2 * rank) << L9))
        g.restart(pot)

    pairs: dict[int, int] = {}
    matched = [False] * n
    it = 0
    V: list[int] = []
    while it < n and sc[it] >= top:
        V.append(it)
        it += 1
    sgb = 0
    sgbv = 0
    while len(V) > 1 or it < n:
        if options is not None:
            options.check()
            options.report(it / max(n, 1), "pairing brackets")
        nsgb = len(V)
        nsgbv = sgbv + (nsgb - sgb)
        sg_it = it
        while it < n and sc[it] >= sc[sg_it]:
            V.append(it)
            it += 1
        nv = len(V)
        base: list[list[int]] = [[] for _ in range(nv)]
        for L in range(sgb, nv):
            base[L] = bracket_row(f, layout, V[:L], V[L], L < nsgb, bye_score, single,
                                  unplayed_rank)
        for L in range(sgb, nv):
            g.set_row(V[L], V[:L], base[L])

        if nv - sgb >= RESTART_MIN:
            g.restart_group(V, _bracket_potentials(f, layout, V, sgb, nsgb, bye_score, single,
                                                   unplayed_rank))
        stable = g.solve()
        stable = pair_bracket(
            Bracket(ids=V, score=[sc[v] for v in V], sgb=sgb, nsgb=nsgb, base=base, lo=sgbv,
                    hi=nsgbv, width=gb, set_weight=g.set_weight_fn(), solve=g.solve, finalise=g.finalise),
            stable, matched)

        # --- prepare the next bracket
        newV: list[int] = []
        sgb = 0
        single = odd and sg_it < n and bye_score >= sc[sg_it]
        for pI in range(nv):
            pv = V[pI]
            if pI < nsgb and matched[pv]:
                pairs[pv] = stable[pv]
                pairs[stable[pv]] = pv
            else:
                newV.append(pv)
                if pI < nsgb:
                    sgb += 1
                if single and sc[stable[pv]] < sc[sg_it]:
                    single = False
        V = newV
        sgbv = nsgbv
    for v in V:
        pairs[v] = v
    return pairs


RESTART_MIN = 16
"""Brackets (residents + next scoregroup) at least this large start their first solve afresh
from :func:`_bracket_potentials` instead of warm-starting (see there)."""


def _bracket_potentials(f: Facts, layout: Layout, V: list[int], sgb: int, nsgb: int,
                        bye_score: int, single: bool, unplayed_rank: dict[int, int]) -> list[int]:
    """Doubled vertex duals for the first solve of a bracket: each player's additive share of
    the weight fields (completion, C6, C7, C8, C9, and inside the bracket half of the colour
    fields and of the float fields that a pair of equal scores normally gets).

    Why: when a bracket opens, the weights of all its pairs change at once; a warm start then
    unmatches them all and needs one augmenting stage per pair, each scanning the dense graph.
    With these duals most pairs that an optimum can use are tight, so the matcher's greedy
    start pairs most players directly and the few stages left find many augmenting paths.
    Only a starting point: the matcher raises any dual that is too low, so the optimum found
    is the same maximum-weight matching."""
    n = len(f.score)
    sc = f.score
    gb, sb, sh = layout.group_bits, layout.scores_bits, layout.shifts
    T = top_shift(layout)
    L9 = low_shift(layout)
    pot = []
    for v in range(n):
        cand = f.eligible[v] and sc[v] <= bye_score
        rank = unplayed_rank[f.played[v]] if single and sc[v] == bye_score else 0
        pot.append(((1 + 2 * (not cand)) << T) + ((2 * rank) << L9))
    c6 = 1 << (T - gb)
    p7 = T - gb - sb
    c8 = 1 << (T - 2 * gb - sb)
    p8 = T - 2 * gb - 2 * sb
    nv = len(V)
    # the lower fields that a pair inside the bracket usually gets in full: the four colour
    # fields and, per round looked back, the second float count and float score fields
    backs = min(layout.rounds_played, 2)
    pos = 3 * gb + 1
    score_b = []
    for _back in range(backs):
        score_b.append(pos)
        pos += 2 * sb
    common = 0
    for _back in range(backs):
        common += 1 << pos
        pos += 2 * gb
    for k in range(4):
        common += 1 << (pos + k * gb)
    if nsgb > sgb:
        s_res = sh[sc[V[sgb]]]
        c7r = (1 << (p7 + s_res)) + sum(1 << (q + s_res) for q in score_b)
        for i in range(sgb):
            v = V[i]
            s_v = sh[sc[v]]
            pot[v] += (c6 + (2 << (p7 + s_v)) + sum(2 << (q + s_v) for q in score_b) - c7r
                       + common)
        for i in range(sgb, nsgb):
            pot[V[i]] += c6 + c7r + common
    for i in range(nsgb, nv):
        v = V[i]
        pot[v] += c8 + (1 << (p8 + sh[sc[v]]))
    return pot

