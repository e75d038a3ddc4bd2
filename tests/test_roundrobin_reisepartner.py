"""Reisepartnersystem (Paarungssysteme): complete schedules for 8, 10 (spielfrei) and 12 teams,
partners first, match days of two rounds, colours on even boards, home rights."""

from __future__ import annotations

from collections import Counter

import pytest

from core.errors import RoundError
from core.model import Board, GameResult, Player, Round, Team, Tournament
from core.pairing.registry import get_system
from core.pairing.roundrobin.reisepartner import padded, schedule


def partner(x: int) -> int:
    return x + 1 if x % 2 else x - 1


@pytest.mark.parametrize("teams", [4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 20])
def test_schedule_is_complete(teams: int) -> None:
    season = schedule(teams)
    size = padded(teams)
    assert size % 4 == 0 and size - teams < 4
    assert len(season) == size - 1
    met = Counter(frozenset((m.first, m.second)) for r in season for m in r.matches)
    assert set(met.values()) == {1}
    assert set(met) == {frozenset((a, b)) for a in range(1, teams + 1)
                        for b in range(a + 1, teams + 1)}
    for r in season:  # every real team once per round: a match or free (spielfrei opponent)
        busy = [x for m in r.matches for x in (m.first, m.second)] + list(r.free)
        assert sorted(busy) == list(range(1, teams + 1))
    byes = Counter(x for r in season for x in r.free)
    assert all(byes[x] == size - teams for x in range(1, teams + 1))


@pytest.mark.parametrize("teams", [8, 10, 12])
def test_partners_meet_first(teams: int) -> None:
    first = schedule(teams)[0]
    assert first.match_day == 0
    assert {frozenset((m.first, m.second)) for m in first.matches} == {
        frozenset((a, a + 1)) for a in range(1, teams + 1, 2)}
    assert all(m.host == m.first and m.first % 2 == 1 for m in first.matches)  # odd hosts


@pytest.mark.parametrize("teams", [8, 10, 12])
def test_match_days_pair_the_pairs(teams: int) -> None:
    """A match day: pair (A, B) against (C, D) plays A–C, B–D, then A–D, B–C."""
    season = schedule(teams)
    days = Counter(r.match_day for r in season[1:])
    assert set(days.values()) == {2}
    for r1, r2 in zip(season[1::2], season[2::2]):
        assert r1.match_day == r2.match_day and r2.number == r1.number + 1
        assert all(m.first_white_on == "even" for m in r1.matches)
        assert all(m.first_white_on == "odd" for m in r2.matches)
        for m in r1.matches:
            swapped = [x for x in r2.matches if x.first == m.first]
            if swapped:
                assert swapped[0].second == partner(m.second)
            assert m.host in (m.first, partner(m.first))  # first-named pair hosts
            assert (m.first - 1) // 2 != (m.second - 1) // 2
        # both teams of a quartet's first pair are first-named and play at one venue
        hosts = {frozenset(((m.first - 1) // 2, (m.second - 1) // 2)): m.host for m in r1.matches}
        for m in r2.matches:
            assert hosts[frozenset(((m.first - 1) // 2, (m.second - 1) // 2))] == m.host


@pytest.mark.parametrize("teams", [8, 12, 16, 20, 24])
def test_highest_number_hosts_on_days_2_mod_4(teams: int) -> None:
    """Paarungssysteme: the highest start number hosts on the match days that are even but not
    divisible by four (and its partner hosts on the days divisible by four)."""
    hosting = sorted({r.match_day for r in schedule(teams)[1:]
                      for m in r.matches if m.host == teams})
    assert hosting == [d for d in range(1, teams // 2) if d % 2 == 0 and d % 4]
    partner_days = sorted({r.match_day for r in schedule(teams)[1:]
                           for m in r.matches if m.host == teams - 1})
    assert partner_days == [d for d in range(1, teams // 2) if d % 4 == 0]


@pytest.mark.parametrize("teams", [8, 12, 16])
def test_home_rights_alternate_inside_a_pair(teams: int) -> None:
    venues = Counter()
    for r in schedule(teams):
        venues.update({m.host for m in r.matches})
    for a in range(1, teams + 1, 2):
        assert abs(venues[a] - venues[a + 1]) <= 1


def test_eight_teams_last_quartet_even() -> None:
    """Paarungssysteme's remark, for the size it was written from: in the last quartet the team of
    the front pair with the even start number hosts."""
    last_day = schedule(8)[-1]
    assert last_day.matches[-1].host % 2 == 0


def league(n: int, size: int = 4) -> Tournament:
    players = tuple(Player(i, f"P{i}") for i in range(1, n * size + 1))
    teams = tuple(Team(k, f"Team {k}", tuple(range((k - 1) * size + 1, k * size + 1)))
                  for k in range(1, n + 1))
    return Tournament(id="t", name="T", system="reisepartner", players=players, teams=teams)


def test_reisepartner_system_plays_a_season_with_spielfrei() -> None:
    t = league(10)
    system = get_system("reisepartner")
    while True:
        try:
            p = system.pair(t)
        except RoundError:
            break
        boards = tuple(Board(b.white, b.black, GameResult.DRAW) for b in p.boards)
        t = t.with_changes(rounds=t.rounds + (Round(p.round, boards, p.byes, matches=p.matches),))
    assert len(t.rounds) == 11
    pairs = Counter(frozenset((m.home, m.away)) for r in t.rounds for m in r.matches)
    assert len(pairs) == 45 and set(pairs.values()) == {1}
    # round 2: team 1 (first-named) has White on the even boards
    r2 = t.rounds[1]
    m = r2.matches[0]
    home = set(t.teams[m.home - 1].members)
    assert [r2.boards[i].white in home for i in m.boards] == [False, True, False, True]
    from core.teams import team_standings

    assert all(r.match_points == 9 and r.played == 9 for r in team_standings(t))


@pytest.mark.parametrize("teams", [5, 6, 9, 10, 13, 14])
def test_partner_match_on_the_spielfrei_weekend(teams: int) -> None:
    """Option: partners play each other on the weekend they meet the pair of two spielfrei
    entries (both are free then); one round fewer, everybody still meets everybody once."""
    season = schedule(teams, "spielfrei")
    size = padded(teams)
    assert len(season) == size - 2
    met = Counter(frozenset((m.first, m.second)) for r in season for m in r.matches)
    assert set(met.values()) == {1} and len(met) == teams * (teams - 1) // 2
    for r in season:
        busy = [x for m in r.matches for x in (m.first, m.second)] + list(r.free)
        assert sorted(busy) == list(range(1, teams + 1))
    for r in season:
        for m in r.matches:
            if m.second == partner(m.first):
                # in the first round of that weekend; in its second round both are free
                nxt = season[r.number]
                assert nxt.match_day == r.match_day and {m.first, m.second} <= set(nxt.free)
                assert m.host == m.first and m.first % 2 == 1


def test_spielfrei_option_needs_a_spielfrei_pair() -> None:
    from core.errors import TournamentError

    with pytest.raises(TournamentError):
        schedule(8, "spielfrei")
    with pytest.raises(TournamentError):
        schedule(11, "spielfrei")
    with pytest.raises(TournamentError):
        schedule(10, "home")
