"""core.teams: rosters, board order, board points and match points 2/1/0 (Aktar p. 73)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import TournamentError
from core.model import Board, GameResult, Match, Player, PointSystem, Round, Team, Tournament
from core.teams import MatchPoints, board_pairs, line_up, match_scores, team_of, team_standings

W, B, D, FW = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW,
               GameResult.WHITE_FORFEIT_WIN)


def event(rounds: tuple[Round, ...] = ()) -> Tournament:
    players = tuple(Player(i, f"P{i}") for i in range(1, 13))
    teams = (Team(1, "A", (1, 2, 3, 4)), Team(2, "B", (5, 6, 7, 8)), Team(3, "C", (9, 10, 11, 12)))
    return Tournament(id="t", name="T", players=players, teams=teams, rounds=rounds)


def test_board_pairs_colours() -> None:
    assert board_pairs((1, 2, 3, 4), (5, 6, 7, 8)) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert board_pairs((1, 2, 3, 4), (5, 6, 7, 8), "even") == [(5, 1), (2, 6), (7, 3), (4, 8)]
    assert board_pairs((1, 2), (5,)) == [(1, 5)]
    with pytest.raises(TournamentError):
        board_pairs((1,), (2,), "left")


def test_line_up_moves_reserves_up() -> None:
    t = event()
    players = tuple(Player(2, "P2", withdrawn_round=2) if p.pno == 2 else p for p in t.players)
    t = t.with_changes(players=players)
    team = t.teams[0]
    assert line_up(t, team, 1) == (1, 2, 3, 4)
    assert line_up(t, team, 2) == (1, 3, 4)
    assert line_up(t, team, 2, boards=2) == (1, 3)


def test_team_of_rejects_double_membership() -> None:
    t = event()
    assert team_of(t)[7] == 2
    bad = t.with_changes(teams=t.teams + (Team(4, "D", (1,)),))
    with pytest.raises(TournamentError):
        team_of(bad)


def round_one() -> Round:
    # A–B: A White on odd boards.  Results from A's side: 1, ½, 1, 0 → 2½ : 1½ (A wins)
    boards = (Board(1, 5, W), Board(6, 2, D), Board(3, 7, W), Board(8, 4, W))
    return Round(1, boards, matches=(Match(1, 2, (0, 1, 2, 3)),))


def test_match_points_two_one_zero() -> None:
    t = event((round_one(),))
    (s,) = match_scores(t)
    assert (s.home_points, s.away_points) == (Fraction(5, 2), Fraction(3, 2))
    assert s.match_points() == (2, 0)
    rows = {r.team: r for r in team_standings(t)}
    assert (rows[1].match_points, rows[1].board_points) == (2, Fraction(5, 2))
    assert (rows[2].match_points, rows[2].board_points) == (0, Fraction(3, 2))
    assert rows[3].played == 0


def test_drawn_match_and_other_match_point_values() -> None:
    boards = (Board(1, 9, W), Board(10, 2, W), Board(3, 11, D), Board(12, 4, D))
    t = event((Round(1, boards, matches=(Match(1, 3, (0, 1, 2, 3)),)),))
    (s,) = match_scores(t)
    assert s.home_points == s.away_points == 2
    assert s.match_points() == (1, 1)
    assert s.match_points(MatchPoints(3, 1, 0)) == (1, 1)
    rows = {r.team: r for r in team_standings(t)}
    assert rows[1].draws == rows[3].draws == 1 and rows[1].wins == 0


def test_forfeits_and_point_systems() -> None:
    boards = (Board(1, 5, FW), Board(6, 2, B), Board(3, 7, D), Board(8, 4, D))
    t = event((Round(1, boards, matches=(Match(1, 2, (0, 1, 2, 3)),)),))
    assert match_scores(t)[0].home_points == 3
    t = t.with_changes(points=PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3)))
    assert match_scores(t)[0].home_points == 8


def test_unfinished_match_is_not_counted() -> None:
    boards = (Board(1, 5, W), Board(6, 2), Board(3, 7, W), Board(8, 4, W))
    t = event((Round(1, boards, matches=(Match(1, 2, (0, 1, 2, 3)),)),))
    assert not match_scores(t)[0].complete
    assert all(r.played == 0 for r in team_standings(t))


def test_matches_over_several_rounds_aggregate_by_pair() -> None:
    r1 = Round(1, (Board(1, 5, W), Board(6, 2, W)), matches=(Match(1, 2, (0, 1)),))
    r2 = Round(2, (Board(5, 1, D), Board(2, 6, W)), matches=(Match(2, 1, (0, 1)),))
    t = event((r1, r2))
    assert len(match_scores(t)) == 2
    (s,) = match_scores(t, aggregate="pair")
    assert (s.home, s.away, s.rounds) == (1, 2, (1, 2))
    assert (s.home_points, s.away_points) == (Fraction(5, 2), Fraction(3, 2))
    rows = {r.team: r for r in team_standings(t, aggregate="pair")}
    assert rows[1].match_points == 2 and rows[1].played == 1
    by_rounds = {r.team: r for r in team_standings(t)}
    assert by_rounds[1].match_points == 1 + 2 and by_rounds[1].played == 2
    with pytest.raises(TournamentError):
        match_scores(t, aggregate="season")


def test_team_sheet_per_member() -> None:
    from core.model import Colour
    from core.teams import team_sheet

    t = event((round_one(),))
    sheet = team_sheet(t, 1)
    assert list(sheet) == [1, 2, 3, 4]
    cell = sheet[2][0]
    assert (cell.round, cell.opponent, cell.colour, cell.points) == (1, 6, Colour.BLACK, Fraction(1, 2))
    assert sheet[4][0].points == 0 and sheet[4][0].opponent == 8


def test_a_match_both_teams_forfeited_on_every_board_is_lost_by_both() -> None:
    # A game forfeited by both players (--) is lost by both; a team forfeiting every board has
    # forfeited the match, so A–B with -- on all four boards is lost by both: 0 MP each, 0 GP
    # each, one loss each (not a drawn match: 1 MP each, as the game points 0 : 0 compared
    # would give).  Round 2, A–C played: A 2½ : 1½ as in round_one, so A has 2 MP, C 0.
    # The same everywhere the match points are read: the Swiss Team pairing scores (A 2, B 0,
    # C 0, A and B free to meet again, C.04.2 Art. 3.5) and the team tie-breaks (a forfeit
    # loss, a voluntary unplayed round, C.07 Art. 16.2.4).
    from core.model import Code
    from core.pairing.swissteam.system import team_states
    from core.tiebreaks.team import build_team_context

    dd = GameResult.DOUBLE_FORFEIT
    r1 = Round(1, (Board(1, 5, dd), Board(6, 2, dd), Board(3, 7, dd), Board(8, 4, dd)),
               matches=(Match(1, 2, (0, 1, 2, 3)),))
    r2 = Round(2, (Board(1, 9, W), Board(10, 2, D), Board(3, 11, W), Board(12, 4, W)),
               matches=(Match(1, 3, (0, 1, 2, 3)),))
    t = event((r1, r2)).with_changes(system="swiss-team", total_rounds=3)
    (first, _second) = match_scores(t)
    assert first.match_points() == (0, 0)
    rows = {r.team: r for r in team_standings(t)}
    assert (rows[1].match_points, rows[1].losses, rows[1].draws) == (2, 1, 0)
    assert (rows[2].match_points, rows[2].board_points, rows[2].losses, rows[2].draws) == (0, 0, 1, 0)
    states = team_states(t, 3)
    assert {tid: s.score for tid, s in states.items()} == {1: 2, 2: 0, 3: 0}
    assert 2 not in states[1].opponents
    ctx = build_team_context(t)
    assert [(c.code, c.vur, c.points) for c in ctx.cells[2][:1]] == [(Code.FORFEIT_LOSS, True, 0)]
    assert ctx.total[2] == 0


def test_extended_direct_encounter_falls_back_to_game_points() -> None:
    # C.07 Art. 13.3: direct encounter among the tied teams on the primary score, then on the
    # secondary one.  Teams A, B, C of two boards meet in a cycle, one match per round (the
    # third team has no match): A beats B 1½-½, B beats C 2-0, C beats A 1½-½.  Match points:
    # 2 each, and 2 each among them (DE on MP separates nobody).  Game points among them:
    # A 1½ (v B) + ½ (v C) = 2; B ½ + 2 = 2½; C 0 + 1½ = 1½.
    # So EDE ranks B, A, C (values 1, 2, 3: the place inside the group).
    from core.standings import compute_standings

    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    teams = (Team(1, "A", (1, 2)), Team(2, "B", (3, 4)), Team(3, "C", (5, 6)))
    r1 = Round(1, (Board(1, 3, W), Board(4, 2, D)), matches=(Match(1, 2, (0, 1)),))
    r2 = Round(2, (Board(3, 5, W), Board(6, 4, B)), matches=(Match(2, 3, (0, 1)),))
    r3 = Round(3, (Board(5, 1, W), Board(2, 6, D)), matches=(Match(3, 1, (0, 1)),))
    t = Tournament(id="e", name="E", system="swiss-team", total_rounds=3, players=players, teams=teams,
                   rounds=(r1, r2, r3), tiebreaks=("EDE",))
    s = compute_standings(t, team=True)
    assert [(r.pno, r.points) for r in s.rows] == [(2, 2), (1, 2), (3, 2)]
    assert [s.row(p).values["EDE"] for p in (2, 1, 3)] == [1, 2, 3]


def test_the_bye_puts_its_game_points_on_the_boards_for_the_board_criteria() -> None:
    # C.07 Art. 12's BC, TBR and BBE compare how two teams' equal game points lie on the
    # boards (a knockout match level on MP and GP); in a Swiss list a team's game points
    # include the bye's (C.04.6 Art. 1.4: a drawn match's), which were on no board, so the
    # team with the bye had fewer board points and the lowest, best BC.  Read as a drawn match
    # on every board (½ on each of 2 boards), the board totals add up to the game points.
    # Teams of two boards: team k = players 2k−1, 2k.  Round 1: 1–2 (board 1 won by team 1,
    # board 2 drawn), team 3 the bye.  Round 2: 3–1 (board 1 won by team 3, board 2 by team 1).
    # Board totals: team 3 (½ + 1, ½ + 0) = (1½, ½): BC 1·1½ + 2·½ = 2½ (before: (1, 0), BC 1);
    # team 1 (1 + 0, ½ + 1) = (1, 1½): BC 4; team 2 (0, ½): BC 1.
    from core.model import BYE_TEAM
    from core.standings import compute_standings

    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    teams = (Team(1, "A", (1, 2)), Team(2, "B", (3, 4)), Team(3, "C", (5, 6)))
    r1 = Round(1, (Board(1, 3, W), Board(4, 2, D)), matches=(Match(1, 2, (0, 1)), Match(3, BYE_TEAM, ())))
    r2 = Round(2, (Board(5, 1, W), Board(2, 6, W)), matches=(Match(3, 1, (0, 1)),))
    t = Tournament(id="b", name="B", system="swiss-team", total_rounds=3, players=players, teams=teams,
                   rounds=(r1, r2), tiebreaks=("BC", "TBR"), options={"boards": 2})
    s = compute_standings(t, team=True)
    assert {p: s.row(p).values["BC"] for p in (1, 2, 3)} == {1: 4, 2: 1, 3: Fraction(5, 2)}
    assert s.row(3).values["TBR"] == (Fraction(3, 2), Fraction(1, 2))
