"""TRF-2026 record 299 (abnormal assignment points: penalties, bonuses) and National Rating
Support lines for unknown players (issue 29, item 8).

The record, as the TRF-2026 table lays it out: type of assignment at column 5 (W D L F H Z + -,
blank = penalty/bonus), match points 8-11 (teams only), points ``[-]11.5`` at 14-17, round
20-22 (``000`` or empty = all rounds), pairing numbers at 24-27, 29-32, ...  Every expected
value below is derived by hand in the comments from the small event ``EVENT``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from core.errors import TrfError
from core.model import PointAdjustment, TeamAdjustment, Tournament, running_scores, score, scores
from core.serialize import tournament_from_dict, tournament_to_dict
from core.standings import compute_standings
from core.trf import parse_tournament, read_tournament, write_trf
from tests.trf_builder import player_line, put

# Round 1: 1 (White) beats 3, 4 (White) beats 2.  Round 2: 2 (White) beats 1, 3 (White) beats 4.
# Results: every player has one win and one loss, 1 point each.
RESULTS = {1: [("3", "w", "1"), ("2", "b", "0")], 2: [("4", "b", "0"), ("1", "w", "1")],
           3: [("1", "b", "0"), ("4", "w", "1")], 4: [("2", "w", "1"), ("3", "b", "0")]}
NAMES = {1: "Aksoy, Ali", 2: "Bilgin, Banu", 3: "Cetin, Cem", 4: "Demir, Deniz"}


def players(points: dict[int, str]) -> list[str]:
    return [player_line(pno, NAMES[pno], 2100 - 100 * pno, points.get(pno, "1.0"), pno, RESULTS[pno])
            for pno in sorted(RESULTS)]


def record_299(points: str, pnos: list[int], rnd: str = "", kind: str = " ", match_points: str = "",
               first: int = 14) -> str:
    line: list[str] = []
    put(line, 1, "299")
    put(line, 5, kind)
    put(line, 8, match_points, right=True, width=4)
    put(line, first, points, right=True, width=18 - first)
    put(line, 20, rnd)
    for i, pno in enumerate(pnos):
        put(line, 24 + 5 * i, str(pno), right=True, width=4)
    return "".join(line).rstrip()


def event(*records: str, points: dict[int, str] | None = None, rounds: int = 2) -> str:
    return "\n".join(["012 Penalty", f"142 {rounds}", *records, *players(points or {})]) + "\n"


# A penalty of one point for player 3, for no particular round: 3 has 1 - 1 = 0 points.
PENALTY = record_299("-1.0", [3])
EVENT = event(PENALTY, points={3: "0.0"})


def problems(text: str) -> list[str]:
    with pytest.raises(TrfError) as info:
        parse_tournament(text)
    return [str(p) for p in info.value.problems]


# --- reading: what the record holds ------------------------------------------------------------

def test_a_penalty_is_read_as_a_point_adjustment() -> None:
    t, warnings = read_tournament(EVENT)
    assert t.adjustments == (PointAdjustment((3,), Fraction(-1), 0, ""),)
    assert warnings == []
    assert "trf_extra" not in t.options  # no longer a line kept as written


def test_the_penalty_counts_in_the_points() -> None:
    t = parse_tournament(EVENT)
    # 1, 2, 4: one win each = 1; 3: one win - 1 penalty = 0
    assert scores(t) == {1: 1, 2: 1, 3: 0, 4: 1}
    assert score(t, 3) == 0


def test_a_points_column_without_the_penalty_is_refused() -> None:
    # column 81-84 says 1.0 for player 3, but results (1) + adjustment (-1) = 0
    assert problems(event(PENALTY)) == [
        "line 6, column 81: player 3 has 1 points but the results add up to 0"]


def test_a_round_000_record_counts_from_before_round_1() -> None:
    t = parse_tournament(event(record_299("-1.0", [3], rnd="000"), points={3: "0.0"}))
    # all rounds: -1 before round 1, 0 - 1 after round 1 (loss), 1 - 1 after round 2
    assert [s[3] for s in running_scores(t)] == [-1, -1, 0]


def test_a_record_of_one_round_counts_from_that_round_on() -> None:
    t = parse_tournament(event(record_299("-1.0", [3], rnd="002"), points={3: "0.0"}))
    assert t.adjustments == (PointAdjustment((3,), Fraction(-1), 2, ""),)
    # before round 1: 0; after round 1 (loss): 0; after round 2: win 1 - 1 = 0
    assert [s[3] for s in running_scores(t)] == [0, 0, 0]
    assert scores(t, 1)[3] == 0 and scores(t, 2)[3] == 0
    t1 = parse_tournament(event(record_299("-1.0", [3], rnd="001"), points={3: "0.0"}))
    # after round 1: loss 0 - 1 = -1; after round 2: -1 + 1 = 0
    assert [s[3] for s in running_scores(t1)] == [0, -1, 0]


def test_a_record_for_a_round_not_played_yet_counts_once_it_is() -> None:
    # three rounds, two played: the round-3 bonus is not in the points column yet
    t = parse_tournament(event(record_299("0.5", [1], rnd="003"), rounds=3))
    assert scores(t)[1] == 1
    assert next(x for x in write_trf(t).splitlines() if x.startswith("001    1"))[80:84] == " 1.0"


def test_a_bonus_and_several_players_on_one_record() -> None:
    # +0.5 for players 1 and 4: 1.5 each
    t = parse_tournament(event(record_299("0.5", [1, 4]), points={1: "1.5", 4: "1.5"}))
    assert scores(t) == {1: Fraction(3, 2), 2: 1, 3: 1, 4: Fraction(3, 2)}


def test_a_typed_assignment_adds_its_points_and_keeps_its_type() -> None:
    # "W": player 3's round-2 win scored half a point less (Laws of Chess 12.9: points of the
    # game reduced); the cell keeps its 1, the record adds -0.5: 0 + 1 - 0.5 = 0.5
    t = parse_tournament(event(record_299("-0.5", [3], rnd="002", kind="W"), points={3: "0.5"}))
    assert t.adjustments == (PointAdjustment((3,), Fraction(-1, 2), 2, "W"),)
    assert scores(t)[3] == Fraction(1, 2)
    written = next(x for x in write_trf(t).splitlines() if x.startswith("299"))
    assert written[4] == "W" and written[13:17] == "-0.5" and written[19:22] == "002"


def test_a_five_character_value_starts_at_column_13() -> None:
    t = parse_tournament(event(record_299("-10.0", [3], first=13), points={3: "-9.0"}))
    assert scores(t)[3] == -9
    written = next(x for x in write_trf(t).splitlines() if x.startswith("299"))
    assert written[12:17] == "-10.0"


def test_zero_match_points_are_accepted_in_an_individual_event() -> None:
    t = parse_tournament(event(record_299("-1.0", [3], match_points="0.0"), points={3: "0.0"}))
    assert t.adjustments == (PointAdjustment((3,), Fraction(-1)),)


@pytest.mark.parametrize("line, expected", [
    (record_299("-1.0", [3], kind="Q"),
     "line 3, column 5: record 299: 'Q' is not a type of assignment (W, D, L, F, H, Z, +, - or blank)"),
    (record_299("-1.0", [9]), "line 3, column 24: record 299: player 9 is not in this file"),
    (record_299("-1.0", [3, 9]), "line 3, column 29: record 299: player 9 is not in this file"),
    (record_299("-1.0", [3], rnd="005"), "line 3, column 20: record 299: round 5, but the tournament has 2 rounds"),
    (record_299("-1.0", [3], match_points="-1.0"),
     "line 3, column 8: record 299: match points (columns 8-11) are for team events"),
    (record_299("", [3]), "line 3, column 14: points is missing"),
    (record_299("-1.0", []), "line 3, column 24: record 299 names no player"),
    (record_299("x1.0", [3]), "line 3, column 14: points 'x1.0' is not a number of points"),
])
def test_malformed_299_records_name_line_and_column(line: str, expected: str) -> None:
    assert expected in problems(event(line, points={3: "0.0"}))


# --- standings and tie-breaks ------------------------------------------------------------------

def test_standings_rank_by_the_adjusted_points_and_opponents_scores_see_them() -> None:
    t = parse_tournament(EVENT)
    s = compute_standings(t, "BH,SB")
    rows = {r.pno: r for r in s.rows}
    assert {p: r.points for p, r in rows.items()} == {1: 1, 2: 1, 3: 0, 4: 1}
    # BH = sum of the opponents' scores: 1: 3 (0) + 2 (1) = 1; 2: 4 (1) + 1 (1) = 2;
    # 3: 1 (1) + 4 (1) = 2; 4: 2 (1) + 3 (0) = 1.  Without the penalty every BH would be 2.
    assert {p: r.values["BH"] for p, r in rows.items()} == {1: 1, 2: 2, 3: 2, 4: 1}
    # SB = opponent's score x points scored against them: 1: beat 3 (0) = 0; 4: beat 2 (1) = 1
    assert rows[1].values["SB"] == 0 and rows[4].values["SB"] == 1
    # 1 point: 2 (BH 2), then 4 and 1 (BH 1) split by SB 1 > 0; 3 last with 0 points
    assert [r.pno for r in s.rows] == [2, 4, 1, 3]


def test_the_points_tie_break_explains_the_adjustment() -> None:
    from core.tiebreaks import explain

    t = parse_tournament(EVENT)
    explanation = explain(t, "PTS", 3)
    # round 1 lost (0), round 2 won (1), the penalty (-1, no round): 0
    assert [(c.round, c.value) for c in explanation.contributions] == [(1, 0), (2, 1), (None, -1)]
    assert explanation.value == 0


def test_pairing_scores_include_the_adjustment() -> None:
    from core.pairing.swiss.state import player_states

    t = parse_tournament(event(PENALTY, points={3: "0.0"}, rounds=3))
    states = player_states(t, 3)
    # before round 3: 1, 2, 4 have 1 point, 3 has 1 - 1 = 0
    assert {p: s.pairing_score for p, s in states.items()} == {1: 1, 2: 1, 3: 0, 4: 1}
    # round 2 was paired with the penalty already on: 3 had -1 before round 2
    assert states[3].round_scores == (-1, -1)


# --- writing: hakem accepts the file it writes -------------------------------------------------

def test_the_export_writes_the_adjusted_points_and_the_record() -> None:
    t = parse_tournament(EVENT)
    lines = write_trf(t).splitlines()
    line = next(x for x in lines if x.startswith("299"))
    # type blank (5), points at 14-17, round 000 (all rounds) at 20-22, player at 24-27
    assert line == "299          -1.0  000    3"
    assert next(x for x in lines if x.startswith("001    3"))[80:84] == " 0.0"
    assert parse_tournament(write_trf(t)) == t
    assert parse_tournament(write_trf(t, flavour="16")).adjustments == t.adjustments


def test_adjustments_are_stored_and_follow_renumbering() -> None:
    from core.numbering import renumber
    from core.validate import validate

    t = parse_tournament(EVENT)
    data = tournament_to_dict(t)
    assert data["adjustments"] == [{"players": [3], "points": "-1", "round": 0, "kind": ""}]
    assert tournament_from_dict(json.loads(json.dumps(data))) == t
    assert "adjustments" not in tournament_to_dict(t.with_changes(adjustments=()))
    assert renumber(t, {3: 4, 4: 3}).adjustments == (PointAdjustment((4,), Fraction(-1)),)
    bad = t.with_changes(adjustments=(PointAdjustment((7,), Fraction(-1)),))
    assert "player 7 is not registered" in [p.message for p in validate(bad)]


# A team event: team 1 = players 1, 2; team 2 = players 3, 4.  Round 1: board 1, 1 (White)
# beats 3; board 2, 4 (White) draws with 2.  Game points: team 1 1 + 0.5 = 1.5, team 2 0.5;
# match points: team 1 2 (won), team 2 0.
TEAM_PLAYERS = [player_line(1, NAMES[1], 2000, "1.0", 1, [("3", "w", "1")]),
                player_line(2, NAMES[2], 1900, "0.5", 2, [("4", "b", "=")]),
                player_line(3, NAMES[3], 1800, "0.0", 3, [("1", "b", "0")]),
                player_line(4, NAMES[4], 1700, "0.5", 4, [("2", "w", "=")])]


def team_record(number: int, name: str, members: list[int]) -> str:
    line: list[str] = []
    put(line, 1, "310")
    put(line, 5, str(number), right=True, width=3)  # team number 5-7, name 9-40, players 74-77, ...
    put(line, 9, name, width=32)
    for i, pno in enumerate(members):
        put(line, 74 + 5 * i, str(pno), right=True, width=4)
    return "".join(line)


def team_event(*records: str) -> str:
    return "\n".join(["012 Teams", "142 3", *records, *TEAM_PLAYERS, team_record(1, "Ankara", [1, 2]),
                      team_record(2, "Izmir", [3, 4])]) + "\n"


# team 1 loses 2 match points (8-11) and 1.5 game points (14-17), for no round
TEAM_PENALTY = record_299("-1.5", [1], match_points="-2.0")


def test_a_team_event_reads_299_as_team_match_and_game_points() -> None:
    t, warnings = read_tournament(team_event(TEAM_PENALTY))
    assert t.team_adjustments == (TeamAdjustment((1,), Fraction(-2), Fraction(-3, 2)),)
    assert t.adjustments == () and warnings == []
    # the players' points are their games' (1, 0.5, 0, 0.5): the record names teams
    assert scores(t) == {1: 1, 2: Fraction(1, 2), 3: 0, 4: Fraction(1, 2)}


def test_team_standings_count_the_team_adjustment() -> None:
    from core.teams.scoring import team_standings

    t = parse_tournament(team_event(TEAM_PENALTY))
    # team 1: MP 2 - 2 = 0, GP 1.5 - 1.5 = 0; team 2: MP 0, GP 0.5 -> team 2 first on GP
    rows = {r.team: r for r in team_standings(t)}
    assert (rows[1].match_points, rows[1].board_points) == (0, 0)
    assert (rows[2].match_points, rows[2].board_points) == (0, Fraction(1, 2))
    s = compute_standings(t, "GP", team=True)
    assert [r.pno for r in s.rows] == [2, 1]
    assert {r.pno: r.points for r in s.rows} == {1: 0, 2: 0}
    assert {r.pno: r.values["GP"] for r in s.rows} == {1: 0, 2: Fraction(1, 2)}
    by_gp = compute_standings(t, "MP", team=True, team_primary="GP")
    assert {r.pno: r.points for r in by_gp.rows} == {1: 0, 2: Fraction(1, 2)}
    assert {r.pno: r.values["MP"] for r in by_gp.rows} == {1: 0, 2: 0}


def test_a_team_event_writes_its_299_and_the_adjusted_team_totals() -> None:
    t = parse_tournament(team_event(TEAM_PENALTY))
    lines = write_trf(t).splitlines()
    assert next(x for x in lines if x.startswith("299")) == "299    -2.0  -1.5  000    1"
    team1 = next(x for x in lines if x.startswith("310   1"))
    assert team1[54:60] == "   0.0" and team1[61:67] == "   0.0"  # MP 55-60, GP 62-67
    assert parse_tournament(write_trf(t)) == t
    assert tournament_from_dict(json.loads(json.dumps(tournament_to_dict(t)))) == t


def test_a_team_299_for_an_unknown_team_is_an_error() -> None:
    assert problems(team_event(record_299("-1.0", [3], match_points="-1.0"))) == [
        "line 3, column 24: record 299: team 3 is not in this file"]


def hakem(data, *args):
    env = {**os.environ, "HAKEM_DATA": str(data), "HAKEM_USER": "arbiter"}
    proc = subprocess.run([sys.executable, "-m", "tui.launch", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=180, check=False)
    assert "Traceback" not in proc.stderr
    return proc


@pytest.mark.slow  # real hakem processes
def test_import_export_import_through_the_cli(tmp_path) -> None:
    """The issue's path: the standings ignored the penalty, the export wrote 1.0 for player 3
    beside ``299 -1.0`` and hakem refused its own file."""
    source = tmp_path / "penalty.trf"
    source.write_text(EVENT)
    data = tmp_path / "data"
    tid = hakem(data, "import", source).stdout.strip()
    standings = json.loads(hakem(data, "standings", tid, "--format", "json").stdout)
    assert {row["pno"]: row["points"] for row in standings["players"]} == {1: "1", 2: "1", 3: "0", 4: "1"}
    out = tmp_path / "out.trf"
    exported = hakem(data, "export", "--trf", tid, "-o", out)
    assert exported.returncode == 0, exported.stderr
    again = hakem(tmp_path / "data2", "import", out)
    assert again.returncode == 0, again.stderr
    assert parse_tournament(out.read_text()) == parse_tournament(EVENT).with_changes(
        id="", options=parse_tournament(out.read_text()).options)


# --- National Rating Support lines -------------------------------------------------------------

def nrs(pno: int, rating: str = "1850") -> str:
    line: list[str] = []
    put(line, 1, "TUR")
    put(line, 5, str(pno), right=True, width=4)
    put(line, 49, rating, right=True, width=4)
    return "".join(line)


def test_a_national_line_for_an_unknown_player_is_an_error_naming_its_line() -> None:
    assert problems(event(points={}) + nrs(9) + "\n") == [
        "line 7, column 5: national rating line: player 9 is not in this file"]


def test_a_second_national_line_for_a_player_is_an_error() -> None:
    assert problems(event() + nrs(2) + "\n" + nrs(2, "1700") + "\n") == [
        "line 8, column 5: national rating line: player 2 already has one (line 7)"]


@pytest.mark.slow  # real hakem processes
def test_the_cli_refuses_a_national_line_for_an_unknown_player(tmp_path) -> None:
    source = tmp_path / "nrs.trf"
    source.write_text(event() + nrs(9) + "\n")
    data = tmp_path / "data"
    proc = hakem(data, "import", source)
    assert proc.returncode == 3
    assert proc.stderr.splitlines() == [
        f"hakem: {source}: line 7, column 5: national rating line: player 9 is not in this file"]
    assert hakem(data, "list").stdout.strip() == ""


def test_tournament_field_default_is_no_adjustment() -> None:
    assert Tournament("x", "x").adjustments == ()


# --- every record read means the same when written ----------------------------------------------

def test_xxs_values_162_cannot_hold_are_written_as_xxs() -> None:
    # JaVaFo XXS: a forfeit loss 0.5 while a zero-point bye is 0 and a forfeit win 1.5 while a
    # win is 1: record 162 has one value (A) for both absences and one (W) for both wins, so
    # the TRF-2026 file adds an XXS line with FW and FL
    t = parse_tournament("\n".join(["012 x", "XXS FW=1.5 FL=0.5", *players({})]) + "\n")
    assert (t.points.forfeit_win, t.points.forfeit_loss, t.points.zero_bye) == (Fraction(3, 2), Fraction(1, 2), 0)
    lines = write_trf(t).splitlines()
    assert "XXS FW=1.5 FL=0.5" in lines
    assert lines.index("XXS FW=1.5 FL=0.5") == next(i for i, x in enumerate(lines) if x.startswith("162")) + 1
    assert parse_tournament(write_trf(t)).points == t.points
    assert parse_tournament(write_trf(t, flavour="16")).points == t.points


def test_212_is_written_back_beside_a_different_202() -> None:
    t = parse_tournament("\n".join(["012 x", "202 BH/C1,BH,SB", "212 PTS,BH,SB", *players({})]) + "\n")
    lines = write_trf(t).splitlines()
    assert "202 BH/C1,BH,SB" in lines and "212 PTS,BH,SB" in lines
    changed = t.with_changes(tiebreaks=("WIN",))  # a list changed in hakem: 212 no longer holds,
    # and is written from the new list (TRF-2026: 212 is PTS then the 202 list)
    assert [x for x in write_trf(changed).splitlines() if x[:3] in ("202", "212")] == ["202 WIN", "212 PTS,WIN"]


def test_an_xxa_line_of_zeros_is_no_acceleration() -> None:
    t = parse_tournament("\n".join(["012 x", "XXR 3", "XXA    1  0.0  0.0", *players({})]) + "\n")
    assert "virtual_points" not in t.options
    assert parse_tournament(write_trf(t)) == t


def test_reports_show_the_adjusted_running_score() -> None:
    from core.reports.view import View

    t = parse_tournament(event(record_299("-1.0", [3], rnd="002"), points={3: "0.0"}, rounds=3))
    view = View(t)
    # player 3: lost round 1 (0), won round 2 (1) with the round-2 penalty (-1): 0, 0
    assert view.running[3] == [0, 0]
    assert view.score_before(3, 3) == 0 and view.score_before(1, 3) == 1


def test_the_rounds_pane_shows_the_adjusted_points_before_a_round() -> None:
    from core.reports.view import View
    from core.round_view import scores_before_round

    t = parse_tournament(event(PENALTY, points={3: "0.0"}, rounds=3))
    # the penalty of no round: -1 before round 1; before round 3: 1 - 1 = 0
    assert scores_before_round(t, 1)[3] == -1 and scores_before_round(t, 3) == {1: 1, 2: 1, 3: 0, 4: 1}
    assert View(t).score_before(3, 1) == -1 and View(t).score_before(3, 3) == 0


def test_the_progress_chart_follows_the_adjusted_points() -> None:
    from core.pictures.progress import points_after_rounds

    t = parse_tournament(event(record_299("-1.0", [3], rnd="002"), points={3: "0.0"}))
    # player 3: 0 after round 1 (loss), 1 - 1 = 0 after round 2; player 1 unchanged: 1, 1
    assert points_after_rounds(t)[3] == (0, 0) and points_after_rounds(t)[1] == (1, 1)


@pytest.mark.slow  # real hakem processes
def test_players_import_from_a_trf_names_the_file_and_line_of_a_bad_national_line(tmp_path) -> None:
    source = tmp_path / "nrs.trf"
    source.write_text(event() + nrs(9) + "\n")
    data = tmp_path / "data"
    tid = hakem(data, "new", "Club", "--rounds", "5").stdout.strip().splitlines()[-1]
    proc = hakem(data, "players", "import", tid, source)
    assert proc.returncode == 3
    assert proc.stderr.splitlines() == [
        f"hakem: {source}: line 7, column 5: national rating line: player 9 is not in this file"]
    assert json.loads(hakem(data, "players", "list", tid, "--format", "json").stdout)["players"] == []


def test_validation_names_unknown_teams_types_and_rounds() -> None:
    from core.validate import validate

    t = parse_tournament(team_event(TEAM_PENALTY))
    bad = t.with_changes(team_adjustments=(TeamAdjustment((5,), Fraction(-1), Fraction(0), 4, "Q"),))
    assert [p.message for p in validate(bad)] == [
        "team 5 is not registered", "unknown type of assignment 'Q'", "round 4 is not a round of the tournament"]


def test_removing_a_team_removes_it_from_its_adjustments() -> None:
    from core.changes.teams import remove_team

    t = parse_tournament(team_event(TEAM_PENALTY)).with_changes(rounds=())  # before round 1
    both = t.with_changes(team_adjustments=(TeamAdjustment((1, 2), Fraction(-1), Fraction(0)),))
    assert remove_team(both, 1).team_adjustments == (TeamAdjustment((2,), Fraction(-1), Fraction(0)),)
    assert remove_team(t, 1).team_adjustments == ()


def test_progressive_scores_run_with_the_adjustments() -> None:
    # player 3 of EVENT: -1 (round 000) before round 1; after round 1 (loss) -1, after round 2
    # (win) 0: PS = -1 + 0 = -1 (without the penalty 0 + 1 = 1)
    s = compute_standings(parse_tournament(EVENT), "PS")
    assert {r.pno: r.values["PS"] for r in s.rows}[3] == -1
    # the penalty in round 2: after round 1 0, after round 2 1 - 1 = 0: PS 0
    s2 = compute_standings(parse_tournament(event(record_299("-1.0", [3], rnd="002"), points={3: "0.0"})), "PS")
    assert {r.pno: r.values["PS"] for r in s2.rows}[3] == 0
    # teams: team 1 starts at -2 match points, wins round 1 (+2): PS 0; team 2 0
    team = compute_standings(parse_tournament(team_event(TEAM_PENALTY)), "PS", team=True)
    assert {r.pno: r.values["PS"] for r in team.rows} == {1: 0, 2: 0}


def test_standings_and_crosstable_name_the_adjustment() -> None:
    from core.reports.tables import crosstable, standings_report
    from core.reports.view import View

    view = View(parse_tournament(EVENT))
    note = "Point adjustment -1 (all rounds): 3 Cetin, Cem"
    assert note in standings_report(view).notes and note in crosstable(view).notes
    bonus = View(parse_tournament(event(record_299("0.5", [1, 4], rnd="002"), points={1: "1.5", 4: "1.5"})))
    assert "Point adjustment +½ (round 2): 1 Aksoy, Ali, 4 Demir, Deniz" in crosstable(bonus).notes


def test_team_reports_count_and_name_the_team_adjustment() -> None:
    from core.reports.teams import team_crosstable, team_standings_report
    from core.reports.view import View

    view = View(parse_tournament(team_event(TEAM_PENALTY)))
    note = "Point adjustment -2 match points, -1½ game points (all rounds): 1 Ankara"
    assert note in team_standings_report(view).notes
    cross = team_crosstable(view)
    assert note in cross.notes
    # team 1's GP column: 1.5 from the match - 1.5 = 0; team 2: 0.5
    gp = {row[0]: row[-2].value for row in cross.tables[0].rows}
    assert gp == {1: 0, 2: Fraction(1, 2)}
