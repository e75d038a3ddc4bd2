"""Reisepartnersystem (Paarungssysteme): a team league where travel partners play two rounds per trip.

Reading of Paarungssysteme (every ambiguous sentence is discussed in notes/roundrobin.md):

- Teams get start numbers 1..T; teams 2p−1 and 2p are travel partners (pair p).  A count
  not divisible by 4 is filled up with "spielfrei" entries T+1.. (at most three); two
  spielfrei entries form a pair.  A team whose opponent is spielfrei has no match.
- The pairs play a round robin among themselves (Berger table of the pairs); one "round" of
  that table is one match day (Spieltag) of two rounds: first-named pair (A, B) against
  (C, D) plays A–C and B–D, then after swapping partners A–D and B–C.
- Travel partners meet as early as possible: a single round (Einzelrunde) before the first
  match day, round 1 of the season ("ein schöner gemeinsamer Saisonauftakt").
- Colours: in the first round of a match day both teams of the first-named pair have White on
  the even boards, after swapping partners Black on the even boards.  In the partner round
  the odd-numbered team is named first and has White on the even boards (our choice; the
  seed gives no colour rule for it, this follows the German league convention).
- Home right: one team of the first-named pair hosts the whole match day (both rounds).  Each
  pair alternates its two teams over the occasions on which it hosts: the partner round is
  hosted by the odd number, the pair's first match day as first-named pair by the even number,
  the next by the odd number, and so on.  This reproduces Paarungssysteme's two definite statements:
  in single rounds the odd numbers host, and the highest start number hosts on the match days
  that are even but not divisible by four.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import RoundError, TournamentError
from core.i18n import _
from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing
from core.pairing.roundrobin.berger import berger_table
from core.pairing.roundrobin.build import team_round
from core.pairing.roundrobin.lot import table_order


@dataclass(frozen=True)
class LeagueMatch:
    """One team match as start numbers: ``first`` is named first (the host pair's team)."""

    first: int
    second: int
    first_white_on: str
    """Boards on which ``first`` has White: ``"even"`` or ``"odd"``."""
    host: int
    """Start number of the team whose venue the match is played at."""


@dataclass(frozen=True)
class LeagueRound:
    number: int
    match_day: int
    """0 for the partner round, else the round of the pairs' round robin."""
    matches: tuple[LeagueMatch, ...]
    free: tuple[int, ...]
    """Real teams without a match this round (their opponent is spielfrei)."""


def padded(teams: int) -> int:
    """Entries after filling up with spielfrei to a multiple of four."""
    if teams < 2:
        raise TournamentError(_('a league needs at least 2 teams, not {teams}').format(teams=teams))
    return teams + (-teams) % 4


def schedule(teams: int, partner_round: str = "first") -> tuple[LeagueRound, ...]:
    """The whole season for ``teams`` real teams (start numbers 1..teams).

    ``partner_round="first"`` (default): the partners meet in a single round 1.
    ``partner_round="spielfrei"``: when the count was filled up with a pair of two spielfrei
    entries, each real pair plays its partner match on the match day it meets that pair
    (both its teams are free then: "Damit können die Reisepartner auch an dem Spielwochenende
    untereinander spielen, da beide spielfrei haben"); the season is one round shorter.
    """
    if partner_round not in ("first", "spielfrei"):
        raise TournamentError(
            _("partner_round must be 'first' or 'spielfrei', not {partner_round!r}").format(partner_round=partner_round))
    size = padded(teams)
    if partner_round == "spielfrei" and size - teams < 2:
        raise TournamentError(
            _('partner matches on the spielfrei weekend need two spielfrei entries (5, 6, 9, 10 … teams), not {teams} teams').format(teams=teams))
    pairs = size // 2
    real = range(1, teams + 1)
    rounds: list[LeagueRound] = []
    offset = 0 if partner_round == "first" else -1

    def emit(number: int, day: int, raw: list[LeagueMatch]) -> None:
        kept = tuple(m for m in raw if m.first in real and m.second in real)
        busy = {x for m in kept for x in (m.first, m.second)}
        free = tuple(x for x in real if x not in busy)
        rounds.append(LeagueRound(number, day, kept, free))

    if partner_round == "first":
        emit(1, 0, [LeagueMatch(2 * p - 1, 2 * p, "even", 2 * p - 1) for p in range(1, pairs + 1)])
    hosted = dict.fromkeys(range(1, pairs + 1), 0)
    for day, quartets in enumerate(berger_table(pairs), start=1):
        first_round: list[LeagueMatch] = []
        second_round: list[LeagueMatch] = []
        for p, q in quartets:
            hosted[p] += 1
            a, b = 2 * p - 1, 2 * p
            c, d = 2 * q - 1, 2 * q
            host = b if hosted[p] % 2 == 1 else a
            if host not in real:  # a spielfrei entry cannot host: its partner does
                host = a if host == b else b
            first_round += [LeagueMatch(a, c, "even", host), LeagueMatch(b, d, "even", host)]
            second_round += [LeagueMatch(a, d, "odd", host), LeagueMatch(b, c, "odd", host)]
            if partner_round == "spielfrei":
                for mine, theirs in ((p, q), (q, p)):
                    if 2 * theirs - 1 > teams:  # the spielfrei pair: partners play each other
                        first_round.append(LeagueMatch(2 * mine - 1, 2 * mine, "even",
                                                       2 * mine - 1))
        emit(2 * day + offset, day, first_round)
        emit(2 * day + 1 + offset, day, second_round)
    return tuple(rounds)


def pair_league(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``reisepartner``: team i of the table order has start number i."""
    t = tournament
    order = table_order(t, unit="team")
    season = schedule(len(order), str(t.options.get("partner_round", "first")))
    number = t.current_round + 1
    if number > len(season):
        raise RoundError(_('all {value} rounds of the league are paired; there is no round {number}').format(value=len(season), number=number))
    rnd = season[number - 1]
    team = {i + 1: tid for i, tid in enumerate(order)}
    matches = [(team[m.first], team[m.second], m.first_white_on) for m in rnd.matches]
    pairing = team_round(t, number, matches, [team[x] for x in rnd.free])
    notes = dict(pairing.explanations)
    for match, lm in zip(pairing.matches, rnd.matches):
        key = match.boards[0] if match.boards else f"match {match.home}-{match.away}"
        if rnd.match_day == 0:
            line = _("Partner round: played at the venue of team {team}.").format(team=team[lm.host])
        else:
            line = _("Match day {day}: played at the venue of team {team}.").format(
                day=rnd.match_day, team=team[lm.host])
        notes[key] = notes.get(key, ()) + (line,)
    return RoundPairing(pairing.round, pairing.boards, pairing.byes, notes, pairing.matches)
