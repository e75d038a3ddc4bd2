"""A mutable weighted graph over the players to pair, solved by maximum-weight matching.

Why a wrapper: the bracket procedure repeatedly changes a few edge weights and asks for the
optimum again; the warm-started matcher (:mod:`core.pairing.matching.incremental`) re-optimises only around the
changed vertices.  Fixed pairs ("finalised") leave the graph for good.  Weight 0 = no edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from core.pairing.base import PairOptions
from core.pairing.matching.incremental import new_matcher


class PairingGraph:
    """Symmetric integer weights between vertices ``0..n-1`` plus finalised pairs."""

    def __init__(self, n: int, options: PairOptions | None = None) -> None:
        self.n = n
        self.matcher = new_matcher(n)
        self.fixed: dict[int, int] = {}
        self.options = options
        self.solves = 0

    def set(self, a: int, b: int, weight: int) -> None:
        """Set the weight of a–b; ``a`` is the vertex whose neighbourhood changed."""
        self.matcher.set_weight(a, b, weight)

    def set_weight_fn(self) -> Callable[[int, int, int], None]:
        """:meth:`set` without the wrapper: the bracket procedure sets hundreds of thousands
        of weights per round, and one Python call less each is measurable."""
        return self.matcher.set_weight

    def set_row(self, a: int, others: list[int], weights: list[int]) -> None:
        """Set the weights of ``a``–``others[i]`` to ``weights[i]``."""
        self.matcher.set_row(a, others, weights)

    def load(self, rows: Iterable[list[tuple[int, int]]]) -> None:
        """Replace every weight: the ``p``-th row lists ``(o, weight)`` for the edges
        ``p``–``o`` with ``o < p`` (the rest get no edge).  Follow it by :meth:`restart`.
        The rows are made as they are read, so a cancel is honoured between two rows (the
        first graph of a big field takes seconds to build)."""
        self.matcher.load(self._checked(rows))

    def load_sums(self, rows: Sequence[Sequence[int]], left: list[int], right: list[int]) -> None:
        """:meth:`load` with the weight of ``p``–``o`` = ``left[p] + right[o]`` for each ``o``
        of ``rows[p]`` (the field-wide weights are sums of per-player terms).  One call into
        the matcher: 2000 players' 2 million weights take a fraction of a second."""
        if self.options is not None:
            self.options.check()
        self.matcher.load_sums(rows, left, right)

    def _checked(self, rows: Iterable[list[tuple[int, int]]]) -> Iterator[list[tuple[int, int]]]:
        options = self.options
        for row in rows:
            if options is not None:
                options.check()
            yield row

    def restart(self, potentials: list[int]) -> None:
        """Start the next solve afresh from these doubled vertex duals (see the matcher)."""
        self.matcher.restart(potentials)

    def restart_group(self, group: list[int], potentials: list[int]) -> None:
        """Restart only the vertices of ``group`` from these doubled duals (see the matcher)."""
        self.matcher.restart_group(group, potentials)

    def finalise(self, a: int, b: int) -> None:
        """Fix ``a``–``b`` as a pair: both leave the graph."""
        self.matcher.remove_vertex(a)
        self.matcher.remove_vertex(b)
        self.fixed[a] = b
        self.fixed[b] = a

    def solve(self) -> list[int]:
        """Maximum-weight matching; ``mate[v] == v`` for an unmatched vertex."""
        if self.options is not None:
            self.options.check()
        self.solves += 1
        sub = self.matcher.solve()
        mate = [m if m >= 0 else v for v, m in enumerate(sub)]
        for v, m in self.fixed.items():
            mate[v] = m
        return mate
