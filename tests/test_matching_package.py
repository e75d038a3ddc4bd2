"""The matching package's pieces on their own: the cardinality matcher and the one-shot
weighted matcher against brute force, and the state the incremental matcher's stages leave
behind checked as an LP-duality certificate (independent of any other matcher: a feasible
dual solution with complementary slackness proves the matching optimal)."""

from __future__ import annotations

import random

from core.pairing.matching import IncrementalMatcher, max_matching, max_weight_matching
from tests.test_dutch_matching import (
    brute_force,
    random_graph,
    structured_weights,
    total,
)


def brute_cardinality(nodes: list[int], edges: set[tuple[int, int]]) -> int:
    """Largest number of disjoint edges, by exhaustive search."""
    best = 0

    def rec(rest: list[int], pairs: int) -> None:
        nonlocal best
        best = max(best, pairs)
        if len(rest) < 2 or pairs + len(rest) // 2 <= best:
            return
        v, others = rest[0], rest[1:]
        rec(others, pairs)
        for i, u in enumerate(others):
            if (min(u, v), max(u, v)) in edges:
                rec(others[:i] + others[i + 1:], pairs + 1)

    rec(nodes, 0)
    return best


def test_cardinality_matching_is_maximum_and_uses_only_edges() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(0, 11)
        nodes = rng.sample(range(100), n)
        edges = {(min(a, b), max(a, b)) for a in nodes for b in nodes
                 if a < b and rng.random() < rng.choice((0.2, 0.5, 0.8))}

        def adj(a: int, b: int, edges: set[tuple[int, int]] = edges) -> bool:
            return (min(a, b), max(a, b)) in edges

        hint = {}
        if nodes and rng.random() < 0.5:
            a, b = rng.sample(range(100), 2)
            hint = {a: b, b: a}
        m = max_matching(nodes, adj, hint)
        for a, b in m.items():
            assert m[b] == a and adj(a, b)
        assert len(m) // 2 == brute_cardinality(nodes, edges)


def test_one_shot_weighted_matching_is_optimal() -> None:
    rng = random.Random(9)
    for _ in range(150):
        n = rng.randint(1, 9)
        w = random_graph(rng, n, rng.random() < 0.5)
        edges = [(j, i, x) if rng.random() < 0.5 else (i, j, x) for (i, j), x in w.items()]
        assert total(max_weight_matching(n, edges), w) == brute_force(n, w)


def assert_certificate(m: IncrementalMatcher) -> None:
    """Duals feasible, matched edges tight, exposed vertices at dual 0, blossom duals >= 0
    and full where positive: then the matching has maximum weight (weak LP duality for Edmonds' blossom LP)."""
    n, N = m.n, m.N
    chains = []
    for v in range(n):
        chain = []
        b = m.blossomparent[v]
        while b != -1:
            chain.append(b)
            b = m.blossomparent[b]
        chains.append(set(chain))
    for b in range(n, 2 * n):
        if m.blossombase[b] >= 0:
            assert m.dualvar[b] >= 0
            inside = [v for v in range(n) if b in chains[v]]
            matched = sum(1 for v in inside if m.mate[v] != -1 and m.mate[v] % N in inside)
            if m.dualvar[b] > 0:
                assert matched == len(inside) - 1, f"blossom {b} with positive dual not full"
    for v in range(n):
        if not m.alive[v]:
            continue
        assert m.dualvar[v] >= 0
        if m.mate[v] == -1:
            assert m.dualvar[v] == 0, f"exposed vertex {v} keeps dual {m.dualvar[v]}"
        for u, w2 in m.W[v].items():
            slack = m.dualvar[v] + m.dualvar[u] - w2 + 2 * sum(
                m.dualvar[b] for b in chains[v] & chains[u])
            assert slack >= 0, f"edge {v}-{u} infeasible"
            if m.mate[v] != -1 and m.mate[v] % N == u:
                assert slack == 0, f"matched edge {v}-{u} not tight"


def test_every_solve_leaves_an_optimality_certificate() -> None:
    """Warm solves after weight changes, group restarts (window mode) and removals."""
    rng = random.Random(77)
    for _ in range(25):
        n = rng.randint(8, 30)
        w = structured_weights(rng, n)
        m = IncrementalMatcher(n)
        for (i, j), x in w.items():
            m.set_weight(i, j, x)
        alive = list(range(n))
        for _step in range(6):
            m.solve()
            assert_certificate(m)
            if len(alive) < 4:
                break
            if rng.random() < 0.2:
                v = alive.pop(rng.randrange(len(alive)))
                m.remove_vertex(v)
                continue
            group = rng.sample(alive, rng.randint(1, len(alive)))
            for v in group:
                for u in alive:
                    if u != v and rng.random() < 0.5:
                        m.set_weight(v, u, rng.choice((0, 1, 5)) + (rng.choice((8, 16)) << 6))
            if rng.random() < 0.5:
                m.restart_group(group, [2 * (rng.choice((8, 16)) << 6)] * n)
