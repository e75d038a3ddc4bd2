"""Single games scored ½-0, 0-½ and 0-0 (issue 31: the C.04.5 Preface "a game can (rarely)
end ½-0, 0-½, or 0-0"; the Laws of Chess let an arbiter score a game so).

Readings (notes/trf.md, notes/doubleswiss.md):
* TRF-2026 §001 has one result character per player and no code of its own for these games:
  ½-0 is written ``=`` for the player who got the half point and ``0`` for the other, 0-0 is
  ``0`` for both — the points column (81–84) then sums right.
* C.07: such a game is played over the board (colours, ARO/TPR, BPG, REP, not a voluntary
  unplayed round); it is a win for nobody (WIN, WON); each player's own points count (SB, PS,
  TPR's score), and STD (Art. 7.7) compares the two players' points, so ½ against 0 is "more
  than the opponent" and 0-0 "the same".
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import DataTable

from core import changes
from core.errors import InvalidResult
from core.model import Board, Code, GameResult, Player, Round, Tournament, result_from_codes, scores
from core.store import Store

WH, BH_, BOTH = GameResult.WHITE_HALF, GameResult.BLACK_HALF, GameResult.BOTH_LOSE
H = Fraction(1, 2)


@pytest.mark.parametrize(("typed", "expected"), [
    ("½-0", WH), ("1/2-0", WH), ("=-0", WH), ("0.5-0", WH), ("½:0", WH), (" ½ - 0 ", WH),
    ("0-½", BH_), ("0-1/2", BH_), ("0-=", BH_), ("0-0.5", BH_),
    ("0-0", BOTH), ("=-=", GameResult.DRAW), ("½-½", GameResult.DRAW),
])
def test_the_arbiters_half_point_scores_are_read(typed, expected):
    assert GameResult.parse(typed) is expected


@pytest.mark.parametrize("typed", ["1-1", "½-1", "1-½", "=-1", "1-=", "0.5-1"])
def test_scores_no_single_game_gives_are_refused_as_such(typed):
    with pytest.raises(InvalidResult) as info:
        GameResult.parse(typed)
    assert str(info.value) == (f"{typed!r} cannot be the result of one game: a game ends 1-0, ½-½, 0-1, "
                               "½-0, 0-½ or 0-0 (forfeits +-, -+, --)")


@pytest.mark.parametrize(("lang", "words"), [("tr", "bir oyunun sonucu olamaz"),
                                             ("de", "kann nicht das Ergebnis einer Partie sein"),
                                             ("ru", "не может быть результатом одной партии")])
def test_the_refusal_speaks_the_organisers_language(lang, words):
    from core.i18n import speaking

    with speaking(lang), pytest.raises(InvalidResult) as info:
        GameResult.parse("1-1")
    assert words in str(info.value) and "½-0" in str(info.value)


def test_trf_codes_are_one_character_per_player():
    assert WH.codes() == (Code.DRAW, Code.LOSS) and BH_.codes() == (Code.LOSS, Code.DRAW)
    assert WH.codes(unrated=True) == (Code.SHORT_DRAW, Code.SHORT_LOSS)
    assert result_from_codes(Code.DRAW, Code.LOSS) == (WH, False)
    assert result_from_codes(Code.SHORT_LOSS, Code.SHORT_DRAW) == (BH_, True)
    assert WH.played and BH_.played and WH.text == "½-0" and BH_.text == "0-½"
    with pytest.raises(InvalidResult):
        result_from_codes(Code.WIN, Code.DRAW)  # 1-½: no game ends so


def event() -> Tournament:
    """Four players (ratings 2000, 1900, 1800, 1700), every pair meets once:

        R1: 1–4 ½-0, 2–3 ½-½      R2: 3–1 0-1, 4–2 0-½      R3: 1–2 0-0, 3–4 1-0
    """
    rounds = (Round(1, (Board(1, 4, WH), Board(2, 3, GameResult.DRAW))),
              Round(2, (Board(3, 1, GameResult.BLACK_WINS), Board(4, 2, BH_))),
              Round(3, (Board(1, 2, BOTH), Board(3, 4, GameResult.WHITE_WINS))))
    return Tournament(id="h", name="Half points", system="dutch", total_rounds=3, rounds=rounds,
                      players=tuple(Player(p, f"P{p}", rating=2100 - 100 * p) for p in range(1, 5)))


def test_scores_and_tie_breaks_of_a_small_event_by_hand():
    from core.tiebreaks import compute

    # scores: 1: ½+1+0 = 1½   2: ½+½+0 = 1   3: ½+0+1 = 1½   4: 0+0+0 = 0
    assert scores(event()) == {1: Fraction(3, 2), 2: 1, 3: Fraction(3, 2), 4: 0}
    v = compute(event(), ["BH", "SB", "WIN", "WON", "STD", "BPG", "ARO", "TPR", "PS", "REP"],
                regime="2026").values
    # BH: 1: 0+1½+1 = 2½; 2: 1½+0+1½ = 3; 3: 1+1½+0 = 2½; 4: 1½+1+1½ = 4
    assert v["BH"] == {1: Fraction(5, 2), 2: 3, 3: Fraction(5, 2), 4: 4}
    # SB (own points × opponent's score): 1: ½·0 + 1·1½ + 0·1 = 1½; 2: ½·1½ + ½·0 + 0 = ¾;
    # 3: ½·1 + 0 + 1·0 = ½; 4: 0
    assert v["SB"] == {1: Fraction(3, 2), 2: Fraction(3, 4), 3: H, 4: 0}
    # a ½-0 game is no win: only 1 (R2) and 3 (R3) won, over the board
    assert v["WIN"] == v["WON"] == {1: 1, 2: 0, 3: 1, 4: 0}
    # STD (Art. 7.7): 1: R1 ½>0 → 1, R2 → 1, R3 0=0 → ½ = 2½; 2: ½ + (½>0) 1 + ½ = 2;
    # 3: ½ + 0 + 1 = 1½; 4: 0 + 0 + 0
    assert v["STD"] == {1: Fraction(5, 2), 2: 2, 3: Fraction(3, 2), 4: 0}
    # played over the board: Black in 1 (R2), 2 (R2 0-½, R3 0-0), 3 (R1), 4 (R1 ½-0, R3)
    assert v["BPG"] == {1: 1, 2: 2, 3: 1, 4: 2}
    assert v["REP"] == {1: 3, 2: 3, 3: 3, 4: 3}
    # ARO: 1: (1700+1800+1900)/3 = 1800; 2: (1800+1700+2000)/3 = 1833⅓; 3: 5600/3 = 1866⅔;
    # 4: 5700/3 = 1900
    assert v["ARO"] == {1: 1800, 2: 1833, 3: 1867, 4: 1900}
    # TPR: 1: 1800 + dp(0.50) 0; 2: 1833 + dp(0.33) −125 = 1708 (FIDE 8.1a)
    assert (v["TPR"][1], v["TPR"][2]) == (1800, 1708)
    # PS: 1: ½ + 1½ + 1½ = 3½; 2: ½ + 1 + 1 = 2½; 3: ½ + ½ + 1½ = 2½; 4: 0
    assert v["PS"] == {1: Fraction(7, 2), 2: Fraction(5, 2), 3: Fraction(5, 2), 4: 0}


def test_ratings_rate_each_side_on_its_own_points():
    """The Preface's rule is for tie-breaks and standings, not rating: a ½-0 game is a rated
    game, ½ for the one side and 0 for the other (as 0-0 is 0 for both)."""
    from core.ratings.games import rated_games

    games = rated_games(event())
    assert [(g.opponent, g.score) for g in games[1]] == [(4, H), (3, 1), (2, 0)]
    assert [(g.opponent, g.score) for g in games[4]] == [(1, 0), (2, 0), (3, 0)]
    assert [(g.opponent, g.score) for g in games[2]] == [(3, H), (4, H), (1, 0)]


def test_trf_writes_a_half_point_game_per_player_and_reads_it_back():
    from core.trf import parse_tournament, write_trf

    text = write_trf(event())
    lines = {int(x[4:8]): x for x in text.splitlines() if x.startswith("001")}
    # round 1 at columns 92–99: 1 has White and "=", 4 Black and "0"; points at 81–84
    assert lines[1][91:99] == "   4 w =" and lines[4][91:99] == "   1 b 0"
    assert lines[2][101:109] == "   4 b =" and lines[4][101:109] == "   2 w 0"  # R2: 0-½
    assert lines[1][111:119] == "   2 w 0" and lines[2][111:119] == "   1 b 0"  # R3: 0-0
    assert lines[1][80:84] == " 1.5" and lines[4][80:84] == " 0.0"
    back = parse_tournament(text)
    assert [[b.result for b in r.boards] for r in back.rounds] == [[WH, GameResult.DRAW], [GameResult.BLACK_WINS, BH_],
                                                                   [BOTH, GameResult.WHITE_WINS]]
    assert scores(back) == scores(event())


def test_a_double_swiss_match_scores_one_and_a_half_to_nothing():
    """Preface: 1 wins game 1 and gets ½ to 0 in game 2: the match result 1½-0; 3 and 4 each
    get ½ to 0 with White: ½-½."""
    from core.pairing.doubleswiss.state import match_score

    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 5))
    rnd = Round(1, (Board(1, 2, GameResult.WHITE_WINS, game="g1"), Board(2, 1, BH_, game="g2"),
                    Board(3, 4, WH, game="g1"), Board(4, 3, WH, game="g2")))
    t = Tournament(id="ds", name="ds", system="double-swiss", total_rounds=2, players=players, rounds=(rnd,))
    # game 2's row reads from its White (player 2): 2 has 0, 1 has 1 + ½
    assert match_score(t, rnd, 1) == (1, 2, 0, Fraction(3, 2))
    assert match_score(t, rnd, 2) == (2, 1, H, H)  # game 1's White (3): ½ then 0
    assert match_score(t, rnd, 3) == (2, 2, H, H)
    assert scores(t) == {1: Fraction(3, 2), 2: 0, 3: H, 4: H}


def test_a_team_board_scored_half_to_nothing_counts_half_a_game_point():
    from core.teams.scoring import match_scores
    from tests.test_tui_team_rounds import league

    t = league()
    match = t.rounds[0].matches[0]
    for board, result in zip(match.boards, (WH, GameResult.DRAW, BOTH)):
        t = changes.set_result(t, 1, board + 1, result)
    # board 1 ½-0, board 2 ½-½, board 3 0-0, colours alternating by board: the team with White
    # on board 1 has ½ + ½ + 0 = 1, the other 0 + ½ + 0 = ½ — and wins the match
    first_white = t.rounds[0].boards[match.boards[0]].white
    ms = match_scores(t)[0]
    home_team = next(team for team in t.teams if team.id == ms.home)
    mine, theirs = ((ms.home_points, ms.away_points) if first_white in home_team.members
                    else (ms.away_points, ms.home_points))
    assert (mine, theirs) == (1, H) and ms.complete


def test_go_and_armageddon_games_refuse_half_to_nothing():
    from tests.test_tui_refused_lines import go_event_with_half_komi

    with pytest.raises(InvalidResult, match="a Go game cannot end ½-0"):
        changes.set_result(go_event_with_half_komi(), 1, 1, WH)


def test_a_go_event_read_from_a_file_refuses_half_to_nothing():
    """A TRF of a Go event (hakem's system comment) with ``=`` against ``0`` on a board: refused
    with the board, not taken into the Go cards (which know no half point for one side)."""
    from dataclasses import replace

    from core.errors import TrfError
    from core.trf import parse_tournament, write_trf
    from tests.test_tui_refused_lines import go_event_with_half_komi

    t = go_event_with_half_komi()
    rnd = t.rounds[0]
    boards = (replace(rnd.boards[0], result=GameResult.WHITE_WINS), replace(rnd.boards[1], result=BH_),
              *(replace(b, result=GameResult.DRAW) for b in rnd.boards[2:]))
    text = write_trf(t.with_changes(rounds=(replace(rnd, boards=boards),)))
    with pytest.raises(TrfError) as info:
        parse_tournament(text)
    assert [p.message for p in info.value.problems] == [
        "board 2 of round 1: a Go game cannot end 0-½; enter the winner, jigo or 0-0"]


def test_cli_takes_the_half_point_scores_and_refuses_impossible_ones(cli_data, capsys):
    from core.cli import main

    store = Store(cli_data)
    tid = store.create(Tournament(id="", name="CLI halves", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        store.update(tid, name, lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair", changes.pair_next_round)
    assert main(["result", tid, "1", "1", "½-0"]) == 0, capsys.readouterr().err
    assert main(["result", tid, "1", "2", "0-="]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["result", tid, "1", "2", "1-1", "--correct"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'1-1' cannot be the result of one game" in err
    boards = Store(cli_data).load(tid).tournament.rounds[0].boards
    assert [b.result for b in boards] == [WH, BH_]


async def test_the_result_line_takes_them_and_lists_the_impossible_one(tmp_path, quiet_tui):
    from tests.test_tui_input_model import burst
    from tests.test_tui_refused_lines import chess_event, opened, refused
    from tests.tui_fixtures import store_with, wait_for
    from tui.app import HakemApp

    data = tmp_path / "data"
    [tid] = store_with(data, chess_event(1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: opened(app))
        await burst(pilot, app, ":1 ½-0\n2 0-=\n3 0-0\n4 ½-1\n")
        app.screen.session.flush()
        [(typed, why)] = refused(app)
        assert typed == "4 ½-1" and "cannot be the result of one game" in why
        table = app.screen.query_one("#boards", DataTable)
        shown = [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert "½-0" in shown[0] and "0-½" in shown[1]
    boards = Store(data).load(tid).tournament.round(1).boards
    assert [b.result for b in boards] == [WH, BH_, BOTH, None]


def test_an_armageddon_game_refuses_half_to_nothing_a_playoff_game_counts_it():
    """An Armageddon game must send one player through (a draw favours Black): ½-0 is refused
    there, in a playoff and on a cup's Armageddon board; another playoff game counts ½ and 0."""
    from core.playoff import create, enter_result, evaluate
    from core.playoff.games import game_points

    state = create([1, 2], 1, variant="armageddon", seed=1)
    game = evaluate(state).ready[0]
    with pytest.raises(InvalidResult, match="an Armageddon game cannot end ½-0"):
        enter_result(state, game.id, "½-0")
    assert game_points(WH) == (0.5, 0.0) and game_points(BH_) == (0.0, 0.5)
    t = event().with_changes(rounds=(Round(1, (Board(1, 4, None, game="r1.m1.arm"),)),))
    with pytest.raises(InvalidResult, match="is an Armageddon game: it cannot end 0-½"):
        changes.set_result(t, 1, 1, BH_)


def test_pairing_list_and_crosstable_show_what_each_player_got():
    from core.reports import crosstable, pairing_list
    from core.reports.render import human_rows
    from core.reports.view import View

    [pairs] = [human_rows(tb) for tb in pairing_list(View(event()), 1).tables]
    assert "½-0" in pairs[0] and "½-½" in pairs[1]  # as the boards and the journal write it
    [cross] = [human_rows(tb) for tb in crosstable(View(event())).tables]
    by_name = {row[2]: row for row in cross}
    # round 1: P1 got ½ against P4 (White), P4 got 0 (Black); round 3's 0-0 is 0 for both
    assert by_name["P1"][4].endswith("☐½") and by_name["P4"][4].endswith("■0")
    assert by_name["P1"][6].endswith("☐0") and by_name["P2"][6].endswith("■0")


def test_a_file_refused_for_the_whole_event_names_why():
    """A Double-Swiss file whose columns are no matches: the reader's error lists each reason
    (before, the event-level problems were dropped and only "the TRF file has problems" was
    said — the same path refuses a Go event's ½-0 above)."""
    import re

    from core.errors import TrfError
    from core.trf import parse_tournament, write_trf

    text = re.sub(r"^192 .*$", "192 FIDE_DOUBLESWISS", write_trf(event()), flags=re.M)
    text = re.sub(r"^### hakem system.*\n", "", text, flags=re.M)
    with pytest.raises(TrfError) as info:
        parse_tournament(text, source="ds.trf")
    assert str(info.value).splitlines() == [
        "ds.trf: rounds: a Double-Swiss file needs two round columns per match, but it holds 3",
        "ds.trf: rounds: rounds 1 and 2: the two games of a match must have the same pairs"]
