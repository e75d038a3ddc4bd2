"""Who wins which prize, and how much is paid.

The rules (as regulations usually write them, and as the issue asks):

1. Places in every group follow the final standings (points, then the event's tie-breaks);
   withdrawn players the standings leave unranked win nothing.
2. One prize per player, the higher one: prizes are handed out from the largest amount down;
   each goes to the best-placed eligible player who has none yet.  Equal amounts: the group
   listed first in the settings goes first (the event's order), then the higher place.
3. Sharing (``equal`` or ``hort``): in each group, the players equal on points who are left
   in it (those not paid by another group) share the prizes of the places they occupy —
   all of them, also those placed beyond the last prize.  ``equal`` splits the sum equally;
   ``hort`` splits ``hort_percent`` of it equally and pays the rest by the tie-break places.
   "The higher prize" is then the higher payment: a player whose share of a tie in another
   group would pay more than the prize he holds declines that prize (it goes to the next
   player), and the hand-out is done again until nobody would gain.
4. Club and team prizes go to clubs/teams and do not count against a player's one prize.
   A club's score is the sum of its best ``members`` players' points (ties: the better sum
   of their places, then the name).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.model import Player, Tournament
from core.standings import Standings
from core.prizes.settings import WOMEN, PrizeGroup, PrizeSettings, prize_settings


@dataclass(frozen=True)
class Entrant:
    """A player (``pno``), club or team as ranked for a group."""

    pno: int | None
    name: str
    points: Fraction
    rank: int
    """Place in the event's standings (clubs: the sum of their counted players' places)."""


@dataclass(frozen=True)
class Award:
    group: str
    place: int
    """Place within the group (1 = the group's best)."""
    entrant: Entrant
    announced: Fraction
    """The prize of this place as announced (0 beyond the last prize of a shared tie)."""
    paid: Fraction
    shared: tuple[int, int] | None = None
    """First and last place of the tie whose prizes were pooled, when they were."""


@dataclass(frozen=True)
class Allocation:
    settings: PrizeSettings
    awards: dict[str, list[Award]]
    """Per group key, in place order."""
    unawarded: dict[str, list[int]]
    """Places no eligible player was left for, per group key."""

    def total(self) -> Fraction:
        return sum((a.paid for awards in self.awards.values() for a in awards), Fraction(0))


def birth_year(p: Player) -> int | None:
    """The year from a birth field ("1990", "1990/05/12", "12.05.1990"); None when not given."""
    m = re.search(r"(1[89]\d\d|20\d\d)", p.birth or "")
    return int(m.group(1)) if m else None


def eligible(g: PrizeGroup, p: Player) -> bool:
    """Whether the player may win a prize of group ``g``."""
    if g.kind in ("club", "team"):
        return False
    if g.kind == "women" and (p.sex or "").lower()[:1] not in WOMEN:
        return False
    if g.kind == "unrated" and p.rating:
        return False
    if g.born_from is not None or g.born_to is not None:
        year = birth_year(p)
        if year is None:
            return False
        if g.born_from is not None and year < g.born_from:
            return False
        if g.born_to is not None and year > g.born_to:
            return False
    if g.rating_min is not None and p.rating < g.rating_min:
        return False
    return g.rating_max is None or bool(p.rating and p.rating <= g.rating_max)


def player_order(t: Tournament, standings: Standings | None = None) -> list[Entrant]:
    """The players in final standings order (unranked ones left out); ``standings``: the
    individual standings when the caller has them already."""
    from core.standings import compute_standings

    if standings is None:
        standings = compute_standings(t, team=False)
    return [Entrant(r.pno, r.name, r.points, r.rank) for r in standings.rows if r.rank is not None]


def group_ranking(t: Tournament, g: PrizeGroup, order: Sequence[Entrant] | None = None) -> list[Entrant]:
    """The special ranking of a group: its eligible players (or clubs/teams) in order."""
    order = list(order) if order is not None else player_order(t)
    if g.kind == "club":
        return club_ranking(t, g, order)
    if g.kind == "team":
        return team_ranking(t)
    players = {p.pno: p for p in t.players}
    return [e for e in order if e.pno in players and eligible(g, players[e.pno])]


def club_ranking(t: Tournament, g: PrizeGroup, order: Sequence[Entrant]) -> list[Entrant]:
    clubs: dict[str, list[Entrant]] = {}
    players = {p.pno: p for p in t.players}
    for e in order:
        club = players[e.pno].club.strip() if e.pno in players else ""
        if club:
            clubs.setdefault(club, []).append(e)
    scored = []
    for club, members in clubs.items():
        best = members[:g.members]  # ``order`` is the standings: the first are the best
        scored.append(Entrant(None, club, sum((m.points for m in best), Fraction(0)), sum(m.rank for m in best)))
    scored.sort(key=lambda e: (-e.points, e.rank, e.name))
    return scored


def team_ranking(t: Tournament) -> list[Entrant]:
    if not t.teams:
        return []
    from core.standings import compute_standings

    rows = compute_standings(t, team=True).rows
    return [Entrant(None, r.name, r.points, r.rank) for r in rows if r.rank is not None]


def split(ranking: Sequence[Entrant], amounts: Sequence[Fraction], sharing: str,
          hort_percent: int) -> list[tuple[Fraction, Fraction, tuple[int, int] | None]]:
    """(announced, paid, shared places) for each entrant of ``ranking`` who gets something.

    ``ranking`` is the group's order of the entrants left in it; entrants equal on points
    pool the prizes of their places when ``sharing`` is not ``none``."""
    n = len(amounts)
    out: list[tuple[Fraction, Fraction, tuple[int, int] | None]] = []
    i = 0
    while i < len(ranking) and i < n:
        j = i
        if sharing != "none":
            while j + 1 < len(ranking) and ranking[j + 1].points == ranking[i].points:
                j += 1
        if j == i:
            out.append((amounts[i], amounts[i], None))
            i += 1
            continue
        own = [amounts[k] if k < n else Fraction(0) for k in range(i, j + 1)]
        pool = sum(own, Fraction(0))
        equal = pool / (j - i + 1)
        for announced in own:
            if sharing == "hort":
                paid = equal * Fraction(hort_percent, 100) + announced * Fraction(100 - hort_percent, 100)
            else:
                paid = equal
            out.append((announced, paid, (i + 1, j + 1)))
        i = j + 1
    return out


def allocate(t: Tournament, settings: PrizeSettings | None = None,
             order: Sequence[Entrant] | None = None) -> Allocation:
    """Hand out the prizes of ``settings`` (default: the event's) by the rules above;
    ``order`` is the final standings (default: computed with the event's tie-breaks)."""
    s = settings if settings is not None else prize_settings(t)
    if order is None:
        order = player_order(t) if t.players else []
    rankings = {g.key: group_ranking(t, g, order) for g in s.groups}
    individual = [g for g in s.groups if g.kind not in ("club", "team")]
    position = {g.key: n for n, g in enumerate(s.groups)}
    prizes = sorted(((a, g, place) for g in individual for place, a in enumerate(g.amounts, start=1)),
                    key=lambda item: (-item[0], position[item[1].key], item[2]))
    declined: dict[int, set[str]] = {}
    for _round in range(len(order) * len(individual) + 1):  # each round declines one more prize
        winner, unawarded = _hand_out(prizes, rankings, declined)
        awards = {g.key: _group_awards(s, g, _left(g, rankings, winner, declined)) for g in s.groups}
        for g in s.groups:
            if g.kind in ("club", "team") and len(rankings[g.key]) < len(g.amounts):
                unawarded[g.key] = list(range(len(rankings[g.key]) + 1, len(g.amounts) + 1))
        move = _better_share(s, individual, rankings, awards, winner, declined) if s.sharing != "none" else None
        if move is None:
            break
        declined.setdefault(move[0], set()).add(move[1])
    return Allocation(s, awards, {k: sorted(v) for k, v in unawarded.items()})


def _hand_out(prizes: list[tuple[Fraction, PrizeGroup, int]], rankings: dict[str, list[Entrant]],
              declined: dict[int, set[str]]) -> tuple[dict[int, str], dict[str, list[int]]]:
    """Largest prize first, each to the best-placed eligible player without one (rule 2)."""
    winner: dict[int, str] = {}  # pno -> group key of the prize taken
    unawarded: dict[str, list[int]] = {}
    for _amount, g, place in prizes:
        nxt = next((e.pno for e in rankings[g.key]
                    if e.pno is not None and e.pno not in winner and g.key not in declined.get(e.pno, ())), None)
        if nxt is None:
            unawarded.setdefault(g.key, []).append(place)
        else:
            winner[nxt] = g.key
    return winner, unawarded


def _left(g: PrizeGroup, rankings: dict[str, list[Entrant]], winner: dict[int, str],
          declined: dict[int, set[str]]) -> list[Entrant]:
    """The entrants still in a group: not paid by another group, not having declined it."""
    if g.kind in ("club", "team"):
        return rankings[g.key]
    return [e for e in rankings[g.key] if e.pno is not None and winner.get(e.pno, g.key) == g.key
            and g.key not in declined.get(e.pno, ())]


def _group_awards(s: PrizeSettings, g: PrizeGroup, left: list[Entrant]) -> list[Award]:
    shares = split(left, g.amounts, s.sharing, s.hort_percent)
    return [Award(g.key, place, e, announced, paid, shared)
            for place, (e, (announced, paid, shared)) in enumerate(zip(left, shares), start=1)]


def _better_share(s: PrizeSettings, individual: list[PrizeGroup], rankings: dict[str, list[Entrant]],
                  awards: dict[str, list[Award]], winner: dict[int, str],
                  declined: dict[int, set[str]]) -> tuple[int, str] | None:
    """A player who would be paid more by sharing a tie in another group than by the prize he
    holds: (player, group he declines), or None when nobody would gain (rule 3)."""
    for g in individual:
        for award in awards[g.key]:
            pno = award.entrant.pno
            assert pno is not None
            for other in individual:
                if other.key == g.key or other.key in declined.get(pno, ()):
                    continue
                if not any(e.pno == pno for e in rankings[other.key]):
                    continue
                left = {e.pno for e in _left(other, rankings, winner, declined)} | {pno}
                there = [e for e in rankings[other.key] if e.pno in left]
                share = next((a.paid for a in _group_awards(s, other, there) if a.entrant.pno == pno), Fraction(0))
                if share > award.paid:
                    return pno, g.key
    return None
