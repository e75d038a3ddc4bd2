"""The McMahon pairing: score groups by MMS, a weighted perfect matching of the whole field.

Criteria, after OpenGotha's documented evaluation function, each one strictly more important
than every one below it (the weights are lexicographic, so a hand derivation can take them one
at a time):

1. absolute — no pair that met before (or is forbidden) is ever made; the bye goes first
   (:func:`choose_bye`);
2. MMS difference — minimise Σ d² over the pairs, d = difference of the score groups (the whole
   MMS before the round).  Squaring is the concavity OpenGotha asks for: two pairs one group
   apart are better than one pair two groups apart.  The geographical criterion is weighed on
   the same scale: a pair from the same club costs as much as ``club_gap·(club_gap+1)``, i.e.
   more than a pair ``club_gap`` groups apart and less than one ``club_gap+1`` apart
   ("prefer an MMS gap up to 3 rather than a club mate"); from the same country
   ``country_gap·(country_gap+1)``.  Every pair is weighed alike (as OpenGotha's program
   does; its help mentions exempting players above the bar, but exempting some pairs would
   make a one-club evening pair its top group differently for no reason);
3. draw-ups and draw-downs — for a pair from different groups, 2 minus OpenGotha's scenario:
   +1 for each player drawn again in the same direction, −1 for each player whose earlier
   draw the other way it compensates (minimised);
4. who is drawn — the distance of each drawn player from the preferred place in their group
   (``float_upper`` for the player drawn down, ``float_lower`` for the player drawn up:
   top, middle or bottom; OpenGotha's default is the middle);
5. seeding inside a group of n (inner places 0..n−1 by the standings order): split-and-slip
   minimises (2|i−j| − n)²/n² (1 − 1+n/2, 2 − 2+n/2 …), split-and-fold (i+j−(n−1))²/(n−1)²
   (1 − n, 2 − n−1 …), split-and-random pairs the top half with the bottom half by lot;
6. colours — an even game between two players whose White/Black balances are of opposite
   signs costs 0, one with a balanced player against one two or more off ½, otherwise 1;
7. remaining ties — the pairs closest in the list (Σ of squared distances between the two
   players' places in the whole ordered field), so that the result never depends on how
   the matcher breaks a tie.

A player's place inside the group follows the standings before the round (SOS, then SOSOS),
then rank, rating and pairing number.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from fractions import Fraction

from core.go.mcmahon_options import McMahonOptions
from core.go.mms import McMahonScore, Participation, sos, sosos
from core.go.ranks import go_rating
from core.model import Colour, Player, Tournament

LEVELS = 6
"""Weighted levels below the absolute criterion: MMS, draws, who is drawn, seeding, colours,
closeness in the list."""


@dataclass(frozen=True)
class Seat:
    """A player as the pairing sees him before the round."""

    pno: int
    mms: Fraction
    group: int
    """The whole MMS (OpenGotha groups a half point with the whole number below)."""
    place: int
    """0-based place inside the group."""
    position: int
    """0-based place in the whole ordered field."""
    size: int
    drawn_up: int
    drawn_down: int
    balance: int
    """Whites − Blacks in earlier even games."""
    club: str
    country: str


def _balance(s: McMahonScore) -> int:
    return sum((1 if r.colour is Colour.WHITE else -1) for r in s.rounds
               if r.participation is Participation.PAIRED and r.handicap == 0)


def _draws(s: McMahonScore, all_scores: dict[int, McMahonScore]) -> tuple[int, int]:
    up = down = 0
    for r in s.rounds:
        if r.participation is not Participation.PAIRED or r.opponent not in all_scores:
            continue
        mine = math.floor(s.mms_before(r.round))
        theirs = math.floor(all_scores[r.opponent].mms_before(r.round))
        up += mine < theirs
        down += mine > theirs
    return up, down


def seats(t: Tournament, order: list[int], all_scores: dict[int, McMahonScore],
          options: McMahonOptions, country_of: dict[int, str]) -> dict[int, Seat]:
    """Groups and places of the players in ``order`` (the players to pair this round)."""
    players = {p.pno: p for p in t.players}
    sos_v = sos(all_scores)
    sosos_v = sosos(all_scores, sos_v)

    def key(pno: int) -> tuple:
        s = all_scores[pno]
        return (-s.mms, -sos_v[pno], -sosos_v[pno], -s.rank, -go_rating(players[pno]), pno)

    ranked = sorted(order, key=key)
    groups: dict[int, list[int]] = {}
    for pno in ranked:
        groups.setdefault(math.floor(all_scores[pno].mms), []).append(pno)
    out: dict[int, Seat] = {}
    position = {pno: i for i, pno in enumerate(ranked)}
    for group, members in groups.items():
        for place, pno in enumerate(members):
            s = all_scores[pno]
            up, down = _draws(s, all_scores)
            out[pno] = Seat(pno, s.mms, group, place, position[pno], len(members), up, down, _balance(s),
                            players[pno].club.strip().lower(), country_of.get(pno, "").lower())
    return out


def _geo(a: Seat, b: Seat, options: McMahonOptions, round_no: int) -> int:
    if not options.geo_applies(round_no):
        return 0
    if a.club and a.club == b.club and options.club_gap:
        return options.club_gap * (options.club_gap + 1)
    if a.country and a.country == b.country and options.country_gap:
        return options.country_gap * (options.country_gap + 1)
    return 0


def _float_distance(seat: Seat, mode: str) -> Fraction:
    if mode == "top":
        return Fraction(seat.place)
    if mode == "bottom":
        return Fraction(seat.size - 1 - seat.place)
    return Fraction(abs(2 * seat.place - (seat.size - 1)), 2)


def _scenario_cost(upper: Seat, lower: Seat) -> int:
    """2 − OpenGotha's scenario: +1 per repeated draw in the same direction, −1 per draw that
    compensates an earlier one the other way."""
    cost = 0
    repeated = (upper.drawn_down > 0) + (lower.drawn_up > 0)
    cost += repeated
    if repeated < 2:
        cost -= upper.drawn_up > upper.drawn_down
        cost -= lower.drawn_down > lower.drawn_up
    return cost


def _lot(seed: str, round_no: int, a: int, b: int) -> Fraction:
    low, high = sorted((a, b))
    digest = hashlib.sha256(f"{seed}|seed|{round_no}|{low}|{high}".encode()).digest()
    return Fraction(int.from_bytes(digest[:2], "big"), 65536)


def _seeding(a: Seat, b: Seat, system: str, seed: str, round_no: int) -> Fraction:
    n, i, j = a.size, a.place, b.place
    if system == "fold":
        x = i + j - (n - 1)
        return Fraction(x * x, (n - 1) ** 2) if n > 1 else Fraction(0)
    if system == "random":
        if (2 * i < n) != (2 * j < n):
            return _lot(seed, round_no, a.pno, b.pno) / 5
        return Fraction(1)
    x = 2 * abs(i - j) - n
    return Fraction(x * x, n * n)


def _colour(a: Seat, b: Seat) -> Fraction:
    if a.balance * b.balance < 0:
        return Fraction(0)
    if (a.balance == 0 and abs(b.balance) >= 2) or (b.balance == 0 and abs(a.balance) >= 2):
        return Fraction(1, 2)
    return Fraction(1)


def pair_costs(a: Seat, b: Seat, options: McMahonOptions, round_no: int, even: bool
               ) -> tuple[Fraction, ...]:
    """The costs of pair (a, b) on each weighted level (smaller is better)."""
    d = abs(a.group - b.group)
    score = Fraction(d * d + _geo(a, b, options, round_no))
    if d:
        upper, lower = (a, b) if a.group > b.group else (b, a)
        draws = Fraction(_scenario_cost(upper, lower))
        who = _float_distance(upper, options.float_upper) + _float_distance(lower, options.float_lower)
        seeding = Fraction(0)
    else:
        draws = who = Fraction(0)
        seeding = _seeding(a, b, options.seeding_for(round_no), options.nigiri_seed, round_no)
    colour = _colour(a, b) if even else Fraction(0)
    closeness = Fraction((a.position - b.position) ** 2)
    return (score, draws, who, seeding, colour, closeness)


def weights(costs: dict[tuple[int, int], tuple[Fraction, ...]], players: int) -> dict[tuple[int, int], int]:
    """Integer matching weights that rank matchings lexicographically by the cost levels.

    Each level's costs are made whole (times the common denominator) and shifted to be ≥ 0;
    a level's multiplier exceeds the largest total the levels below can reach over
    ``players // 2`` pairs, and a constant larger than everything makes the matching perfect.
    """
    pairs = max(1, players // 2)
    levels: list[dict[tuple[int, int], int]] = []
    for level in range(LEVELS):
        denominator = math.lcm(*(c[level].denominator for c in costs.values())) if costs else 1
        raw = {e: int(c[level] * denominator) for e, c in costs.items()}
        low = min(raw.values(), default=0)
        levels.append({e: v - low for e, v in raw.items()})
    multiplier = 1
    total: dict[tuple[int, int], int] = dict.fromkeys(costs, 0)
    for values in reversed(levels):
        top = max(values.values(), default=0)
        for e, v in values.items():
            total[e] += (top - v) * multiplier
        multiplier *= top * pairs + 1
    return {e: multiplier + v + 1 for e, v in total.items()}


def rank_key(player: Player, score: McMahonScore) -> tuple:
    """Order for the bye, lowest first: MMS, rank, rating, then the highest pairing number."""
    return (score.mms, score.rank, go_rating(player), -player.pno)
