"""Can the Gamma procedure's example come from the literal Gamma rules?  Prints counts.

Searches every 11-player, 6-round history that a *literal* pairing (a compact second
implementation of the rules, independent of ``core.pairing.gamma``) produces while matching every
visible cell of the Gamma procedure's rows 1, 2, 10, 11 (opponents, results, colours of handicap games,
handicaps, rests, 11's refusal in round 4), with up to MAXREF extra refusals per round among
players 3..9, then counts those that also give the Gamma procedure's levels, technical sums, coefficients
(127.5, 126, 67.5, 55.5) and places.  The top group (7 players at level 18) and start levels
follow from the Gamma procedure (notes/go.md).

    python3 tests/benchmarks/go_seed_search.py [MAXREF]
"""

from __future__ import annotations

import itertools
import sys
from fractions import Fraction

START = {1: 18, 2: 18, 3: 18, 4: 18, 5: 18, 6: 18, 7: 18, 8: 15, 9: 15, 10: 9, 11: 7}
TOP = 7
# seed: (a, b, winner, handicap, white) for every game of players 1, 2, 10, 11
KNOWN = {1: [(1, 5, 1, 0, 5), (2, 6, 2, 0, 2), (9, 10, 9, 6, 9)],
         2: [(1, 3, 1, 0, 3), (2, 4, 2, 0, 4), (8, 11, 8, 7, 8)],
         3: [(1, 2, 1, 0, 2), (10, 11, 11, 2, 10)],
         4: [(1, 4, 4, 0, 4), (2, 5, 2, 0, 5), (7, 10, 7, 8, 7)],
         5: [(1, 6, 1, 0, 1), (2, 3, 2, 0, 2), (5, 10, 5, 9, 5), (7, 11, 7, 9, 7)],
         6: [(1, 7, 1, 0, 1), (2, 8, 2, 0, 2), (6, 10, 6, 9, 6), (9, 11, 9, 8, 9)]}
KNOWN_REST = {1: 11, 2: 10}
KNOWN_REFUSAL = {4: {11}}


def search_order(p, rest, lv):
    same = [q for q in rest if lv[q] == lv[p]]
    lower = [q for q in rest if lv[q] < lv[p]]
    m = len(same) // 2
    return same[m:] + same[:m][::-1] + lower


def first_pairing(rem, lv, met, failed):
    if not rem:
        return []
    if rem in failed:
        return None
    p, rest = rem[0], rem[1:]
    for q in search_order(p, list(rest), lv):
        if (p, q) in met:
            continue
        tail = first_pairing(tuple(x for x in rest if x != q), lv, met, failed)
        if tail is not None:
            return [(p, q)] + tail
    failed.add(rem)
    return None


def histories(maxref):
    out = []

    def rec(r, lv, met, rested, hist):
        if r > 6:
            out.append(hist)
            return
        known_in = {p for b in KNOWN[r] for p in b[:2]}
        for n in range(maxref + 1):
            for extra in itertools.combinations(range(3, 10), n):
                refs = set(KNOWN_REFUSAL.get(r, set())) | set(extra)
                if refs & known_in:
                    continue
                order = sorted(START, key=lambda p: (-lv[p], p))
                senior = lv[order[TOP - 1]]
                part = [p for p in order if p not in refs]
                rest, pairs = None, None
                if len(part) % 2:
                    for c in [p for p in part[::-1] if p not in rested]:
                        pairs = first_pairing(tuple(x for x in part if x != c), lv, met, set())
                        if pairs is not None:
                            rest = c
                            break
                else:
                    pairs = first_pairing(tuple(part), lv, met, set())
                if pairs is None or KNOWN_REST.get(r) != rest and (r in KNOWN_REST or rest in (10, 11)):
                    continue
                chosen = {frozenset(x) for x in pairs}
                ok = True
                for a, b, _w, h, white in KNOWN[r]:
                    ea, eb = min(lv[a], senior), min(lv[b], senior)
                    if frozenset((a, b)) not in chosen or min(9, abs(ea - eb)) != h or (
                            h and white != (a if ea > eb else b)):
                        ok = False
                        break
                if not ok:
                    continue
                winners = {frozenset((a, b)): w for a, b, w, _h, _c in KNOWN[r]}
                free = [x for x in pairs if frozenset(x) not in winners]
                for res in itertools.product((0, 1), repeat=len(free)):
                    pick = dict(zip(map(frozenset, free), res))
                    nl, nm, nr, boards = dict(lv), set(met), set(rested), []
                    for a, b in pairs:
                        key = frozenset((a, b))
                        w = winners[key] if key in winners else (a if pick[key] else b)
                        nl[w] += 1
                        nm |= {(a, b), (b, a)}
                        boards.append((a, b, w))
                    if rest:
                        nl[rest] += 1
                        nr.add(rest)
                    rec(r + 1, nl, nm, nr, hist + [(boards, rest, tuple(sorted(refs)))])

    rec(1, dict(START), set(), set(), [])
    return out


def matches_seed(hist) -> bool:
    lv, rows = dict(START), {p: [] for p in START}
    for boards, rest, refs in hist:
        order = sorted(START, key=lambda p: (-lv[p], p))
        senior = lv[order[TOP - 1]]
        up = []
        for a, b, w in boards:
            ea, eb = min(lv[a], senior), min(lv[b], senior)
            h = min(9, abs(ea - eb))
            sa = h if ea > eb else -h
            rows[a].append((b, sa, lv[a]))
            rows[b].append((a, -sa, lv[b]))
            up.append(w)
        if rest:
            rows[rest].append(("rest", 0, lv[rest]))
            up.append(rest)
        for p in refs:
            rows[p].append(("refusal", 0, lv[p]))
        for w in up:
            lv[w] += 1
    tech = {p: sum(1 if x[0] == "refusal" else -1 if x[0] == "rest" else 0 for x in rows[p])
            for p in START}
    value = {p: Fraction(lv[p]) + Fraction(tech[p], 2) for p in START}
    coef = {p: sum((value[x[0]] + x[1] if isinstance(x[0], int) else Fraction(x[2]))
                   for x in rows[p]) for p in START}
    if (lv[1], lv[2], lv[10], lv[11]) != (23, 23, 10, 9):
        return False
    if (tech[1], tech[2], tech[10], tech[11]) != (0, 0, -1, 0):
        return False
    if (coef[1], coef[2], coef[10], coef[11]) != (Fraction(255, 2), 126, Fraction(135, 2),
                                                  Fraction(111, 2)):
        return False
    order = sorted(START, key=lambda p: (-lv[p], -coef[p], p))
    return order[:2] == [1, 2] and order[9:] == [10, 11]


if __name__ == "__main__":
    maxref = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    found = histories(maxref)
    print(f"up to {maxref} extra refusal(s) per round: {len(found)} literal histories match the "
          f"seed's visible pairings, {sum(map(matches_seed, found))} also its numbers")
