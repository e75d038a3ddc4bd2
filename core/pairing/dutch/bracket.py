"""The part of the Dutch bracket procedure that both rulesets share (C.04.3 2026 Art. 4,
2017 B.1–B.8): which MDPs are paired, their opponents, the remainder's exchanges and the S1
players' opponents, each decided by re-solving a weighted matching after a weight change.

Why one module: the 2026 engine (:mod:`.engine`) and the 2017 engine (:mod:`.engine2017`)
differ in their weights, in their graph (the whole field vs. the bracket) and in how they
check completion, but walk through a bracket in exactly the same order, as the reference
engine does.  The engines give this procedure a :class:`Bracket` describing the bracket in
their own vertex numbering.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Bracket:
    """One bracket as the engine numbers it.

    Local index ``i`` (position in the bracket: MDPs ``0..sgb-1``, residents ``sgb..nsgb-1``,
    the attached next scoregroup ``nsgb..nv-1``) is vertex ``ids[i]`` of the engine's graph.
    """

    ids: list[int]
    score: list[int]
    """Pairing score per local index."""
    sgb: int
    nsgb: int
    base: list[list[int]]
    """``base[lo][hi]``: criteria weight of local pair ``hi < lo`` (changed as decisions fall)."""
    lo: int
    hi: int
    """A vertex ``v`` is paired inside the bracket when ``lo <= mate[v] < hi``."""
    width: int
    """Bit width of one count field (the exchange and transposition bits are built from it)."""
    set_weight: Callable[[int, int, int], None]
    solve: Callable[[], list[int]]
    finalise: Callable[[int, int], None]
    """Fix a pair (both vertices leave the graph)."""


def pair_bracket(b: Bracket, stable: list[int], matched: list[bool]) -> list[int]:
    """Run the procedure on a bracket whose weights are set and solved (``stable``); mark
    paired vertices in ``matched`` (indexed by vertex) and return the final matching."""
    ids, base, sgb, nsgb = b.ids, b.base, b.sgb, b.nsgb
    nv = len(ids)
    lo_v, hi_v, gb = b.lo, b.hi, b.width
    setw, solve = b.set_weight, b.solve

    def ewc(s_idx: int, l_idx: int, s_rem: int, rem_pairs: int) -> int:
        r = base[l_idx][s_idx]
        if r:
            addend = 1 if s_rem < rem_pairs else 0
            addend <<= 2 * gb
            addend -= s_rem
            addend <<= 1
            r += addend
        return r

    def in_bracket(v: int, m: list[int]) -> bool:
        return lo_v <= m[v] < hi_v

    # --- choose the MDPs to pair in this bracket
    md_score = 0
    rem_md = rem_matched = 0
    for pI in range(sgb):
        if pI == 0 or b.score[pI] < md_score:
            md_score = b.score[pI]
            rem_matched = rem_md = 0
            k = pI
            while k < nv and b.score[k] >= md_score:
                rem_md += 1
                if in_bracket(ids[k], stable):
                    rem_matched += 1
                k += 1
        if not rem_matched:
            continue
        pv = ids[pI]
        if rem_md <= rem_matched:
            matched[pv] = True
            continue
        rem_md -= 1
        if not in_bracket(pv, stable):
            for oI in range(sgb, nsgb):
                w = base[oI][pI]
                if w:
                    setw(pv, ids[oI], w | 1)
            stable = solve()
        if in_bracket(pv, stable):
            matched[pv] = True
            rem_matched -= 1
            for oI in range(sgb, nsgb):
                w = base[oI][pI]
                if w:
                    w |= nsgb - sgb
                    w += 1
                    setw(pv, ids[oI], w)

    # --- choose the opponents of the MDPs (S1 of the heterogeneous part)
    for pI in range(sgb):
        pv = ids[pI]
        if not matched[pv]:
            continue
        addend = nv
        for oI in range(nsgb - 1, sgb - 1, -1):
            ov = ids[oI]
            if matched[ov]:
                continue
            w = base[oI][pI]
            if w:
                setw(pv, ov, w + addend)
                addend += 1
        stable = solve()
        mv = stable[pv]
        matched[mv] = True
        b.finalise(pv, mv)

    # --- the remainder (or homogeneous bracket)
    remainder: list[int] = []
    rem_pairs = 0
    for pI in range(sgb, nsgb):
        pv = ids[pI]
        if stable[pv] < lo_v:
            continue
        remainder.append(pI)
        if stable[pv] < pv:
            rem_pairs += 1
    nrem = len(remainder)
    for bI in range(nrem):
        oI = remainder[bI]
        ov = ids[oI]
        for a in range(bI):
            setw(ids[remainder[a]], ov, ewc(remainder[a], oI, a, rem_pairs))
    stable = solve()

    def down(v: int, m: list[int]) -> bool:
        """Matched to a later player of the current bracket (the player is in S1)."""
        return v < m[v] < hi_v

    exchange_count = 0
    for a in range(rem_pairs):
        if not down(ids[remainder[a]], stable):
            exchange_count += 1

    # lower players of S1 that can move to S2
    left = exchange_count
    pr = rem_pairs
    pos = rem_pairs
    while pos != 0 and left:
        pr -= 1
        pos -= 1
        pI = remainder[pos]
        pv = ids[pI]
        if down(pv, stable):
            for q in range(pos + 1, nrem):
                w = ewc(pI, remainder[q], pr, rem_pairs)
                if w:
                    setw(pv, ids[remainder[q]], w - 1)
            stable = solve()
        exchange = not down(pv, stable)
        left -= exchange
        for q in range(pos + 1, nrem):
            if exchange:
                base[remainder[q]][pI] = 0
            setw(pv, ids[remainder[q]], ewc(pI, remainder[q], pr, rem_pairs))

    # higher players of S2 that can move to S1
    left = exchange_count
    ri = rem_pairs
    pos = rem_pairs
    while pos < nrem and left > 1:
        pI = remainder[pos]
        pv = ids[pI]
        already = down(pv, stable)
        if not already:
            for q in range(pos + 1, nrem):
                w = ewc(pI, remainder[q], ri, rem_pairs)
                if w:
                    setw(pv, ids[remainder[q]], w + 1)
            stable = solve()
        if down(pv, stable):
            left -= 1
            for q in range(pos):
                base[pI][remainder[q]] = 0
                setw(pv, ids[remainder[q]], 0)
            for oI in range(nsgb, nv):
                base[oI][pI] = 0
                setw(pv, ids[oI], 0)
        if not already:
            for q in range(pos + 1, nrem):
                setw(pv, ids[remainder[q]], ewc(pI, remainder[q], ri, rem_pairs))
        ri += 1
        pos += 1

    # fix S1/S2 membership and clear the exchange bits
    for a in range(nrem):
        pv = ids[remainder[a]]
        for bI in range(a + 1, nrem):
            ov = ids[remainder[bI]]
            if not down(pv, stable) or down(ov, stable):
                base[remainder[bI]][remainder[a]] = 0
            setw(pv, ov, base[remainder[bI]][remainder[a]])

    # S1 players take their opponents in order
    for pI in remainder:
        pv = ids[pI]
        if down(pv, stable):
            addend = 0
            for oI in reversed(remainder):
                ov = ids[oI]
                if oI <= pI or matched[ov]:
                    continue
                w = base[oI][pI]
                if w:
                    setw(pv, ov, w + addend)
                addend += 1
            stable = solve()
            mv = stable[pv]
            matched[pv] = matched[mv] = True
            b.finalise(pv, mv)
    return stable
