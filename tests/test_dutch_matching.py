"""The two maximum-weight matching implementations against brute force (an independent
construction: exhaustive search over all matchings of small graphs)."""

from __future__ import annotations

import random

from core.pairing.matching.incremental import IncrementalMatcher
from tests.matching_oracle import max_weight_matching


def brute_force(n: int, weights: dict[tuple[int, int], int]) -> int:
    best = 0

    def rec(v: int, used: frozenset[int], total: int) -> None:
        nonlocal best
        while v < n and v in used:
            v += 1
        if v >= n:
            best = max(best, total)
            return
        rec(v + 1, used | {v}, total)
        for u in range(v + 1, n):
            if u not in used and (v, u) in weights:
                rec(v + 1, used | {v, u}, total + weights[(v, u)])

    rec(0, frozenset(), 0)
    return best


def total(mate: list[int], weights: dict[tuple[int, int], int]) -> int:
    out = 0
    for v, m in enumerate(mate):
        if m != -1:
            assert mate[m] == v
            if m > v:
                out += weights[(v, m)]
    return out


def random_graph(rng: random.Random, n: int, big: bool) -> dict[tuple[int, int], int]:
    w = {}
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < 0.6:
                w[(i, j)] = rng.randint(1, 10 ** 30) if big else rng.randint(1, 6)
    return w


def test_from_scratch_matching_is_optimal() -> None:
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(1, 9)
        w = random_graph(rng, n, rng.random() < 0.5)
        mate = max_weight_matching(n, [(i, j, x) for (i, j), x in w.items()])
        assert total(mate, w) == brute_force(n, w)


def test_incremental_matching_stays_optimal_under_changes() -> None:
    rng = random.Random(11)
    for _ in range(60):
        n = rng.randint(2, 9)
        big = rng.random() < 0.5
        w = random_graph(rng, n, big)
        m = IncrementalMatcher(n)
        for (i, j), x in w.items():
            m.set_weight(i, j, x)
        alive = set(range(n))
        for _step in range(6):
            mate = m.solve()
            sub = {k: x for k, x in w.items() if k[0] in alive and k[1] in alive}
            assert total(mate, sub) == brute_force(n, sub)
            if len(alive) < 2:
                break
            if rng.random() < 0.2:
                v = rng.choice(sorted(alive))
                m.remove_vertex(v)
                alive.discard(v)
                continue
            v = rng.choice(sorted(alive))
            for u in sorted(alive - {v}):
                if rng.random() < 0.5:
                    x = (rng.randint(1, 10 ** 30) if big else rng.randint(1, 6)) if rng.random() < 0.7 else 0
                    m.set_weight(v, u, x)
                    key = (min(u, v), max(u, v))
                    if x:
                        w[key] = x
                    else:
                        w.pop(key, None)


def test_completion_weight_equals_the_general_edge_weight_outside_the_brackets() -> None:
    """The fast path for pairs outside the current/next bracket must give the same integer."""
    from core.pairing.dutch.criteria import (
        Facts,
        Layout,
        completion_weight,
        edge_weight,
    )
    from core.pairing.swiss.simulate import Settings, generate
    from core.pairing.swiss.state import (
        Status,
        forbidden_pairs,
        pairing_order,
        player_states,
    )

    t = generate(Settings(players=15, rounds=4, seed=3, byes=0.1, forfeits=0.1))
    t = t.with_changes(rounds=t.rounds[:3])
    order = pairing_order(s for s in player_states(t, 4).values() if s.status is Status.PAIRED)
    f = Facts.build(order, forbidden_pairs(t), None, "2026")
    lay = Layout.build(f.score, 3)
    ranks = {p: i for i, p in enumerate(sorted(set(f.played), reverse=True))}
    for bye_score in (min(f.score), max(f.score)):
        for single in (False, True):
            for lo in range(len(order)):
                for hi in range(lo):
                    assert completion_weight(f, lay, hi, lo, bye_score, single, ranks) == edge_weight(
                        f, lay, hi, lo, False, False, bye_score, single, ranks)


def test_bracket_row_equals_edge_weight_for_every_pair() -> None:
    """The row-at-a-time weight builder must give exactly the integers of the per-pair
    definition (inside the current bracket and for the next scoregroup, with and without the
    single-PAB ranks), on a field with floats, byes and forfeits behind it."""
    from core.pairing.dutch.criteria import Facts, Layout, bracket_row, edge_weight
    from core.pairing.swiss.simulate import Settings, generate
    from core.pairing.swiss.state import (
        Status,
        forbidden_pairs,
        pairing_order,
        player_states,
    )

    for seed, rounds in ((3, 1), (5, 2), (8, 4)):
        t = generate(Settings(players=17, rounds=rounds + 1, seed=seed, byes=0.1, forfeits=0.1,
                              draws=0.3))
        t = t.with_changes(rounds=t.rounds[:rounds])
        order = pairing_order(
            s for s in player_states(t, rounds + 1).values() if s.status is Status.PAIRED)
        f = Facts.build(order, forbidden_pairs(t), None, "2026")
        lay = Layout.build(f.score, rounds)
        ranks = {p: i for i, p in enumerate(sorted(set(f.played), reverse=True))}
        n = len(order)
        for bye_score in (min(f.score), max(f.score)):
            for single in (False, True):
                for lo in range(n):
                    for cur in (True, False):
                        row = bracket_row(f, lay, list(range(lo)), lo, cur, bye_score, single,
                                          ranks)
                        assert row == [edge_weight(f, lay, hi, lo, cur, not cur, bye_score,
                                                   single, ranks) for hi in range(lo)]


def structured_weights(rng: random.Random, n: int) -> dict[tuple[int, int], int]:
    """Dense weights shaped like the pairing weights: a large per-vertex additive part (so
    that many edges are tight at once and the matcher forms several trees and blossoms in one
    stage) plus a small pair-specific part with many ties."""
    part = [rng.choice((8, 16, 24)) << 6 for _ in range(n)]
    w = {}
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < 0.85:
                w[(i, j)] = part[i] + part[j] + rng.choice((0, 1, 2, 3, 3, 3))
    return w


def test_incremental_matching_agrees_with_the_reference_on_larger_dense_graphs() -> None:
    """Several trees augment in one stage (the multi-augmentation path of the matcher), warm
    starts after whole groups of vertices change, restarts of the whole graph or of a group
    from potentials, removals: the total weight must always equal the reference matcher's
    (checked against brute force above)."""
    rng = random.Random(2026)
    for _ in range(40):
        n = rng.randint(10, 36)
        w = structured_weights(rng, n)
        m = IncrementalMatcher(n)
        for (i, j), x in w.items():
            m.set_weight(i, j, x)
        alive = set(range(n))
        for step in range(8):
            if step == 0 and rng.random() < 0.5:
                m.restart([rng.randint(0, 2 << 9) for _ in range(n)])
            mate = m.solve()
            sub = {k: x for k, x in w.items() if k[0] in alive and k[1] in alive}
            ref = max_weight_matching(n, [(i, j, x) for (i, j), x in sub.items()])
            assert total(mate, sub) == total(ref, sub)
            if len(alive) < 4:
                break
            action = rng.random()
            if action < 0.15:
                for v in rng.sample(sorted(alive), 2):
                    m.remove_vertex(v)
                    alive.discard(v)
                continue
            group = rng.sample(sorted(alive), rng.randint(1, len(alive)))
            bonus = rng.choice((0, 1, 64, 4096))
            for v in group:
                for u in sorted(alive - {v}):
                    key = (min(u, v), max(u, v))
                    x = w.get(key, 0)
                    if x == 0 and rng.random() < 0.9:
                        continue
                    x = x + bonus + rng.choice((0, 1, 2)) if rng.random() < 0.95 else 0
                    m.set_weight(v, u, x)
                    if x:
                        w[key] = x
                    else:
                        w.pop(key, None)
            if action > 0.9:
                m.restart([0] * n)
            elif action > 0.6:
                pot = [0] * n
                for v in group:
                    pot[v] = 2 * rng.choice((8, 16, 24)) << 6
                m.restart_group(group, pot)
