"""The Dutch criteria as data: per-player facts and the integer edge weight of a pair.

Why integer weights: C.04.3 (2026) Art. 3 says a candidate is better when it "better satisfies"
a higher-priority criterion, which is a lexicographic order.  Giving every criterion its own
bit field in one integer (most important bits highest) turns "the best candidate" into "the
maximum-weight matching", which is how the FIDE-endorsed engine resolves every ambiguity;
reproducing its field layout is what makes our pairings identical to it.

Field layout, from the most significant end (for the pair higher-ranked ``hi`` / lower ``lo``):

====================  ===========================================================
completion, C2, C5    1 + [hi not bye candidate] + [lo not bye candidate]
C6                    lo is in the current bracket (a pair formed here)
C7                    1 << shift(score of hi) when lo is in the current bracket
C8 (pairs, scores)    the same two fields for the next bracket
C9                    rank of the players' played-game counts (PAB to fewest unplayed)
C10–C13               colour fields (only inside the current bracket)
C14–C17               repeated floats one and two rounds back
C18–C21               scores of players with repeated floats
low bits              room for the bracket procedure's order (transpositions/exchanges)
====================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd

from core.model import Colour
from core.pairing.swiss.state import Float, PlayerState


@dataclass
class Facts:
    """Flat per-vertex arrays (index = position in the pairing order) for fast weight building."""

    score: list[int]
    """Pairing scores as integers (times :attr:`scale`), so that comparisons are cheap."""
    scale: int
    rank: list[int]
    pno: list[int]
    eligible: list[bool]
    pref: list[Colour]
    imbalance: list[int]
    repeated: list[Colour]
    strong: list[bool]
    played: list[int]
    float1: list[Float]
    float2: list[Float]
    met: list[frozenset[int]]
    threshold: int | None
    """Topscorer threshold (final round only, times :attr:`scale`): C3 does not bind a pair
    with a topscorer."""
    absolute_pref: list[bool] = field(init=False, repr=False)
    """Per player: the colour preference is absolute (computed once: it is asked for every
    pair of the field)."""

    def __post_init__(self) -> None:
        self.absolute_pref = [self.imbalance[i] > 1 or self.repeated[i] is not Colour.NONE
                              for i in range(len(self.score))]

    @staticmethod
    def build(order: list[PlayerState], forbidden: set[frozenset[int]], threshold: Fraction | None,
              rules: str) -> Facts:
        met = []
        for s in order:
            bad = set(s.opponents)
            for pair in forbidden:
                if s.pno in pair:
                    bad.update(pair)
            bad.discard(s.pno)
            met.append(frozenset(bad))
        eligible = [not (s.bye_barred if rules == "2026" else s.bye_barred_2017) for s in order]
        scale = 1
        for value in [s.pairing_score for s in order] + ([threshold] if threshold is not None else []):
            d = Fraction(value).denominator
            scale = scale * d // gcd(scale, d)
        return Facts(
            score=[int(s.pairing_score * scale) for s in order],
            scale=scale,
            rank=[s.rank for s in order],
            pno=[s.pno for s in order],
            eligible=eligible,
            pref=[s.preference for s in order],
            imbalance=[s.imbalance for s in order],
            repeated=[s.repeated_colour for s in order],
            strong=[s.strong for s in order],
            played=[s.played_games for s in order],
            float1=[s.float_back(1, rules) for s in order],
            float2=[s.float_back(2, rules) for s in order],
            met=met,
            threshold=None if threshold is None else int(threshold * scale),
        )

    def absolute(self, i: int) -> bool:
        return self.absolute_pref[i]

    def compatible(self, a: int, b: int) -> bool:
        """C1 (no rematch, forbidden pairs) and C3 (same absolute preference, unless a
        topscorer is involved in the final round)."""
        if self.pno[b] in self.met[a]:
            return False
        ab = self.absolute_pref
        if not ab[a] or not ab[b] or self.pref[a] is not self.pref[b]:
            return True
        t = self.threshold
        return t is not None and (self.score[a] > t or self.score[b] > t)


def compatible_lower(f: Facts, p: int) -> list[int]:
    """The players ``o < p`` that ``p`` may meet (:meth:`Facts.compatible`), for building the
    whole field's graph without a method call per pair."""
    met = f.met[p]
    pno = f.pno
    ab = f.absolute_pref
    pref = f.pref
    t = f.threshold
    sc = f.score
    if not ab[p]:
        return [o for o in range(p) if pno[o] not in met]
    mine = pref[p]
    top_p = t is not None and sc[p] > t
    return [o for o in range(p) if pno[o] not in met
            and (not ab[o] or pref[o] is not mine or top_p or (t is not None and sc[o] > t))]


def prefs_compatible(a: Colour, b: Colour) -> bool:
    return a is not b or a is Colour.NONE or b is Colour.NONE


@dataclass
class Layout:
    """Bit widths of the weight fields for one round."""

    group_bits: int
    """Bits for counts within one scoregroup (largest scoregroup size)."""
    shifts: dict[int, int]
    """Per score, the bit position of that score inside a "scores" field (higher score, higher bit)."""
    scores_bits: int
    rounds_played: int

    @staticmethod
    def build(scores_desc: list[int], rounds_played: int) -> Layout:
        shifts: dict[int, int] = {}
        total = 0
        largest = 0
        i = len(scores_desc) - 1
        while i >= 0:
            j = i
            while j > 0 and scores_desc[j - 1] == scores_desc[i]:
                j -= 1
            count = i - j + 1
            shifts[scores_desc[i]] = total
            largest = max(largest, count)
            total += count.bit_length()
            i = j - 1
        return Layout(max(1, largest.bit_length()), shifts, total, rounds_played)


def low_shift(lay: Layout) -> int:
    """Bits below the C9 field (colour, float and ordering fields)."""
    gb, sb, r = lay.group_bits, lay.scores_bits, lay.rounds_played
    backs = min(r, 2)
    return 4 * gb + backs * 2 * gb + backs * 2 * sb + 3 * gb + 1


def top_shift(lay: Layout) -> int:
    """Bits below the completion field (the most significant one)."""
    gb, sb = lay.group_bits, lay.scores_bits
    return gb + sb + gb + sb + 2 * gb + low_shift(lay)


def completion_weight(f: Facts, lay: Layout, hi: int, lo: int, bye_score: int, single_bye: bool,
                      unplayed_rank: dict[int, int]) -> int:
    """:func:`edge_weight` for a pair outside the current and the next bracket (only the
    completion field and C9 are non-zero).  The engine builds these weights for the whole
    field from per-player terms (``engine.pair_order``); this per-pair form is their
    definition."""
    if not f.compatible(hi, lo):
        return 0
    sc = f.score
    top = 1 + (not (f.eligible[hi] and sc[hi] <= bye_score)) + (not (f.eligible[lo] and sc[lo] <= bye_score))
    r = top << top_shift(lay)
    if single_bye:
        rank = 0
        if sc[hi] == bye_score:
            rank += unplayed_rank[f.played[hi]]
        if sc[lo] == bye_score:
            rank += unplayed_rank[f.played[lo]]
        r += rank << low_shift(lay)
    return r


def edge_weight(f: Facts, lay: Layout, hi: int, lo: int, lo_in_current: bool, lo_in_next: bool,
                bye_score: int, single_bye: bool, unplayed_rank: dict[int, int]) -> int:
    """The weight of pairing ``hi`` (higher in the order) with ``lo``; 0 if C1/C3 forbid it."""
    if not f.compatible(hi, lo):
        return 0
    gb = lay.group_bits
    sb = lay.scores_bits
    sc = f.score
    cand_hi = f.eligible[hi] and sc[hi] <= bye_score
    cand_lo = f.eligible[lo] and sc[lo] <= bye_score
    r = 1 + (not cand_hi) + (not cand_lo)
    r = (r << gb) + lo_in_current
    r <<= sb
    if lo_in_current:
        r += 1 << lay.shifts[sc[hi]]
    r = (r << gb) + lo_in_next
    r <<= sb
    if lo_in_next:
        r += 1 << lay.shifts[sc[hi]]
    r <<= 2 * gb
    if single_bye:
        if sc[hi] == bye_score:
            r += unplayed_rank[f.played[hi]]
        if sc[lo] == bye_score:
            r += unplayed_rank[f.played[lo]]
    # C10-C13 colour fields (player = lo, opponent = hi as the reference engine orders them)
    m = lo_in_current
    r = colour_fields(f, lo, hi, m, r, gb)
    D, U = Float.DOWN, Float.UP
    rounds = lay.rounds_played
    for back, fl in ((1, f.float1), (2, f.float2)):
        if rounds < back:
            continue
        r <<= gb
        if m:
            r += fl[lo] is D
            r += sc[hi] <= sc[lo] and fl[hi] is D
        r <<= gb
        if m:
            r += not (sc[hi] > sc[lo] and fl[lo] is U)
    for back, fl in ((1, f.float1), (2, f.float2)):
        if rounds < back:
            continue
        r <<= sb
        if m:
            if fl[lo] is D:
                r += 1 << lay.shifts[sc[lo]]
            if fl[hi] is D:
                r += 1 << lay.shifts[sc[hi]]
        r <<= sb
        if m and not (fl[lo] is U and sc[hi] > sc[lo]):
            r += 1 << lay.shifts[sc[hi]]
    r <<= 3 * gb + 1
    return r


def bracket_row(f: Facts, lay: Layout, his: list[int], lo: int, lo_in_current: bool,
                bye_score: int, single_bye: bool, unplayed_rank: dict[int, int]) -> list[int]:
    """``edge_weight(f, lay, hi, lo, lo_in_current, not lo_in_current, ...)`` for every
    ``hi`` in ``his``: the same integers, computed with the per-row parts hoisted out.

    Why: a bracket of a large field asks for hundreds of thousands of pair weights; for a
    player of the next scoregroup every colour and float field is empty, so such a row is
    just the completion, C8 and C9 fields shifted into place."""
    gb = lay.group_bits
    sb = lay.scores_bits
    shifts = lay.shifts
    sc = f.score
    elig = f.eligible
    played = f.played
    compatible = f.compatible
    cur = lo_in_current
    nxt = not cur
    not_cand_lo = not (elig[lo] and sc[lo] <= bye_score)
    rank_lo = unplayed_rank[played[lo]] if single_bye and sc[lo] == bye_score else 0
    tail = low_shift(lay)
    rounds = lay.rounds_played
    out: list[int] = []
    for hi in his:
        if not compatible(hi, lo):
            out.append(0)
            continue
        s_hi = sc[hi]
        r = 1 + (not (elig[hi] and s_hi <= bye_score)) + not_cand_lo
        r = (r << gb) + cur
        r <<= sb
        if cur:
            r += 1 << shifts[s_hi]
        r = (r << gb) + nxt
        r <<= sb
        if nxt:
            r += 1 << shifts[s_hi]
        r <<= 2 * gb
        if single_bye:
            if s_hi == bye_score:
                r += unplayed_rank[played[hi]]
            r += rank_lo
        if nxt:
            out.append(r << tail)
            continue
        r = colour_fields(f, lo, hi, True, r, gb)
        D, U = Float.DOWN, Float.UP
        for back, fl in ((1, f.float1), (2, f.float2)):
            if rounds < back:
                continue
            r <<= gb
            r += fl[lo] is D
            r += s_hi <= sc[lo] and fl[hi] is D
            r <<= gb
            r += not (s_hi > sc[lo] and fl[lo] is U)
        for back, fl in ((1, f.float1), (2, f.float2)):
            if rounds < back:
                continue
            r <<= sb
            if fl[lo] is D:
                r += 1 << shifts[sc[lo]]
            if fl[hi] is D:
                r += 1 << shifts[s_hi]
            r <<= sb
            if not (fl[lo] is U and s_hi > sc[lo]):
                r += 1 << shifts[s_hi]
        r <<= 3 * gb + 1
        out.append(r)
    return out


def colour_fields(f, pl: int, op: int, m: bool, r: int, width: int) -> int:
    """Append the four colour fields (2026 C10–C13 = 2017 C.8–C.11, same definitions) to the
    weight ``r``, each ``width`` bits; ``m``: the pair is inside the current bracket.  Player =
    the lower-ranked, opponent = the higher-ranked, as the reference engine orders them."""
    same = f.pref[pl] is f.pref[op]
    r <<= width
    if m and (f.imbalance[pl] <= 1 or f.imbalance[op] <= 1 or not same):
        r += 1
    r <<= width
    if m:
        ok = not f.absolute(pl) or not f.absolute(op) or not same
        if not ok:
            if f.imbalance[pl] == f.imbalance[op]:
                ok = f.repeated[pl] is Colour.NONE or f.repeated[pl] is not f.repeated[op]
            else:
                weaker = op if f.imbalance[pl] > f.imbalance[op] else pl
                ok = f.repeated[weaker] is not f.pref[pl].opposite
        if ok:
            r += 1
    r <<= width
    if m and prefs_compatible(f.pref[pl], f.pref[op]):
        r += 1
    r <<= width
    if m and ((not f.strong[pl] and not f.absolute(pl)) or (not f.strong[op] and not f.absolute(op))
              or (f.absolute(pl) and f.absolute(op)) or not same):
        r += 1
    return r
