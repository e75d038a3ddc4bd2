"""Lim Swiss system (FIDE C.04.4.3; 1987 text amended to 1999, re-issued editorially in 2026).

Why this shape: Lim is a procedure written for pairing cards, so the code follows the order in
which an arbiter works (Aktar pp. 27–41, Swiss Rules 1999 §9–13):

* scoregroups above the *median* (score = half the rounds played) are paired from the top
  down, those below it from the bottom up, the median group last (downwards);
* a player who cannot be paired in their group, or who is needed to make it even, *floats*
  to the neighbouring group in the direction of pairing (down above the median, up below);
  the pairing-allocated bye goes to the lowest player of the lowest group;
* incoming floaters are paired first (downward: highest score first, against the highest
  player with a fitting colour; upward: lowest score first, against the lowest such player);
  in the median group those from above come before those from below;
* the rest is paired top half against bottom half (1–n/2+1, 2–n/2+2 ...); rematches and
  colour clashes are fixed by exchanges, scrutinised from the top player downwards (from the
  bottom upwards below the median);
* the floater is chosen by its type (a–d, Art. 4.9: avoid a, then b, then c), not twice in
  a row, and so that White- and Black-seekers balance; with equal numbers the bottom player
  floats down (the top player floats up);
* if the median group is left with colour clashes, the group just below it (then just above
  it) is re-paired with another floater, as Aktar's worked example does in round 2;
* colour limits (no colour three times running, no difference of 3) are absolute, except in
  the last round (Art. 7), where pairing equal scores comes first.

Option ``Tournament.options["lim_maxi"]`` (``True`` / ``False`` / ``"auto"``: more than 2×rounds
players, Swiss Rules 1999): the Maxi-tournament 100-point rule for floaters and exchanges.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from core.errors import PairingImpossible
from core.i18n import _
from core.model import Colour, Tournament
from core.pairing.base import PairOptions, RoundPairing
from core.pairing.matching import max_matching
from core.pairing.swiss.context import Context, perfect_possible
from core.pairing.swiss.output import build_round
from core.pairing.swiss.state import Float, PlayerState

DFS_BUDGET = 3000
CHOICE_BUDGET = 400
REPAIR_BUDGET = 24
BREACH = 10 ** 6
"""Cost of a last-round pair that must break the colour limits (above any count of clashes)."""


def _colours_after(st: PlayerState, colour: Colour) -> tuple[int, bool]:
    seq = list(st.colours) + [colour]
    w = sum(1 for c in seq if c is Colour.WHITE)
    three = len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3]
    return 2 * w - len(seq), three


def colour_ok(st: PlayerState, colour: Colour) -> bool:
    """Lim 6.1: never the same colour three times running, never a difference of three."""
    diff, three = _colours_after(st, colour)
    return abs(diff) < 3 and not three


@dataclass
class Outcome:
    pairs: list[tuple[int, int]]
    out: list[int]
    bye: int | None = None
    clashes: int = 0
    key: tuple = ()


@dataclass
class LimRound:
    t: Tournament
    ctx: Context
    options: PairOptions
    maxi: bool = False
    median: Fraction = Fraction(0)
    notes: list[str] = field(default_factory=list)

    # -- basics -------------------------------------------------------------------------
    def st(self, p: int) -> PlayerState:
        return self.ctx.states[p]

    def tpn(self, p: int) -> int:
        return self.ctx.tpn(p)

    def due(self, p: int) -> Colour:
        s = self.st(p)
        return s.preference if s.played_games else Colour.NONE

    def rating(self, p: int) -> int:
        return self.t.player(p).rating

    def ok(self, p: int) -> tuple[bool, bool]:
        """(may get White, may get Black) under Art. 6.1, cached per round."""
        cache = self.__dict__.setdefault("_ok", {})
        v = cache.get(p)
        if v is None:
            s = self.st(p)
            v = cache[p] = (colour_ok(s, Colour.WHITE), colour_ok(s, Colour.BLACK))
        return v

    def compatible(self, a: int, b: int) -> bool:
        """Art. 3.1: not met before, and some colour allocation respects 6.1 for both
        (ignored in the last round, Art. 7).  Memoised per round."""
        cache = self.__dict__.setdefault("_compat", {})
        key = (a, b) if a < b else (b, a)
        v = cache.get(key)
        if v is None:
            if a == b or self.ctx.met(a, b):
                v = False
            elif self.ctx.last_round:
                v = True
            else:
                wa, ba = self.ok(a)
                wb, bb = self.ok(b)
                v = (wa and bb) or (ba and wb)
            cache[key] = v
        return v

    def quick_rest(self, order: list[int], half: int) -> list[tuple[int, int]] | None:
        """Exchange order walked with an exact oracle when the fewest clashes the numbers of
        White/Black-seekers allow is reachable: a perfect matching of the restricted graph G'
        (only pairs that keep that minimum) exists for what is left (see the notes)."""
        due = {p: self.due(p) for p in order}
        w = sum(1 for p in order if due[p] is Colour.WHITE)
        b = sum(1 for p in order if due[p] is Colour.BLACK)
        x_col = Colour.WHITE if w >= b else Colour.BLACK
        excess = max(w, b) - min(w, b) - (len(order) - w - b)

        def good0(p: int, q: int) -> bool:
            if not self.compatible(p, q) or self.breach(p, q):
                return False
            cp, cq = due[p], due[q]
            if excess >= 0:
                return cp is x_col or cq is x_col
            return cp is Colour.NONE or cq is Colour.NONE or cp is not cq

        nb = {p: {q for q in order if q != p and good0(p, q)} for p in order}

        def good(p: int, q: int) -> bool:
            return q in nb[p]

        mate: dict[int, int] = {order[i]: order[i + half] for i in range(half)}
        mate.update({v: k for k, v in list(mate.items())})

        def perfect(free: list[int]) -> bool:
            nonlocal mate
            if len(free) % 2:
                return False
            if not free:
                return True
            m = max_matching(free, good, hint=mate)
            if len(m) == len(free):
                mate = m
                return True
            return False

        if not perfect(order):
            return None
        pos = {p: i for i, p in enumerate(order)}
        free = list(order)
        pairs: list[tuple[int, int]] = []
        while free:
            a, rest = free[0], free[1:]
            s2 = [p for p in rest if pos[p] >= half]
            s1 = [p for p in rest if pos[p] < half]
            for q in s2 + list(reversed(s1)):
                if good(a, q):
                    rem = [x for x in rest if x != q]
                    if mate.get(a) == q or perfect(rem):
                        pairs.append((a, q))
                        free = rem
                        break
            else:
                return None
        return pairs

    def breach(self, a: int, b: int) -> bool:
        """Last round only (Art. 7): no allocation keeps both players within the limits of
        6.1 (the pair is allowed then, since equal scores come first, but avoided if possible)."""
        if not self.ctx.last_round:
            return False
        wa, ba = self.ok(a)
        wb, bb = self.ok(b)
        return not ((wa and bb) or (ba and wb))

    def clash(self, a: int, b: int) -> int:
        """Cost of a pair: 1 if both are due the same colour; in the last round a pair that must
        break 6.1 costs more than every ordinary clash of a group together."""
        da, db = self.due(a), self.due(b)
        cost = 1 if da is not Colour.NONE and da is db else 0
        return cost + (BREACH if self.breach(a, b) else 0)

    def clash_bound(self, players: Sequence[int]) -> int:
        w = sum(1 for p in players if self.due(p) is Colour.WHITE)
        b = sum(1 for p in players if self.due(p) is Colour.BLACK)
        x = len(players) - w - b
        return max(0, abs(w - b) - x) // 2

    def floated_last_round(self, p: int) -> bool:
        s = self.st(p)
        if not s.floats:
            return False
        return s.floats[-1] is not Float.NONE

    # -- pairing a set of residents (Art. 3.4, 5) ----------------------------------------
    def pair_rest(self, players: list[int], upward: bool) -> tuple[list[tuple[int, int]], int] | None:
        """Top half against bottom half with exchanges: the first pairing, in exchange order,
        with the fewest colour clashes (and, in Maxi events, fewest exchanges over 100 points)."""
        if not players:
            return [], 0
        order = sorted(players, key=self.tpn)
        if upward:
            order.reverse()
        n = len(order)
        half = n // 2
        proposed = {order[i]: order[i + half] for i in range(half)}
        lb = self.clash_bound(order)
        if not self.maxi:
            quick = self.quick_rest(order, half)
            if quick is not None:
                return quick, lb
        best: list = [None, None]
        nodes = [0]
        if not perfect_possible(order, self.compatible):
            return None

        def rec(free: list[int], pairs, clashes: int, far: int) -> bool:
            nodes[0] += 1
            if nodes[0] > DFS_BUDGET and best[0] is not None:
                return True
            if best[0] is not None and (far, clashes) >= best[0]:
                return False
            if not free:
                best[0] = (far, clashes)
                best[1] = list(pairs)
                return (far, clashes) <= (0, lb)
            a = free[0]
            rest = free[1:]
            pos = {p: i for i, p in enumerate(order)}
            s2 = [p for p in rest if pos[p] >= half]
            s1 = [p for p in rest if pos[p] < half]
            cands = s2 + list(reversed(s1))
            prop = proposed.get(a)
            for b in cands:
                if not self.compatible(a, b):
                    continue
                rem = [x for x in rest if x != b]
                extra = 0
                if self.maxi and prop is not None and b != prop and abs(self.rating(b) - self.rating(prop)) > 100:
                    extra = 1
                pairs.append((a, b))
                if rec(rem, pairs, clashes + self.clash(a, b), far + extra):
                    return True
                pairs.pop()
            return False

        rec(order, [], 0, 0)
        if best[1] is None:
            return None
        return best[1], best[0][1]

    # -- one scoregroup -----------------------------------------------------------------
    def has_opponent(self, p: int, group: Sequence[int]) -> bool:
        return any(self.compatible(p, q) for q in group if q != p)

    def pair_floaters_in(self, incoming: list[int], residents: list[int], upward: bool
                         ) -> tuple[list[tuple[int, int]], list[int], list[int]]:
        """Pair incoming floaters first (Art. 4.5–4.8); returns pairs, residents left, floaters
        that found nobody (they float on)."""
        left = sorted(residents, key=self.tpn)
        pairs: list[tuple[int, int]] = []
        onward: list[int] = []
        for f in incoming:
            cands = list(reversed(left)) if upward else list(left)
            fit = [q for q in cands if self.compatible(f, q) and not self.clash(f, q)]
            ok = [q for q in cands if self.compatible(f, q)]
            chosen = None
            clashing = sorted((q for q in ok if q not in fit), key=lambda q: self.breach(f, q))
            for q in fit + clashing:
                rest = [x for x in left if x != q]
                # the rest must stay pairable, with at most one player left over
                if len(rest) < 2 or len(max_matching(rest, self.compatible)) >= 2 * (len(rest) // 2):
                    chosen = q
                    break
            if chosen is None:
                onward.append(f)
                continue
            pairs.append((f, chosen))
            left.remove(chosen)
        return pairs, left, onward

    def choose(self, residents: list[int], incoming: list[int], upward: bool, need_bye: bool,
               next_group: Sequence[int], alternatives: bool = False) -> list[Outcome]:
        """Pairing of one group: incoming floaters first, then the bye/floater choice, then the
        residents.  Returns the best outcome (or, with ``alternatives``, every outcome examined,
        best first)."""
        fpairs, left, onward = self.pair_floaters_in(incoming, residents, upward)
        n = len(left)
        maxm = len(max_matching(left, self.compatible)) if left else 0
        k = n - maxm  # players that must leave (float or bye)
        if need_bye and k == 0:
            k = 2 if n % 2 == 0 else 1
        if need_bye and k < 1:
            k = 1
        outs: list[Outcome] = []
        ordered = sorted(left, key=self.tpn)
        # preference order of leaving players: bottom first downward / for the bye, top first upward
        float_order = list(ordered) if upward else list(reversed(ordered))
        bye_order = [p for p in reversed(ordered) if not self.st(p).bye_barred]
        examined = 0
        while k <= n:
            combos = self._removals(k, need_bye, float_order, bye_order)
            for bye, floats in combos:
                examined += 1
                if examined > (REPAIR_BUDGET if alternatives else CHOICE_BUDGET) and outs:
                    break
                rest = [p for p in left if p != bye and p not in floats]
                res = self.pair_rest(rest, upward)
                if res is None:
                    continue
                pairs, clashes = res
                # floater types (Art. 4.9): residents only here, so c (no opponent in the next
                # group) is avoided before d; then not floating twice running; then Maxi.
                types = sum(0 if self.has_opponent(f, next_group) else 1 for f in floats)
                prev = sum(1 for f in floats if self.floated_last_round(f))
                maxi_pen = 0
                if self.maxi:
                    edge = ordered[0] if upward else ordered[-1]
                    maxi_pen = sum(1 for f in floats if abs(self.rating(f) - self.rating(edge)) > 100)
                fp = pairs + fpairs
                key = (types, prev, maxi_pen, clashes + sum(self.clash(a, b) for a, b in fpairs), examined)
                outs.append(Outcome(pairs=fp, out=list(onward) + list(floats), bye=bye,
                                    clashes=key[3], key=key))
                if not alternatives and key[:3] == (0, 0, 0) and clashes <= self._group_bound(left, k):
                    break
            if outs:
                break
            k += 2
        outs.sort(key=lambda o: o.key)
        if not outs:
            raise PairingImpossible(_('round {round_no}: a scoregroup cannot be paired').format(round_no=self.ctx.round_no))
        return outs if alternatives else outs[:1]

    def _group_bound(self, players: Sequence[int], k: int) -> int:
        """Fewest colour clashes possible after removing any ``k`` players (floaters/bye)."""
        w = sum(1 for p in players if self.due(p) is Colour.WHITE)
        b = sum(1 for p in players if self.due(p) is Colour.BLACK)
        x = len(players) - w - b
        return max(0, abs(w - b) - x - k) // 2

    def _removals(self, k: int, need_bye: bool, float_order: list[int], bye_order: list[int]):
        nf = k - (1 if need_bye else 0)
        if need_bye:
            for b in bye_order:
                pool = [p for p in float_order if p != b]
                for combo in combinations(range(len(pool)), nf):
                    yield b, [pool[i] for i in combo]
        else:
            for combo in combinations(range(len(float_order)), nf):
                yield None, [float_order[i] for i in combo]

    # -- the round ----------------------------------------------------------------------
    def run(self) -> RoundPairing:
        try:
            return self._run()
        except PairingImpossible:
            # The group-by-group procedure locked up: treat the whole field as one group.
            ctx = self.ctx
            players = list(ctx.to_pair)
            if not perfect_possible(players, self.compatible) and len(players) % 2 == 0:
                raise
            ctx.note("lim", _("The scoregroups could not be paired one by one; the field was paired as one group."))
            boards, bye = self.crack([], players, None, len(players) % 2 == 1)
            return build_round(ctx, [self.colours(a, b) for a, b in boards], bye)

    def crack(self, boards: list[tuple[int, int]], left: list[int], bye: int | None, need_bye: bool):
        """Art. 3.6: dissolve the pairings nearest to the median, one at a time, until the
        players left over can be paired."""
        st = self.ctx.states
        median = self.median
        queue = sorted(boards, key=lambda ab: (abs(max(st[ab[0]].pairing_score, st[ab[1]].pairing_score) - median),
                                               0 if st[ab[0]].pairing_score < median else 1,
                                               min(self.tpn(ab[0]), self.tpn(ab[1]))))
        kept = list(boards)
        pool = list(left)
        while True:
            cand_byes: list[int | None] = [None]
            if need_bye and bye is None:
                cand_byes = [p for p in sorted(pool, key=lambda p: (st[p].pairing_score, -self.tpn(p)))
                             if not st[p].bye_barred]
            for b in cand_byes:
                rest = [p for p in pool if p != b]
                if len(rest) % 2:
                    continue
                res = self.pair_rest(rest, False)
                if res is not None:
                    return kept + res[0], (b if b is not None else bye)
            if not queue:
                raise PairingImpossible(_('round {round_no} cannot be paired under the Lim rules').format(round_no=self.ctx.round_no))
            ab = queue.pop(0)
            kept.remove(ab)
            pool.extend(ab)

    def _run(self) -> RoundPairing:
        ctx = self.ctx
        players = list(ctx.to_pair)
        if not players:
            return build_round(ctx, [], None)
        st = ctx.states
        need_bye = len(players) % 2 == 1
        groups: dict[Fraction, list[int]] = {}
        for p in players:
            groups.setdefault(st[p].pairing_score, []).append(p)
        scores = sorted(groups, reverse=True)
        upper = [s for s in scores if s > self.median]
        lower = sorted(s for s in scores if s < self.median)
        has_median = self.median in groups
        boards: list[tuple[int, int]] = []
        down: list[int] = []
        upper_out: list[Outcome] = []
        for i, s in enumerate(upper):
            self.options.check()
            nxt = groups[upper[i + 1]] if i + 1 < len(upper) else groups.get(self.median, [])
            is_bottom = need_bye and not lower and not has_median and i == len(upper) - 1
            o = self.choose(groups[s], self._order_in(down, False), False, is_bottom, nxt)[0]
            upper_out.append(o)
            down = o.out
        up: list[int] = []
        lower_out: list[Outcome] = []
        for i, s in enumerate(lower):
            self.options.check()
            nxt = groups[lower[i + 1]] if i + 1 < len(lower) else groups.get(self.median, [])
            o = self.choose(groups[s], self._order_in(up, True), True, need_bye and i == 0, nxt)[0]
            lower_out.append(o)
            up = o.out
        med = groups.get(self.median, [])
        mo = self.pair_median(med, down, up, need_bye and not lower and has_median)
        # median group left with colour clashes: re-pair the neighbour below, then above
        if mo.clashes > 0 and lower:
            mo, lower_out = self.repair_neighbour(groups, lower, lower_out, med, down, mo, True)
        if mo.clashes > 0 and upper:
            mo, upper_out = self.repair_neighbour(groups, upper, upper_out, med, up, mo, False)
        bye = None
        for o in upper_out + lower_out + [mo]:
            boards.extend(o.pairs)
            if o.bye is not None:
                bye = o.bye
        paired = {p for ab in boards for p in ab}
        left = [p for p in players if p not in paired and p != bye]
        if left:
            boards, bye = self.crack(boards, left, bye, need_bye)
        coloured = [self.colours(a, b) for a, b in boards]
        return build_round(ctx, coloured, bye)

    def _order_in(self, floaters: list[int], upward: bool) -> list[int]:
        st = self.ctx.states
        if upward:
            return sorted(floaters, key=lambda p: (st[p].pairing_score, -self.tpn(p)))
        return sorted(floaters, key=lambda p: (-st[p].pairing_score, self.tpn(p)))

    def pair_median(self, med: list[int], down: list[int], up: list[int], need_bye: bool = False) -> Outcome:
        """Median group last, downwards: floaters from above first, then those from below.
        When the median is the lowest group, its lowest eligible player gets the bye."""
        if need_bye:
            best: Outcome | None = None
            for b in sorted(med, key=self.tpn, reverse=True):
                if self.st(b).bye_barred:
                    continue
                o = self._pair_median([p for p in med if p != b], down, up)
                if o.out:
                    continue
                o.bye = b
                if best is None or o.clashes < best.clashes:
                    best = o
                if o.clashes <= self.clash_bound(med + down + up):
                    break
            if best is not None:
                return best
        return self._pair_median(med, down, up)

    def _pair_median(self, med: list[int], down: list[int], up: list[int]) -> Outcome:
        fpairs1, left, onward1 = self.pair_floaters_in(self._order_in(down, False), med, False)
        fpairs2, left, onward2 = self.pair_floaters_in(self._order_in(up, True), left, True)
        rest = left + onward1 + onward2
        res = self.pair_rest(rest, False) if len(rest) % 2 == 0 else None
        if res is None:
            # Locked median (Art. 3.6): pair everything that meets here as one set.
            allp = med + down + up
            res2 = self.pair_rest(allp, False) if len(allp) % 2 == 0 else None
            if res2 is None:
                return Outcome(pairs=fpairs1 + fpairs2, out=rest, clashes=10 ** 6)
            return Outcome(pairs=res2[0], out=[], clashes=res2[1])
        pairs, clashes = res
        fp = fpairs1 + fpairs2
        return Outcome(pairs=pairs + fp, out=[], clashes=clashes + sum(self.clash(a, b) for a, b in fp))

    def repair_neighbour(self, groups, side: list[Fraction], outs: list[Outcome], med, other_in,
                         mo: Outcome, lower_side: bool):
        """Re-pair the group next to the median with another floater choice if that lowers the
        colour clashes of the two groups together (Aktar p. 37)."""
        idx = len(side) - 1
        s = side[idx]
        incoming = outs[idx - 1].out if idx > 0 else []
        need_bye = lower_side and idx == 0 and any(o.bye is not None for o in outs[:1])
        alts = self.choose(groups[s], self._order_in(incoming, lower_side), lower_side, need_bye,
                           med, alternatives=True)
        best_total = outs[idx].clashes + mo.clashes
        best = None
        tried: dict[tuple[int, ...], int] = {tuple(sorted(outs[idx].out)): outs[idx].clashes}
        for alt in sorted(alts, key=lambda o: o.key[:3] + (o.key[4],)):
            if alt.key[:3] != outs[idx].key[:3]:
                continue
            sig = tuple(sorted(alt.out))
            if sig in tried and alt.clashes >= tried[sig]:
                continue  # same floaters into the median and no fewer clashes here: cannot help
            tried[sig] = min(alt.clashes, tried.get(sig, alt.clashes))
            if lower_side:
                m2 = self.pair_median(med, other_in, alt.out, False)
            else:
                m2 = self.pair_median(med, alt.out, other_in, False)
            total = alt.clashes + m2.clashes
            if total < best_total:
                best_total, best = total, (alt, m2)
                if total == 0:
                    break
        if best is None:
            return mo, outs
        new_outs = list(outs)
        new_outs[idx] = best[0]
        self.ctx.note("median", _("The group next to the median was re-paired to fix the median's colours (Aktar p. 37)."))
        return best[1], new_outs

    # -- colours (Art. 6) ---------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[int, int]:
        sa, sb = self.st(a), self.st(b)
        da, db = self.due(a), self.due(b)

        def give(p: int, c: Colour) -> tuple[int, int]:
            o = b if p == a else a
            return (p, o) if c is Colour.WHITE else (o, p)

        # absolute limits first (6.1 a, b) — unless both players need the same colour, which
        # only the last round allows (Art. 7): then the limits cannot choose, and the rules
        # below do (6.4: colour counts, then the histories), whoever is named first
        forced: dict[int, Colour] = {}
        for p, s in ((a, sa), (b, sb)):
            okw, okb = colour_ok(s, Colour.WHITE), colour_ok(s, Colour.BLACK)
            if okw != okb and s.played_games:
                forced[p] = Colour.WHITE if okw else Colour.BLACK
        if forced and len(set(forced.values())) == len(forced):
            p = next(iter(forced))
            return give(p, forced[p])
        if da is Colour.NONE and db is Colour.NONE:
            hi = a if self.tpn(a) < self.tpn(b) else b
            c = self.ctx.initial if self.tpn(hi) % 2 == 1 else self.ctx.initial.opposite
            return give(hi, c)
        if da is Colour.NONE:
            return give(b, db)
        if db is Colour.NONE or da is not db:
            return give(a, da)
        if sa.imbalance != sb.imbalance:  # equalise (6.3, 6.5/6.6)
            return give(a, da) if sa.imbalance > sb.imbalance else give(b, db)
        ca, cb = list(sa.colours), list(sb.colours)
        i, j = len(ca) - 1, len(cb) - 1
        while i >= 0 and j >= 0:  # 6.4: look back to the latest round with different colours
            if ca[i] is not cb[j]:
                return give(a, ca[i].opposite)
            i -= 1
            j -= 1
        if len(ca) != len(cb):  # the one with the longer history alternates
            longer = a if len(ca) > len(cb) else b
            return give(longer, da)
        # 6.4: the higher-ranked player gets his due colour in the median group and above, the
        # lower-ranked one below it.  Ranked by score, then number: in a floater pairing the
        # score decides, not the pairing number (Aktar p. 42 item 13).
        hi, lo = sorted((a, b), key=lambda p: (-self.st(p).pairing_score, self.tpn(p)))
        below = max(sa.pairing_score, sb.pairing_score) < self.median
        chosen = lo if below else hi
        return give(chosen, self.due(chosen))
