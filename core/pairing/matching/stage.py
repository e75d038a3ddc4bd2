"""The primal-dual stages of the incremental matcher (:mod:`.incremental`): alternating trees
grown from the exposed vertices with a positive dual, blossoms shrunk and expanded, dual steps.

Why a class of its own: one solve's bookkeeping (labels touched, trees, best edges, the window
bound) lives exactly as long as the solve; the matcher keeps only what survives it (matching,
duals, blossoms).  The scheme is Galil's (1986) with the generalisations of a warm start
described in :mod:`.incremental`.  Each stage ends at its first augmentation (or when a root's
dual reaches 0); the next one regrows the remaining trees.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.pairing.matching.incremental import IncrementalMatcher

OUTER, INNER = 1, 2
"""Labels of a top-level blossom (or singleton) in a tree; 0 = unlabelled, 5 = on the path of
:meth:`Stage.scan_blossom` (bit 4)."""


def tree_pair(a: int, b: int) -> tuple[int, ...]:
    """The roots of the two trees an augmenting path joins, ascending (one if the same).

    Why a tuple in a fixed order: :meth:`Stage.after_augment` expands blossoms tree by tree,
    and that order numbers later blossoms; a set's order would be CPython's hashing detail,
    which the compiled matcher (``_native.c``) could not follow."""
    return (a,) if a == b else ((a, b) if a < b else (b, a))


class Delta:
    """The dual step of a stage: its size and what it makes happen (Galil's types 1–4, plus 5:
    an unscanned edge of the window may become tight)."""

    __slots__ = ("blossom", "edge", "hit", "kind", "value")

    def __init__(self, value: int, hit: int) -> None:
        self.kind = 1
        self.value = value
        self.hit = hit
        self.edge = -1
        self.blossom = -1

    def offer(self, kind: int, value: int, edge: int = -1, blossom: int = -1) -> None:
        """Take this candidate if it is strictly smaller (ties keep the earlier one)."""
        if value < self.value:
            self.kind = kind
            self.value = value
            self.edge = edge
            self.blossom = blossom


class Stage:
    """One solve's stages over the matcher ``m`` (its arrays are shared, not copied)."""

    __slots__ = (
        "N",
        "W",
        "bdrop",
        "bestedge",
        "blossombase",
        "blossombestedges",
        "blossomchilds",
        "blossomendps",
        "blossomparent",
        "bslack",
        "deferred",
        "dualvar",
        "exposed",
        "farmin",
        "freebest",
        "full",
        "inblossom",
        "incomplete",
        "label",
        "labelend",
        "m",
        "mate",
        "members",
        "moved",
        "n",
        "near",
        "queue",
        "rootof",
        "tops",
        "touched",
        "win",
    )

    def __init__(self, m: IncrementalMatcher) -> None:
        n = m.n
        self.m = m
        self.n = n
        self.N = m.N
        self.W = m.W
        self.mate = m.mate
        self.label = m.label
        self.labelend = m.labelend
        self.inblossom = m.inblossom
        self.blossomparent = m.blossomparent
        self.blossomchilds = m.blossomchilds
        self.blossombase = m.blossombase
        self.blossomendps = m.blossomendps
        self.bestedge = m.bestedge
        self.blossombestedges = m.blossombestedges
        self.dualvar = m.dualvar
        self.queue: deque[int] = deque()
        """Outer vertices to scan, first in first out: the trees grow side by side, so they
        meet (augment) while small instead of one tree swallowing the whole tight graph."""
        self.touched: set[int] = set()
        """Indices whose label/labelend/bestedge changed in this stage (reset at its end)."""
        self.tops: set[int] = set()
        """Top-level blossoms/vertices that received a label in this stage."""
        self.freebest: set[int] = set()
        """Unlabelled vertices that received a best edge (type-2 candidates)."""
        self.incomplete: set[int] = set()
        """Outer blossoms whose best edge may be missing (see :meth:`merge_best_edges`)."""
        self.bslack = [0] * (2 * n)
        """Slack of ``bestedge[x]`` at the current duals (kept up to date by dual steps)."""
        self.rootof = [-1] * n
        """Per vertex: the root of the tree it was last labelled in (this stage)."""
        self.members: dict[int, list[int]] = {}
        """Per root: the vertices labelled in its tree (may hold stale entries, see rootof)."""
        self.exposed = [v for v in range(n) if m.alive[v] and m.mate[v] == -1]
        self.deferred = m.deferred
        self.win = m.window
        self.near = m.near
        self.farmin = m.farmin
        self.full: set[int] = set()
        """Window mode: group vertices whose whole row has been scanned."""
        self.bdrop = 0
        """Window mode: how far any non-group dual may have fallen since ``farmin``."""
        self.moved = False
        """The last stage changed duals (then new tight paths are looked for first)."""

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """Stages until no root is left: then the matching is optimal."""
        while True:
            if not self.start():
                if not self.deferred:
                    return
                self.deferred.clear()
                continue
            self.grow()
            self.expand_zero_outer()

    def start(self) -> int:
        """Begin a stage: clear the last one's labels, label the roots; how many."""
        self.clean()
        self.queue.clear()
        if self.moved:
            self.m._augment_tight()
            self.moved = False
        mate, label, inblossom, dualvar = self.mate, self.label, self.inblossom, self.dualvar
        deferred = self.deferred
        roots = 0
        self.exposed = exposed = [v for v in self.exposed if mate[v] == -1]
        for v in exposed:
            if label[inblossom[v]] == 0 and dualvar[v] > 0 and v not in deferred:
                self.assign_label(v, OUTER, -1)
                roots += 1
        return roots

    def grow(self) -> None:
        """Scan and step duals until the stage augments or has no outer vertex left."""
        while True:
            queue = self.queue
            while queue:
                if self.scan(queue.popleft()):
                    return
            if self.dual_step():
                return

    def clean(self) -> None:
        touched, label, labelend, bestedge = self.touched, self.label, self.labelend, self.bestedge
        touched.update(self.tops)
        n = self.n
        for i in touched:
            label[i] = 0
            labelend[i] = -1
            bestedge[i] = -1
            if i >= n:
                self.blossombestedges[i] = None
        touched.clear()
        self.tops.clear()
        self.freebest.clear()
        self.incomplete.clear()

    def expand_zero_outer(self) -> None:
        """End of stage: outer blossoms whose dual is 0 are expanded (Galil)."""
        n = self.n
        for b in sorted(self.tops):
            if (b >= n and self.blossomparent[b] == -1 and self.blossombase[b] >= 0
                    and self.label[b] == OUTER and self.dualvar[b] == 0):
                self.expand_blossom(b, True)

    # ------------------------------------------------------------------ scanning
    def row(self, v: int) -> dict[int, int]:
        """The edges ``v`` scans: in window mode a group vertex sees only the group."""
        win = self.win
        if win is None or not win[v] or v in self.full:
            return self.W[v]
        return self.near[v]

    def scan(self, v: int) -> bool:
        """Scan the edges of outer vertex ``v``; True if the stage augmented."""
        inblossom, dualvar, label, N = self.inblossom, self.dualvar, self.label, self.N
        bestedge, bslack = self.bestedge, self.bslack
        bv_ = inblossom[v]
        dv = dualvar[v]
        for w, w2 in self.row(v).items():
            bw_ = inblossom[w]
            if bv_ == bw_:
                continue
            if label[bw_] == INNER and label[w]:
                continue  # an inner vertex already reached: nothing to learn from this edge
            kslack = dv + dualvar[w] - w2
            # An edge scanned from an outer vertex never loses tightness within a stage
            # (dual steps only lower its slack), so no "allowed" flags are needed: an edge
            # is usable exactly when its slack is <= 0.
            if kslack <= 0:
                p = v * N + w
                lw = label[bw_]
                if lw == 0:
                    if self.mate[self.blossombase[bw_]] == -1:
                        # exposed vertex with zero dual: augmenting path
                        self.augment_edge(v, w, p, (self.rootof[v],))
                        return True
                    self.assign_label(w, INNER, self.rev(p))
                elif lw == OUTER:
                    base = self.scan_blossom(v, w)
                    if base >= 0:
                        self.add_blossom(base, v, w)
                        bv_ = inblossom[v]
                    else:
                        self.augment_edge(v, w, p, tree_pair(self.rootof[v], self.rootof[w]))
                        return True
                elif label[w] == 0:
                    label[w] = INNER
                    self.labelend[w] = self.rev(p)
                    self.touched.add(w)
            elif label[bw_] == OUTER:
                if bestedge[bv_] == -1 or kslack < bslack[bv_]:
                    bestedge[bv_] = v * N + w
                    bslack[bv_] = kslack
            elif label[w] == 0:
                be = bestedge[w]
                if be == -1:
                    self.touched.add(w)
                    self.freebest.add(w)
                    bestedge[w] = w * N + v
                    bslack[w] = kslack
                elif kslack < bslack[w]:
                    bestedge[w] = w * N + v
                    bslack[w] = kslack
        return False

    def rev(self, p: int) -> int:
        """The reverse of directed edge ``p`` (``a*N+b`` → ``b*N+a``)."""
        a, b = divmod(p, self.N)
        return b * self.N + a

    def assign_label(self, w: int, t: int, p: int) -> None:
        """Label ``w``'s top-level blossom ``t`` reached through endpoint ``p``; an inner
        blossom's mate becomes outer."""
        N, inblossom = self.N, self.inblossom
        while True:
            b = inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            self.touched.add(w)
            self.touched.add(b)
            self.tops.add(b)
            r = w if p == -1 else self.rootof[p % N]
            lv = self.m._leaves(b)
            rootof = self.rootof
            for x in lv:
                rootof[x] = r
            self.members.setdefault(r, []).extend(lv)
            if t == OUTER:
                self.queue.extend(lv)
                return
            mb = self.mate[self.blossombase[b]]
            w, t, p = mb % N, OUTER, self.rev(mb)

    # ------------------------------------------------------------------ augmenting
    def augment_edge(self, v: int, w: int, p: int, roots: tuple[int, ...]) -> None:
        """Augment through the tight edge ``p`` = v→w and end the stage."""
        self.augment_path(v, p)
        self.augment_path(w, self.rev(p))
        self.after_augment(roots)

    def after_augment(self, roots: tuple[int, ...]) -> None:
        """The trees of ``roots`` (distinct, ascending) have augmented: expand their zero-dual
        outer blossoms now, tree by tree in the order their vertices were labelled.  Why that order: blossom numbers are
        reused from a stack, and the order they are freed in decides later tie-breaks; this
        keeps the solutions identical to those the golden files were checked with.  (Not done
        when those trees are larger than the rest; then the end of the stage expands them.)"""
        size = rest = 0
        for r, lst in self.members.items():
            if r in roots:
                size += len(lst)
            else:
                rest += len(lst)
        if size > rest:
            return
        rootof, n = self.rootof, self.n
        gone: list[int] = []
        seen: set[int] = set()
        for r in roots:
            for x in self.members.get(r, ()):
                if rootof[x] == r and x not in seen:
                    seen.add(x)
                    gone.append(x)
        for x in gone:
            b = self.inblossom[x]
            if (b >= n and self.blossomparent[b] == -1 and self.blossombase[b] >= 0
                    and self.label[b] == OUTER and self.dualvar[b] == 0):
                self.expand_blossom(b, True)
        for x in gone:
            rootof[x] = -1
            b = x
            while b != -1:
                self.label[b] = 0
                b = self.blossomparent[b]

    def augment_path(self, s: int, p: int) -> None:
        """Give ``s`` the partner at endpoint ``p`` (-1: leave it exposed) and flip the
        alternating path from ``s`` up to its tree root."""
        N, n = self.N, self.n
        inblossom, blossomparent, labelend, mate = (self.inblossom, self.blossomparent,
                                                    self.labelend, self.mate)
        while True:
            bs = inblossom[s]
            while blossomparent[bs] != -1:
                bs = blossomparent[bs]
            if bs >= n:
                self.augment_blossom(bs, s)
            mate[s] = p
            if labelend[bs] == -1:
                break
            t = labelend[bs] % N
            bt = inblossom[t]
            s = labelend[bt] % N
            j = self.rev(labelend[bt]) % N
            if bt >= n:
                self.augment_blossom(bt, j)
            mate[j] = labelend[bt]
            p = self.rev(labelend[bt])

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges along the even path from ``v`` to the base of
        blossom ``b``; ``v`` becomes its base."""
        n, N, mate = self.n, self.N, self.mate
        t = v
        while self.blossomparent[t] != b:
            t = self.blossomparent[t]
        if t >= n:
            self.augment_blossom(t, v)
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick]
            if endptrick:
                p = self.rev(p)
            if t >= n:
                self.augment_blossom(t, p % N)
            j += jstep
            t = childs[j]
            if t >= n:
                self.augment_blossom(t, self.rev(p) % N)
            mate[p % N] = self.rev(p)
            mate[self.rev(p) % N] = p
        self.blossomchilds[b] = childs = childs[i:] + childs[:i]
        self.blossomendps[b] = endps[i:] + endps[:i]
        self.blossombase[b] = self.blossombase[childs[0]]

    # ------------------------------------------------------------------ blossoms
    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from outer ``v`` and ``w``: the base of the new blossom, or -1 when
        their trees differ (an augmenting path)."""
        inblossom, label, labelend, N = self.inblossom, self.label, self.labelend, self.N
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = self.blossombase[b]
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

    def add_blossom(self, base: int, v: int, w: int) -> None:
        """Shrink the odd cycle through edge v–w and the tree paths to ``base``."""
        N, inblossom, labelend, parent = self.N, self.inblossom, self.labelend, self.blossomparent
        v0, w0 = v, w
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.m.unusedblossoms.pop()
        self.blossombase[b] = base
        parent[b] = -1
        parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        while bv != bb:
            parent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = labelend[bv] % N
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(w0 * N + v0)
        while bw != bb:
            parent[bw] = b
            path.append(bw)
            endps.append(self.rev(labelend[bw]))
            w = labelend[bw] % N
            bw = inblossom[w]
        self.label[b] = OUTER
        labelend[b] = labelend[bb]
        self.dualvar[b] = 0
        self.touched.add(b)
        self.tops.add(b)
        for x in self.m._leaves(b):
            if self.label[inblossom[x]] == INNER:
                self.queue.append(x)
            inblossom[x] = b
        self.merge_best_edges(b, path)

    def merge_best_edges(self, b: int, path: list[int]) -> None:
        """The new blossom ``b``'s least-slack edge to another outer blossom: the least of
        its outer sub-blossoms' (inner ones are queued, their scans record into ``b``).

        Why not Galil's per-target lists: building them rescans every leaf's row at every
        shrink, and the trees of a dense, fully tight field shrink hundreds of blossoms per
        solve.  When a sub-blossom's best edge has become internal, its next best is unknown:
        ``b`` is then marked ``incomplete`` and its best edge recomputed from its rows only if
        a dual step needs it (:meth:`complete_best_edges`)."""
        N, inblossom, bestedge, bslack = self.N, self.inblossom, self.bestedge, self.bslack
        incomplete = self.incomplete
        best = -1
        bsl = 0
        lost = False
        for sub in path:
            if sub in incomplete:
                incomplete.discard(sub)
                lost = True
            e = bestedge[sub]
            if e != -1:
                if inblossom[e % N] == b:
                    lost = True
                elif best == -1 or bslack[sub] < bsl:
                    best = e
                    bsl = bslack[sub]
            self.blossombestedges[sub] = None
            bestedge[sub] = -1
        bestedge[b] = best
        bslack[b] = bsl
        if lost:
            incomplete.add(b)

    def complete_best_edges(self, b: int) -> None:
        """Recompute outer blossom ``b``'s least-slack edge to another outer blossom from
        its leaves' rows (see :meth:`merge_best_edges`)."""
        N, inblossom, label, dualvar = self.N, self.inblossom, self.label, self.dualvar
        best = -1
        bsl = 0
        for i in self.m._leaves(b):
            di = dualvar[i]
            for j, w2 in self.row(i).items():
                bj = inblossom[j]
                if bj != b and label[bj] == OUTER:
                    sl = di + dualvar[j] - w2
                    if best == -1 or sl < bsl:
                        best = i * N + j
                        bsl = sl
        self.bestedge[b] = best
        self.bslack[b] = bsl
        self.incomplete.discard(b)

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Dissolve blossom ``b`` into its sub-blossoms (recursively those with dual 0 at the
        end of a stage); an inner blossom expanded by a dual step relabels its even path."""
        n, inblossom, dualvar = self.n, self.inblossom, self.dualvar
        childs = self.blossomchilds[b]
        assert childs is not None
        for s in childs:
            self.blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for x in self.m._leaves(s):
                    inblossom[x] = s
        if (not endstage) and self.label[b] == INNER:
            self.relabel_expanded(b, childs)
        self.label[b] = self.labelend[b] = -1
        self.touched.add(b)
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        dualvar[b] = 0
        self.m.leafcache.pop(b, None)
        self.m.unusedblossoms.append(b)

    def relabel_expanded(self, b: int, childs: list[int]) -> None:
        """Inner blossom ``b`` is expanded: its sub-blossoms on the even path from the entry
        child to the base become inner/outer; the others unlabelled or inner if reached."""
        N, label, labelend = self.N, self.label, self.labelend
        rev = self.rev
        entrychild = self.inblossom[rev(labelend[b]) % N]
        j = childs.index(entrychild)
        endps = self.blossomendps[b]
        assert endps is not None
        if j & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        p = labelend[b]
        while j != 0:
            label[rev(p) % N] = 0
            q = endps[j - endptrick]
            label[(q if endptrick else rev(q)) % N] = 0
            self.assign_label(rev(p) % N, INNER, p)
            j += jstep
            q = endps[j - endptrick]
            p = rev(q) if endptrick else q
            j += jstep
        bv = childs[j]
        label[rev(p) % N] = label[bv] = INNER
        labelend[rev(p) % N] = labelend[bv] = p
        self.bestedge[bv] = -1
        self.touched.add(rev(p) % N)
        self.touched.add(bv)
        self.tops.add(bv)
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == OUTER:
                j += jstep
                continue
            found = next((x for x in self.m._leaves(bv) if label[x] != 0), -1)
            if found != -1:
                label[found] = 0
                label[self.mate[self.blossombase[bv]] % N] = 0
                self.assign_label(found, INNER, labelend[found])
            j += jstep

    # ------------------------------------------------------------------ dual step
    def dual_step(self) -> bool:
        """Change the duals by the largest step that keeps them feasible, then act on what
        became tight; True if the stage is over."""
        s_tops, t_tops = self.live_tops()
        if not s_tops:
            return True  # every tree of this stage has augmented
        delta, outer_other = self.least_outer_dual(s_tops)
        if self.win is not None:
            self.offer_window(delta, s_tops, outer_other)
        free_now = self.offer_edges(delta, s_tops, t_tops)
        if delta.value:
            self.moved = True
            if outer_other:
                self.bdrop += delta.value
        self.apply(delta.value, s_tops, t_tops, free_now)
        return self.act(delta)

    def live_tops(self) -> tuple[list[int], list[int]]:
        """The labelled top-level blossoms of this stage: outer ones, inner ones."""
        n, parent, base, label = self.n, self.blossomparent, self.blossombase, self.label
        live = [b for b in sorted(self.tops)
                if parent[b] == -1 and (b < n or base[b] >= 0) and label[b] in (OUTER, INNER)]
        return [b for b in live if label[b] == OUTER], [b for b in live if label[b] == INNER]

    def least_outer_dual(self, s_tops: list[int]) -> tuple[Delta, bool]:
        """Type 1 (an outer vertex's dual reaches 0), and whether an outer vertex lies
        outside the window's group."""
        n, dualvar, win, leaves = self.n, self.dualvar, self.win, self.m._leaves
        delta: int | None = None
        hit = -1
        outer_other = False
        for b in s_tops:
            for v in (leaves(b) if b >= n else (b,)):
                if delta is None or dualvar[v] < delta or (dualvar[v] == delta and v < hit):
                    delta = dualvar[v]
                    hit = v
                if win is not None and not win[v]:
                    outer_other = True
        assert delta is not None
        return Delta(delta, hit), outer_other

    def offer_window(self, delta: Delta, s_tops: list[int], outer_other: bool) -> None:
        """Type 5: unscanned edges group → rest have slack ≥ dual + farmin − bdrop, falling
        by one step per step (two if a vertex of the rest is outer as well)."""
        n, win, full, farmin, dualvar = self.n, self.win, self.full, self.farmin, self.dualvar
        assert win is not None
        for b in s_tops:
            for v in (self.m._leaves(b) if b >= n else (b,)):
                if win[v] and v not in full:
                    fm = farmin.get(v)
                    if fm is None:
                        continue
                    d = dualvar[v] + fm - self.bdrop
                    if outer_other:
                        d //= 2
                    delta.offer(5, d, blossom=v)

    def offer_edges(self, delta: Delta, s_tops: list[int], t_tops: list[int]) -> list[int]:
        """Types 2 (outer–free edge), 3 (outer–outer edge), 4 (inner blossom dual reaches 0);
        returns the free vertices with a best edge (their slacks move with the step)."""
        n, bestedge, bslack, label, inblossom = (self.n, self.bestedge, self.bslack, self.label,
                                                 self.inblossom)
        free_now = [v for v in sorted(self.freebest)
                    if bestedge[v] != -1 and label[inblossom[v]] == 0]
        for v in free_now:
            delta.offer(2, bslack[v], edge=bestedge[v])
        incomplete = self.incomplete
        for b in s_tops:
            if b in incomplete:
                self.complete_best_edges(b)
            if bestedge[b] != -1:
                delta.offer(3, bslack[b] // 2, edge=bestedge[b])
        dualvar = self.dualvar
        for b in t_tops:
            if b >= n:
                delta.offer(4, dualvar[b], blossom=b)
        return free_now

    def apply(self, d: int, s_tops: list[int], t_tops: list[int], free_now: list[int]) -> None:
        """Outer vertices −d, inner +d (blossom duals the other way); slacks follow."""
        n, dualvar, leaves, bestedge, bslack = (self.n, self.dualvar, self.m._leaves,
                                                self.bestedge, self.bslack)
        for b in s_tops:
            if b >= n:
                for v in leaves(b):
                    dualvar[v] -= d
                dualvar[b] += d
            else:
                dualvar[b] -= d
            if bestedge[b] != -1:
                bslack[b] -= 2 * d
        for v in free_now:
            bslack[v] -= d
        for b in t_tops:
            if b >= n:
                for v in leaves(b):
                    dualvar[v] += d
                dualvar[b] -= d
            else:
                dualvar[b] += d

    def act(self, delta: Delta) -> bool:
        """What the step made tight: scan it, expand a blossom, or (type 1) flip the path so
        the zero-dual vertex is exposed; True if the stage is over."""
        kind = delta.kind
        if kind == 1:
            hit = delta.hit
            root = self.rootof[hit]
            if self.mate[hit] != -1:
                self.augment_path(hit, -1)
            self.after_augment((root,))
            return True
        if kind == 2:
            i, j = divmod(delta.edge, self.N)
            if self.label[self.inblossom[i]] == 0:
                i = j
            self.queue.append(i)
        elif kind == 3:
            self.queue.append(delta.edge // self.N)
        elif kind == 5:
            # an edge to the rest may be tight now: scan the whole row from here on
            self.full.add(delta.blossom)
            self.queue.append(delta.blossom)
        else:
            self.expand_blossom(delta.blossom, False)
        return False
