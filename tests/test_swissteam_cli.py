"""A Swiss Team event (C.04.6) played through the CLI with random results, then checked by
``hakem check --swiss-team`` and by the text's absolute rules read straight from the file:
no two teams meet twice in played matches (C1), a team gets the bye at most once and never
after winning a match by forfeit (C2), the bye is worth a drawn match (Art. 1.4), and the bye
goes to a team of the lowest score that may receive it (Art. 3.4)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from core.pairing.swissteam.system import team_states
from core.trf import parse_tournament as read_trf_text
from tests.cli_run import run
from tests.swissteam_oracle import exists


pytestmark = pytest.mark.usefixtures("cli_data")


def hakem(capsys, *args: str, code: int = 0) -> tuple[str, str]:
    return run(capsys, *args, code=code)


def register(capsys, tid: str, teams: int, boards: int, word: str) -> None:
    """Players 1.. rated downwards, team k (named ``word k``) the k-th ``boards`` of them."""
    for i in range(teams * boards):
        hakem(capsys, "players", "add", tid, "--name", f"Player {i + 1}", "--rating", str(2500 - 3 * i))
    for k in range(teams):
        members = ",".join(str(k * boards + b + 1) for b in range(boards))
        hakem(capsys, "teams", "add", tid, "--name", f"{word} {k + 1}", "--players", members)


def play_event(capsys, tmp_path, teams: int, boards: int, rounds: int, seed: int) -> str:
    """Create, register, pair and enter every result through the CLI; the TRF it exports."""
    rng = random.Random(seed)
    out, _ = hakem(capsys, "new", "Team Swiss", "--system", "swiss-team", "--rounds",
                   str(rounds), "--boards", str(boards))
    tid = out.strip().splitlines()[-1]
    register(capsys, tid, teams, boards, "Team")
    results = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "+-", "-+"]
    weights = [30, 30, 30, 30, 30, 30, 1, 1]
    for r in range(1, rounds + 1):
        out, _ = hakem(capsys, "round", "pair", tid)
        # board lines begin with the board number; the team bye's line (and a player's) does not
        count = len([line for line in out.splitlines()[1:] if line[:3].strip().isdigit()])
        for board in range(1, count + 1):
            hakem(capsys, "result", tid, str(r), str(board), rng.choices(results, weights)[0])
    path = tmp_path / "event.trf"
    hakem(capsys, "export", tid, "--trf", "-o", str(path))
    return str(path)


def check_absolute_rules(path: str, boards: int) -> None:
    with open(path, encoding="utf-8") as f:
        t = read_trf_text(f.read())
    assert t.system == "swiss-team"
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for rnd in t.rounds:
        before = team_states(t.with_changes(rounds=t.rounds[:rnd.number - 1]), rnd.number)
        byes = [m.home for m in rnd.matches if m.bye]
        assert len(byes) == (len(before) % 2)
        for team in byes:
            assert not before[team].bye_barred  # C2: no second bye, none after a forfeit win
            assert team not in had_bye
            # Art. 3.4: every team ahead of it in the bye order would leave no legal pairing
            order = sorted((s for s in before.values() if not s.bye_barred),
                           key=lambda s: (s.score, -s.matches, -s.tpn))
            ahead = order[:[s.tpn for s in order].index(team)]
            for s in ahead:
                rest = set(before) - {s.tpn}
                assert not exists(rest, lambda x, y, known=before: y not in known[x].opponents)
            had_bye.add(team)
        paired = [m for m in rnd.matches if not m.bye]
        assert len({x for m in paired for x in (m.home, m.away)}) == 2 * len(paired)
        for m in paired:
            assert frozenset((m.home, m.away)) not in met  # C1 over played matches
            assert m.away not in before[m.home].opponents
        after = team_states(t.with_changes(rounds=t.rounds[:rnd.number]), rnd.number + 1) \
            if rnd.number < t.total_rounds else None
        for m in paired:
            if after is not None and m.away in after[m.home].opponents:
                met.add(frozenset((m.home, m.away)))
        if after is not None:
            for team in byes:  # Art. 1.4: a drawn match's points: 1 MP, half the boards' points
                assert after[team].score - before[team].score == 1
                assert after[team].secondary - before[team].secondary == Fraction(boards, 2)


def test_systems_lists_swiss_team(capsys):
    out, _ = hakem(capsys, "systems")
    assert "swiss-team" in out.split()


def test_small_event_through_the_cli(capsys, tmp_path):
    path = play_event(capsys, tmp_path, teams=9, boards=2, rounds=5, seed=3)
    out, _ = hakem(capsys, "check", "--swiss-team", path)
    assert "5 round(s) checked, 0 differ" in out
    check_absolute_rules(path, 2)


@pytest.mark.slow
def test_forty_teams_nine_rounds_through_the_cli(capsys, tmp_path):
    path = play_event(capsys, tmp_path, teams=40, boards=4, rounds=9, seed=40)
    out, _ = hakem(capsys, "check", "--swiss-team", path)
    assert "9 round(s) checked, 0 differ" in out
    check_absolute_rules(path, 4)


def test_check_names_a_round_paired_otherwise(capsys, tmp_path):
    path = play_event(capsys, tmp_path, teams=6, boards=2, rounds=2, seed=5)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    # give round 2's pairing to other teams: swap the first two teams' rosters in record 310
    teams = [i for i, line in enumerate(lines) if line.startswith("310")]
    a, b = lines[teams[0]], lines[teams[1]]
    lines[teams[0]] = a[:73] + b[73:]
    lines[teams[1]] = b[:73] + a[73:]
    bad = tmp_path / "swapped.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, _ = hakem(capsys, "check", "--swiss-team", str(bad), code=1)
    assert "round 2: differs from the engine" in out


def test_pair_prints_team_numbers(capsys, tmp_path):
    hakem(capsys, "generate", "--swiss-team", "--teams", "7", "--boards", "2",
          "--rounds", "3", "--seed", "2", "-o", str(tmp_path / "g.trf"))
    text = (tmp_path / "g.trf").read_text(encoding="utf-8")
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "\n320 01.0 01.0 " in text
    # the input for round 3: the file cut after round 2 (TRF keeps the rounds in the 001 lines)
    t = read_trf_text(text)
    from core.trf import write_trf

    (tmp_path / "r2.trf").write_text(write_trf(t.with_changes(rounds=t.rounds[:2])), encoding="utf-8")
    out, _ = hakem(capsys, "pair", "--swiss-team", str(tmp_path / "r2.trf"), "-p")
    lines = out.split("\n")
    assert lines[0] == "4"  # three matches and the bye
    expected = [(m.home, m.away) for m in t.rounds[2].matches]
    assert [tuple(int(x) for x in line.split()) for line in lines[1:5]] == expected


def test_generate_refuses_players_for_teams(capsys):
    _, err = hakem(capsys, "generate", "--swiss-team", "--rounds", "3", "--players", "8", code=3)
    assert "--teams" in err


def test_record_192_team_code_gives_the_options():
    t = read_trf_text("012 x\n142 3\n192 FIDE_TEAM_TYPEB_GP\n"
                      "001    1      A                                                                  0.0    1\n"
                      "001    2      B                                                                  0.0    2\n")
    assert (t.system, t.options.get("colour_preferences"), t.options.get("primary")) == ("swiss-team", "B", "game")
    assert t.options.get("secondary_colours") is False


def test_new_refuses_baku_with_game_points(capsys):
    _, err = hakem(capsys, "new", "T", "--system", "swiss-team", "--rounds", "5", "--team-primary",
                   "game", "--acceleration", "baku", code=3)
    assert "game points" in err and len(err.strip().splitlines()) == 1
    out, _ = hakem(capsys, "list")
    assert "T" not in out.split()


def test_a_round_paired_by_hand_gets_its_matches_and_the_bye():
    from core import changes
    from core.model import Board
    from core.pairing.base import RoundPairing
    from core.pairing.swissteam.simulate import new_team_event

    t = new_team_event(3, 2, 2, random.Random(1))  # teams 1 (players 1, 2), 2 (3, 4), 3 (5, 6)
    # the arbiter pairs team 3 against team 1 by hand, team 3 with White on board 1
    hand = RoundPairing(1, (Board(5, 1), Board(2, 6)))
    t = changes.apply_pairing(t, hand, manual=True)
    assert [(m.home, m.away, m.boards) for m in t.rounds[0].matches] == [(3, 1, (0, 1)), (2, 0, ())]


def small_event(capsys, teams: int = 4, boards: int = 2) -> str:
    out, _ = hakem(capsys, "new", "Byes", "--system", "swiss-team", "--rounds", "3", "--boards", str(boards))
    tid = out.strip().splitlines()[-1]
    register(capsys, tid, teams, boards, "Club")
    return tid


def test_a_players_bye_is_refused_and_the_team_has_its_own_bye_and_withdrawal(capsys):
    # C.04.6 pairs teams and applies the General Handling Rules to them: a participant known to
    # be absent is not paired and scores 0 (C.04.2 Art. 3.3), a withdrawn one is not paired
    # again (Art. 3.2).  A player's own bye was journaled and ignored (the team still paired,
    # the player lined up): refused, naming what the team can do.  Four teams of two boards:
    # Club 4 (players 7, 8) absent from round 1 → three teams play: Club 1 v Club 2, the bye to
    # the largest number among the lowest score, Club 3 (Art. 3.4); Club 4 not paired, its
    # players' zero-point byes on the round.
    import json

    tid = small_event(capsys)
    _out, err = hakem(capsys, "players", "bye", tid, "8", "--round", "1", "--kind", "half", code=3)
    assert "player 8: in a team Swiss a bye is the whole team's" in err and "hakem teams bye" in err
    hakem(capsys, "teams", "bye", tid, "4", "--round", "1")
    out, _ = hakem(capsys, "round", "pair", tid, "--format", "json")
    shown = json.loads(hakem(capsys, "round", "show", tid, "1", "--format", "json")[0])
    paired = {b["white"] for b in shown["boards"]} | {b["black"] for b in shown["boards"]}
    assert paired == {1, 2, 3, 4}
    assert [x["team"] for x in shown["team_byes"]] == [3]
    assert sorted(b["pno"] for b in shown["byes"]) == [7, 8]
    _out, err = hakem(capsys, "teams", "bye", tid, "4", "--round", "2", "--cancel", code=3)
    assert "team 'Club 4' has no bye in round 2" in err
    hakem(capsys, "teams", "withdraw", tid, "2")
    _out, err = hakem(capsys, "teams", "withdraw", tid, "2", code=3)
    assert "team 'Club 2' is already withdrawn" in err


def test_a_team_short_of_players_forfeits_the_boards_it_leaves_empty(capsys, tmp_path):
    # Team competition rules: a team that fields fewer players than the match has boards leaves
    # its lowest boards empty and forfeits them; the present opponent on each wins by forfeit.
    # Two teams of two boards; Club 2 (players 3, 4) loses player 3 from round 1: the withdrawal
    # warns, round 1 pairs board 1 (player 1 v player 4) and player 2 (Club 1's board 2) wins
    # board 2 by forfeit.  Board 1 drawn → game points Club 1 ½ + 1 = 1½, Club 2 ½: Club 1 wins
    # the match, 2 MP : 0 (without the forfeit it was ½ : ½, a drawn match, 1 MP each).
    import json

    tid = small_event(capsys, teams=2)
    _out, err = hakem(capsys, "players", "withdraw", tid, "3", "--from-round", "1")
    assert "team 'Club 2' has 1 player for 2 boards" in err
    hakem(capsys, "round", "pair", tid)
    shown = json.loads(hakem(capsys, "round", "show", tid, "1", "--format", "json")[0])
    assert [(b["white"], b["black"]) for b in shown["boards"]] in ([(1, 4)], [(4, 1)])
    assert shown["byes"] == [{"pno": 2, "kind": "full", "forfeit_win": True}]
    hakem(capsys, "result", tid, "1", "1", "1/2")
    path = tmp_path / "short.trf"
    hakem(capsys, "export", tid, "--trf", "-o", str(path))
    text = path.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("001    2"))
    assert "0000 - +" in line
    from core.teams.scoring import match_scores, team_standings

    event = read_trf_text(text)  # the file read back: the same forfeit, the same match
    (score,) = match_scores(event)
    assert {score.home: score.home_points, score.away: score.away_points} == {1: Fraction(3, 2),
                                                                             2: Fraction(1, 2)}
    assert score.boards == 2
    rows = {r.team: (r.match_points, r.board_points) for r in team_standings(event)}
    assert rows == {1: (2, Fraction(3, 2)), 2: (0, Fraction(1, 2))}
    card, _ = hakem(capsys, "report", tid, "card", "--player", "2")
    assert "Forfeit win" in card and "Full-point bye" not in card


def test_a_team_registered_short_warns(capsys):
    out, _ = hakem(capsys, "new", "Short", "--system", "swiss-team", "--rounds", "3", "--boards", "3")
    tid = out.strip().splitlines()[-1]
    for i in range(5):
        hakem(capsys, "players", "add", tid, "--name", f"Player {chr(65 + i)}a")
    _out, err = hakem(capsys, "teams", "add", tid, "--name", "Full", "--players", "1,2,3")
    assert "warning" not in err
    _out, err = hakem(capsys, "teams", "add", tid, "--name", "Short", "--players", "4,5")
    assert "team 'Short' has 2 players for 3 boards" in err


def test_rounds_outside_the_event_are_refused(capsys):
    # A withdrawal or a team's bye names a round of the event: 1 to the number of rounds.
    tid = small_event(capsys)  # 3 rounds
    for args, word in ((("teams", "withdraw", tid, "2", "--from-round", "9"), "9"),
                       (("players", "withdraw", tid, "1", "--from-round", "9"), "9"),
                       (("players", "withdraw", tid, "1", "--from-round", "0"), "0"),
                       (("teams", "bye", tid, "1", "--round", "0"), "0")):
        _out, err = hakem(capsys, *args, code=3)
        assert err.strip().splitlines() == [f"hakem: there is no round {word}" + err.split(word, 1)[1].rstrip()]
        assert f"there is no round {word}:" in err
    _out, _err = hakem(capsys, "round", "pair", tid)
    log, _ = hakem(capsys, "log", tid)
    assert "withdr" not in log.lower()


def test_the_team_bye_line_says_one_match_point(capsys):
    # Three teams of two boards: one team has the bye, worth a drawn match (C.04.6 Art. 1.4):
    # 1 match point and 1 game point (half of two boards) — singular words, not "1 match points".
    tid = small_event(capsys, teams=3)
    out, _ = hakem(capsys, "round", "pair", tid)
    shown, _ = hakem(capsys, "round", "show", tid, "1")
    assert "1 match point, 1 game point" in shown


def test_teams_list_marks_a_withdrawn_team_and_a_team_bye_named_once(capsys):
    # A round named twice is one request (the journal says "round 2", not "2 2"); the list shows
    # which team is away when.
    tid = small_event(capsys)
    hakem(capsys, "teams", "bye", tid, "1", "--round", "2", "--round", "2")
    hakem(capsys, "teams", "withdraw", tid, "2", "--from-round", "3")
    listed, _ = hakem(capsys, "teams", "list", tid)
    assert "Club 1  (bye in round 2)" in listed and "Club 2  (withdrawn from round 3)" in listed
    log, _ = hakem(capsys, "log", tid)
    assert "round 2 2" not in log
