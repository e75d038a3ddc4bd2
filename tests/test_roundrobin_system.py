"""The registered systems pair whole events from their tables; withdrawals; team round robin."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import RoundError
from core.model import (Board, ByeKind, Code, GameResult, Player, Round, Team, Tournament,
                        entries)
from core.changes.rounds import apply_pairing
from core.pairing.base import RoundPairing
from core.pairing.registry import get_system
from core.changes.lots import draw_lots
from core.pairing.roundrobin.withdrawals import standing_points, unranked, withdrawal_status


def field(n: int, system: str = "berger") -> Tournament:
    return Tournament(id="t", name="T", system=system,
                      players=tuple(Player(i, f"P{i}", rating=2000 - i) for i in range(1, n + 1)))


def play(t: Tournament, pairing: RoundPairing, result: GameResult = GameResult.DRAW) -> Tournament:
    boards = tuple(b if b.result is not None else Board(b.white, b.black, result)
                   for b in pairing.boards)
    rnd = Round(pairing.round, boards, pairing.byes, matches=pairing.matches)
    return t.with_changes(rounds=t.rounds + (rnd,))


def run_all(t: Tournament) -> Tournament:
    system = get_system(t.system)
    while True:
        try:
            pairing = system.pair(t)
        except RoundError:
            return t
        t = play(t, pairing)


@pytest.mark.parametrize("n", [3, 4, 7, 10])
def test_berger_event_follows_lot(n: int) -> None:
    t = draw_lots(field(n), seed=7)
    order = t.options["lot"]["order"]
    t = run_all(t)
    size = n + n % 2
    assert len(t.rounds) == size - 1
    # round 1 board k: table numbers k and size+1-k
    first = t.rounds[0]
    expected = [(order[k - 1], order[size - k]) for k in range(1, size // 2 + 1)
                if size - k + 1 <= n]
    assert [(b.white, b.black) for b in first.boards] == expected
    met = {frozenset((b.white, b.black)) for r in t.rounds for b in r.boards}
    assert len(met) == n * (n - 1) // 2
    if n % 2:
        assert all(len(r.byes) == 1 and r.byes[0].kind is ByeKind.PAB for r in t.rounds)
        assert sorted(r.byes[0].pno for r in t.rounds) == sorted(order)


def test_double_berger_event() -> None:
    t = run_all(field(6, "double-berger"))
    assert len(t.rounds) == 10
    games = [(b.white, b.black) for r in t.rounds for b in r.boards]
    assert len(set(games)) == 30 and {(b, w) for w, b in games} == set(games)


def test_rutsch_event() -> None:
    first = get_system("rutsch").pair(field(9, "rutsch"))
    assert first.explanations["seats"][0] == "Seat 1: 1"
    assert first.explanations["seats"][-1] == "Seat 10: empty"
    t = run_all(field(9, "rutsch"))
    assert len(t.rounds) == 9
    met = [frozenset((b.white, b.black)) for r in t.rounds for b in r.boards]
    assert len(met) == len(set(met)) == 36


def test_withdrawal_under_half_unranked_and_forfeits() -> None:
    """Player 6 of 6 plays 2 of 5 games (< 50 %): unranked; later games are forfeits on their
    boards, "+" for the opponent (Aktar p. 61) — ``withdrawn_games="board"``."""
    t = field(6).with_changes(options={"withdrawn_games": "board"})
    system = get_system("berger")
    for _ in range(2):
        t = play(t, system.pair(t))
    players = tuple(p if p.pno != 6 else Player(6, "P6", withdrawn_round=3) for p in t.players)
    t = t.with_changes(players=players)
    for _ in range(3):
        pairing = system.pair(t)
        forfeits = [b for b in pairing.boards if 6 in (b.white, b.black)]
        assert len(forfeits) == 1 and len(pairing.boards) == 3
        b = forfeits[0]
        assert b.result is (GameResult.BLACK_FORFEIT_WIN if b.white == 6 else
                            GameResult.WHITE_FORFEIT_WIN)
        t = play(t, pairing)
    hist = entries(t)
    assert [e.code for e in hist[6][2:]] == [Code.FORFEIT_LOSS] * 3
    status = withdrawal_status(t)[6]
    assert (status.completed, status.scheduled, status.ranked) == (2, 5, False)
    assert unranked(t) == [6]
    pts = standing_points(t)
    assert 6 not in pts and len(pts) == 5
    opponent_late = [b.white if b.black == 6 else b.black
                     for r in t.rounds[2:] for b in r.boards if 6 in (b.white, b.black)]
    annulled = standing_points(t, annul=True)
    for pno in opponent_late:
        assert pts[pno] - annulled[pno] == 1  # the forfeit point
    assert annulled[opponent_late[0]] < pts[opponent_late[0]]


def test_annulment_also_removes_forfeit_byes() -> None:
    """The form of events paired before forfeits stayed on the board (full-point byes for the
    withdrawn player's table opponents): FIDE's annulment still takes those points away."""
    t = field(6).with_changes(options={"withdrawn_games": "bye"})
    system = get_system("berger")
    t = play(t, system.pair(t))
    players = tuple(p if p.pno != 6 else Player(6, "P6", withdrawn_round=2) for p in t.players)
    t = t.with_changes(players=players)
    for _ in range(4):
        t = play(t, system.pair(t))
    assert unranked(t) == [6]
    keep, annul = standing_points(t), standing_points(t, annul=True)
    # rounds 2–5: table opponents of 6 get a full-point bye each; round 1 was a draw with 6
    byes = [y.pno for r in t.rounds for y in r.byes]
    assert len(byes) == 4
    r1_opp = next(b.white if b.black == 6 else b.black for b in t.rounds[0].boards
                  if 6 in (b.white, b.black))
    for pno in keep:
        expected = (1 if pno in byes else 0) + (Fraction(1, 2) if pno == r1_opp else 0)
        assert keep[pno] - annul[pno] == expected


def test_withdrawal_at_half_stays_ranked() -> None:
    t = field(5)  # 4 games each; withdraw after 2 played games = 50 %
    system = get_system("berger")
    while sum(1 for r in t.rounds for b in r.boards if 5 in (b.white, b.black)) < 2:
        t = play(t, system.pair(t))
    t = t.with_changes(players=t.players[:4] + (Player(5, "P5", withdrawn_round=len(t.rounds) + 1),))
    t = run_all(t)
    assert withdrawal_status(t)[5].ranked and unranked(t) == []


def test_withdrawn_opponent_wins_by_forfeit_on_the_board_by_default() -> None:
    """Aktar p. 61: the unplayed game shows "+" for the opponent and "−" for the withdrawn
    player — a forfeit on the table's board (6 players, round 1: 1–6 2–5 3–4), not a bye."""
    t = field(6)
    players = tuple(Player(p.pno, p.name, withdrawn_round=1) if p.pno == 6 else p
                    for p in t.players)
    t = t.with_changes(players=players)
    pairing = get_system("berger").pair(t)
    assert [(b.white, b.black, b.result) for b in pairing.boards] == [
        (1, 6, GameResult.WHITE_FORFEIT_WIN), (2, 5, None), (3, 4, None)]
    assert pairing.byes == ()
    t = apply_pairing(t, pairing)  # stored as it is: the forfeit stays, the player sits on it
    assert t.rounds[0].boards[0].result is GameResult.WHITE_FORFEIT_WIN
    hist = entries(t)
    assert (hist[1][0].code, hist[1][0].opponent) == (Code.FORFEIT_WIN, 6)
    assert (hist[6][0].code, hist[6][0].opponent) == (Code.FORFEIT_LOSS, 1)


def test_both_absent_is_double_forfeit() -> None:
    t = field(4).with_changes(options={"withdrawn_games": "board"})
    players = tuple(Player(p.pno, p.name, withdrawn_round=1) if p.pno in (1, 4) else p
                    for p in t.players)
    pairing = get_system("berger").pair(t.with_changes(players=players))
    assert pairing.boards[0].result is GameResult.DOUBLE_FORFEIT


def team_event(n_teams: int, size: int = 4, system: str = "berger") -> Tournament:
    players = tuple(Player(i, f"P{i}") for i in range(1, n_teams * size + 1))
    teams = tuple(Team(k, f"Team {k}", tuple(range((k - 1) * size + 1, k * size + 1)))
                  for k in range(1, n_teams + 1))
    return Tournament(id="t", name="T", system=system, players=players, teams=teams)


def test_team_berger_builds_matches_with_board_colours() -> None:
    t = team_event(5)
    pairing = get_system("berger").pair(t)
    # table for 5 teams, round 1: 2-5, 3-4, team 1 free
    assert [(m.home, m.away) for m in pairing.matches] == [(2, 5), (3, 4)]
    m = pairing.matches[0]
    boards = [pairing.boards[i] for i in m.boards]
    assert [(b.white, b.black) for b in boards] == [(5, 17), (18, 6), (7, 19), (20, 8)]
    assert "bye" in pairing.explanations
    t = run_all(t)
    pairs = [frozenset((m.home, m.away)) for r in t.rounds for m in r.matches]
    assert len(pairs) == len(set(pairs)) == 10


def test_team_standings_match_points() -> None:
    from core.teams import team_standings

    t = team_event(4)
    system = get_system("berger")
    t = play(t, system.pair(t), GameResult.WHITE_WINS)  # alternate colours: 2-2 draws
    rows = team_standings(t)
    assert all(r.match_points == 1 and r.board_points == 2 for r in rows)
    pairing = system.pair(t)
    boards = list(pairing.boards)
    first = pairing.matches[0]
    for i in first.boards:  # home team wins every board of the first match
        b = boards[i]
        home_white = b.white in t.teams[first.home - 1].members
        boards[i] = Board(b.white, b.black, GameResult.WHITE_WINS if home_white
                          else GameResult.BLACK_WINS)
    t = play(t, RoundPairing(pairing.round, tuple(boards), (), {}, pairing.matches))
    rows = {r.team: r for r in team_standings(t)}
    assert rows[first.home].match_points == 3 and rows[first.home].board_points == 6
    assert rows[first.away].match_points == 1 and rows[first.away].board_points == 2
    assert rows[first.home].wins == 1 and rows[first.home].draws == 1
    assert team_standings(t)[0].team == first.home
    assert rows[first.away].board_points == Fraction(2)


@pytest.mark.parametrize("system,n,expected", [("berger", 7, 7), ("berger", 8, 7),
                                               ("double-berger", 5, 10), ("rutsch", 6, 5)])
def test_rounds_needed(system: str, n: int, expected: int) -> None:
    from core.pairing.roundrobin import rounds_needed

    t = field(n, system)
    assert rounds_needed(t) == expected
    assert len(run_all(t).rounds) == expected


def test_rounds_needed_team_systems() -> None:
    from core.pairing.roundrobin import rounds_needed

    assert rounds_needed(team_event(10, system="reisepartner")) == 11
    assert rounds_needed(team_event(3, system="scheveningen")) == 3 * 4
    assert rounds_needed(team_event(3, system="skalitzka")) == 2
