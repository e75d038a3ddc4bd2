"""Test oracle: maximum-weight matching from scratch (Edmonds' blossom algorithm, primal-dual).

Kept only to check the engines' matcher (:mod:`core.pairing.matching.incremental`) in
``tests/test_dutch_matching.py``; itself checked there against brute force.

Why our own: the Dutch engine encodes every FIDE criterion into one integer edge weight
(Python ints are unbounded, so hundreds of bits are fine) and needs an exact optimum; a float
based or approximate matcher would silently change pairings.  The implementation follows the
classic O(n^3) primal-dual scheme (Galil, "Efficient algorithms for finding maximum matching in
graphs", 1986): vertex duals are stored doubled so that integer weights give integer arithmetic.

Not maximum-cardinality: the engine makes cardinality part of the weight itself.
"""

from __future__ import annotations

from collections.abc import Sequence


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the partner of ``v`` or ``-1``; maximises total weight.

    ``edges`` are ``(i, j, w)`` with ``i != j`` and integer ``w > 0`` (zero-weight edges are
    useless for a maximum-weight matching and may be left out).
    """
    if not edges or n == 0:
        return [-1] * n
    nedge = len(edges)
    maxweight = 2 * max(0, max(w for _, _, w in edges))
    endpoint = [0] * (2 * nedge)
    neighbend: list[list[int]] = [[] for _ in range(n)]
    for k, (i, j, _w) in enumerate(edges):
        endpoint[2 * k] = i
        endpoint[2 * k + 1] = j
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)
    ew = [2 * w for _, _, w in edges]  # doubled: keeps every dual an exact integer
    ei = [i for i, _, _ in edges]
    ej = [j for _, j, _ in edges]

    mate = [-1] * n  # remote endpoint index, or -1
    label = [0] * (2 * n)
    labelend = [-1] * (2 * n)
    inblossom = list(range(n))
    blossomparent = [-1] * (2 * n)
    blossomchilds: list[list[int] | None] = [None] * (2 * n)
    blossombase = list(range(n)) + [-1] * n
    blossomendps: list[list[int] | None] = [None] * (2 * n)
    bestedge = [-1] * (2 * n)
    blossombestedges: list[list[int] | None] = [None] * (2 * n)
    unusedblossoms = list(range(n, 2 * n))
    dualvar = [maxweight] * n + [0] * n
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[ei[k]] + dualvar[ej[k]] - 2 * ew[k]

    def blossom_leaves(b: int):
        if b < n:
            yield b
        else:
            for t in blossomchilds[b]:  # type: ignore[union-attr]
                if t < n:
                    yield t
                else:
                    yield from blossom_leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(blossom_leaves(b))
        elif t == 2:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

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
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = ei[k], ej[k]
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
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for v in blossom_leaves(b):
            if label[inblossom[v]] == 2:
                queue.append(v)
            inblossom[v] = b
        bestedgeto = [-1] * (2 * n)
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p // 2 for p in neighbend[v]] for v in blossom_leaves(bv)]
            else:
                nblists = [blossombestedges[bv] or []]
            for nblist in nblists:
                for kk in nblist:
                    i, j = ei[kk], ej[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1 and (
                            bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj])):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        blossombestedges[b] = [kk for kk in bestedgeto if kk != -1]
        bestedge[b] = -1
        for kk in blossombestedges[b]:  # type: ignore[union-attr]
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def expand_blossom(b: int, endstage: bool) -> None:
        childs = blossomchilds[b]
        assert childs is not None
        for s in childs:
            blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for v in blossom_leaves(s):
                    inblossom[v] = s
        if (not endstage) and label[b] == 2:
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            endps = blossomendps[b]
            assert endps is not None
            if j & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in blossom_leaves(bv):
                    if label[v] != 0:
                        break
                else:
                    v = -1
                if v != -1 and label[v] != 0:
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= n:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        assert childs is not None and endps is not None
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= n:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= n:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        v, w = ei[k], ej[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(n):
        for i in range(2 * n):
            label[i] = 0
            bestedge[i] = -1
        for i in range(n, 2 * n):
            blossombestedges[i] = None
        for i in range(nedge):
            allowedge[i] = False
        queue.clear()
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                for p in neighbend[v]:
                    k = p // 2
                    w = endpoint[p]
                    if inblossom[v] == inblossom[w]:
                        continue
                    if not allowedge[k]:
                        kslack = slack(k)
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[inblossom[w]] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[inblossom[w]] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[inblossom[w]] == 1:
                        b = inblossom[v]
                        if bestedge[b] == -1 or kslack < slack(bestedge[b]):
                            bestedge[b] = k
                    elif label[w] == 0 and (bestedge[w] == -1 or kslack < slack(bestedge[w])):
                        bestedge[w] = k
            if augmented:
                break
            deltatype = -1
            delta = deltaedge = deltablossom = None
            # delta1: minimum vertex dual (max-weight, not max-cardinality)
            deltatype = 1
            delta = min(dualvar[:n])
            for v in range(n):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(2 * n):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d = kslack // 2
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(n, 2 * n):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and dualvar[b] < delta):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            for v in range(n):
                lab = label[inblossom[v]]
                if lab == 1:
                    dualvar[v] -= delta
                elif lab == 2:
                    dualvar[v] += delta
            for b in range(n, 2 * n):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                allowedge[deltaedge] = True  # type: ignore[index]
                i, j = ei[deltaedge], ej[deltaedge]  # type: ignore[index]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True  # type: ignore[index]
                queue.append(ei[deltaedge])  # type: ignore[index]
            elif deltatype == 4:
                expand_blossom(deltablossom, False)  # type: ignore[arg-type]
        if not augmented:
            break
        for b in range(n, 2 * n):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    return [endpoint[mate[v]] if mate[v] >= 0 else -1 for v in range(n)]
