"""A fresh-eyes arbiter's findings on Double-Swiss, Swiss Team and playoffs (issue 31): each
test fails on the code before the fix; the expected values are derived by hand in the test."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

from core.model import Board, Colour, GameResult, Player, PointSystem, Round, Tournament
from core.store import Store
from tests.cli_run import run

W, D = GameResult.WHITE_WINS, GameResult.DRAW


def double_swiss_paired_not_played() -> Tournament:
    """4 players, matches of two games (game 2 colours reversed).  Round 1: 1-2 (game 1 won
    by 1, game 2 drawn: 1½-½), 3-4 (3 wins both: 2-0).  Round 2: 1-3 (two draws: 1-1), 2-4
    (2 wins both: 2-0).  Round 3 paired (1-4, 2-3), no result yet.
    Scores after two rounds: 1: 1½+1 = 2½; 2: ½+2 = 2½; 3: 2+1 = 3; 4: 0."""
    from core.pairing.doubleswiss.state import match_points

    def match(a: int, b: int, g1: GameResult | None, g2: GameResult | None) -> tuple[Board, Board]:
        return Board(a, b, g1, game="g1"), Board(b, a, g2, game="g2")

    r1 = Round(1, match(1, 2, W, D) + match(3, 4, W, GameResult.BLACK_WINS))
    r2 = Round(2, match(1, 3, D, D) + match(2, 4, W, GameResult.BLACK_WINS))
    r3 = Round(3, match(1, 4, None, None) + match(2, 3, None, None))
    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 5))
    return Tournament(id="", name="DS", system="double-swiss", total_rounds=5, players=players,
                      points=match_points(PointSystem()), initial_colour=Colour.WHITE,
                      tiebreaks=("BH",), tiebreak_regime="2026", rounds=(r1, r2, r3))


def test_explanation_counts_the_rounds_the_standings_count(tmp_path, monkeypatch, capsys):
    # Player 1's BH over the rounds that are over (C.07: a pending round counts nowhere):
    # four games, against 2 (2½) twice and 3 (3) twice = 2·2½ + 2·3 = 11.  The pending
    # round 3 (1-4) must not appear as a forfeit win.
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    tid = Store(tmp_path).create(double_swiss_paired_not_played())
    out, _ = run(capsys, "standings", tid, "--format", "json")
    row = next(r for r in json.loads(out)["players"] if r["pno"] == 1)
    assert Fraction(row["tiebreaks"]["BH"]) == 11
    for extra in ((), ("--round", "3")):
        out, _ = run(capsys, "standings", tid, *extra, "--explain", "1", "--format", "json")
        (bh,) = json.loads(out)["explanations"]
        assert Fraction(bh["value"]) == 11
        assert [(c["opponent"], Fraction(c["value"])) for c in bh["contributions"]] == [
            (2, Fraction(5, 2)), (2, Fraction(5, 2)), (3, 3), (3, 3)]


def test_the_tui_explanation_is_the_standings_explanation():
    from tui.standings import compute, explain

    t = double_swiss_paired_not_played()
    view = compute(t)
    assert view.rows[[r.pno for r in view.rows].index(1)].values == ("11",)
    text = explain(t, "BH", 1, view)
    assert "11" in text and "(Art. 16.4.1)" not in text


def team_event_ranked_by_bh() -> Tournament:
    """Teams 1–4 of two boards (players 2t−1, 2t), tie-break list BH only.
    Round 1: 1-2 1½-½ (1 wins the match), 3-4 2-0.  Round 2: 1-3 ½-1½ (3 wins), 2-4 2-0.
    Match points (2/1/0): 3: 4; 1: 2; 2: 2; 4: 0.  Game points: 3: 3½, 1: 2, 2: 2½, 4: 0.
    1 and 2 tie on MP; BH (opponents' MP): 1 met 2 (2) and 3 (4) = 6, 2 met 1 (2) and 4 (0) = 2.
    So the standings: 3, 1, 2, 4 — while MP, GP, team number would give 3, 2, 1, 4."""
    from core.model import Match, Team

    def match(home: int, away: int, results: tuple[GameResult, GameResult], first: int) -> tuple[Board, ...]:
        h, a = (2 * home - 1, 2 * home), (2 * away - 1, 2 * away)
        return (Board(h[0], a[0], results[0]), Board(a[1], h[1], results[1]))

    B = GameResult.BLACK_WINS
    r1 = Round(1, match(1, 2, (W, D), 0) + match(3, 4, (W, B), 2),
               matches=(Match(1, 2, (0, 1)), Match(3, 4, (2, 3))))
    r2 = Round(2, match(1, 3, (D, W), 0) + match(2, 4, (W, B), 2),
               matches=(Match(1, 3, (0, 1)), Match(2, 4, (2, 3))))
    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 9))
    teams = tuple(Team(k, f"T{k}", (2 * k - 1, 2 * k)) for k in range(1, 5))
    return Tournament(id="", name="Teams", system="swiss-team", total_rounds=2, players=players,
                      teams=teams, tiebreaks=("BH",), rounds=(r1, r2), initial_colour=Colour.WHITE)


def test_trf_team_records_carry_the_standings_rank():
    from core.reports.export import trf_export
    from core.standings import compute_standings

    t = team_event_ranked_by_bh()
    assert [r.pno for r in compute_standings(t, team=True).rows] == [3, 1, 2, 4]
    ranks = {int(line[4:7]): int(line[68:71]) for line in trf_export(t).splitlines() if line.startswith("310")}
    assert ranks == {3: 1, 1: 2, 2: 3, 4: 4}


def test_tui_team_standings_show_the_team_rating_and_no_rating_change():
    # ratings: 1 2400, 2 2300 (team 1: mean 2350), 3 2200, 4 2100 (team 2: 2150), 5 2000,
    # 6 1900 (team 3: 1950), 7 unrated, 8 1800 (team 4: only 8 is rated, 1800).  Before, a
    # team row showed the player whose number is the team's: team 1 2400, team 4 2100.
    from tui.standings import compute

    ratings = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900, 7: 0, 8: 1800}
    t = team_event_ranked_by_bh()
    t = t.with_changes(players=tuple(dataclasses.replace(p, rating=ratings[p.pno]) for p in t.players))
    view = compute(t)
    assert [(r.pno, r.rating) for r in view.rows] == [(3, 1950), (1, 2350), (2, 2150), (4, 1800)]
    assert not view.changes and {r.change for r in view.rows} == {""}


def playoff_event(tmp_path, monkeypatch) -> str:
    """Four players after one round: 1 beat 3 (1 point), 2 and 4 drew (½ each), 3 lost (0)."""
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i) for i in range(1, 5))
    rnd = Round(1, (Board(1, 3, W), Board(2, 4, D)))
    t = Tournament(id="", name="Rapid", system="dutch", total_rounds=1, players=players, rounds=(rnd,))
    return Store(str(tmp_path)).create(t)


def test_playoff_refuses_what_the_booklet_does_not_allow(tmp_path, monkeypatch, capsys):
    tid = playoff_event(tmp_path, monkeypatch)
    cases = [
        (("--tied", "2", "--start", "25:00"), "25:00"),                     # no time of day
        (("--tied", "2", "--break-after-event", "10"), "30"),               # "en az yarım saat"
        (("--tied", "2", "--armageddon-time-control", "W300-B400"), "W300-B400"),  # White 5 min, Black 4 min
        (("--tied", "2", "--armageddon-time-control", "W300-B300"), "W300-B300"),
        (("--tied", "4", "--places", "5"), "5"),                             # 5 places of 4 players
        (("--tied", "3", "--third-place"), "third"),                         # 3 tied: a round robin
        ((tid, "--players", "2,4,1"), "1: 1"),                               # 1 has 1, 2 and 4 ½
    ]
    for argv, named in cases:
        _, err = run(capsys, "playoff", *argv, code=3)
        assert named in err and len(err.strip().splitlines()) == 1, (argv, err)
    # nothing was stored by the refused --players
    from core.playoff import playoffs_of

    assert not playoffs_of(Store(str(tmp_path)).load(tid).tournament)
    # the same, asked for on purpose
    run(capsys, "playoff", "--tied", "2", "--break-after-event", "10", "--force")
    run(capsys, "playoff", tid, "--players", "2,4,1", "--force")
    run(capsys, "playoff", "--tied", "4", "--third-place", "--places", "1")  # a knockout: allowed
    run(capsys, "playoff", "--tied", "2", "--armageddon-time-control", "W300-B240")  # the booklet's


def test_a_double_swiss_game_2_row_gives_the_match_score_from_its_left_player():
    # Round 1, match 1: game 1 1 (White) beat 2; game 2 (2 White) drawn.  Game 2's row reads
    # "2 ½-½ 1": 2 scored 0 + ½ = ½ in the match, 1 scored 1 + ½ = 1½ — so "½–1½", not the
    # game-1 orientation "1½–½".
    from core.cli.commands.round import round_json, round_text
    from tui.screens.round_table import match_result

    t = double_swiss_paired_not_played()
    rnd = t.rounds[0]
    assert match_result(t, rnd, 1, "1-0") == "1-0"
    assert match_result(t, rnd, 2, "½-½") == "½-½ · ½–1½"
    assert "match ½–1½" in round_text(t, 1).splitlines()[2]
    assert [b.get("match_score") for b in round_json(t, 1)["boards"]][:2] == ["1.5-0.5", "0.5-1.5"]


def test_the_double_swiss_pab_row_names_its_value():
    # C.04.5 1.4: the PAB is a game won plus a game drawn, 1½ — not "one point"
    from core.model import ByeKind
    from core.pairing.doubleswiss.state import match_points
    from tui.screens.round_table import bye_text

    assert "1½" in bye_text(ByeKind.PAB, match_points(PointSystem()))
    assert bye_text(ByeKind.PAB, PointSystem()) == bye_text(ByeKind.PAB)  # a plain one-point PAB


def test_round_show_names_the_team_bye():
    # teams 1-3 of two boards; round 1: 1-2, team 3 has the PAB: the match and game points of
    # a drawn match (C.04.6 Art. 1.4): 1 match point, half of 2 boards = 1 game point
    from core.cli.commands.round import round_json, round_text
    from core.model import BYE_TEAM, Match, Team

    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 7))
    teams = tuple(Team(k, f"Team {k}", (2 * k - 1, 2 * k)) for k in range(1, 4))
    rnd = Round(1, (Board(1, 3, W), Board(4, 2, D)), matches=(Match(1, 2, (0, 1)), Match(3, BYE_TEAM)))
    t = Tournament(id="", name="Teams", system="swiss-team", total_rounds=3, players=players,
                   teams=teams, rounds=(rnd,))
    assert round_json(t, 1)["team_byes"] == [
        {"team": 3, "name": "Team 3", "kind": "pab", "match_points": "1", "game_points": "1"}]
    last = round_text(t, 1).splitlines()[-1]
    assert "Team 3" in last and "bye" in last and "1 match point, 1 game point" in last


def test_double_swiss_cuts_drop_a_whole_match():
    # C.04.5 Preface: every pairing is a match; byes apply to matches, never to single games;
    # C.07 Art. 15: an unplayed round is one without a game "(or match)" — the round, and so
    # the unit a cut drops (Art. 14), is the match.  The event above, rounds 1-2 (round 3
    # pending): player 1 met 2 (2½ points) in match 1 and 3 (3 points) in match 2.
    # BH = 2·2½ + 2·3 = 11; BH/C1 drops match 1 (both games against 2): 6 (per game: 8½).
    # ARO/C1 with 2 rated 2000 and 3 rated 1800: drops match 2 (both games against 3): 2000
    # (per game: (2000 + 2000 + 1800) / 3 = 1933).
    from core.standings import compute_standings

    ratings = {1: 2100, 2: 2000, 3: 1800, 4: 1700}
    t = double_swiss_paired_not_played()
    t = t.with_changes(players=tuple(dataclasses.replace(p, rating=ratings[p.pno]) for p in t.players))
    row = compute_standings(t, ("BH", "BH/C1", "ARO/C1")).row(1)
    assert row.values["BH"] == 11 and row.values["BH/C1"] == 6 and row.values["ARO/C1"] == 2000


def test_a_generated_team_file_ranks_its_teams_as_hakem_standings_does(cli_data, capsys, tmp_path):
    # the 310 rank of a file hakem writes is the rank `hakem standings FILE` gives (the event's
    # team list GP, DE, BH); seed 2 has teams level on match points and game points whose
    # Buchholz orders them against their team numbers
    out = tmp_path / "teams.trf"
    run(capsys, "generate", "--swiss-team", "--teams", "8", "--boards", "2", "--rounds", "4",
        "--seed", "2", "-o", out)
    text = out.read_text()
    written = {int(line[4:7]): int(line[68:71]) for line in text.splitlines() if line.startswith("310")}
    shown = json.loads(run(capsys, "standings", out, "--format", "json")[0])
    assert written == {row["pno"]: row["rank"] for row in shown["players"]}


def test_the_tui_explanation_names_matches_and_games_and_teams():
    # A Double-Swiss event's "rounds" of the tie-break cells are games: game rounds 1 and 2 are
    # match 1's games 1 and 2 (C.04.5 Preface), so the lines name match and game; there is no
    # "round 2" before the event's second match.  Player 1's BH: against 2 in match 1 (2½ in
    # each game), 3 in match 2 (3 in each game): 11.  A team's explanation is for a team: team
    # 1's BH = the MP of 2 (2) and 3 (4) = 6 (team_event_ranked_by_bh).
    from tui.standings import compute, explain

    t = double_swiss_paired_not_played()
    lines = explain(t, "BH", 1, compute(t)).splitlines()
    assert lines[0].startswith("BH (") and "for player 1: 11" in lines[0]
    assert [line.split("opponent")[0].strip() for line in lines[1:5]] == [
        "match 1, game 1", "match 1, game 2", "match 2, game 1", "match 2, game 2"]
    team = team_event_ranked_by_bh()
    head = explain(team, "BH", 1, compute(team)).splitlines()[0]
    assert "for team 1: 6" in head and "player" not in head
