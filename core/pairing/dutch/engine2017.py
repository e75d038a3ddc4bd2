"""The 2017 Dutch procedure (C.04.3 as in force until 31 January 2026), for replaying old events.

Differences from the 2026 engine (:mod:`.engine`), all from the 2017 text:

* completion (C.4) is checked only after a bracket is paired; if the rest of the field can no
  longer be paired, that bracket is the PPB and is re-paired together with every lower player
  (the collapsed last bracket, A.9);
* C.6 minimises the pairing score difference (PSD, A.8): each pair's score difference and each
  downfloater's score minus the lowest score of the bracket plus one, compared descending;
* C.7 looks at the next bracket's pairs and PSD (not in the PPB or the last bracket);
* no C5/C9 (the PAB is just part of the last bracket's pairing); 2017 floats (A.4: any
  unplayed round is a downfloat) and 2017 bye eligibility (C.2), chosen by :class:`Facts`.

The weight fields again follow the FIDE-endorsed engine of that time (bbpPairings v5) so that
old tournaments are re-paired exactly as they were checked then.
"""

from __future__ import annotations

from core.i18n import _

from core.errors import PairingImpossible
from core.pairing.base import PairOptions
from core.pairing.dutch.bracket import Bracket, pair_bracket
from core.pairing.dutch.criteria import Facts, Layout, colour_fields
from core.pairing.matching.incremental import WeightedMatcher, new_matcher
from core.pairing.swiss.state import Float



def _bits(x: int) -> int:
    return x.bit_length()


def _edge(f: Facts, hi: int, lo: int, special: bool, final: bool, hi_cur: bool, lo_cur: bool,
          pcb: int, npcb: int, sds: int, sd: dict[int, int], min_score: int,
          rounds: int) -> int:
    if not f.compatible(hi, lo):
        return 0
    one = f.scale
    sc = f.score
    r = 0
    if special:
        r = 1 + (not f.eligible[hi]) + (not f.eligible[lo])
    r = (r << pcb) + lo_cur
    r <<= sds
    if lo_cur:
        r += 1 << sd[sc[hi] - min_score + one]
        r += 1 << sd[sc[lo] - min_score + one]
        r -= 1 << sd[sc[hi] - sc[lo]]
    if not special:
        if final:
            r <<= max(pcb, npcb)
            r <<= 3
            r += 1 + (not f.eligible[hi]) + (not f.eligible[lo])
        else:
            r <<= npcb
            r += not lo_cur
        r <<= sds
        if hi_cur:
            r += 1 << sd[sc[hi] - min_score + one]
        if lo_cur:
            r += 1 << sd[sc[lo] - min_score + one]
    # colour fields (C.8-C.11), player = lo, opponent = hi
    m = lo_cur
    r = colour_fields(f, lo, hi, m, r, pcb)
    D, U = Float.DOWN, Float.UP
    for back, fl in ((1, f.float1), (2, f.float2)):
        if rounds < back:
            continue
        r <<= pcb
        if m:
            r += fl[lo] is D
            r += sc[hi] <= sc[lo] and fl[hi] is D
        r <<= pcb
        if m and sc[hi] > sc[lo] and fl[lo] is U:
            r -= 1
    for back, fl in ((1, f.float1), (2, f.float2)):
        if rounds < back:
            continue
        r <<= sds
        if m:
            if fl[lo] is D:
                r += 1 << sd[sc[lo] - min_score + one]
            if fl[hi] is D:
                r += 1 << sd[sc[hi] - min_score + one]
                if sc[hi] > sc[lo]:
                    r -= 1 << sd[sc[hi] - sc[lo]]
        r <<= sds
        if m and fl[lo] is U and sc[hi] > sc[lo]:
            r -= 1 << sd[sc[hi] - sc[lo]]
    r <<= 3 * pcb + 1
    return r


def pair_order(f: Facts, layout: Layout, options: PairOptions | None = None) -> dict[int, int]:
    """Pair players ``0..n-1`` (in pairing order) under the 2017 rules; ``mate`` by index."""
    n = len(f.score)
    sc = f.score
    rounds = layout.rounds_played
    odd = n % 2 == 1
    validity = new_matcher(n + (1 if odd else 0))
    for a in range(n):
        for b in range(a):
            if f.compatible(a, b):
                validity.set_weight(a, b, 1)
        if odd and f.eligible[a]:
            validity.set_weight(a, n, 1)
    fixed_valid: set[int] = set()

    def complete() -> bool:
        mate = validity.solve()
        return all(mate[v] != -1 for v in range(len(mate)) if v not in fixed_valid)

    if not complete():
        raise PairingImpossible(
            _('No pairing satisfies the absolute criteria (no rematch, bye eligibility, colours).'))

    def finalize_valid(a: int, b: int) -> None:
        validity.remove_vertex(a)
        validity.remove_vertex(b)
        fixed_valid.update((a, b))

    pairs: dict[int, int] = {}
    it = 0
    V: list[int] = []
    while it < n and sc[it] >= sc[0]:
        V.append(it)
        it += 1
    special = it == n
    sgb = 0
    while len(V) > 1 or it < n:
        if options is not None:
            options.check()
            options.report(it / max(n, 1), "pairing brackets")
        nsgb = len(V)
        sg_it = it
        while it < n and (special or sc[it] >= sc[sg_it]):
            V.append(it)
            it += 1
        final = it == n
        nv = len(V)
        lsc = [sc[v] for v in V]
        min_score = lsc[-1]
        diffs: list[int] = []
        one = f.scale
        for p in range(nsgb):
            diffs.append(lsc[p] - min_score + one)
            first = max(sgb, p + 1)
            for o in range(first, nsgb):
                if o <= first or lsc[o] < lsc[o - 1]:
                    diffs.append(lsc[p] - lsc[o])
        diffs.sort()
        sd: dict[int, int] = {}
        sds = 0
        i = 0
        while i < len(diffs):
            j = i
            while j < len(diffs) and diffs[j] == diffs[i]:
                j += 1
            sd[diffs[i]] = sds
            sds += _bits(j - i)
            i = j
        pcb = _bits(nsgb - sgb)
        npcb = _bits(nv - nsgb)
        base: list[list[int]] = [[] for _ in range(nv)]
        for L in range(sgb, nv):
            for s in range(L):
                base[L].append(_edge(f, V[s], V[L], special, final, s < nsgb, L < nsgb, pcb, npcb,
                                     sds, sd, min_score, rounds))
        g = new_matcher(nv)
        fixed: dict[int, int] = {}
        for L in range(nv):
            for s, w in enumerate(base[L]):
                if w:
                    g.set_weight(L, s, w)

        # this iteration's matcher, pairs and players bound now (the callbacks run in it)
        def solve(g: WeightedMatcher = g, fixed: dict[int, int] = fixed) -> list[int]:
            if options is not None:
                options.check()
            m = g.solve()
            out = [x if x != -1 else v for v, x in enumerate(m)]
            for a, b in fixed.items():
                out[a] = b
            return out

        def finalise(a: int, b: int, g: WeightedMatcher = g, fixed: dict[int, int] = fixed,
                     V: list[int] = V) -> None:
            g.remove_vertex(a)
            g.remove_vertex(b)
            fixed[a] = b
            fixed[b] = a
            finalize_valid(V[a], V[b])

        matched = [False] * nv
        stable = pair_bracket(
            Bracket(ids=list(range(nv)), score=lsc, sgb=sgb, nsgb=nsgb, base=base, lo=sgb,
                    hi=nsgb, width=pcb, set_weight=g.set_weight, solve=solve,
                    finalise=finalise),
            solve(), matched)

        if not special and not complete():
            # this bracket is the PPB: re-pair it together with everybody below (A.9)
            V = V[:nsgb]
            it = sg_it
            special = True
            continue
        special = it == n
        newV: list[int] = []
        sgb = 0
        for pI in range(nv):
            if pI < nsgb and matched[pI]:
                pairs[V[pI]] = V[stable[pI]]
                pairs[V[stable[pI]]] = V[pI]
            else:
                newV.append(V[pI])
                if pI < nsgb:
                    sgb += 1
        V = newV
    for v in V:
        pairs[v] = v
    return pairs
