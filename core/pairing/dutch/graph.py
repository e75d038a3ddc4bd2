"""A mutable weighted graph over the players to pair, solved by maximum-weight matching.

Why a wrapper: the bracket procedure repeatedly changes a few edge weights and asks for the
optimum again; fixed pairs ("finalised") leave the graph for good, which shrinks every later
solve.  Weight 0 means "no edge".
"""

from __future__ import annotations

from core.pairing.base import PairOptions
from core.pairing.dutch.matching import max_weight_matching


class PairingGraph:
    """Symmetric integer weights between vertices ``0..n-1`` plus finalised pairs."""

    def __init__(self, n: int, options: PairOptions | None = None) -> None:
        self.n = n
        self.w: list[dict[int, int]] = [{} for _ in range(n)]
        self.fixed: dict[int, int] = {}
        self.options = options
        self.solves = 0

    def set(self, a: int, b: int, weight: int) -> None:
        if weight:
            self.w[a][b] = weight
            self.w[b][a] = weight
        else:
            self.w[a].pop(b, None)
            self.w[b].pop(a, None)

    def finalise(self, a: int, b: int) -> None:
        """Fix ``a``–``b`` as a pair: both leave the graph (their other edges are dropped)."""
        for v in (a, b):
            for u in list(self.w[v]):
                self.w[u].pop(v, None)
            self.w[v].clear()
        self.fixed[a] = b
        self.fixed[b] = a

    def solve(self) -> list[int]:
        """Maximum-weight matching; ``mate[v] == v`` for an unmatched vertex."""
        if self.options is not None:
            self.options.check()
        self.solves += 1
        live = [v for v in range(self.n) if v not in self.fixed]
        index = {v: i for i, v in enumerate(live)}
        edges = []
        for v in live:
            iv = index[v]
            for u, weight in self.w[v].items():
                if u > v and u in index:
                    edges.append((iv, index[u], weight))
        sub = max_weight_matching(len(live), edges)
        mate = list(range(self.n))
        for v, m in self.fixed.items():
            mate[v] = m
        for i, m in enumerate(sub):
            if m >= 0:
                mate[live[i]] = live[m]
        return mate
