"""Scheveningen and Skalitzka: tables from Aktar pp. 61–64, meetings and colour rules."""

from __future__ import annotations

from collections import Counter

import pytest

from core.errors import RoundError, TournamentError
from core.model import Board, GameResult, Player, Round, Team, Tournament
from core.pairing.registry import get_system
from core.pairing.roundrobin import scheveningen as sch
from core.pairing.roundrobin import skalitzka as ska

# Aktar p. 63 "Scheveningen Eşlendirme Tablosu 4 Oyuncu", row by row (board k):
# R1, R2, R3, R4 — first-named has White.
SEED_SCHEVENINGEN_4 = """
A1 B1 B2 A1 A1 B3 B4 A1
A2 B2 B3 A2 A2 B4 B1 A2
A3 B3 B4 A3 A3 B1 B2 A3
A4 B4 B1 A4 A4 B2 B3 A4
"""

# Aktar p. 61, boards 1–12 ("Masa Tur 1 Tur 2"), the text layer's lost digits restored
# from the pattern Aktar states (board 3: "2 : B" / "B : b" …).
SEED_SKALITZKA = """
1 A:a 1:A
2 b:1 a:2
3 2:B B:b
4 C:c 3:C
5 d:3 c:4
6 4:D D:d
7 E:e 5:E
8 f:5 e:6
9 6:F F:f
10 G:g 7:G
11 h:7 g:8
12 8:H H:h
"""


def seat_name(seat: tuple[int, int]) -> str:
    return ("A", "B")[seat[0]] + str(seat[1])


def test_seed_four_player_table() -> None:
    rounds = sch.match_rounds(4, "team")
    for k, line in enumerate(SEED_SCHEVENINGEN_4.split("\n")[1:5], start=1):
        cells = line.split()
        for r in range(4):
            white, black = rounds[r][k - 1]
            assert [seat_name(white), seat_name(black)] == cells[2 * r:2 * r + 2]


def meetings(rounds: list) -> Counter:
    return Counter(frozenset((w, b)) for rnd in rounds for w, b in rnd)


def colour_seq(rounds: list) -> dict[tuple[int, int], str]:
    out: dict[tuple[int, int], str] = {}
    for rnd in rounds:
        for w, b in rnd:
            out[w] = out.get(w, "") + "W"
            out[b] = out.get(b, "") + "B"
    return out


@pytest.mark.parametrize("n", range(1, 17))
@pytest.mark.parametrize("colours", ["team", "balanced"])
def test_everybody_meets_every_opponent_once(n: int, colours: str) -> None:
    rounds = sch.match_rounds(n, colours)
    assert len(rounds) == n
    m = meetings(rounds)
    assert len(m) == n * n and set(m.values()) == {1}
    assert all({s[0] for s in pair} == {0, 1} for pair in m)
    for rnd in rounds:  # A keeps its seats, B moves one board per round
        assert [next(s for s in pair if s[0] == 0)[1] for pair in rnd] == list(range(1, n + 1))
    for r in range(1, n):
        b_board = {next(s for s in pair if s[0] == 1)[1]: k for k, pair in enumerate(rounds[r])}
        b_prev = {next(s for s in pair if s[0] == 1)[1]: k for k, pair in enumerate(rounds[r - 1])}
        assert all((b_prev[j] - b_board[j]) % n == 1 % n for j in b_board)


@pytest.mark.parametrize("n", range(1, 17))
def test_team_colours_whole_team_swaps_every_round(n: int) -> None:
    for r, rnd in enumerate(sch.match_rounds(n, "team"), start=1):
        assert {w[0] for w, _ in rnd} == {0 if r % 2 else 1}


@pytest.mark.parametrize("n", range(1, 25))
def test_balanced_colours(n: int) -> None:
    rounds = sch.match_rounds(n, "balanced")
    for rnd in rounds:
        a_whites = sum(1 for w, _ in rnd if w[0] == 0)
        assert a_whites in (n // 2, (n + 1) // 2)
        if n % 2 == 0:
            assert a_whites == n // 2
    seqs = colour_seq(rounds)
    for s in seqs.values():
        assert "WWW" not in s and "BBB" not in s
        limit = 2 if n % 4 == 2 else 1
        assert abs(s.count("W") - s.count("B")) <= limit


@pytest.mark.parametrize("n", [3, 4, 5])
def test_double_reverses_colours(n: int) -> None:
    rounds = sch.match_rounds(n, "team", double=True)
    assert len(rounds) == 2 * n
    assert rounds[n:] == [[(b, w) for w, b in rnd] for rnd in rounds[:n]]
    m = Counter((w, b) for rnd in rounds for w, b in rnd)
    assert len(m) == 2 * n * n and set(m.values()) == {1}


def test_skalitzka_reproduces_seed_pattern() -> None:
    names = [{}, {}, {}]
    for i in range(8):
        names[0][i + 1] = "ABCDEFGH"[i]
        names[1][i + 1] = "abcdefgh"[i]
        names[2][i + 1] = str(i + 1)
    r1, r2 = ska.rounds(8)
    for line, b1, b2 in zip(SEED_SKALITZKA.strip().splitlines(), r1, r2):
        _, c1, c2 = line.split()
        for cell, (w, b) in ((c1, b1), (c2, b2)):
            assert f"{names[w[0]][w[1]]}:{names[b[0]][b[1]]}" == cell


@pytest.mark.parametrize("m", [2, 4, 6, 8, 10])
def test_skalitzka_meetings_and_colours(m: int) -> None:
    r1, r2 = ska.rounds(m)
    games = r1 + r2
    assert len(r1) == len(r2) == 3 * m // 2
    for rnd in (r1, r2):  # everybody plays once per round
        seats = [s for g in rnd for s in g]
        assert len(seats) == len(set(seats)) == 3 * m
    for team in range(3):
        for i in range(1, m + 1):
            mine = [g for g in games if (team, i) in g]
            others = sorted(next(s for s in g if s != (team, i))[0] for g in mine)
            assert others == sorted({0, 1, 2} - {team})  # one player of each other team
            assert sorted(g.index((team, i)) for g in mine) == [0, 1]  # once White, once Black
    pairs = Counter(frozenset((w[0], b[0])) for w, b in games)
    assert set(pairs.values()) == {m}  # each pair of teams meets on m boards


def teams_event(system: str, n_teams: int, size: int, **options) -> Tournament:
    players = tuple(Player(i, f"P{i}", rating=2400 - i) for i in range(1, n_teams * size + 1))
    teams = tuple(Team(k, f"Team {k}", tuple(range((k - 1) * size + 1, k * size + 1)))
                  for k in range(1, n_teams + 1))
    return Tournament(id="t", name="T", system=system, players=players, teams=teams,
                      options=options)


def run(t: Tournament) -> Tournament:
    system = get_system(t.system)
    while True:
        try:
            p = system.pair(t)
        except RoundError:
            return t
        boards = tuple(Board(b.white, b.black, GameResult.WHITE_WINS) for b in p.boards)
        t = t.with_changes(rounds=t.rounds + (Round(p.round, boards, p.byes, matches=p.matches),))


@pytest.mark.parametrize("n_teams,size,double", [(2, 4, False), (2, 3, True), (3, 4, False),
                                                  (4, 2, False), (5, 3, False)])
def test_scheveningen_system_every_cross_team_pair_once(n_teams: int, size: int, double: bool) -> None:
    t = run(teams_event("scheveningen", n_teams, size, double=double, colours="balanced"))
    team_of = {p: team.id for team in t.teams for p in team.members}
    games = Counter(frozenset((b.white, b.black)) for r in t.rounds for b in r.boards)
    expected = {frozenset((a, b)) for a in team_of for b in team_of if team_of[a] < team_of[b]}
    assert set(games) == expected
    assert set(games.values()) == {2 if double else 1}
    stages = n_teams - 1 + n_teams % 2
    assert len(t.rounds) == stages * size * (2 if double else 1)
    for r in t.rounds:
        for match in r.matches:
            for i in match.boards:
                b = r.boards[i]
                assert {team_of[b.white], team_of[b.black]} == {match.home, match.away}
    # team 1 has the higher average rating, so it keeps its seats (A) against everybody
    with_one = [m for r in t.rounds for m in r.matches if 1 in (m.home, m.away)]
    assert with_one and all(m.home == 1 for m in with_one)


def test_skalitzka_system_and_board_point_standings() -> None:
    from core.teams import team_standings

    t = run(teams_event("skalitzka", 3, 4))
    assert len(t.rounds) == 2
    assert all(len(r.matches) == 3 for r in t.rounds)
    rows = team_standings(t, aggregate="pair", primary="board")
    # every board won by White; each of the 4 players has White once → 4 board points
    assert [r.board_points for r in rows] == [4, 4, 4]
    assert all(r.played == 2 for r in rows)


def test_skalitzka_needs_three_teams_of_even_size() -> None:
    with pytest.raises(TournamentError):
        get_system("skalitzka").pair(teams_event("skalitzka", 2, 4))
    with pytest.raises(TournamentError):
        get_system("skalitzka").pair(teams_event("skalitzka", 3, 3))
