"""Maximum-weight matching that is re-optimised after local weight changes (warm start).

Why: the bracket procedure asks for the optimum dozens of times per bracket, each time after
changing the weights around one or a few players.  Solving from scratch costs O(n³) each
time; keeping the primal-dual state (matching, vertex and blossom duals, blossoms) and only
"freeing" the changed vertices costs a few augmenting stages instead.

Galil's primal-dual scheme (1986; the stages are in :mod:`.stage`) with three generalisations
that a warm start needs:

* exposed vertices may have different duals; only exposed vertices with a positive dual are
  tree roots (an exposed vertex with dual 0 already satisfies complementary slackness);
* when the dual of a non-root outer vertex reaches 0, the alternating path from its root is
  flipped so that this vertex becomes the exposed one;
* a tight edge from an outer vertex to an exposed non-root vertex is an augmenting path.

Freeing a vertex dissolves the blossoms around it (their dual moves into their vertices'
duals, which keeps every edge feasible), unmatches it and sets its dual to the least value
that keeps its edges feasible.  Edges are keyed by vertex pairs (a directed edge ``a→b`` is
the integer ``a*N+b``), so weights can change without re-indexing.  Weights are stored
doubled so every dual stays an integer.

For speed on dense fields of several hundred players (each needs only a valid primal-dual
argument, so the optimum found is still a maximum-weight matching):

* between stages that moved duals, a depth-first pass augments along tight paths
  (:meth:`_augment_tight`);
* :meth:`restart_group` restarts only a bracket's players from per-player duals, and for the
  solve that follows they scan only their edges inside the bracket (a dual bound covers the
  rest, the "window");
* some exposed vertices are roots only after the others (``deferred``), so that a tree does
  not spread over the fully tight lower part of the field when a short path exists.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from core.pairing.matching.stage import Stage

NATIVE_MISSING = ""
"""Why the compiled matcher could not be loaded (Python's own words), empty when it was."""
try:
    from core.pairing.matching._native import Matcher as NativeMatcher
except ImportError as _error:  # not compiled on this machine: the pure-Python matcher does the same
    NativeMatcher = None  # type: ignore[assignment,misc]  # the compiled matcher's class, or None when it is not built here
    NATIVE_MISSING = str(_error)

DEFER_MIN = 16
"""A warm solve that frees at least this many vertices defers their former partners as roots
(see ``deferred``): measured on the benchmark fields, 15-25 % fewer edge scans; for one or a
few freed vertices it costs more (the freed vertex's own tree then has to spread)."""


class IncrementalMatcher:
    """Vertices ``0..n-1``; ``set_weight`` / ``remove_vertex`` / ``solve``."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.N = max(n, 1)
        self.W: list[dict[int, int]] = [{} for _ in range(n)]  # doubled weights
        self.alive = [True] * n
        self.dirty: set[int] = set()
        self.deferred: set[int] = set()
        self.window: bytearray | None = None
        """For the solve after :meth:`restart_group`: marks the group.  Its vertices scan
        only ``near`` (their edges inside the group); their edges to the rest are covered by
        the lower bound ``farmin`` until a dual step could make one tight (see :meth:`_run`)."""
        self.near: dict[int, dict[int, int]] = {}
        self.farmin: dict[int, int] = {}
        """Exposed vertices that are tree roots only once no other root is left: partners
        left over by :meth:`restart_group` or by freeing many vertices at once.  Why: usually
        a changed vertex's own tree reaches them directly, whereas as roots their trees would
        first spread over the dense, fully tight lower part of the field."""
        self.fresh = True
        self.potentials: list[int] | None = None
        self._reset()

    # ------------------------------------------------------------------ state
    def restart(self, potentials: list[int]) -> None:
        """Forget the current solution; the next solve starts from these vertex duals (in
        doubled weight units).  Why: when every weight changed and the caller knows duals that
        make most edges tight (weights that are sums of per-player terms), the warm start
        finds an almost complete matching by a greedy pass."""
        self.potentials = list(potentials)
        self.fresh = True

    def _reset(self) -> None:
        n = self.n
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unusedblossoms = list(range(2 * n - 1, n - 1, -1))
        self.leafcache: dict[int, list[int]] = {}
        # Warm start: each vertex's dual is half its heaviest edge (feasible), and every edge
        # that is then tight and free at both ends is matched greedily.  Exposed vertices
        # may start with different duals, which the generalised stages allow.
        W = self.W
        dual = [0] * (2 * n)
        pot = self.potentials
        self.potentials = None
        if pot is not None:
            for v in range(n):
                dual[v] = max(0, pot[v]) if self.alive[v] else 0
            for v in range(n):
                dv = dual[v]
                for u, w in W[v].items():
                    if dv + dual[u] < w:
                        dv = w - dual[u]
                dual[v] = dv
        else:
            for v in range(n):
                best = 0
                for w in W[v].values():
                    best = max(best, w)
                dual[v] = best >> 1
        self.dualvar = dual
        mate = self.mate
        N = self.N
        for v in range(n):
            if mate[v] != -1 or not self.alive[v]:
                continue
            dv = dual[v]
            for u, w in W[v].items():
                if mate[u] == -1 and dv + dual[u] == w and u != v:
                    mate[v] = v * N + u
                    mate[u] = u * N + v
                    break
        self.dirty.clear()

    # ------------------------------------------------------------------ updates
    def set_weight(self, a: int, b: int, weight: int) -> None:
        """Set the weight of edge a–b (0 removes it); ``a`` is the vertex re-optimised."""
        w2 = 2 * weight
        if self.W[a].get(b, 0) == w2:
            return
        if w2:
            self.W[a][b] = w2
            self.W[b][a] = w2
        else:
            self.W[a].pop(b, None)
            self.W[b].pop(a, None)
        self.dirty.add(a)

    def set_row(self, a: int, others: list[int], weights: list[int]) -> None:
        """:meth:`set_weight` for ``a`` and each ``others[i]`` with ``weights[i]`` (one call
        for a whole row of a bracket instead of one per pair)."""
        W = self.W
        wa = W[a]
        changed = False
        for b, weight in zip(others, weights):
            w2 = 2 * weight
            if wa.get(b, 0) == w2:
                continue
            changed = True
            if w2:
                wa[b] = w2
                W[b][a] = w2
            else:
                wa.pop(b, None)
                W[b].pop(a, None)
        if changed:
            self.dirty.add(a)

    def load(self, rows: Iterable[list[tuple[int, int]]]) -> None:
        """Replace all weights of living vertices at once: the ``p``-th row lists ``(o,
        weight)`` for the edges ``p``–``o`` with ``o < p``.  Why: building the whole field's
        graph through :meth:`set_weight` costs a method call per pair.  The old rows are
        emptied first (peak memory).  The next solve must start afresh (:meth:`restart`)."""
        W = self.W
        for old in W:
            old.clear()
        alive = self.alive
        for p, row in enumerate(rows):
            if not alive[p]:
                continue
            wp = W[p]
            for o, w in row:
                if w and alive[o]:
                    w2 = 2 * w
                    wp[o] = w2
                    W[o][p] = w2
        self.dirty.clear()
        self.fresh = True

    def load_sums(self, rows: Sequence[Sequence[int]], left: list[int], right: list[int]) -> None:
        """:meth:`load` with the weight of ``p``–``o`` equal to ``left[p] + right[o]`` for each
        ``o`` of ``rows[p]``.  Why: the engines' field-wide weights are sums of per-player
        terms, and the compiled matcher adds them itself instead of receiving a Python integer
        per pair."""
        self.load([(o, left[p] + right[o]) for o in row] for p, row in enumerate(rows))

    def remove_vertex(self, v: int) -> None:
        """Take ``v`` out of the graph for good (its pair has been fixed)."""
        self._free(v)
        if self.mate[v] != -1:
            u = self.mate[v] % self.N
            self.mate[u] = -1
            self.mate[v] = -1
        for u in list(self.W[v]):
            self.W[u].pop(v, None)
        self.W[v].clear()
        self.alive[v] = False
        self.dualvar[v] = 0
        self.dirty.discard(v)

    def _leaves(self, b: int) -> list[int]:
        """Vertices inside blossom ``b`` (cached; the set never changes while ``b`` lives)."""
        if b < self.n:
            return [b]
        cached = self.leafcache.get(b)
        if cached is None:
            cached = []
            for t in self.blossomchilds[b]:  # type: ignore[union-attr]  # a blossom (b >= n) always has its children list
                if t < self.n:
                    cached.append(t)
                else:
                    cached.extend(self._leaves(t))
            self.leafcache[b] = cached
        return cached

    def _dissolve(self, b: int) -> None:
        """Remove top-level blossom ``b`` keeping every edge feasible (its dual moves into its
        vertices); an outside matched edge of its base that becomes loose is unmatched."""
        N = self.N
        z = self.dualvar[b]
        leaves = list(self._leaves(b))
        if z:
            for v in leaves:
                self.dualvar[v] += z
            base = self.blossombase[b]
            if self.mate[base] != -1:
                u = self.mate[base] % N
                self.mate[u] = -1
                self.mate[base] = -1
        for s in self.blossomchilds[b]:  # type: ignore[union-attr]  # a blossom (b >= n) always has its children list
            self.blossomparent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            else:
                for v in self._leaves(s):
                    self.inblossom[v] = s
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.label[b] = 0
        self.labelend[b] = -1
        self.dualvar[b] = 0
        self.leafcache.pop(b, None)
        self.unusedblossoms.append(b)

    def _free(self, v: int) -> None:
        N = self.N
        while self.inblossom[v] != v:
            b = self.inblossom[v]
            while self.blossomparent[b] != -1:
                b = self.blossomparent[b]
            self._dissolve(b)
        need = 0
        dual = self.dualvar
        m = self.mate[v] % N if self.mate[v] != -1 else -1
        for u, w2 in self.W[v].items():
            if u != m:
                d = w2 - dual[u]
                need = max(need, d)
        if m != -1:
            keep = self.W[v].get(m, 0) - dual[m]
            if self.W[v].get(m, 0) and keep >= need:
                # the partner is still a best choice under the current duals: stay matched
                dual[v] = keep
                return
            self.mate[m] = -1
            self.mate[v] = -1
        dual[v] = need

    def restart_group(self, group: list[int], potentials: list[int]) -> None:
        """Start the next solve afresh for the vertices of ``group`` only, from these doubled
        duals (raised where an edge needs it); the other vertices keep matching, duals and
        blossoms.

        Why: when a bracket opens, every weight inside it changes, so its players are best
        restarted from their per-player shares (:meth:`restart`).  Restarting the whole graph
        as well would throw away the lower players' solution: with an odd field their
        optimum has one exposed player and large blossoms, and rebuilding that costs more
        than the bracket itself (the exposed player's tree spreads over the dense, fully
        tight lower part).  Freeing a vertex keeps every edge feasible and every matched edge
        tight (see :meth:`_free`), so the solve that follows is exact.

        A lower player whose partner was in the group is left exposed; it becomes a tree root
        only after the group's own roots are done (``deferred``): usually a group player that
        has to float down reaches it directly, whereas as a root of its own its tree would
        first spread over the whole tight lower part."""
        if self.fresh:
            self.restart(potentials)
            return
        members = [v for v in group if self.alive[v]]
        self._release(members)
        side = bytearray(self.n)
        for v in members:
            side[v] = 1
            self.dualvar[v] = max(0, potentials[v])
        self._raise_and_split(members, side)
        self._match_tight(members)
        self.dirty.difference_update(members)
        self.window = side

    def _release(self, members: list[int]) -> None:
        """Dissolve the blossoms around ``members`` and unmatch them; a partner outside the
        group is deferred as a root."""
        N, mate = self.N, self.mate
        for v in members:
            while self.inblossom[v] != v:
                b = self.inblossom[v]
                while self.blossomparent[b] != -1:
                    b = self.blossomparent[b]
                self._dissolve(b)
        inside = set(members)
        for v in members:
            if mate[v] != -1:
                u = mate[v] % N
                mate[u] = -1
                mate[v] = -1
                if u not in inside:
                    self.deferred.add(u)

    def _raise_and_split(self, members: list[int], side: bytearray) -> None:
        """Raise each member's dual to feasibility, and split its row for the next solve:
        inside the group (``near``), and a bound for the rest (``farmin``; the rest's duals
        do not change here)."""
        W, dual = self.W, self.dualvar
        near: dict[int, dict[int, int]] = {}
        farmin: dict[int, int] = {}
        for v in members:
            dv = dual[v]
            row: dict[int, int] = {}
            fm = None
            for u, w2 in W[v].items():
                du = dual[u]
                if dv + du < w2:
                    dv = w2 - du
                if side[u]:
                    row[u] = w2
                else:
                    d = du - w2
                    if fm is None or d < fm:
                        fm = d
            dual[v] = dv
            near[v] = row
            if fm is not None:
                farmin[v] = fm
        self.near = near
        self.farmin = farmin

    def _match_tight(self, members: list[int]) -> None:
        """Match each exposed member to its first exposed singleton neighbour along a tight
        edge (cheap primal progress before the stages)."""
        N, W, mate, dual = self.N, self.W, self.mate, self.dualvar
        for v in members:
            if mate[v] != -1:
                continue
            dv = dual[v]
            for u, w2 in W[v].items():
                if mate[u] == -1 and dv + dual[u] == w2 and self.inblossom[u] == u:
                    mate[v] = v * N + u
                    mate[u] = u * N + v
                    break

    # ------------------------------------------------------------------ solve
    def solve(self) -> list[int]:
        """Optimal matching: ``mate[v]`` is the partner or ``-1``."""
        if self.fresh:
            self._reset()
            self.fresh = False
        else:
            freed = [v for v in sorted(self.dirty) if self.alive[v]]
            N = self.N
            partners = [self.mate[v] % N for v in freed if self.mate[v] != -1]
            for v in freed:
                self._free(v)
            self.dirty.clear()
            self._greedy(freed)
            if len(freed) >= DEFER_MIN:
                inside = set(freed)
                for m in partners:
                    if self.mate[m] == -1 and m not in inside:
                        self.deferred.add(m)
        self._fix_parity()
        try:
            self._run()
        finally:
            self.window = None
            self.near = {}
            self.farmin = {}
        N = self.N
        return [self.mate[v] % N if self.mate[v] != -1 else -1 for v in range(self.n)]

    def _greedy(self, vertices: list[int]) -> None:
        """Augment along short alternating paths of tight edges between freed singleton
        vertices: v-u with u exposed, or v-u=m-x with x exposed (cheap primal progress before
        the stages; every matched edge stays tight, so complementary slackness holds)."""
        W, dual, mate, N, inb = self.W, self.dualvar, self.mate, self.N, self.inblossom
        for v in vertices:
            if mate[v] != -1 or inb[v] != v or dual[v] == 0:
                continue
            dv = dual[v]
            tight = [u for u, w2 in W[v].items() if inb[u] == u and dv + dual[u] == w2]
            done = False
            for u in tight:
                if mate[u] == -1:
                    mate[v] = v * N + u
                    mate[u] = u * N + v
                    done = True
                    break
            if done:
                continue
            for u in tight:
                m = mate[u] % N
                if inb[m] != m:
                    continue
                dm = dual[m]
                for x, w2 in W[m].items():
                    if x != v and mate[x] == -1 and inb[x] == x and dm + dual[x] == w2:
                        mate[v] = v * N + u
                        mate[u] = u * N + v
                        mate[m] = m * N + x
                        mate[x] = x * N + m
                        done = True
                        break
                if done:
                    break

    def _augment_tight(self) -> int:
        """Augment along vertex-disjoint alternating paths of tight edges between singleton
        vertices, starting at exposed vertices with a positive dual; return how many.

        Why: called between stages when the last one moved duals.  After a dual step many
        augmenting paths are tight at once, but a stage of :meth:`_run` grows every tree
        before it finds them; one depth-first pass here finds many for the price of a single
        scan.  Only singleton vertices are used, so no blossom's internal matching changes;
        every edge put into the matching is tight and duals do not move, so complementary
        slackness is kept and the stages that follow stay exact.  Each vertex is visited at
        most once per pass (a heuristic: paths it misses are found by the stages).  Not used
        at the start of a solve: measured, it costs more there than it saves."""
        n, N = self.n, self.N
        W, dual, mate, inb = self.W, self.dualvar, self.mate, self.inblossom
        alive = self.alive
        visited = bytearray(n)
        win = self.window
        if win is not None:
            # after a bracket restart: search inside the bracket only (its edges to the rest
            # are far from tight, and the rest is a dense tight graph not worth walking)
            rows: list[dict[int, int]] = [self.near.get(v, {}) for v in range(n)]
            for v in range(n):
                if not win[v]:
                    visited[v] = 1
        else:
            rows = W
        found = 0
        for r in range(n):
            if (visited[r] or mate[r] != -1 or not alive[r] or inb[r] != r
                    or dual[r] <= 0):
                continue
            visited[r] = 1
            parent: dict[int, int] = {}
            stack = [r]
            target = -1
            while stack and target < 0:
                v = stack.pop()
                dv = dual[v]
                for u, w2 in rows[v].items():
                    if visited[u] or inb[u] != u or dv + dual[u] != w2:
                        continue
                    mu = mate[u]
                    if mu == -1:
                        visited[u] = 1
                        parent[u] = v
                        target = u
                        break
                    m = mu % N
                    if visited[m] or inb[m] != m:
                        continue
                    visited[u] = visited[m] = 1
                    parent[u] = v
                    stack.append(m)
            if target < 0:
                continue
            found += 1
            u = target
            while True:
                v = parent[u]
                old = mate[v] % N if mate[v] != -1 else -1
                mate[v] = v * N + u
                mate[u] = u * N + v
                if v == r:
                    break
                u = old
        return found

    def _fix_parity(self) -> None:
        """Make every positive exposed dual even (outer-outer slacks must stay even)."""
        n = self.n
        changed = True
        while changed:
            changed = False
            for v in range(n):
                if self.alive[v] and self.mate[v] == -1 and self.dualvar[v] & 1:
                    self._make_even(v)
                    changed = True

    def _make_even(self, v: int) -> None:
        """Raise the dual of exposed ``v`` by one, keeping feasibility: a singleton is raised
        directly; in a blossom every vertex is raised and the blossom dual lowered (zero-dual
        blossoms around it are dissolved first, which costs nothing)."""
        while True:
            b = self.inblossom[v]
            if b == v:
                self.dualvar[v] += 1
                return
            while self.blossomparent[b] != -1:
                b = self.blossomparent[b]
            if self.dualvar[b] == 0:
                self._dissolve(b)
                continue
            for u in self._leaves(b):
                self.dualvar[u] += 1
            self.dualvar[b] -= 1
            return

    def _run(self) -> None:
        """The primal-dual stages from the current state (see :mod:`.stage`)."""
        Stage(self).run()


class WeightedMatcher(Protocol):
    """What the engines use of a warm-started matcher: :class:`IncrementalMatcher` or its
    compiled twin (``_native.c``), which gives identical matchings."""

    def set_weight(self, a: int, b: int, weight: int) -> None: ...
    def set_row(self, a: int, others: list[int], weights: list[int]) -> None: ...
    def load(self, rows: Iterable[list[tuple[int, int]]]) -> None: ...
    def load_sums(self, rows: Sequence[Sequence[int]], left: list[int], right: list[int]) -> None: ...
    def restart(self, potentials: list[int]) -> None: ...
    def restart_group(self, group: list[int], potentials: list[int]) -> None: ...
    def remove_vertex(self, v: int) -> None: ...
    def solve(self) -> list[int]: ...


PURE_PYTHON_ENV = "HAKEM_PURE_PYTHON"
"""Set to ``1`` to use the pure-Python matcher even where the compiled one is built (the
differential tests and benchmarks compare the two)."""


def native_available() -> bool:
    """The compiled matcher is built and not switched off by :data:`PURE_PYTHON_ENV`."""
    return NativeMatcher is not None and os.environ.get(PURE_PYTHON_ENV, "") in ("", "0")


@dataclass(frozen=True)
class MatcherState:
    """Which matcher pairs in a process and why: the compiled one (``compiled``), else the
    pure-Python one because the compiled one is switched off (``switched_off``) or could not be
    loaded (``missing``: Python's own import error).  Plain values: the data service sends its
    own in its greeting, so ``hakem doctor`` names the matcher that pairs there."""

    compiled: bool
    switched_off: bool = False
    missing: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"compiled": self.compiled, "switched_off": self.switched_off, "missing": self.missing}

    @classmethod
    def from_json(cls, value: object) -> MatcherState | None:
        """The state a service sent, ``None`` when it sent none or not this shape (an older
        service's greeting has none)."""
        if not isinstance(value, dict):
            return None
        compiled, off, missing = value.get("compiled"), value.get("switched_off", False), value.get("missing", "")
        if not (isinstance(compiled, bool) and isinstance(off, bool) and isinstance(missing, str)):
            return None
        return cls(compiled, off, missing)


def matcher_state() -> MatcherState:
    """This process's :class:`MatcherState` (what :func:`new_matcher` decides on)."""
    if native_available():
        return MatcherState(True)
    if NativeMatcher is not None:
        return MatcherState(False, switched_off=True)
    return MatcherState(False, missing=NATIVE_MISSING)


def matcher_in_use(state: MatcherState | None = None) -> str:
    """Which matcher pairs (in this process, or ``state``: a service's), and why, for people
    (``hakem doctor``): the pure-Python one gives the same pairings, only slower on a big
    field, so an organiser whose pairing is slow learns here that the compiled one is missing."""
    from core.i18n import _

    state = state or matcher_state()
    if state.compiled:
        return _("pairing uses the compiled matcher")
    if state.switched_off:
        return _("pairing uses the pure-Python matcher (same pairings, slower): {variable}=1 is set").format(
            variable=PURE_PYTHON_ENV)
    return _("pairing uses the pure-Python matcher (same pairings, slower): the compiled one is not built "
             "for this Python ({error}); reinstall hakem where a C compiler is available").format(error=state.missing)


def new_matcher(n: int) -> WeightedMatcher:
    """A warm-started matcher over vertices ``0..n-1``: the compiled one when available.

    Why one switch here: every engine gets its matcher from this function, so the choice of
    implementation is made in one place and the results never depend on it."""
    if native_available():
        return NativeMatcher(n)
    return IncrementalMatcher(n)


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching of vertices ``0..n-1`` solved once: ``mate[v]`` is the
    partner of ``v`` or ``-1``.  ``edges`` are ``(i, j, w)`` with ``i != j`` and integer
    ``w > 0`` (an edge of weight 0 is no edge).  For engines that solve each graph once."""
    rows: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i, j, w in edges:
        if i > j:
            rows[i].append((j, w))
        else:
            rows[j].append((i, w))
    matcher = new_matcher(n)
    matcher.load(rows)
    return matcher.solve()
