"""Title norms (GM, IM, WGM, WIM) by FIDE's Title Regulations in force from 1 January 2024
(B.01), checked per player; every condition is kept with its numbers, met or not.

Articles used (in our words):
- 1.1.3 at most two rounds a day (checked when the round dates are known).
- 1.4.1a at least 9 games; 1.4.1c in a 9-round event 8 games do when the missing one is a
  forfeit win or a pairing-allocated bye (once per title application).
- 1.4.2c forfeits and other games not played over the board do not count; FID players count
  as opponents but belong to no federation (1.4.2a).
- 1.4.3 opponents from at least two federations other than the player's; 1.4.3d waives it
  (and 1.4.4) in a Swiss event with, in every round, at least 20 FIDE-rated players from at
  least three federations other than the host's, at least 10 of them GM, IM, WGM or WIM
  (players who missed more than one round, pairing-allocated byes aside, do not count).
- 1.4.4 at most 3/5 of the opponents from the player's federation and at most 2/3 from one
  federation (rounded down).
- 1.4.5 at least half the opponents title-holders (CM and WCM do not count) and at least a
  third, at least 3, holding the norm's title or a higher one (rounded up).
- 1.4.6 opponents' ratings: unrated count 1400; at most one opponent, the lowest, is raised to
  the floor (GM 2200, IM 2050, WGM 2000, WIM 1850).
- 1.4.7 the average rounded to whole points, halves up; 1.4.8a at least GM 2380, IM 2230,
  WGM 2180, WIM 2030; 1.4.8b at least 35 %; 1.4.8 Rp = Ra + dp (table 1.4.9, the score in whole
  per cent, halves up) at least GM 2600, IM 2450, WGM 2400, WIM 2250.
- 0.3.1: women's titles only for women.

- 1.4.1e/f: when all the games do not make a norm, later games (not with predetermined
  pairings) and games won may be left out, 9 games at least remaining; the largest such set
  that makes the norm is reported with the rounds left out.

Not checked (the arbiter's, said in the report): the exemptions 1.4.3a–c by event type,
leaving games out of a round robin (1.4.1f asks the whole event's mix there), 1.4.2b
(round-robin games against an unrated player who scored nothing), the time control and the
arbiters (1.1).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from core.i18n.format import format_percent
from core.i18n.terms import title_word
from core.model import Code, Player, Tournament, entries
from core.ratings import fide

NORMS = ("GM", "IM", "WGM", "WIM")
FLOOR = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}
MIN_AVERAGE = {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}
MIN_PERFORMANCE = {"GM": 2600, "IM": 2450, "WGM": 2400, "WIM": 2250}
QUALIFYING = {"GM": {"GM"}, "IM": {"GM", "IM"}, "WGM": {"GM", "IM", "WGM"},
              "WIM": {"GM", "IM", "WGM", "WIM"}}
TITLEHOLDERS = {"GM", "IM", "WGM", "FM", "WIM", "WFM"}
UNRATED_AS = 1400
MIN_GAMES = 9
SEARCH_LIMIT = 700
"""Reduced game sets tried per player and norm (1.4.1e/f): 13 games with 10 wins give 629."""
NO_FEDERATION = "FID"
_MISSED = (Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE, Code.FORFEIT_LOSS)
"""Rounds a player missed (1.4.3d; a pairing-allocated bye is not missed)."""


@dataclass(frozen=True)
class Condition:
    """One condition: its key (the report translates it), article, the value found, what
    is required (both as text with the numbers) and whether it is met."""

    key: str
    article: str
    value: str
    required: str
    met: bool


@dataclass(frozen=True)
class Opponent:
    round: int
    pno: int
    name: str
    title: str
    federation: str
    rating: int
    counted_rating: int
    score: Fraction


@dataclass(frozen=True)
class NormCheck:
    pno: int
    name: str
    norm: str
    conditions: tuple[Condition, ...]
    opponents: tuple[Opponent, ...]
    score: Fraction
    average: int
    performance: int

    @property
    def made(self) -> bool:
        return all(c.met for c in self.conditions)

    @property
    def title_performance(self) -> bool:
        """0.5: the performance and the opponents' average of the title (a norm without the
        mix of titles and federations)."""
        return self.performance >= MIN_PERFORMANCE[self.norm] and self.average >= MIN_AVERAGE[self.norm]


def norms_for(player: Player) -> tuple[str, ...]:
    return NORMS if player.sex == "w" else NORMS[:2]


def check_all(t: Tournament) -> list[NormCheck]:
    """Every player's check for every norm open to him or her."""
    history = entries(t)
    swiss = _swiss_exemption(t, history)
    return [check(t, p, norm, history, swiss) for p in t.players for norm in norms_for(p)]


def check(t: Tournament, player: Player, norm: str, history=None, swiss_exempt: bool | None = None) -> NormCheck:
    """The norm over all the player's games; when that fails, the first reduced set of games
    1.4.1e/f allow that makes it (the most games first)."""
    history = history if history is not None else entries(t)
    if swiss_exempt is None:
        swiss_exempt = _swiss_exemption(t, history)
    own = history.get(player.pno, [])
    games = [_opponent(t, e.round, e.opponent, e.code) for e in own
             if e.code in (Code.WIN, Code.DRAW, Code.LOSS) and e.opponent is not None]
    full = _evaluate(t, player, norm, own, games, swiss_exempt, ())
    if full.made:
        return full
    for kept, left_out in _reduced(t, games):
        if _performs(kept, norm):
            reduced = _evaluate(t, player, norm, own, kept, swiss_exempt, left_out)
            if reduced.made:
                return reduced
    return full


def _performs(games: list[Opponent], norm: str) -> bool:
    """The numbers alone (1.4.7, 1.4.8), in whole numbers: tried before the whole check of a
    reduced set (hundreds of sets per player in a long event)."""
    ratings = [g.counted_rating for g in games]
    lowest = min(ratings)
    n = len(ratings)
    total = sum(ratings) - lowest + max(lowest, FLOOR[norm])
    halves = sum(int(g.score * 2) for g in games)
    average = (2 * total + n) // (2 * n)   # halves up (1.4.7b)
    return halves * 100 >= 70 * n and average >= MIN_AVERAGE[norm] and \
        average + fide.dp_hundredths((100 * halves + n) // (2 * n)) >= MIN_PERFORMANCE[norm]


def _reduced(t: Tournament, games: list[Opponent]):
    """The game sets 1.4.1e and 1.4.1f allow, most games first: the games up to a later round
    (not with predetermined pairings), less some games won, at least 9 left; at most
    ``SEARCH_LIMIT`` sets.  Round robins are left alone (1.4.1f asks the whole event's mix
    there: the arbiter's call)."""
    from itertools import combinations, islice

    from core.pairing.registry import SYSTEMS

    if SYSTEMS.get(t.system) in ("roundrobin", "knockout"):
        return

    def sets():
        for size in range(len(games) - 1, MIN_GAMES - 1, -1):
            for last in range(len(games), size - 1, -1):
                wins = [i for i in range(last) if games[i].score == 1]
                for dropped in combinations(wins, last - size):
                    gone = set(dropped)
                    kept = [g for i, g in enumerate(games[:last]) if i not in gone]
                    yield kept, tuple(g.round for i, g in enumerate(games) if i >= last or i in gone)

    yield from islice(sets(), SEARCH_LIMIT)


def _evaluate(t: Tournament, player: Player, norm: str, own, games: list[Opponent], swiss_exempt: bool,
              left_out: tuple[int, ...]) -> NormCheck:
    opponents = _with_floor(games, FLOOR[norm])
    n = len(opponents)
    score = sum((o.score for o in opponents), Fraction(0))
    average = fide.round_change(Fraction(sum(o.counted_rating for o in opponents), n)) if n else 0
    performance = fide.performance(average, score / n) if n else 0
    conds = [_games(t, own, n)]
    if left_out:
        conds.append(Condition("left_out", "1.4.1e, 1.4.1f", ", ".join(map(str, left_out)), "", True))
    conds += _federations(player, opponents, swiss_exempt)
    conds += _titles(opponents, norm)
    conds += [
        Condition("average", "1.4.7, 1.4.8a", str(average), f"≥ {MIN_AVERAGE[norm]}", n > 0 and average >= MIN_AVERAGE[norm]),
        Condition("score", "1.4.8b", _percent(score, n), f"≥ {format_percent(35)}", n > 0 and score * 100 >= 35 * n),
        Condition("performance", "1.4.8", str(performance), f"≥ {MIN_PERFORMANCE[norm]}",
                  n > 0 and performance >= MIN_PERFORMANCE[norm]),
    ]
    per_day = _rounds_per_day(t)
    if per_day is not None:
        conds.append(Condition("rounds_per_day", "1.1.3", str(per_day), "≤ 2", per_day <= 2))
    return NormCheck(player.pno, player.name, norm, tuple(conds), tuple(opponents), score, average, performance)


def _opponent(t: Tournament, rnd: int, pno: int, code: Code) -> Opponent:
    o = t.player(pno)
    score = {Code.WIN: Fraction(1), Code.DRAW: Fraction(1, 2)}.get(code, Fraction(0))
    rating = o.rating
    return Opponent(rnd, pno, o.name, o.title, o.federation, rating, rating or UNRATED_AS, score)


def _with_floor(opponents: list[Opponent], floor: int) -> list[Opponent]:
    """1.4.6c: only the lowest-rated opponent below the floor is raised to it."""
    below = [o for o in opponents if o.counted_rating < floor]
    if not below:
        return opponents
    lowest = min(below, key=lambda o: (o.counted_rating, o.round))
    return [Opponent(o.round, o.pno, o.name, o.title, o.federation, o.rating, floor, o.score)
            if o is lowest else o for o in opponents]


def _games(t: Tournament, own, n: int) -> Condition:
    """1.4.1a, with 1.4.1c: 8 games in a 9-round event whose missing game was won by forfeit
    or was a pairing-allocated bye."""
    if n < 9 and n == 8 and t.total_rounds == 9 and len(own) == 9 and \
            sum(1 for e in own if e.code in (Code.FORFEIT_WIN, Code.PAB)) == 1:
        return Condition("games", "1.4.1c", "8", "≥ 9 (8 + 1.4.1c)", True)
    return Condition("games", "1.4.1a", str(n), f"≥ {MIN_GAMES}", n >= MIN_GAMES)


def _federations(player: Player, opponents: list[Opponent], exempt: bool) -> list[Condition]:
    n = len(opponents)
    feds = Counter(o.federation for o in opponents if o.federation and o.federation != NO_FEDERATION)
    foreign = sorted(f for f in feds if f != player.federation)
    own_count = feds.get(player.federation, 0)
    top_fed, top = feds.most_common(1)[0] if feds else ("", 0)
    out = [Condition("foreign", "1.4.3d" if exempt else "1.4.3", f"{len(foreign)} ({', '.join(foreign)})",
                     "≥ 2", exempt or len(foreign) >= 2),
           Condition("own_federation", "1.4.3d" if exempt else "1.4.4", str(own_count),
                     f"≤ {3 * n // 5}", exempt or own_count <= 3 * n // 5),
           Condition("one_federation", "1.4.3d" if exempt else "1.4.4", f"{top} ({top_fed})" if top_fed else "0",
                     f"≤ {2 * n // 3}", exempt or top <= 2 * n // 3)]
    return out


def _titles(opponents: list[Opponent], norm: str) -> list[Condition]:
    n = len(opponents)
    holders = sum(1 for o in opponents if o.title in TITLEHOLDERS)
    qualifying = sum(1 for o in opponents if o.title in QUALIFYING[norm])
    need_holders = math.ceil(n / 2)
    need_qualifying = max(3, math.ceil(n / 3))
    return [Condition("titleholders", "1.4.5a", str(holders), f"≥ {need_holders}", n > 0 and holders >= need_holders),
            Condition("norm_titles", "1.4.5", f"{qualifying} ({'/'.join(title_word(x) for x in sorted(QUALIFYING[norm]))})",
                      f"≥ {need_qualifying}", qualifying >= need_qualifying)]


def _percent(score: Fraction, n: int) -> str:
    """The share of the points scored, as the reader's language writes a percentage."""
    return format_percent(fide.round_change(score * 100 / n) if n else 0)


def _rounds_per_day(t: Tournament) -> int | None:
    dates = [d for d in t.round_dates if d]
    if not dates:
        return None
    return max(Counter(dates).values())


def _swiss_exemption(t: Tournament, history) -> bool:
    """1.4.3d, checked round by round over the rounds played."""
    from core.pairing.registry import SYSTEMS

    if SYSTEMS.get(t.system) in ("roundrobin", "knockout") or not t.rounds:
        return False
    host = t.federation
    counted = []
    for p in t.players:
        missed = sum(1 for e in history.get(p.pno, []) if e.code in _MISSED)
        if p.rating and missed <= 1 and p.federation and p.federation not in (host, NO_FEDERATION):
            counted.append(p)
    feds = {p.federation for p in counted}
    titled = sum(1 for p in counted if p.title in {"GM", "IM", "WGM", "WIM"})
    return len(counted) >= 20 and len(feds) >= 3 and titled >= 10
