"""The McMahon pairing: score groups by MMS, one weighted matching of the whole field whose
value of a pair is OpenGotha 3.51's pairing value (its "cost", which it maximises).

Why OpenGotha's own numbers: a club moving from OpenGotha must get the same pairing for the
same parameters, so every term below is OpenGotha's formula with its default weight (the names
are its parameter names, see :mod:`core.go.mcmahon_options`).  The terms, for a pair (a, b):

* no rematch — a pair that met (or is forbidden) is no edge at all (OpenGotha gives it a
  weight 5·10^14 lower, i.e. only when nothing else is possible; we refuse it);
* ``balance_wb`` (10^6) — an even game between two players whose White−Black balances have
  opposite signs gets the whole weight, one with a balanced player against one ≥ 2 off half;
* ``minimize_score_difference`` (10^11) — with R score groups (every whole MMS from
  floor − 1 to bar + 2 + rounds paired, empty or not) and x = |group difference| / R the value
  is W·(1 − x)(1 + x/2): nearly linear, so two one-group floats and one two-group float are
  worth almost the same;
* ``dudd_weight`` (10^8) — pairs 1 to 3 groups apart: D = W/5; the drawn players' distance
  from the preferred place (top, middle, bottom) is worth up to D/2 each, and the scenario
  (2, −1 per player drawn again the same way, +1 per player whose earlier draw the other way
  it compensates) times D;
* ``maximize_seeding`` (5·10^6) — inside a group of n with inner places i, j:
  split-and-slip W − W·x²/n² with x = 2|i − j| − n; split-and-fold W − W·x²/(n − 1)² with
  x = i + j − (n − 1); split-and-random W − lot (lot ≤ W/5, OpenGotha's name-based draw) for a
  pair across the halves, 0 otherwise;
* geography (``avoid_same_geo``, 10^11) — club factor c (3) and country factor k (1): ratios
  1.2c/R for a pair from different clubs, k/R from different countries; g = larger + smaller/2
  + 0.5/R when not 0; value W − G·(1 − g)(1 + g/2).  A pair of compatriots from different clubs
  thus loses about 0.6 of what a one-group float loses, a club pair more than a three-group
  float.  Two players without a club count as one club, as in OpenGotha.  Players of two
  clubs of one clubs group (OpenGotha's "clubs groups", ``club_groups``) get c/2/R instead
  of 1.2c/R: kept apart, but less than players of unrelated clubs;
* categories (``categories``, OpenGotha's) — with C categories every score group is split by
  category: OpenGotha numbers the groups category by category, best score first, so R above
  becomes C·R; ``avoid_mixing_categories`` (0 in McMahon) adds W·(1 − y)(1 + y/2) with
  y = |category difference| / C; the score term counts only inside one category, and the
  draw-up/draw-down term (whose 1–3 groups now run across a category boundary too) is divided
  by (category difference + 1)^4.

Integer arithmetic follows OpenGotha's (truncation toward zero, IEEE doubles where it uses
them), so a matching's value is exactly the number OpenGotha would give it; ties between
matchings are broken by the closeness of the pairs in the ordered field.

A player's inner place follows the standings before the round (MMS, SOS, SOSOS), then in the
rounds of the first seeding system the rating, then the name — OpenGotha's order.  Groups count
every registered player, also absent ones and the bye, as OpenGotha's do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from core.go.mcmahon_options import McMahonOptions
from core.go.mms import McMahonScore, Participation, nbw, sos, sosos
from core.go.names import split_name
from core.go.ranks import go_rating
from core.model import Colour, Player, Tournament

NX1 = 0.5
"""OpenGotha's concavity factor k of (1 − x)(1 + kx) (its "standard NX1 factor")."""

GROUP_MARGIN_BELOW = 1
GROUP_MARGIN_ABOVE = 2
"""OpenGotha's score range reaches one point below the floor and two above the bar (room for
its per-player MMS corrections −1..+2), plus one point per round paired."""


@dataclass(frozen=True)
class Seat:
    """A player as the pairing sees him before the round."""

    pno: int
    mms: Fraction
    group: int
    """The whole MMS (OpenGotha groups a half point with the whole number below)."""
    place: int
    """0-based place inside the group (every registered player counts, as in OpenGotha)."""
    position: int
    """0-based place in the whole ordered field."""
    size: int
    drawn_up: int
    drawn_down: int
    balance: int
    """Whites − Blacks in earlier even games."""
    club: str
    country: str
    lot_name: str
    """Surname + first name: OpenGotha's deterministic lot is drawn from the names."""
    rank: int = 0
    start_mms: int = 0
    wins: Fraction = Fraction(0)
    """NBW before the round (for the exemptions from "minimize handicap")."""
    club_groups: frozenset[int] = frozenset()
    """The clubs groups (their indices in the options) the player's club belongs to."""
    category: int = 0
    """0-based category (OpenGotha's, from the rank); 0 when the event has none."""
    rung: int = 0
    """OpenGotha's group number: category by category, best score first (lower is better)."""


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


def score_range(options: McMahonOptions, round_no: int) -> int:
    """The score groups of one category: every whole MMS from the floor − 1 to the bar + 2 +
    the rounds already paired, occupied or not."""
    low = options.start_mms(options.floor) - GROUP_MARGIN_BELOW
    return _top_score(options, round_no) - low + 1


def _top_score(options: McMahonOptions, round_no: int) -> int:
    return options.start_mms(options.bar) + GROUP_MARGIN_ABOVE + round_no - 1


def score_groups(options: McMahonOptions, round_no: int) -> int:
    """R, the number of score groups OpenGotha's costs divide by: the score range of one
    category times the number of categories (OpenGotha numbers them all in one row)."""
    return score_range(options, round_no) * options.category_count


def rung(options: McMahonOptions, round_no: int, category: int, group: int) -> int:
    """OpenGotha's group number of a category and whole MMS: categories one after the other,
    inside each the best score first."""
    return category * score_range(options, round_no) + _top_score(options, round_no) - group


PAIRING_GROUP_MIN = 200
"""OpenGotha's smallest pairing group (3.46.01 on)."""
PAIRING_GROUP_MAX = 3 * PAIRING_GROUP_MIN
"""A field of more players to pair than this is paired in groups (OpenGotha's 600)."""


def pairing_groups(order: list[int], level_of: dict[int, int], options: McMahonOptions, round_no: int,
                   category_of: dict[int, int] | None = None) -> list[list[int]]:
    """The field cut into the groups that are matched one by one, as OpenGotha 3.51's
    ``makeAutomaticPairing`` cuts a field of more than 600: while more than 600 are left, a
    group takes, score group by score group from the top, the players left at or above that
    MMS (in ``order``, the list of players to pair), and is complete when it holds at least
    200 players and an even number, or at once when it reaches 600 or only 200 are left; the
    rest is the last group.  With categories the walk goes category by category, each taking
    the players of that category and the better ones (OpenGotha's outer loop).  Why: one matching of a thousand players costs minutes; the
    cut keeps a large open event pairable between rounds, the way its players know from
    OpenGotha.  Fields of 600 or fewer stay one group."""
    smallest, largest = PAIRING_GROUP_MIN, PAIRING_GROUP_MAX  # read now: a test may set them
    remaining = list(order)
    if len(remaining) <= largest:
        return [remaining]
    top = _top_score(options, round_no)
    bottom = options.start_mms(options.floor) - GROUP_MARGIN_BELOW
    category = category_of or {}
    steps = [(c, level) for c in range(options.category_count) for level in range(top, bottom - 1, -1)]
    groups: list[list[int]] = []
    while len(remaining) > largest:
        grouped: list[int] = []
        for cat, level in steps:
            ready, i = False, 0
            while i < len(remaining):
                if level_of[remaining[i]] < level or category.get(remaining[i], 0) > cat:
                    i += 1
                    continue
                grouped.append(remaining.pop(i))
                if len(grouped) >= largest or len(remaining) <= smallest:  # OpenGotha's two emergency breaks
                    ready = True
                    break
            if ready or (len(grouped) >= smallest and len(grouped) % 2 == 0):
                break
        groups.append(grouped)
    return [*groups, remaining] if remaining else groups


def _standing_keys(t: Tournament, all_scores: dict[int, McMahonScore], rating_too: bool
                   ) -> dict[int, tuple]:
    from core.go.mcmahon_options import mcmahon_options

    players = {p.pno: p for p in t.players}
    sos_v = sos(all_scores, mcmahon_options(t).count_not_played_as_half)
    sosos_v = sosos(all_scores, sos_v)
    return {pno: (-s.mms, -sos_v[pno], -sosos_v[pno], -go_rating(players[pno]) if rating_too else 0,
                  split_name(players[pno].name), pno)
            for pno, s in all_scores.items() if pno in players}


def field_order(t: Tournament, order: list[int], all_scores: dict[int, McMahonScore]) -> list[int]:
    """The players of ``order`` in the standings before the round (MMS, SOS, SOSOS, then
    surname and first name): OpenGotha's list of players to pair, whose order decides who
    is "first" in a pair (its lot is not symmetric) and who is lowest for the bye."""
    keys = _standing_keys(t, all_scores, False)
    return sorted(order, key=keys.__getitem__)


def seats(t: Tournament, order: list[int], all_scores: dict[int, McMahonScore],
          options: McMahonOptions, country_of: dict[int, str], round_no: int) -> dict[int, Seat]:
    """Groups and places of the players in ``order`` (the players to pair this round).

    Group sizes and inner places count every player of the event (absent ones and the bye
    too), as OpenGotha's do; the order is MMS, SOS, SOSOS, in the first seeding system's
    rounds the rating, then surname and first name."""
    players = {p.pno: p for p in t.players}
    keys = _standing_keys(t, all_scores, round_no <= options.last_round_for_seed_system_1)
    groups: dict[tuple[int, int], list[int]] = {}
    for pno in sorted(keys, key=keys.__getitem__):
        s = all_scores[pno]
        groups.setdefault((options.category(s.rank), math.floor(s.mms)), []).append(pno)
    position = {pno: i for i, pno in enumerate(field_order(t, order, all_scores))}
    out: dict[int, Seat] = {}
    for pno in order:
        s = all_scores[pno]
        category, group = options.category(s.rank), math.floor(s.mms)
        members = groups[(category, group)]
        up, down = _draws(s, all_scores)
        surname, first = split_name(players[pno].name)
        out[pno] = Seat(pno, s.mms, group, members.index(pno), position[pno], len(members),
                        up, down, _balance(s), players[pno].club.strip().lower(),
                        country_of.get(pno, "").lower(), surname + first, s.rank, s.start_mms, nbw(s),
                        options.club_group_ids(players[pno].club), category,
                        rung(options, round_no, category, group))
    return out


def _tdiv(a: int, b: int) -> int:
    """Integer division truncated toward zero (OpenGotha's ``long`` arithmetic)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def concave(weight: int, x: float) -> int:
    """OpenGotha's W·(1 − x)(1 + kx), truncated, in its order of double operations."""
    return int(float(weight) * (1.0 - x) * (1.0 + NX1 * x))


def name_lot(top: int, first: str, second: str) -> int:
    """OpenGotha's deterministic lot 0..top for a pair, from the two names: Σ code·position
    of the names joined in alphabetical order, × 1234567, modulo top + 1; mirrored
    (top − lot) when the player listed first has the later name."""
    low, high = (first, second) if first <= second else (second, first)
    text = low + high
    lot = sum(ord(c) * (i + 1) for i, c in enumerate(text)) * 1234567 % (top + 1)
    return top - lot if first > second else lot


def _colour(a: Seat, b: Seat, weight: int) -> int:
    if a.balance * b.balance < 0:
        return weight
    if (a.balance == 0 and abs(b.balance) >= 2) or (b.balance == 0 and abs(a.balance) >= 2):
        return weight // 2
    return 0


def _score(a: Seat, b: Seat, options: McMahonOptions, groups: int) -> int:
    if a.category != b.category:  # OpenGotha counts the score only inside one category
        return 0
    return concave(options.minimize_score_difference, abs(a.rung - b.rung) / groups)


def _categories(a: Seat, b: Seat, options: McMahonOptions) -> int:
    if options.category_count < 2:
        return 0
    return concave(options.avoid_mixing_categories, abs(a.category - b.category) / options.category_count)


def _place_value(seat: Seat, mode: str, half: int) -> int:
    n, i = seat.size, seat.place
    if mode == "top":
        return half * (n - 1 - i) // n
    if mode == "bottom":
        return half * i // n
    return half * (n - 1 - abs(2 * i - n + 1)) // n


def _scenario(upper: Seat, lower: Seat) -> int:
    """OpenGotha's scenario 0..4: 2, −1 for each player drawn again in the same direction,
    then (unless 0) +1 for each player whose earlier, more frequent draw the other way this
    one compensates."""
    scenario = 2 - (upper.drawn_down > 0) - (lower.drawn_up > 0)
    if scenario:
        scenario += upper.drawn_up > 0 and upper.drawn_down < upper.drawn_up
        scenario += lower.drawn_down > 0 and lower.drawn_up < lower.drawn_down
    return scenario


def _dudd(a: Seat, b: Seat, options: McMahonOptions) -> int:
    gap = abs(a.rung - b.rung)
    if gap == 0 or gap >= 4:
        return 0
    unit = options.dudd_weight // 5
    upper, lower = (a, b) if a.rung < b.rung else (b, a)
    value = _place_value(upper, options.dudd_upper_mode, unit // 2)
    value += _place_value(lower, options.dudd_lower_mode, unit // 2)
    scenario = _scenario(upper, lower)
    if scenario > 2 and not options.compensate_dudd:
        scenario = 2
    return (value + scenario * unit) // (abs(a.category - b.category) + 1) ** 4


def _seeding(a: Seat, b: Seat, system: str, weight: int) -> int:
    """``a`` is the player placed higher in the whole field (the lot is not symmetric)."""
    if a.rung != b.rung:
        return 0
    n, i, j = a.size, a.place, b.place
    if system == "random":
        if (2 * i < n) != (2 * j < n):
            return weight - name_lot(int(weight * 0.2), a.lot_name, b.lot_name)
        return 0
    if system == "fold":
        x, m = i + j - (n - 1), n - 1
    else:
        x, m = 2 * abs(i - j) - n, n
    return weight - _tdiv(_tdiv(weight * x, m) * x, m)


def _geo(a: Seat, b: Seat, options: McMahonOptions, groups: int, round_no: int) -> int:
    if not options.geo_applies(round_no):
        return 0
    country = 0.0
    if a.country != b.country and options.country_gap:
        country = min(1.0, options.country_gap / groups)
    club = 0.0
    if a.club != b.club and options.club_gap:  # clubs of one clubs group: half the factor, else 1.2 times
        club = min(1.0, options.club_gap / 2.0 / groups if a.club_groups & b.club_groups
                   else options.club_gap * 1.2 / groups)
    ratio = max(country, club) + min(country, club) / 2.0
    if ratio > 0.0:
        ratio += 0.5 / groups
    value = options.minimize_score_difference - concave(options.avoid_same_geo, ratio)
    return min(value, options.avoid_same_geo)


def _exempt(seat: Seat, options: McMahonOptions, rounds: int) -> bool:
    """Above OpenGotha's secondary-criteria thresholds: at the bar, rank + wins at least the
    rank threshold, or (when active) as many wins as rounds."""
    many = 2 * seat.wins >= (rounds if options.nbw_threshold else 2 * rounds)
    strong = seat.rank + seat.wins >= options.rank_threshold
    at_bar = options.bar_threshold and seat.start_mms >= options.start_mms(options.bar)
    return bool(many or strong or at_bar)


def _handicap_value(a: Seat, b: Seat, options: McMahonOptions, round_no: int, rounds: int) -> int:
    if not options.minimize_handicap:
        return 0
    groups = score_groups(options, round_no)
    top = _top_score(options, round_no)
    pa = top if _exempt(a, options, rounds) else a.group
    pb = top if _exempt(b, options, rounds) else b.group
    return concave(options.minimize_handicap, abs(pa - pb) / groups)


def pair_value(a: Seat, b: Seat, options: McMahonOptions, round_no: int, even: bool, rounds: int = 0) -> int:
    """OpenGotha's value of pair (a, b) without its rematch term (larger is better); ``a`` is
    the player placed higher in the field."""
    groups = score_groups(options, round_no)
    value = 1 + (_colour(a, b, options.balance_wb) if even else 0)
    value += _categories(a, b, options)
    value += _score(a, b, options, groups)
    value += _dudd(a, b, options)
    value += _seeding(a, b, options.seeding_for(round_no), options.maximize_seeding)
    value += _geo(a, b, options, groups, round_no)
    value += _handicap_value(a, b, options, round_no, rounds)
    return value


def weights(values: dict[tuple[int, int], int], positions: dict[int, int], players: int
            ) -> dict[tuple[int, int], int]:
    """Matching weights: OpenGotha's values scaled so that, among matchings of equal value,
    the one whose pairs are closest in the ordered field wins (a tie never depends on how the
    matcher breaks it); a constant larger than every sum makes the matching perfect."""
    pairs = max(1, players // 2)
    closeness = {e: (positions[e[0]] - positions[e[1]]) ** 2 for e in values}
    spread = max(closeness.values(), default=0) * pairs + 1
    scaled = {e: v * spread + spread - 1 - closeness[e] for e, v in values.items()}
    constant = max(scaled.values(), default=0) * pairs + 1
    return {e: constant + v for e, v in scaled.items()}


def bye_weight(score: McMahonScore, byes: int) -> int:
    """OpenGotha's weight for the bye: rank + 2 × MMS + 1000 per bye already had (lowest
    weight gets the bye; the half points of MMS count, rank is on the same scale as MMS)."""
    return score.rank + int(2 * score.mms) + 1000 * byes


def rank_key(player: Player, score: McMahonScore) -> tuple:
    """Order for the bye, lowest first: MMS, rank, rating, then the highest pairing number."""
    return (score.mms, score.rank, go_rating(player), -player.pno)
