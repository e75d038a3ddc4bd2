"""Dubov Swiss system (FIDE C.04.4.1, 2026) and the 1997 text (ruleset ``"1997"``).

Why this shape: Dubov equalises the average rating of opponents (ARO) inside a scoregroup by
pairing White-seekers with a low ARO against Black-seekers with a high rating.  The text is a
procedure, so the code follows it step by step:

1. the pairing-allocated bye first (Art. 3.1: eligible, leaves a complete pairing, lowest
   score, most games played, largest TPN);
2. scoregroups top down; a bracket is the remaining residents plus the fewest *upfloaters*
   from lower scoregroups (Art. 3.2.1), the first set in Art. 4.2 order that best satisfies
   C5–C10 (Art. 3.2.2); there are no downfloaters;
3. G1 = White-seekers, G2 = the others (first half by TPN when nobody has played), shifts
   between the groups in the middle-out order of Art. 4.3 (3.2.4);
4. S1 = G1 by ascending ARO then TPN; T2 = the first transposition of G2 in TPN order that
   gives a legal pairing (3.2.5–3.2.6);
5. colours by Art. 5.2.

C4 (completion) is decided exactly with a maximum matching of the players left below.

Ruleset ``1997`` (``dubov-1997``; Paarungssysteme in German, Aktar §1.4): upfloat limits are absolute
except in the last round (not twice running; at most 3 times, 4 with more than 9 rounds),
colours by the 1997 order (due colours, equalise, alternate, higher ARO gets White, lower
rating gets White), the bye to the lowest-rated player of the lowest group, Whites with the
lowest ARO / Blacks with the highest ARO shifted, Black-seekers by rating then higher ARO.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

from core.errors import PairingImpossible
from core.i18n import _
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Colour, Tournament
from core.pairing.base import PairOptions, RoundPairing
from core.pairing.matching import max_matching
from core.pairing.swiss.colours import allocate_colours, preference_of
from core.pairing.swiss.context import (
    Context,
    make_context,
    perfect_possible,
    upfloat_count,
    upfloated_last_round,
)
from core.pairing.swiss.output import build_round
from core.pairing.swiss.state import PreferenceKind

SET_BUDGET = 400
"""Candidate upfloater / shifter sets examined per bracket before the best found is taken."""


def max_upfloats(total_rounds: int) -> int:
    """MaxT = 2 + ⌊Rnds/5⌋ (Art. 1.8.2): 9 rounds give 3, 10 rounds give 4."""
    return 2 + total_rounds // 5


def aro(t: Tournament, ctx: Context, pno: int) -> int:
    """Average rating of the opponents met over the board, rounded half up; 0 without games."""
    opps = ctx.states[pno].opponents
    if not opps:
        return 0
    total = sum(t.player(o).rating for o in opps)
    q, r = divmod(2 * total + len(opps), 2 * len(opps))
    return q


def middle_out(items: Sequence[int]) -> list[int]:
    """Art. 4.3.3: sequence numbers from the (remaining) middle outwards; of two middle
    players the one higher in the list first.  A..G gives D, C, E, B, F, A, G."""
    rest = list(items)
    out: list[int] = []
    while rest:
        i = len(rest) // 2 if len(rest) % 2 else len(rest) // 2 - 1
        out.append(rest.pop(i))
    return out


class DubovRound:
    """One round of Dubov pairing; holds the per-round caches."""

    def __init__(self, t: Tournament, ruleset: str, options: PairOptions) -> None:
        self.t = t
        self.ruleset = ruleset
        self.is_1997 = ruleset == "1997"
        self.options = options
        self.ctx = make_context(t)
        self.st = self.ctx.states
        self.aro = {p: aro(t, self.ctx, p) for p in self.ctx.to_pair}
        self.rating = {p: t.player(p).rating for p in self.ctx.to_pair}
        self.maxt = (3 if t.total_rounds <= 9 else 4) if self.is_1997 else max_upfloats(t.total_rounds)

    # -- small helpers --------------------------------------------------------------------
    def tpn(self, p: int) -> int:
        return self.ctx.tpn(p)

    def pref(self, p: int) -> Colour:
        return preference_of(self.st[p], Colour.BLACK)[0]

    def legal(self, a: int, b: int) -> bool:
        return self.ctx.legal(a, b)

    def may_upfloat(self, p: int) -> bool:
        """1997 rule 2.5 (absolute, except in the last round); always true for 2026."""
        if not self.is_1997 or self.ctx.last_round:
            return True
        s = self.st[p]
        return not upfloated_last_round(s) and upfloat_count(s) < self.maxt

    def higher(self, a: int, b: int) -> int:
        sa, sb = self.st[a], self.st[b]
        return a if (-sa.pairing_score, self.tpn(a)) < (-sb.pairing_score, self.tpn(b)) else b

    # -- the round ------------------------------------------------------------------------
    def run(self) -> RoundPairing:
        ctx = self.ctx
        players = list(ctx.to_pair)
        if not players:
            return build_round(ctx, [], None)
        pab = self.choose_pab(players)
        remaining = [p for p in players if p != pab]
        unpaired = set(remaining)
        scores = sorted({self.st[p].pairing_score for p in remaining}, reverse=True)
        boards: list[tuple[int, int]] = []
        for gi, score in enumerate(scores):
            self.options.check()
            self.options.report(gi / len(scores), f"scoregroup {score}")
            residents = sorted((p for p in unpaired if self.st[p].pairing_score == score), key=self.tpn)
            if not residents:
                continue
            pool = sorted((p for p in unpaired if self.st[p].pairing_score < score),
                          key=lambda p: (-self.st[p].pairing_score, self.tpn(p)))
            ups = self.choose_upfloaters(residents, pool, unpaired)
            bracket = residents + ups
            pairs = self.pair_bracket(bracket)
            if pairs is None:
                raise PairingImpossible(_('round {round_no}: scoregroup {score} cannot be paired').format(round_no=ctx.round_no, score=score))
            for a, b in pairs:
                boards.append(self.colours(a, b))
            for u in ups:
                ctx.note("upfloaters", _("{pno} upfloats into the {points}-point bracket.").format(
                    pno=u, points=format_points(score)))
            unpaired -= set(bracket)
        return build_round(ctx, boards, pab)

    def choose_pab(self, players: list[int]) -> int | None:
        if len(players) % 2 == 0:
            return None
        st = self.st
        if self.is_1997:
            barred = {p for p in players if st[p].had_pab or st[p].score > self._played_points(p)}
            cands = [p for p in players if p not in barred]
            w = sum(1 for p in players if self.pref(p) is Colour.WHITE)
            bigger = Colour.WHITE if w * 2 > len(players) else Colour.BLACK
            cands.sort(key=lambda p: (st[p].pairing_score, self.rating[p],
                                      0 if self.pref(p) is bigger else 1, -self.aro[p], -self.tpn(p)))
        else:
            cands = [p for p in players if not st[p].bye_barred]
            cands.sort(key=lambda p: (st[p].pairing_score, -st[p].played_games, -self.tpn(p)))
        for p in cands:
            if perfect_possible([q for q in players if q != p], self.legal):
                if self.is_1997:
                    why = _("{pno} receives the pairing-allocated bye (1997: the lowest-rated "
                            "eligible player of the lowest scoregroup who leaves a complete "
                            "pairing).")
                else:
                    why = _("{pno} receives the pairing-allocated bye (Art. 3.1: eligible, leaves "
                            "a complete pairing, lowest score, most games played, largest TPN).")
                self.ctx.note("bye", why.format(pno=p))
                return p
        raise PairingImpossible(
            _('round {round_no} cannot be paired: no player can receive the pairing-allocated bye').format(round_no=self.ctx.round_no))

    def _played_points(self, p: int) -> Fraction:
        """Points scored over the board (1997: a player who scored without playing is barred)."""
        from core.model import entries

        hist = entries(self.t, self.ctx.round_no - 1).get(p, [])
        return sum((self.t.points.for_code(e.code) for e in hist if e.played), Fraction(0))

    # -- upfloaters (Art. 3.2.1, 3.2.2, 4.2) ----------------------------------------------
    def choose_upfloaters(self, residents: list[int], pool: list[int], unpaired: set[int]) -> list[int]:
        if self.is_1997:
            allowed = [p for p in pool if self.may_upfloat(p)]
            if len(allowed) < len(pool):
                try:
                    return self._choose_upfloaters(residents, allowed, unpaired)
                except PairingImpossible:
                    self.ctx.note("upfloaters", _("The 1997 upfloat limits had to be relaxed (rule 9)."))
        return self._choose_upfloaters(residents, pool, unpaired)

    def _choose_upfloaters(self, residents: list[int], pool: list[int], unpaired: set[int]) -> list[int]:
        st = self.st
        pool = list(pool)
        if self.is_1997:
            # 1997 rule 7.1/7.2: due colour opposite to the majority, highest rating, lowest ARO,
            # taken from the nearest lower scoregroup first.
            w = sum(1 for p in residents if self.pref(p) is Colour.WHITE)
            majority = Colour.WHITE if 2 * w > len(residents) else Colour.BLACK
            pool.sort(key=lambda p: (-st[p].pairing_score, 0 if self.pref(p) is not majority else 1,
                                     -self.rating[p], self.aro[p], self.tpn(p)))
        last = self.ctx.last_round
        for u in range(len(residents) % 2, len(pool) + 1, 2):
            best_key = None
            best_set: list[int] | None = None
            examined = 0
            ideal6 = tuple(sorted(-st[p].pairing_score for p in pool[:u]))
            for combo in combinations(range(len(pool)), u):
                examined += 1
                if examined > SET_BUDGET * 10 and best_set is not None:
                    break
                ups = [pool[i] for i in combo]
                bracket = residents + ups
                if not perfect_possible(bracket, self.legal):
                    continue
                below = [p for p in unpaired if p not in bracket]
                if not perfect_possible(sorted(below), self.legal):
                    continue
                pairs = self.pair_bracket(bracket)
                if pairs is None:
                    continue
                viol = sum(1 for a, b in pairs if self.pref(a) is self.pref(b))
                key6 = tuple(sorted(-st[p].pairing_score for p in ups))
                if last or self.is_1997:
                    rest_key: tuple = (0, 0, 0)
                else:
                    maxed = [p for p in ups if upfloat_count(st[p]) >= self.maxt]
                    rest_key = (len(maxed), sum(upfloat_count(st[p]) for p in maxed),
                                sum(1 for p in ups if upfloated_last_round(st[p])))
                key = (key6, viol, rest_key)
                if best_key is None or key < best_key:
                    best_key, best_set = key, ups
                    if key6 == ideal6 and viol == self.colour_lower_bound(bracket) and rest_key == (0, 0, 0):
                        break
            if best_set is not None:
                return best_set
        raise PairingImpossible(_('round {round_no}: the players with {value} points cannot be paired').format(round_no=self.ctx.round_no, value=format_points(st[residents[0]].pairing_score)))

    def colour_lower_bound(self, bracket: list[int]) -> int:
        w = sum(1 for p in bracket if self.pref(p) is Colour.WHITE)
        return abs(2 * w - len(bracket)) // 2

    # -- the bracket (Art. 3.2.3 – 3.2.6) ---------------------------------------------------
    def pair_bracket(self, bracket: list[int]) -> list[tuple[int, int]] | None:
        st = self.st
        n = len(bracket)
        if n == 0:
            return []
        if all(st[p].played_games == 0 for p in bracket):
            ordered = sorted(bracket, key=self.tpn)
            g1, g2 = ordered[: n // 2], ordered[n // 2:]
        else:
            g1 = [p for p in bracket if self.pref(p) is Colour.WHITE]
            g2 = [p for p in bracket if self.pref(p) is not Colour.WHITE]
        best: tuple[int, list[tuple[int, int]]] | None = None
        tried = 0
        for new1, new2 in self.recompositions(g1, g2):
            tried += 1
            pairs = self.transposition(new1, new2)
            if pairs is None:
                if tried > SET_BUDGET and best is not None:
                    break
                continue
            viol = sum(1 for a, b in pairs if self.pref(a) is self.pref(b))
            if best is None or viol < best[0]:
                best = (viol, pairs)
                if viol == self.colour_lower_bound(bracket):
                    break
            if tried > SET_BUDGET:
                break
        if best is None:
            # Not reachable by shifts within the budget: any legal pairing, in TPN order.
            m = max_matching(sorted(bracket, key=self.tpn), self.legal)
            if len(m) != n:
                return None
            done: set[int] = set()
            pairs = []
            for p in sorted(bracket, key=self.tpn):
                if p not in done:
                    pairs.append((p, m[p]))
                    done.update((p, m[p]))
            return pairs
        return best[1]

    def white_order(self, players: list[int]) -> list[int]:
        if all(self.st[p].played_games == 0 for p in players):
            return sorted(players, key=self.tpn)  # first round: the halves in list order
        if self.is_1997:
            return sorted(players, key=lambda p: (self.aro[p], self.rating[p], self.tpn(p)))
        return sorted(players, key=lambda p: (self.aro[p], self.tpn(p)))

    def black_order(self, players: list[int]) -> list[int]:
        if self.is_1997 and not all(self.st[p].played_games == 0 for p in players):
            return sorted(players, key=lambda p: (-self.rating[p], -self.aro[p], self.tpn(p)))
        return sorted(players, key=self.tpn)

    def shifter_sequence(self, players: list[int], white: bool) -> list[int]:
        """Possible shifters in the order their sets are tried (Art. 4.3 / 1997 7.3–7.4)."""
        if self.is_1997:
            if white:  # 1997: the Whites with the lowest ARO move first
                return sorted(players, key=lambda p: (self.aro[p], -self.rating[p], self.tpn(p)))
            return sorted(players, key=lambda p: (-self.aro[p], self.rating[p], self.tpn(p)))
        base = self.white_order(players) if white else sorted(players, key=self.tpn)
        return middle_out(base)

    def recompositions(self, g1: list[int], g2: list[int]):
        """G1/G2 after the shifts of Art. 3.2.4, best candidates first."""
        small_is_g1 = len(g1) <= len(g2)
        small, large = (g1, g2) if small_is_g1 else (g2, g1)
        small_white = small_is_g1
        seq_small = self.shifter_sequence(small, small_white)
        for m in range(len(small) + 1):
            for xs in combinations(range(len(seq_small)), m):
                moved = [seq_small[i] for i in xs]
                s2 = [p for p in small if p not in moved]
                l2 = large + moved
                d = (len(l2) - len(s2)) // 2
                if d < 0:
                    continue
                base_large = list(large)  # equalise from the original larger group
                seq_large = self.shifter_sequence(base_large, not small_white)
                for ys in combinations(range(len(seq_large)), d):
                    back = [seq_large[i] for i in ys]
                    new_small = s2 + back
                    new_large = [p for p in l2 if p not in back]
                    yield (new_small, new_large) if small_is_g1 else (new_large, new_small)

    def transposition(self, g1: list[int], g2: list[int]) -> list[tuple[int, int]] | None:
        """S1 = G1 by ARO; T2 = first transposition of G2 (TPN order) giving a legal pairing."""
        if len(g1) != len(g2):
            return None
        s1 = self.white_order(g1)
        t2 = self.black_order(g2)
        legal = self.legal
        # Greedy first: when every S1 player's first legal choice works out, that is already
        # the first transposition; otherwise fall back to choices checked by matching.
        greedy: list[tuple[int, int]] = []
        used: set[int] = set()
        for a in s1:
            b = next((x for x in t2 if x not in used and legal(a, x)), None)
            if b is None:
                break
            greedy.append((a, b))
            used.add(b)
        if len(greedy) == len(s1):
            return greedy
        if not _bipartite_perfect(s1, t2, legal):
            return None
        pairs: list[tuple[int, int]] = []
        free = list(t2)
        for i, a in enumerate(s1):
            for b in list(free):
                if not legal(a, b):
                    continue
                rest_free = [x for x in free if x != b]
                if _bipartite_perfect(s1[i + 1:], rest_free, legal):
                    pairs.append((a, b))
                    free = rest_free
                    break
            else:
                return None
        return pairs

    # -- colours -------------------------------------------------------------------------
    def colours(self, a: int, b: int) -> tuple[int, int]:
        if not self.is_1997:
            return allocate_colours(self.ctx, a, b, self.higher(a, b), Colour.BLACK)
        return self.colours_1997(a, b)

    def colours_1997(self, a: int, b: int) -> tuple[int, int]:
        """1997 §3: due colours; equalise; opposite of the last round with different colours;
        higher ARO gets White; lower rating gets White."""
        sa, sb = self.st[a], self.st[b]
        if sa.played_games == 0 and sb.played_games == 0:
            return allocate_colours(self.ctx, a, b, self.higher(a, b), Colour.BLACK)
        pa, pb = self.pref(a), self.pref(b)
        if pa is not pb:
            return (a, b) if pa is Colour.WHITE else (b, a)
        abs_a = sa.preference_kind is PreferenceKind.ABSOLUTE and sa.played_games > 0
        abs_b = sb.preference_kind is PreferenceKind.ABSOLUTE and sb.played_games > 0
        if abs_a != abs_b:  # rules 2.3 / 2.4 are absolute in 1997 too
            x = a if abs_a else b
            other = b if x == a else a
            return (x, other) if self.pref(x) is Colour.WHITE else (other, x)
        if sa.imbalance != sb.imbalance:
            x = a if sa.imbalance > sb.imbalance else b
            other = b if x == a else a
            return (x, other) if self.pref(x) is Colour.WHITE else (other, x)
        ca, cb = list(sa.colours), list(sb.colours)
        i, j = len(ca) - 1, len(cb) - 1
        while i >= 0 and j >= 0:
            if ca[i] is not cb[j]:
                return (a, b) if ca[i] is Colour.BLACK else (b, a)
            i -= 1
            j -= 1
        if self.aro[a] != self.aro[b]:
            return (a, b) if self.aro[a] > self.aro[b] else (b, a)
        if self.rating[a] != self.rating[b]:
            return (a, b) if self.rating[a] < self.rating[b] else (b, a)
        return allocate_colours(self.ctx, a, b, self.higher(a, b), Colour.BLACK)


def _bipartite_perfect(left: Sequence[int], right: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """Kuhn's augmenting-path test for a perfect matching between two equal-size lists."""
    if len(left) != len(right):
        return False
    match_r: dict[int, int] = {}
    adj = {a: [b for b in right if legal(a, b)] for a in left}

    def try_assign(a: int, seen: set[int]) -> bool:
        for b in adj[a]:
            if b in seen:
                continue
            seen.add(b)
            if b not in match_r or try_assign(match_r[b], seen):
                match_r[b] = a
                return True
        return False

    for a in left:
        if not try_assign(a, set()):
            return False
    return True

