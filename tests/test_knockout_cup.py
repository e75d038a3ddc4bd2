"""Knockout as a pairing system of its own (cup events): a tournament round is a knockout
round, its boards every game of its matches (tie-break games appended while a match is level)."""

import random

import pytest

from core import changes
from core.errors import PairingImpossible, RoundError, TournamentError
from core.model import Board, ByeKind, GameResult, Player, Round, Tournament
from core.pairing.registry import get_system
from core.playoff.cup import cup_places, replay


def cup(n, **options):
    opts = {"rules": "seed"}
    opts.update(options)
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, n + 1))
    return Tournament(id="cup", name="Cup", system="knockout", total_rounds=40, players=players,
                      options={"knockout": opts})


def finish_round(t, results, tie_breaks=True):
    """Enter results board by board; tie-break games appended meanwhile are played too."""
    n = t.current_round
    b = 1
    first = len(t.rounds[-1].boards)
    while b <= len(t.round(n).boards) and (tie_breaks or b <= first):
        t = changes.set_result(t, n, b, results(t.round(n).boards[b - 1]))
        b += 1
    return t


def play_round(t, results, tie_breaks=True):
    return finish_round(changes.pair_next_round(t), results, tie_breaks)


def pairs(rnd):
    return [{b.white, b.black} for b in rnd.boards]


def test_registered():
    system = get_system("knockout")
    assert system.id == "knockout"


def test_nine_players_seed_example_and_finish():
    t = cup(9)
    t = changes.pair_next_round(t)
    r1 = t.rounds[0]
    # k=9, t=1: 16-bracket, 1..7 advance without a game, 8 v 9 (Aktar p. 68); the
    # round holds both games of the match, colours reversed in game 2
    assert pairs(r1) == [{8, 9}, {8, 9}]
    assert [b.game for b in r1.boards] == ["p.r1m1.s0g1", "p.r1m1.s0g2"]
    assert (r1.boards[0].white, r1.boards[0].black) == (r1.boards[1].black, r1.boards[1].white)
    assert sorted(b.pno for b in r1.byes) == [1, 2, 3, 4, 5, 6, 7]
    assert all(b.kind is ByeKind.FULL for b in r1.byes)
    assert t.total_rounds == 4   # preliminary round, quarter-final, semi-final, final
    rng = random.Random(2)
    t = finish_round(t, lambda b: rng.choice(["1-0", "1/2", "0-1"]))
    for _ in range(40):
        try:
            t = play_round(t, lambda b: rng.choice(["1-0", "1/2", "0-1"]))
        except PairingImpossible:
            break
    places = cup_places(t)
    assert places is not None
    assert sorted(p for g in places for p in g) == list(range(1, 10))
    assert [len(g) for g in places] == [1, 1, 2, 4, 1]
    assert t.current_round == 4 and [r.number for r in t.rounds] == [1, 2, 3, 4]


def test_round_two_pairs_first_against_last():
    t = cup(8)
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    assert len(t.rounds) == 1 and len(t.rounds[0].boards) == 8   # 4 matches × 2 games
    t = changes.pair_next_round(t)
    assert pairs(t.rounds[-1]) == [{1, 4}, {2, 3}, {1, 4}, {2, 3}]


def test_level_match_gets_its_tie_break_games_in_the_same_round():
    t = changes.pair_next_round(cup(9))
    t = changes.set_result(t, 1, 1, "1/2")
    assert len(t.rounds[0].boards) == 2
    t = changes.set_result(t, 1, 2, "1/2")
    # 1-1: two extension games (a new colour lot) appended to round 1
    assert [b.game for b in t.rounds[0].boards][2:] == ["p.r1m1.s1g1", "p.r1m1.s1g2"]
    with pytest.raises(RoundError):
        changes.pair_next_round(t)       # the match is not decided
    t = changes.set_result(t, 1, 3, "1/2")
    t = changes.set_result(t, 1, 4, "1/2")
    arm = t.rounds[0].boards[4]
    assert arm.game == "p.r1m1.arm" and len(t.rounds[0].boards) == 5
    t = changes.set_result(t, 1, 5, "1/2")   # a draw: Black wins the Armageddon
    t = changes.pair_next_round(t)
    assert t.current_round == 2 and {1, arm.black} in pairs(t.rounds[1])


def test_corrected_result_changes_the_next_pairing():
    t = cup(9)
    t = play_round(t, lambda b: "1-0" if b.white == 8 else "0-1")   # 8 wins both games
    t = changes.pair_next_round(t)
    assert {1, 8} in pairs(t.rounds[-1])
    # the arbiter finds that 9 won game 2: while the quarter-final is paired, refused
    r1g2 = t.rounds[0].boards[1]
    nine_wins = "1-0" if r1g2.white == 9 else "0-1"
    with pytest.raises(TournamentError, match="unpair round 2 first"):
        changes.set_result(t, 1, 2, nine_wins)
    # unpair round 2, correct: 1-1, the extension games join round 1
    t = changes.unpair_last_round(t)
    t = changes.set_result(t, 1, 2, nine_wins)
    assert pairs(t.rounds[0]) == [{8, 9}] * 4
    assert replay(t).view.games[2].kind == "extension"
    # corrected back before the extensions are played: they are dropped again
    t = changes.set_result(t, 1, 2, "0-1" if nine_wins == "1-0" else "1-0")
    assert pairs(t.rounds[0]) == [{8, 9}] * 2


def test_correction_that_would_drop_a_played_tie_break_game_is_refused():
    t = changes.pair_next_round(cup(2))
    t = changes.set_result(t, 1, 1, "1/2")
    t = changes.set_result(t, 1, 2, "1/2")
    t = changes.set_result(t, 1, 3, "1-0")   # extension game 1 played
    with pytest.raises(TournamentError, match="board 3"):
        changes.set_result(t, 1, 2, "1-0")   # game 2 won after all: the extension has a result


def test_late_entry_of_seeded_players():
    t = cup(6, entry_round={"1": 2, "2": 2})
    t = changes.pair_next_round(t)
    assert sorted(sorted((b.white, b.black)) for b in t.rounds[0].boards) == [[3, 6], [3, 6], [4, 5], [4, 5]]
    assert not t.rounds[0].byes
    from core.playoff.cup import away_status

    assert away_status(t, 1) == dict.fromkeys((1, 2), "enters in the Semi-final")


def test_armageddon_double_flag_fall_from_options():
    t = cup(2, rules={"segments": [], "decider": "armageddon"})
    t = changes.pair_next_round(t)
    board = t.rounds[0].boards[0]
    t = changes.set_result(t, 1, 1, "0-0")
    with pytest.raises(TournamentError):
        cup_places(t)   # who fell later is missing
    opts = dict(t.options["knockout"], flag_later={"1.1": "black"})
    t = t.with_changes(options={"knockout": opts})
    assert cup_places(t) == ((board.black,), (board.white,))


def test_board_that_is_not_a_knockout_game_is_refused():
    t = cup(4)
    bad = Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW)))
    with pytest.raises(TournamentError):
        replay(t.with_changes(rounds=(bad,)))
    wrong = Round(1, (Board(1, 2, GameResult.WHITE_WINS, game="p.r1m1.s0g1"),))
    with pytest.raises(TournamentError, match="board 1"):
        replay(t.with_changes(rounds=(wrong,)))


def test_unfinished_round_is_refused():
    t = changes.pair_next_round(cup(4))
    with pytest.raises(TournamentError):
        get_system("knockout").pair(t)


def test_drawn_pairings_with_seeded_favourites():
    # Paarungssysteme: first pairings drawn by lot, some favourites seeded in advance
    seen = set()
    for seed in range(12):
        t = changes.pair_next_round(cup(8, order="lot", seeded=2, seed=seed))
        pairs = {frozenset((b.white, b.black)) for b in t.rounds[0].boards}
        assert len(pairs) == 4 and not any(pair == frozenset((1, 2)) for pair in pairs)
        one = next(p for p in pairs if 1 in p)
        two = next(p for p in pairs if 2 in p)
        seen.add((min(one - {1}), min(two - {2})))
        lot = [d for d in replay(t).view.lots if d.purpose.startswith("pairing lot")]
        assert lot and lot[0].players == (3, 4, 5, 6, 7, 8)
    assert len(seen) > 3     # the opponents of the favourites really are drawn


def test_cup_with_third_place_match():
    t = cup(4, third_place=True, rules={"segments": [], "decider": "armageddon"})
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    t = changes.pair_next_round(t)
    assert len(t.rounds[-1].boards) == 2     # final and match for third place together
    assert sorted(b.game for b in t.rounds[-1].boards) == ["p.r2m1.arm", "p.third.arm"]


def test_withdrawn_player_loses_the_rest_of_the_match_by_forfeit():
    t = cup(8)
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")   # 1-4 reach the semis
    t = changes.withdraw(t, 4, 2)
    t = changes.pair_next_round(t)
    # 1 v 4: 4 withdrew, 1 goes through without a board; 2 v 3 plays both its games
    assert pairs(t.rounds[-1]) == [{2, 3}, {2, 3}]
    games = [g for g in replay(t).view.games if {g.white, g.black} == {1, 4}]
    assert all(g.result is not None and g.result.value in ("+-", "-+") for g in games)


def _times(slots):
    from core.playoff.timetable import clock

    return [(clock(s.start), clock(s.end), s.board) for s in sorted(slots, key=lambda s: (s.start, s.board))]


def test_cup_timetable_from_the_start_time():
    """4 players, two games of 20 minutes per match (no increment): a game is estimated at
    2 × 20 = 40 minutes, 5 minutes between the games of a match, 10 between stages
    (Aktar p. 67).  Worked by hand from 10:00: semi-final games 10:00–10:40 and
    10:45–11:25 on boards 1 and 2; final 11:35–12:15 and 12:20–13:00."""
    from core.playoff.cup import cup_timetable

    t = cup(4, rules="seed-rapid", start="10:00")
    state, slots = cup_timetable(t)
    assert state["start"] == "10:00"
    assert _times(slots) == [("10:00", "10:40", 1), ("10:00", "10:40", 2), ("10:45", "11:25", 1),
                             ("10:45", "11:25", 2), ("11:35", "12:15", 1), ("12:20", "13:00", 1)]


def test_cup_timetable_follows_the_results():
    """Semi-final 1 is level after two games (½–½ twice): two extension games are added at
    11:30–12:10 and 12:15–12:55 on its board, and the final moves to 13:05."""
    from core.playoff.cup import cup_timetable

    t = cup(4, rules="seed-rapid", start="10:00")
    t = play_round(t, lambda b: "1/2" if {b.white, b.black} == {1, 4} else "1-0" if b.white < b.black else "0-1",
                   tie_breaks=False)
    _, slots = cup_timetable(t)
    board_of_1 = next(s.board for s in slots if 1 in (s.game.white, s.game.black))
    times = _times(slots)
    assert ("11:30", "12:10", board_of_1) in times and ("12:15", "12:55", board_of_1) in times
    final = [s for s in slots if s.game.stage == slots[-1].game.stage]
    assert min(s.start for s in final) == max(s.end for s in slots if s not in final) + 10 * 60


def test_cup_timetable_report_and_bad_start_time():
    from core.playoff.cup import cup_timetable
    from core.reports import View, build, report_kinds

    t = cup(4, rules="seed-rapid", start="9:30")
    view = View(t)
    assert "timetable" in report_kinds(view)
    report = build(view, "timetable")
    assert report.slug == "timetable-cup"
    assert [row[0] for row in report.tables[0].rows][:2] == ["09:30", "09:30"]
    with pytest.raises(TournamentError, match="25:00"):
        cup_timetable(cup(4, start="25:00"))


def test_hakem_new_knockout_settings(tmp_path, monkeypatch, capsys):
    from core.cli import main
    from core.store import Store

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    code = main(["new", "Cup", "--system", "knockout", "--rounds", "20", "--knockout-rules", "fide-2025",
                 "--start-time", "18:30", "--third-place"])
    out, err = capsys.readouterr()
    assert code == 0, err
    t = Store(tmp_path / "data").load(out.strip().splitlines()[-1]).tournament
    assert t.options["knockout"] == {"rules": "fide-2025", "start": "18:30", "third_place": True}
    code = main(["new", "Open", "--rounds", "5", "--third-place"])
    assert code == 3 and "--system knockout only" in capsys.readouterr().err
    code = main(["new", "Cup", "--system", "knockout", "--rounds", "9", "--start-time", "7pm"])
    assert code == 3 and "'7pm'" in capsys.readouterr().err


def test_trf_export_writes_each_game_as_a_round():
    """TRF has one game per player per round: a 4-player cup of two-game matches (semi-final
    and final, 2 knockout rounds) is written as 4 consecutive TRF rounds, and reads back as
    a cup of the earlier shape with the same bracket."""
    from core.trf import write_trf
    from core.trf.reader import parse_tournament

    t = cup(4)
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    assert t.current_round == 2 and cup_places(t) == ((1,), (2,), (3, 4))
    text = write_trf(t)
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    cells = line[91:].split("  ")
    assert len([c for c in cells if c.strip()]) == 4       # SF game 1, SF game 2, F game 1, F game 2
    assert "XXR 4" in text or "142 4" in text
    back = parse_tournament(text, "cup").with_changes(system="knockout", options=t.options)
    assert back.current_round == 4 and cup_places(back) == ((1,), (2,), (3, 4))


def test_cli_round_show_and_result_name_the_games(tmp_path, monkeypatch, capsys):
    """`hakem round pair/show` name each board's game and the players without one; `hakem
    result` says which tie-break boards a level match added (2 players, rules "seed":
    two games 3+3, two extension games, then the Armageddon)."""
    import json

    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    assert main(["new", "Cup", "--system", "knockout", "--knockout-rules", "seed"]) == 0
    tid = capsys.readouterr().out.strip().splitlines()[-1]
    for name in ("Ayşe", "Berk", "Cem"):
        assert main(["players", "add", tid, "--name", name]) == 0
    assert main(["round", "pair", tid]) == 0
    out = capsys.readouterr().out
    # 3 players: 1 advances without a game, 2 v 3 plays both games of the semi-final
    assert "(Semi-final · Game 1 (3 min + 3 s))" in out and "(Semi-final · Game 2 (3 min + 3 s))" in out
    assert "advances without a game (Semi-final)" in out
    assert main(["result", tid, "1", "1", "1/2"]) == 0
    said = capsys.readouterr().out.splitlines()  # the result entered, nothing added yet
    assert len(said) == 1 and said[0].startswith("Round 1, board 1: ") and said[0].endswith(" ½-½")
    assert main(["result", tid, "1", "2", "1/2"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("Round 1, board 2: ") and said[0].endswith(" ½-½")
    assert said[1:] == ["round 1: the match is level; added: board 3 Semi-final · Extension 1, "
                        "game 1 (3 min + 3 s); board 4 Semi-final · Extension 1, game 2 (3 min + 3 s)"]
    assert main(["result", tid, "1", "2", "1-0", "--correct"]) == 0
    # first the correction (old value as the boards show it, who), then the boards
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("Round 1, board 2: ½-½ (entered by ") and said[0].endswith(") corrected to 1-0")
    assert said[1:] == ["round 1: boards 3 to 4 removed (their match is decided)"]
    assert main(["round", "show", tid, "1", "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [b["game"] for b in shown["boards"]] == ["p.r1m1.s0g1", "p.r1m1.s0g2"]


def test_round_changed_by_hand_keeps_its_games():
    """The arbiter swaps the colours of a board by hand: the board keeps its game; a board
    that is no game of the round, or a game left out, is refused."""
    t = changes.pair_next_round(cup(4))
    engine = t.rounds[0].boards
    swapped = [Board(engine[0].black, engine[0].white), *[Board(b.white, b.black) for b in engine[1:]]]
    t2 = changes.set_manual_pairing(t, 1, swapped, ())
    assert [b.game for b in t2.rounds[0].boards] == [b.game for b in engine]
    assert t2.rounds[0].boards[0].white == engine[0].black and t2.rounds[0].manual
    with pytest.raises(PairingImpossible, match="board 1: players 1 and 2"):
        changes.set_manual_pairing(t, 1, [Board(1, 2), *swapped[1:]], ())
    with pytest.raises(PairingImpossible, match="missing"):
        changes.set_manual_pairing(t, 1, swapped[:-1], ())


def test_bracket_summary_of_a_cup_with_a_match_for_third_place():
    """4 players, golden games, third place played: semi-finals 1 v 4 and 2 v 3 won by the
    better seed, final 1 v 2 won by 2, third place 3 v 4 won by 4.  The bracket words: the
    final's loser is the runner-up (not "eliminated"), the third-place winner "is third"."""
    from core.playoff.cup_bracket import cup_summary
    from tui.screens.bracket import bracket_lines

    t = cup(4, third_place=True, rules={"segments": [], "decider": "armageddon"})
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    t = play_round(t, lambda b: ("1-0" if b.white == 2 else "0-1") if {b.white, b.black} == {1, 2}
                   else ("1-0" if b.white == 4 else "0-1"))
    assert cup_places(t) == ((2,), (1,), (4,), (3,))
    semi, final = cup_summary(t)
    assert [(m.a, m.b, m.winner, m.decided_by) for m in semi.matches] == [(1, 4, 1, "armageddon"), (2, 3, 2, "armageddon")]
    assert semi.eliminated == (4, 3)
    assert [(m.a, m.b, m.winner, m.third_place) for m in final.matches] == [(1, 2, 2, False), (3, 4, 4, True)]
    text = [str(line) for _indent, line in bracket_lines(t)]
    assert "Player 2 wins the cup (by the Armageddon game)" in text
    assert "Player 4 is third (by the Armageddon game)" in text
    assert "Runner-up: 1 Player 1" in text and "Eliminated: 4 Player 4, 3 Player 3" in text


def test_random_results_and_corrections_keep_the_boards_the_bracket_s_games():
    """Seeded random cups (2-12 players, several rules): results board by board and random
    corrections, in the running round and earlier ones.  Every change either applies — and
    then every board is still a game of the bracket — or is refused and changes nothing; each
    cup ends with every player placed and one round per knockout round."""
    from core.playoff.cup import bracket_rounds, replay_stale

    rng = random.Random(20)
    for it in range(25):
        t = cup(rng.randint(2, 12), rules=rng.choice(["seed", "seed-rapid", "fide-2023", "golden"]))
        for _step in range(400):
            if not t.rounds or t.rounds[-1].complete:
                try:
                    t = changes.pair_next_round(t)
                except PairingImpossible:
                    break
            r = rng.randint(1, t.current_round) if rng.random() < 0.15 else t.current_round
            empty = [i for i, b in enumerate(t.round(r).boards, 1) if b.result is None]
            bno = rng.choice(empty) if empty and rng.random() < 0.7 else rng.randint(1, len(t.round(r).boards))
            before = t
            try:
                t = changes.set_result(t, r, bno, rng.choice(["1-0", "0-1", "1/2", "1/2", None]))
            except TournamentError:
                assert t is before
            assert replay_stale(t)[1] == []
        places = cup_places(t)
        assert places is not None, it
        assert sorted(p for g in places for p in g) == [p.pno for p in t.players]
        assert t.current_round == bracket_rounds(t) == t.total_rounds


def test_results_entry_role_may_enter_a_result_that_adds_tie_break_games(tmp_path, monkeypatch):
    """A level match's tie-break games come with the result that made it level: a user who
    may only enter results (issue 18's role) enters it; pairing the next round stays refused."""
    from core import roles
    from core.roles import PermissionDenied, Role
    from core.store import Store

    store = Store(tmp_path)
    tid = store.create(cup(2))
    store.update(tid, "pair", changes.pair_next_round)
    monkeypatch.setattr(roles, "_cap", Role.RESULTS)
    store.update(tid, "r1", lambda t: changes.set_result(t, 1, 1, "1/2"))
    store.update(tid, "r2", lambda t: changes.set_result(t, 1, 2, "1/2"))
    assert len(store.load(tid).tournament.rounds[0].boards) == 4
    store.update(tid, "r3", lambda t: changes.set_result(t, 1, 3, "1-0"))
    store.update(tid, "r4", lambda t: changes.set_result(t, 1, 4, "1-0"))  # 1-1 again: the Armageddon
    assert store.load(tid).tournament.rounds[0].boards[4].game == "p.r1m1.arm"
    store.update(tid, "r4", lambda t: changes.set_result(t, 1, 4, "0-1"))  # corrected: decided, it goes
    assert len(store.load(tid).tournament.rounds[0].boards) == 4
    with pytest.raises(PermissionDenied):
        store.update(tid, "unpair", lambda t: changes.unpair_last_round(t, force=True))


def test_bidding_armageddon_and_double_flag_fall_from_the_command_line(tmp_path, monkeypatch, capsys):
    """fide-2025 (FIDE World Cup regulations, docs/rules/playoffs.md): after 8 level games the Armageddon waits for the bids —
    `p` says so; `hakem cup bids` puts it on a board, the lower bid (200 s) plays Black with
    3 min 20 s against White's 4 min + 2 s.  Scored 0-0 (both flags fell), `hakem cup flag` says whose
    fell later, and that player wins the match."""
    import json

    from core.cli import main
    from core.store import Store

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    assert main(["new", "Cup", "--system", "knockout", "--knockout-rules", "fide-2025"]) == 0
    tid = capsys.readouterr().out.strip().splitlines()[-1]
    for name in ("Ayşe", "Berk"):
        assert main(["players", "add", tid, "--name", name]) == 0
    assert main(["round", "pair", tid]) == 0
    for board in range(1, 9):
        assert main(["result", tid, "1", str(board), "1/2"]) == 0
    capsys.readouterr()
    assert main(["round", "pair", tid]) == 1
    assert "bids missing" in capsys.readouterr().err
    assert main(["cup", "bids", tid, "1", "240", "2", "250"]) == 3          # above White's 4 minutes
    assert "1 to 240, not 250" in capsys.readouterr().err
    assert main(["cup", "bids", tid, "1", "240", "2", "200"]) == 0
    assert capsys.readouterr().out == ("round 1, board 9: 1 (White) v 2 (Black) — Final · Armageddon "
                                       "(White 4 min + 2 s, Black 3 min 20 s + 2 s; a draw counts as a win for Black)\n")
    assert main(["result", tid, "1", "9", "0-0"]) == 0
    assert main(["cup", "flag", tid, "1", "8", "white"]) == 3                # board 8 is no Armageddon
    assert main(["cup", "flag", tid, "1", "9", "black"]) == 0
    capsys.readouterr()
    t = Store(tmp_path / "data").load(tid).tournament
    assert cup_places(t) == ((2,), (1,))
    assert main(["round", "show", tid, "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"][8]["game"] == "p.r1m1.arm"


def test_bids_and_flags_count_as_the_game_s_result_for_the_roles():
    from core import roles
    from core.changes.cup import set_bids, set_flag_later
    from core.playoff.cup import waiting_armageddons

    t = changes.pair_next_round(cup(2, rules="fide-2025"))
    t = finish_round(t, lambda b: "1/2")
    assert len(t.rounds[0].boards) == 8 and [g.id for g in waiting_armageddons(t)] == ["p.r1m1.arm"]
    after = set_bids(t, {1: 180, 2: 180})          # equal bids: a lot decides who has Black
    assert roles.changes(t, after) == {"result.enter"}
    assert after.rounds[0].boards[8].game == "p.r1m1.arm" and not waiting_armageddons(after)
    scored = changes.set_result(after, 1, 9, "0-0")
    flagged = set_flag_later(scored, 1, 9, "white")
    assert roles.changes(scored, flagged) == {"result.enter"}
    assert cup_places(flagged)[0] == (flagged.rounds[0].boards[8].white,)
    with pytest.raises(TournamentError, match="no Armageddon waiting"):
        set_bids(after, {1: 100, 2: 100})


def test_player_card_of_a_cup_lists_matches_not_rounds():
    """A cup's card (hakem report card, F6, player-N.html) lists the player's matches: the
    two games of 7 v 10 are one match (stage, both games, 2–0), not rounds 1 and 2; seed 1
    advanced without a game in the preliminary round (Aktar p. 68), which is no zero-point
    bye; a knockout has no running score and no Buchholz (it ranks by the stage, p. 67)."""
    from tests.cup_data import played_preliminary
    from core.reports import player_card
    from core.reports.view import View

    t = played_preliminary()
    card = player_card(View(t), 7)
    table = card.tables[0]
    assert [c.key for c in table.columns] == ["stage", "opponent_pno", "opponent", "opponent_rating",
                                              "games", "match", "outcome"]
    assert len(card.tables) == 1  # no tie-break table
    prelim, quarter = table.rows
    assert prelim[0] == "Preliminary round" and prelim[1] == 10
    assert sorted(prelim[4].split(", ")) == ["B 1", "W 1"]  # 7 won both games, one with each colour
    assert prelim[5:] == ["2–0", "Won"]
    assert quarter[0] == "Quarter-final" and quarter[5:] == ["", ""]  # running, nothing played
    first = player_card(View(t), 1).tables[0].rows
    assert first[0] == ["Preliminary round", "", "", "", "", "", "advances without a game"]
    assert len(first) == 2 and first[1][0] == "Quarter-final"


def test_a_cup_carries_no_swiss_tie_break_list():
    """Aktar p. 67: a cup ranks by the stage reached and players out at one stage share — so
    no Swiss list by default (it was ARO/C1, BH/C1, BH, DE, LOT) and no preset offered in F5."""
    from tests.cup_data import played_preliminary
    from core.standings import compute_standings
    from core.tiebreaks.presets import PRESETS, offered

    t = played_preliminary()
    s = compute_standings(t)
    assert s.tiebreaks == ()
    # 1-6 advanced without a game, 7 and 9 won their matches: all still in, sharing 1st;
    # 8 and 10 out in the preliminary round share 9th-10th
    assert [(r.pno, r.rank, r.shared) for r in s.rows][-2:] == [(8, 9, True), (10, 9, True)]
    assert {r.rank for r in s.rows[:8]} == {1}
    assert not [p for p in PRESETS.values() if offered(p, "knockout", False)]


def test_the_next_round_is_not_paired_while_a_match_is_open():
    """The cup re-seeds every round (docs/rules/playoffs.md: first meets last among the
    players still in).  Quarter-finals 1–8, 2–7, 3–6, 4–5 (seed rules: two games, then
    Armageddon); 1, 3 and 4 win theirs, 2–7 is still level.  Who meets whom in the
    semi-finals depends on that match — 2 wins: 1–4, 2–3; 7 wins: 1–7, 3–4 (the re-seeded
    order 1, 3, 4, 7) — so no semi-final may name a player yet, and the bracket says the
    rounds are re-seeded.  Once 7 wins, the semi-finals are 1–7 and 3–4."""
    from core.playoff.bracket import reseeding_note, reseeds
    from core.reports.playoffs import bracket_text, _boxes

    t = changes.pair_next_round(cup(8))
    open_match = {2, 7}
    t = finish_round(t, lambda b: "1/2" if {b.white, b.black} == open_match
                     else ("1-0" if b.white < b.black else "0-1"), tie_breaks=False)
    view = replay(t).view
    semis = [g for g in view.games if g.stage == "Semi-final"]
    assert semis and all(isinstance(g.white, str) and isinstance(g.black, str) for g in semis)
    names = {p.pno: p.name for p in t.players}
    text = bracket_text(_boxes(view.games, []), names)
    assert "to be paired after the Quarter-final (re-seeded)" in text
    semi_part = text[text.index("Semi-final"):]
    assert not any(name in semi_part for name in names.values())
    assert reseeds(g.id for g in view.games) and reseeding_note().startswith("Each round is re-seeded")

    while any(b.result is None for b in t.rounds[0].boards):  # the tie-break games: 7 wins them
        board = next(i for i, b in enumerate(t.rounds[0].boards, start=1) if b.result is None)
        b = t.rounds[0].boards[board - 1]
        t = changes.set_result(t, 1, board, "1-0" if b.white == 7 else "0-1")
    t = changes.pair_next_round(t)
    assert pairs(t.rounds[-1])[:2] == [{1, 7}, {3, 4}]


@pytest.mark.parametrize("lang, players", [("en", "1 and 2"), ("tr", "1 ve 2"), ("de", "1 und 2"), ("ru", "1 и 2")])
def test_a_bids_refusal_lists_the_players_in_the_language(lang, players):
    """rev34h #5: the refusal said "1 and 3" in every language."""
    from core.changes.cup import set_bids
    from core.i18n import set_language

    t = changes.pair_next_round(cup(2, rules="fide-2025"))
    after = set_bids(finish_round(t, lambda b: "1/2"), {1: 180, 2: 180})  # nothing waits for bids now
    set_language(lang)
    try:
        with pytest.raises(TournamentError) as refused:
            set_bids(after, {1: 100, 2: 100})
    finally:
        set_language("en")
    assert players in str(refused.value), refused.value
