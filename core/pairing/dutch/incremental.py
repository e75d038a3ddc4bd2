"""Maximum-weight matching that is re-optimised after local weight changes (warm start).

Why: the bracket procedure asks for the optimum dozens of times per bracket, each time after
changing the weights around one or a few players.  Solving from scratch costs O(n³) each
time; keeping the primal-dual state (matching, vertex and blossom duals, blossoms) and only
"freeing" the changed vertices costs a few augmenting stages instead.

Same primal-dual scheme as :mod:`core.pairing.dutch.matching` (Galil 1986) with three
generalisations that a warm start needs:

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

* a stage goes on after an augmentation with the trees that did not take part
  (``dissolve`` in :meth:`_run`); between stages a depth-first pass augments along tight
  paths (:meth:`_augment_tight`);
* :meth:`restart_group` restarts only a bracket's players from per-player duals, and for the
  solve that follows they scan only their edges inside the bracket (a dual bound covers the
  rest, the "window");
* some exposed vertices are roots only after the others (``deferred``), so that a tree does
  not spread over the fully tight lower part of the field when a short path exists.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable


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
                    if w > best:
                        best = w
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
        for row in W:
            row.clear()
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
            for t in self.blossomchilds[b]:  # type: ignore[union-attr]
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
        for s in self.blossomchilds[b]:  # type: ignore[union-attr]
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
                if d > need:
                    need = d
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
        N = self.N
        alive = self.alive
        mate = self.mate
        dual = self.dualvar
        W = self.W
        members = [v for v in group if alive[v]]
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
        side = bytearray(self.n)
        for v in members:
            side[v] = 1
            dual[v] = max(0, potentials[v])
        # raise to feasibility, and split each row for the next solve: inside the group, and
        # a bound for the rest (the rest's duals do not change here)
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
        for v in members:
            if mate[v] != -1:
                continue
            dv = dual[v]
            for u, w2 in W[v].items():
                if mate[u] == -1 and dv + dual[u] == w2 and self.inblossom[u] == u:
                    mate[v] = v * N + u
                    mate[u] = u * N + v
                    break
        self.dirty.difference_update(members)
        self.window = side
        self.near = near
        self.farmin = farmin

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

    def _run(self) -> None:  # noqa: C901 - one algorithm, kept in one place
        n, N = self.n, self.N
        W = self.W
        alive = self.alive
        mate = self.mate
        label = self.label
        labelend = self.labelend
        inblossom = self.inblossom
        blossomparent = self.blossomparent
        blossomchilds = self.blossomchilds
        blossombase = self.blossombase
        blossomendps = self.blossomendps
        bestedge = self.bestedge
        blossombestedges = self.blossombestedges
        unusedblossoms = self.unusedblossoms
        dualvar = self.dualvar
        leafcache = self.leafcache
        queue: deque[int] = deque()
        """Outer vertices to scan, first in first out: the trees grow side by side, so they
        meet (augment) while small instead of one tree swallowing the whole tight graph."""
        touched: set[int] = set()
        """Indices whose label/labelend/bestedge changed in this stage (reset at stage end)."""
        tops: set[int] = set()
        """Top-level blossoms/vertices that received a label in this stage."""
        freebest: set[int] = set()
        """Unlabelled vertices that received a best edge (delta2 candidates)."""
        bslack = [0] * (2 * n)
        """Slack of ``bestedge[x]`` at the current duals (kept up to date by dual changes)."""
        rootof = [-1] * n
        """Per vertex: the root of the alternating tree it was last labelled in (this stage)."""
        members: dict[int, list[int]] = {}
        """Per root: the vertices labelled in its tree (may hold stale entries, see rootof)."""
        dead = bytearray(n)
        """Marks the vertices of the trees being dissolved (only during :func:`dissolve`)."""

        def rev(p: int) -> int:
            a, b = divmod(p, N)
            return b * N + a

        leaves = self._leaves

        def assign_label(w: int, t: int, p: int) -> None:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            touched.add(w)
            touched.add(b)
            tops.add(b)
            r = w if p == -1 else rootof[p % N]
            lv = leaves(b)
            for x in lv:
                rootof[x] = r
            members.setdefault(r, []).extend(lv)
            if t == 1:
                queue.extend(lv)
            else:
                base = blossombase[b]
                assign_label(mate[base] % N, 1, rev(mate[base]))

        def scan_blossom(v: int, w: int) -> int:
            path = []
            base = -1
            while v != -1 or w != -1:
                b = inblossom[v]
                if label[b] & 4:
                    base = blossombase[b]
                    break
                path.append(b)
                label[b] = 5
                if labelend[b] == -1:
                    v = -1
                else:
                    v = labelend[b] % N
                    b = inblossom[v]
                    v = labelend[b] % N
                if w != -1:
                    v, w = w, v
            for b in path:
                label[b] = 1
            return base

        def add_blossom(base: int, v: int, w: int) -> None:
            v0, w0 = v, w
            bb = inblossom[base]
            bv = inblossom[v]
            bw = inblossom[w]
            b = unusedblossoms.pop()
            blossombase[b] = base
            blossomparent[b] = -1
            blossomparent[bb] = b
            path: list[int] = []
            endps: list[int] = []
            blossomchilds[b] = path
            blossomendps[b] = endps
            while bv != bb:
                blossomparent[bv] = b
                path.append(bv)
                endps.append(labelend[bv])
                v = labelend[bv] % N
                bv = inblossom[v]
            path.append(bb)
            path.reverse()
            endps.reverse()
            endps.append(w0 * N + v0)
            while bw != bb:
                blossomparent[bw] = b
                path.append(bw)
                endps.append(rev(labelend[bw]))
                w = labelend[bw] % N
                bw = inblossom[w]
            label[b] = 1
            labelend[b] = labelend[bb]
            dualvar[b] = 0
            touched.add(b)
            tops.add(b)
            for x in leaves(b):
                if label[inblossom[x]] == 2:
                    queue.append(x)
                inblossom[x] = b
            bestedgeto: dict[int, int] = {}
            bestslack: dict[int, int] = {}
            for sub in path:
                pre = blossombestedges[sub]
                if pre is None:
                    for i in leaves(sub):
                        di = dualvar[i]
                        # window mode: a group vertex's unscanned edges to the rest are
                        # covered by its bound (see the delta step), so its row inside the
                        # group is enough
                        row = W[i] if win is None or not win[i] or i in full else near[i]
                        for j, w2 in row.items():
                            bj = inblossom[j]
                            if bj != b and label[bj] == 1:
                                sl = di + dualvar[j] - w2
                                old = bestslack.get(bj)
                                if old is None or sl < old:
                                    bestslack[bj] = sl
                                    bestedgeto[bj] = i * N + j
                else:
                    for p in pre:
                        i, j = divmod(p, N)
                        if inblossom[j] == b:
                            i, j = j, i
                            p = i * N + j
                        bj = inblossom[j]
                        if bj != b and label[bj] == 1:
                            sl = dualvar[i] + dualvar[j] - W[i][j]
                            old = bestslack.get(bj)
                            if old is None or sl < old:
                                bestslack[bj] = sl
                                bestedgeto[bj] = p
                blossombestedges[sub] = None
                bestedge[sub] = -1
            best = [bestedgeto[k] for k in sorted(bestedgeto)]
            blossombestedges[b] = best
            bestedge[b] = -1
            for k in sorted(bestedgeto):
                if bestedge[b] == -1 or bestslack[k] < bslack[b]:
                    bestedge[b] = bestedgeto[k]
                    bslack[b] = bestslack[k]

        def flip(p: int, t: int) -> int:
            return rev(p) if t else p

        def expand_blossom(b: int, endstage: bool) -> None:
            childs = blossomchilds[b]
            for s in childs:  # type: ignore[union-attr]
                blossomparent[s] = -1
                if s < n:
                    inblossom[s] = s
                elif endstage and dualvar[s] == 0:
                    expand_blossom(s, endstage)
                else:
                    for x in leaves(s):
                        inblossom[x] = s
            if (not endstage) and label[b] == 2:
                entrychild = inblossom[rev(labelend[b]) % N]
                j = childs.index(entrychild)  # type: ignore[union-attr]
                endps = blossomendps[b]
                if j & 1:
                    j -= len(childs)  # type: ignore[arg-type]
                    jstep = 1
                    endptrick = 0
                else:
                    jstep = -1
                    endptrick = 1
                p = labelend[b]
                while j != 0:
                    label[rev(p) % N] = 0
                    label[flip(endps[j - endptrick], endptrick ^ 1) % N] = 0  # type: ignore[index]
                    assign_label(rev(p) % N, 2, p)
                    j += jstep
                    p = flip(endps[j - endptrick], endptrick)  # type: ignore[index]
                    j += jstep
                bv = childs[j]  # type: ignore[index]
                label[rev(p) % N] = label[bv] = 2
                labelend[rev(p) % N] = labelend[bv] = p
                bestedge[bv] = -1
                touched.add(rev(p) % N)
                touched.add(bv)
                tops.add(bv)
                j += jstep
                while childs[j] != entrychild:  # type: ignore[index]
                    bv = childs[j]  # type: ignore[index]
                    if label[bv] == 1:
                        j += jstep
                        continue
                    found = -1
                    for x in leaves(bv):
                        if label[x] != 0:
                            found = x
                            break
                    if found != -1:
                        label[found] = 0
                        label[mate[blossombase[bv]] % N] = 0
                        assign_label(found, 2, labelend[found])
                    j += jstep
            label[b] = labelend[b] = -1
            touched.add(b)
            blossomchilds[b] = blossomendps[b] = None
            blossombase[b] = -1
            blossombestedges[b] = None
            bestedge[b] = -1
            dualvar[b] = 0
            leafcache.pop(b, None)
            unusedblossoms.append(b)

        def augment_blossom(b: int, v: int) -> None:
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if t >= n:
                augment_blossom(t, v)
            childs = blossomchilds[b]
            endps = blossomendps[b]
            i = j = childs.index(t)  # type: ignore[union-attr]
            if i & 1:
                j -= len(childs)  # type: ignore[arg-type]
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            while j != 0:
                j += jstep
                t = childs[j]  # type: ignore[index]
                p = flip(endps[j - endptrick], endptrick)  # type: ignore[index]
                if t >= n:
                    augment_blossom(t, p % N)
                j += jstep
                t = childs[j]  # type: ignore[index]
                if t >= n:
                    augment_blossom(t, rev(p) % N)
                mate[p % N] = rev(p)
                mate[rev(p) % N] = p
            blossomchilds[b] = childs[i:] + childs[:i]  # type: ignore[index]
            blossomendps[b] = endps[i:] + endps[:i]  # type: ignore[index]
            blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

        def augment_path(s: int, p: int) -> None:
            """Give ``s`` the partner at endpoint ``p`` (-1: leave it exposed) and flip the
            alternating path from ``s`` up to its tree root."""
            while True:
                bs = inblossom[s]
                while blossomparent[bs] != -1:
                    bs = blossomparent[bs]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = labelend[bs] % N
                bt = inblossom[t]
                s = labelend[bt] % N
                j = rev(labelend[bt]) % N
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = rev(labelend[bt])

        exposed = [v for v in range(n) if alive[v] and mate[v] == -1]
        deferred = self.deferred
        win = self.window
        near = self.near
        farmin = self.farmin
        full: set[int] = set()
        """Group vertices whose whole row has been scanned (window mode)."""
        bdrop = 0
        """Window mode: how far any non-group dual may have fallen since ``farmin``."""

        outer_now: list[int] = []
        """During :func:`dissolve`: the outer vertices of the remaining trees."""

        def best_to_outer(i: int) -> tuple[int, int]:
            """Least-slack edge from vertex ``i`` to an outer vertex outside its blossom."""
            bi = inblossom[i]
            di = dualvar[i]
            best = -1
            bsl = 0
            wi = W[i]
            if 2 * len(outer_now) < len(wi):
                # few outer vertices left: look them up instead of scanning the whole row
                for j in outer_now:
                    w2 = wi.get(j)
                    if w2 is not None and inblossom[j] != bi:
                        sl = di + dualvar[j] - w2
                        if best == -1 or sl < bsl:
                            best = i * N + j
                            bsl = sl
                return best, bsl
            for j, w2 in wi.items():
                bj = inblossom[j]
                if bj != bi and label[bj] == 1:
                    sl = di + dualvar[j] - w2
                    if best == -1 or sl < bsl:
                        best = i * N + j
                        bsl = sl
            return best, bsl

        def dissolve(rs: set[int]) -> bool:
            """The trees rooted at ``rs`` have just augmented (or lost their root): unlabel
            them and repair what the remaining trees know about them, so that the stage can
            go on with the other trees instead of starting again.

            Why: a stage used to end at its first augmentation, and the next one re-grew every
            tree, i.e. one scan of the dense graph per matched pair.  What must be repaired:
            best edges (delta-2/3 candidates) that end in a dissolved tree, inner leaves
            reached from a dissolved tree, and the dissolved vertices' own edges to the
            remaining outer vertices (they are now unlabelled, delta-2 candidates).

            Returns False (and changes nothing) when the dissolved trees are larger than the
            remaining ones: re-growing the remaining trees in a new stage is then cheaper."""
            size = 0
            rest = 0
            for r, lst in members.items():
                if r in rs:
                    size += len(lst)
                else:
                    rest += len(lst)
            if size > rest:
                return False
            gone: list[int] = []
            for r in rs:
                for x in members.pop(r, ()):
                    if rootof[x] == r and not dead[x]:
                        dead[x] = 1
                        gone.append(x)
                        rootof[x] = -1
            for x in gone:
                b = inblossom[x]
                if (b >= n and blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                        and dualvar[b] == 0):
                    expand_blossom(b, True)
            for x in gone:
                b = x
                while b != -1:
                    label[b] = 0
                    labelend[b] = -1
                    bestedge[b] = -1
                    if b >= n:
                        blossombestedges[b] = None
                    b = blossomparent[b]
            kept = [x for x in queue if not dead[x]]
            queue.clear()
            queue.extend(kept)
            outer_now.clear()
            for b in sorted(tops):
                if blossomparent[b] == -1 and label[b] == 1 and (b < n or blossombase[b] >= 0):
                    outer_now.extend(leaves(b) if b >= n else (b,))
            for b in list(tops):
                if blossomparent[b] != -1 or label[b] != 1 or (b >= n and blossombase[b] < 0):
                    continue
                be = bestedge[b]
                if be == -1 or not dead[be % N]:
                    continue
                best = -1
                bsl = 0
                lst = blossombestedges[b] if b >= n else None
                if lst is not None:
                    keep = []
                    for p in lst:
                        i, j = divmod(p, N)
                        if dead[j]:
                            continue
                        keep.append(p)
                        bj = inblossom[j]
                        if bj != b and label[bj] == 1:
                            sl = dualvar[i] + dualvar[j] - W[i][j]
                            if best == -1 or sl < bsl:
                                best = p
                                bsl = sl
                    blossombestedges[b] = keep
                else:
                    for i in (leaves(b) if b >= n else (b,)):
                        e, sl = best_to_outer(i)
                        if e != -1 and (best == -1 or sl < bsl):
                            best = e
                            bsl = sl
                bestedge[b] = best
                bslack[b] = bsl
            for v in list(freebest):
                be = bestedge[v]
                if be != -1 and dead[be % N]:
                    e, sl = best_to_outer(v)
                    if e == -1:
                        bestedge[v] = -1
                        freebest.discard(v)
                    else:
                        bestedge[v] = v * N + (e % N)
                        bslack[v] = sl
            for w in list(touched):
                if (w < n and not dead[w] and label[w] == 2 and inblossom[w] != w
                        and labelend[w] != -1 and dead[labelend[w] % N]):
                    label[w] = 0
                    labelend[w] = -1
                    e, sl = best_to_outer(w)
                    if e != -1:
                        if sl <= 0:
                            label[w] = 2
                            labelend[w] = e
                        else:
                            bestedge[w] = e
                            bslack[w] = sl
                            freebest.add(w)
            for x in gone:
                dead[x] = 0
            for x in gone:
                e, sl = best_to_outer(x)
                if e != -1:
                    bestedge[x] = e
                    bslack[x] = sl
                    freebest.add(x)
                    touched.add(x)

        def clean() -> None:
            touched.update(tops)
            for i in touched:
                label[i] = 0
                labelend[i] = -1
                bestedge[i] = -1
                if i >= n:
                    blossombestedges[i] = None
            touched.clear()
            tops.clear()
            freebest.clear()

        moved = False
        while True:
            clean()
            queue.clear()
            if moved:
                # the last stage changed duals: new tight paths are found in one pass
                self._augment_tight()
                moved = False
            roots = 0
            exposed = [v for v in exposed if mate[v] == -1]
            for v in exposed:
                if label[inblossom[v]] == 0 and dualvar[v] > 0 and v not in deferred:
                    assign_label(v, 1, -1)
                    roots += 1
            if not roots:
                if not deferred:
                    return
                deferred.clear()
                continue
            done = False
            while not done:
                while queue and not done:
                    v = queue.popleft()
                    bv_ = inblossom[v]
                    dv = dualvar[v]
                    row = W[v] if win is None or not win[v] or v in full else near[v]
                    for w, w2 in row.items():
                        bw_ = inblossom[w]
                        if bv_ == bw_:
                            continue
                        kslack = dv + dualvar[w] - w2
                        # An edge scanned from an outer vertex never loses tightness within a
                        # stage (delta steps only lower its slack), so no "allowed" flags are
                        # needed: an edge is usable exactly when its slack is <= 0.
                        if kslack <= 0:
                            p = v * N + w
                            lw = label[bw_]
                            if lw == 0:
                                if mate[blossombase[bw_]] == -1:
                                    # exposed vertex with zero dual: augmenting path
                                    r1 = rootof[v]
                                    augment_path(v, p)
                                    augment_path(w, rev(p))
                                    done = not dissolve({r1})
                                    break
                                assign_label(w, 2, rev(p))
                            elif lw == 1:
                                base = scan_blossom(v, w)
                                if base >= 0:
                                    add_blossom(base, v, w)
                                    bv_ = inblossom[v]
                                else:
                                    r1, r2 = rootof[v], rootof[w]
                                    augment_path(v, p)
                                    augment_path(w, rev(p))
                                    done = not dissolve({r1, r2})
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                labelend[w] = rev(p)
                                touched.add(w)
                        elif label[bw_] == 1:
                            if bestedge[bv_] == -1 or kslack < bslack[bv_]:
                                bestedge[bv_] = v * N + w
                                bslack[bv_] = kslack
                        elif label[w] == 0:
                            be = bestedge[w]
                            if be == -1:
                                touched.add(w)
                                freebest.add(w)
                                bestedge[w] = w * N + v
                                bslack[w] = kslack
                            elif kslack < bslack[w]:
                                bestedge[w] = w * N + v
                                bslack[w] = kslack
                if done:
                    break
                # dual adjustment
                deltatype = 1
                delta = None
                hit = -1
                live_tops = [b for b in sorted(tops)
                             if blossomparent[b] == -1 and (b < n or blossombase[b] >= 0)
                             and label[b] in (1, 2)]
                s_tops = [b for b in live_tops if label[b] == 1]
                if not s_tops:
                    break  # every tree of this stage has augmented
                t_tops = [b for b in live_tops if label[b] == 2]
                outer_other = False
                for b in s_tops:
                    for v in (leaves(b) if b >= n else (b,)):
                        if delta is None or dualvar[v] < delta or (dualvar[v] == delta and v < hit):
                            delta = dualvar[v]
                            hit = v
                        if win is not None and not win[v]:
                            outer_other = True
                deltaedge = -1
                deltablossom = -1
                if win is not None:
                    # unscanned edges group -> rest: slack >= dual + farmin - bdrop, falling
                    # by one delta per step (two if a vertex of the rest is outer as well)
                    for b in s_tops:
                        for v in (leaves(b) if b >= n else (b,)):
                            if win[v] and v not in full:
                                fm = farmin.get(v)
                                if fm is None:
                                    continue
                                d = dualvar[v] + fm - bdrop
                                if outer_other:
                                    d //= 2
                                if d < delta:
                                    delta = d
                                    deltatype = 5
                                    deltablossom = v
                free_now = [v for v in sorted(freebest)
                            if bestedge[v] != -1 and label[inblossom[v]] == 0]
                for v in free_now:
                    d = bslack[v]
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
                for b in s_tops:
                    be = bestedge[b]
                    if be != -1:
                        d = bslack[b] // 2
                        if d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = be
                for b in t_tops:
                    if b >= n and dualvar[b] < delta:
                        delta = dualvar[b]
                        deltatype = 4
                        deltablossom = b
                if delta:
                    moved = True
                    if outer_other:
                        bdrop += delta
                for b in s_tops:
                    if b >= n:
                        for v in leaves(b):
                            dualvar[v] -= delta
                        dualvar[b] += delta
                    else:
                        dualvar[b] -= delta
                    if bestedge[b] != -1:
                        bslack[b] -= 2 * delta
                for v in free_now:
                    bslack[v] -= delta
                for b in t_tops:
                    if b >= n:
                        for v in leaves(b):
                            dualvar[v] += delta
                        dualvar[b] -= delta
                    else:
                        dualvar[b] += delta
                if deltatype == 1:
                    r1 = rootof[hit]
                    if mate[hit] != -1:
                        augment_path(hit, -1)
                    done = not dissolve({r1})
                elif deltatype == 2:
                    i, j = divmod(deltaedge, N)
                    if label[inblossom[i]] == 0:
                        i, j = j, i
                    queue.append(i)
                elif deltatype == 3:
                    queue.append(deltaedge // N)
                elif deltatype == 5:
                    # an edge to the rest may be tight now: scan the whole row from here on
                    full.add(deltablossom)
                    queue.append(deltablossom)
                else:
                    expand_blossom(deltablossom, False)
            for b in sorted(tops):
                if (b >= n and blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                        and dualvar[b] == 0):
                    expand_blossom(b, True)
