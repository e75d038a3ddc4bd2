"""Maximum-cardinality matching on a general graph (Edmonds' blossom algorithm, O(V³)).

Why: the completion test of the Dubov, Burstein and Lim systems (C4: can the players not yet
paired still all be paired?) and their "most pairs" criteria are questions about the size of
a maximum matching of the "may meet" graph.  It is exact, so C4 never needs guessing or
backtracking.  A greedy start (or the caller's previous answer as ``hint``) makes the dense
graphs of a Swiss round fast: only a few augmenting searches remain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def max_matching(nodes: Sequence[int], adj: Callable[[int, int], bool],
                 hint: dict[int, int] | None = None) -> dict[int, int]:
    """A maximum matching of the graph on ``nodes`` whose edges are given by ``adj``.

    Returns a symmetric dict ``{u: v, v: u}``.  Deterministic: depends only on node order
    (and ``hint``, pairs to start from, e.g. the previous answer).
    """
    idx = list(nodes)
    nbr = _neighbours(idx, adj)
    match = _start(idx, nbr, adj, hint)
    for i in range(len(idx)):
        if match[i] == -1 and nbr[i]:
            _augment_from(i, nbr, match)
    return {idx[i]: idx[match[i]] for i in range(len(idx)) if match[i] != -1}


def _neighbours(idx: list[int], adj: Callable[[int, int], bool]) -> list[list[int]]:
    n = len(idx)
    nbr: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = idx[i]
        for j in range(i + 1, n):
            if adj(a, idx[j]):
                nbr[i].append(j)
                nbr[j].append(i)
    return nbr


def _start(idx: list[int], nbr: list[list[int]], adj: Callable[[int, int], bool],
           hint: dict[int, int] | None) -> list[int]:
    """The hinted pairs that are still edges, then a greedy pass."""
    n = len(idx)
    match = [-1] * n
    if hint:
        pos = {v: i for i, v in enumerate(idx)}
        for i, v in enumerate(idx):
            j = pos.get(hint.get(v, -10 ** 9), -1)
            if j > i and match[i] == -1 and match[j] == -1 and adj(v, idx[j]):
                match[i], match[j] = j, i
    for i in range(n):
        if match[i] == -1:
            for j in nbr[i]:
                if match[j] == -1:
                    match[i], match[j] = j, i
                    break
    return match


class _Search:
    """One search for an augmenting path from ``root`` (blossoms contracted via ``base``)."""

    def __init__(self, root: int, nbr: list[list[int]], match: list[int]) -> None:
        n = len(nbr)
        self.root = root
        self.nbr = nbr
        self.match = match
        self.used = [False] * n
        self.parent = [-1] * n
        self.base = list(range(n))
        self.used[root] = True
        self.queue = [root]

    def lca(self, a: int, b: int) -> int:
        """The base of the blossom closed by edge a–b: their trees' common ancestor."""
        base, match, parent = self.base, self.match, self.parent
        seen = [False] * len(base)
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(self, v: int, b: int, child: int, blossom: list[bool]) -> None:
        base, match, parent = self.base, self.match, self.parent
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    def contract(self, v: int, to: int) -> None:
        """Shrink the blossom closed by edge v–to; its vertices become outer."""
        cur = self.lca(v, to)
        blossom = [False] * len(self.base)
        self.mark(v, cur, to, blossom)
        self.mark(to, cur, v, blossom)
        base, used = self.base, self.used
        for i in range(len(base)):
            if blossom[base[i]]:
                base[i] = cur
                if not used[i]:
                    used[i] = True
                    self.queue.append(i)

    def augment(self, to: int) -> None:
        match, parent = self.match, self.parent
        while to != -1:
            pv = parent[to]
            ppv = match[pv]
            match[to], match[pv] = pv, to
            to = ppv

    def run(self) -> bool:
        """Grow the tree breadth first; True (and the matching augmented) if a path exists."""
        base, match, parent, queue = self.base, self.match, self.parent, self.queue
        qi = 0
        while qi < len(queue):
            v = queue[qi]
            qi += 1
            for to in self.nbr[v]:
                if base[v] == base[to] or match[v] == to:
                    continue
                if to == self.root or (match[to] != -1 and parent[match[to]] != -1):
                    self.contract(v, to)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        self.augment(to)
                        return True
                    self.used[match[to]] = True
                    queue.append(match[to])
        return False


def _augment_from(root: int, nbr: list[list[int]], match: list[int]) -> bool:
    return _Search(root, nbr, match).run()


__all__ = ["max_matching"]
