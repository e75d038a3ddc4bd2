"""A cup in words and in the standings: players off the boards are eliminated, through
without a game, or waiting — never "absent"; the standings rank by stage reached (winner,
final, semi-final …) before points; the Armageddon board is named; the rounds set at creation
do not stop a cup before its final."""

from __future__ import annotations

from fractions import Fraction

from core import changes
from core.i18n import _, set_language
from core.model import Player, Tournament
from core.playoff.cup import away_status, board_games, stage_reached
from core.playoff.cup_bracket import stage_groups
from core.standings import compute_standings


def test_the_german_stage_is_not_the_go_level():
    # "Stufe" is the Go level (McMahon/Gamma); a cup's stage had the same word in the
    # standings' column, beside "Ränge und Stufen" of the Go players
    set_language("de")
    try:
        stage, stages, level = _("Stage"), _("Stages"), _("Level")
    finally:
        set_language("en")
    assert level == "Stufe" and "Stufe" not in stage and "Stufe" not in stages


def cup(n: int, rounds: int) -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, n + 1))
    return Tournament(id="cup10", name="Cup", system="knockout", total_rounds=rounds, players=players,
                      options={"knockout": {"rules": "seed"}})


def finish(t: Tournament, result) -> Tournament:
    """Results board by board, tie-break games appended meanwhile included."""
    n, b = t.current_round, 1
    while b <= len(t.round(n).boards):
        t = changes.set_result(t, n, b, result(t.round(n).boards[b - 1]))
        b += 1
    return t


def test_ten_players_four_rounds_reach_the_final_with_words_for_everyone():
    # 10 players, one winner: a 16-bracket (Aktar p. 68): seeds 1-6 advance without a
    # game, 7-10 play the preliminary round (7 v 10, 8 v 9), then 8 in the quarter-finals.
    # Every match is two games 3+3; the better seed wins the first game and draws the second
    # (1½-½), except the second preliminary match, drawn twice, then extensions won by 9.
    def result(board):
        low = min(board.white, board.black)
        if {board.white, board.black} == {8, 9} and ".s0" in board.game:
            return "1/2"
        if {board.white, board.black} == {8, 9}:
            return "1-0" if board.white == 9 else "0-1"
        if board.game.endswith(".s0g1"):
            return "1-0" if board.white == low else "0-1"
        return "1/2"

    t = cup(10, rounds=4)  # "--rounds 4": preliminary, quarter-final, semi-final, final
    t = changes.pair_next_round(t)
    assert t.total_rounds == 4 and len(t.rounds[0].boards) == 4   # two matches × two games
    assert away_status(t, 1) == dict.fromkeys(range(1, 7), "advances without a game (Preliminary round)")
    assert board_games(t, 1) == {1: "Preliminary round · Game 1 (3 min + 3 s)", 2: "Preliminary round · Game 1 (3 min + 3 s)",
                                 3: "Preliminary round · Game 2 (3 min + 3 s)", 4: "Preliminary round · Game 2 (3 min + 3 s)"}
    t = finish(t, result)
    # the extension games of 8 v 9 were appended to the same round, named as such
    assert board_games(t, 1)[5] == "Preliminary round · Extension 1, game 1 (3 min + 3 s)"
    assert board_games(t, 1)[6] == "Preliminary round · Extension 1, game 2 (3 min + 3 s)"
    for _round in range(3):
        t = finish(changes.pair_next_round(t), result)
    assert compute_cup_done(t) and t.current_round == 4   # "round 4 of 4" is the final
    assert away_status(t, 2) == {8: "eliminated in the Preliminary round", 10: "eliminated in the Preliminary round"}
    # quarter-finals: 1 v 9, 2 v 7, 3 v 6, 4 v 5 (first v last); semis 1 v 4, 2 v 3; final 1 v 2
    assert [{b.white, b.black} for b in t.rounds[1].boards][:4] == [{1, 9}, {2, 7}, {3, 6}, {4, 5}]
    assert stage_groups(t) == [[1], [2], [3, 4], [5, 6, 7, 9], [8, 10]]
    stages = stage_reached(t)
    assert stages[1] == "Winner" and stages[2] == "Final" and stages[3] == "Semi-final"
    assert stages[9] == "Quarter-final" and stages[8] == "Preliminary round"
    # one column, one case: the winner's word is capitalised like the stages' in every language
    # (it was "birinci"/"победитель" beside "Final"/"Финал")
    for lang in ("tr", "de", "ru"):
        set_language(lang)
        try:
            words = stage_reached(t)
        finally:
            set_language("en")
        assert all(word[0].isupper() for word in words.values()), (lang, words)
    # standings: the stage reached, and players out at the same stage share (Aktar
    # p. 67: the semi-final losers share 3rd and 4th) — 9's 3½ points (extension games
    # included) do not lift him above the other quarter-final losers
    rows = compute_standings(t).rows
    order = [r.pno for r in rows]
    assert order[:2] == [1, 2] and set(order[2:4]) == {3, 4}
    assert set(order[4:8]) == {5, 6, 7, 9} and set(order[8:]) == {8, 10}
    assert [(r.rank, r.shared) for r in rows] == [(1, False), (2, False), (3, True), (3, True),
                                                  (5, True), (5, True), (5, True), (5, True),
                                                  (9, True), (9, True)]
    points = {r.pno: r.points for r in rows}
    assert points[9] == Fraction(7, 2) and points[7] == 2 and points[5] == points[6] == Fraction(3, 2)
    # the printed standings say the stage of each player
    from core.reports import View, build

    table = build(View(t), "standings").tables[0]
    assert [c.key for c in table.columns][:5] == ["rank", "pno", "title", "name", "stage"]
    assert [r[4] for r in table.rows] == ["Winner", "Final", "Semi-final", "Semi-final", *["Quarter-final"] * 4,
                                          "Preliminary round", "Preliminary round"]


def compute_cup_done(t: Tournament) -> bool:
    from core.playoff.cup import cup_places

    return cup_places(t) is not None


def test_armageddon_board_is_named():
    t = changes.pair_next_round(cup(2, rounds=1))
    t = finish(t, lambda b: "1/2" if not b.game.endswith(".arm") else None)
    # two games and two extension games drawn: the Armageddon is the fifth board of round 1
    assert len(t.rounds[0].boards) == 5
    assert board_games(t, 1)[5] == "Final · Armageddon (White 5 min, Black 4 min; a draw counts as a win for Black)"


def test_pairing_lists_of_a_cup_round():
    """The printed pairings of a knockout round: the stage under the title, the game of each
    board, the points in the match before the board's game, as the boards pane shows them (a
    quarter-final's first games: 0 each — the event's points, 2 for 7 who beat 10 twice and 2½
    for 9 after four draws and the Armageddon, count the matches before), players without a
    game with the reason; the Armageddon's clocks under the table; the list by name gives every
    board of a player's match."""
    from core.reports import View, build
    from tests.cup_data import played_preliminary

    t = played_preliminary()
    view = View(t)
    report = build(view, "pairings", round_no=2)
    assert report.subtitle[-1] == "Quarter-final"
    rows = report.tables[0].rows
    assert [r[-1] for r in rows] == ["Game 1"] * 4 + ["Game 2"] * 4
    seven = next(r for r in rows if r[1] == 7)
    nine = next(r for r in rows if r[1] == 9)
    points = [c.key for c in report.tables[0].columns].index("white_points")
    assert seven[points].value == 0 and nine[points].value == 0
    words = {r[0]: r[2] for r in report.tables[1].rows}
    assert words == {8: "eliminated in the Preliminary round", 10: "eliminated in the Preliminary round"}
    first = build(view, "pairings", round_no=1)
    assert first.subtitle[-1] == "Preliminary round"
    assert first.notes[-1] == "Armageddon (White 5 min, Black 4 min; a draw counts as a win for Black)"
    alpha = {r[1]: r for r in build(view, "alphabetical", round_no=1).tables[0].rows}
    assert alpha[7][2] == "1, 3" and alpha[7][3] in ("W/B", "B/W")
    assert alpha[8][2] == "2, 4, 5, 6, 7"
