"""A cup in words and in the standings: players off the boards are eliminated, through
without a game, or waiting — never "absent"; the standings rank by stage reached (winner,
final, semi-final …) before points; the Armageddon board is named; the rounds set at creation
do not stop a cup before its final."""

from __future__ import annotations

from core import commands
from core.model import Player, Tournament
from core.playoff.cup import away_status, board_games, stage_groups, stage_reached
from core.standings import compute_standings


def cup(n: int, rounds: int) -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, n + 1))
    return Tournament(id="cup10", name="Cup", system="knockout", total_rounds=rounds, players=players,
                      options={"knockout": {"rules": "seed"}})


def play(t: Tournament, result) -> Tournament:
    t = commands.pair_next_round(t)
    rnd = t.rounds[-1]
    for b, board in enumerate(rnd.boards, start=1):
        t = commands.set_result(t, rnd.number, b, result(rnd.number, board))
    return t


def test_ten_players_four_rounds_reach_the_final_with_words_for_everyone():
    # 10 players, one winner: a 16-bracket (seeds/000 p. 68): seeds 1-6 advance without a
    # game, 7-10 play the preliminary round (7 v 10, 8 v 9), then 8 in the quarter-finals.
    # Every match is two games 3+3; the better seed wins the first game and draws the second
    # (1½-½), except the second preliminary match, drawn twice, then extensions won by 9.
    def result(r, board):
        low, high = sorted((board.white, board.black))
        if {low, high} == {8, 9} and r <= 2:
            return "1/2"
        if {low, high} == {8, 9}:
            return "1-0" if board.white == 9 else "0-1"
        if r % 2:
            return "1-0" if board.white == low else "0-1"
        return "1/2"

    t = cup(10, rounds=4)  # "--rounds 4": preliminary, quarter-final, semi-final, final
    t = commands.pair_next_round(t)
    assert away_status(t, 1) == dict.fromkeys(range(1, 7), "advances without a game (Preliminary round)")
    assert set(board_games(t, 1).values()) == {"Preliminary round · Game 1 (3′+3″)"}
    for b, board in enumerate(t.rounds[0].boards, start=1):
        t = commands.set_result(t, 1, b, result(1, board))
    for _ in range(30):
        if compute_cup_done(t):
            break
        t = play(t, result)
    assert compute_cup_done(t)
    # the extension games are named as such in the round that held them
    assert board_games(t, 3) == {1: "Preliminary round · Extension 1, game 1 (3′+3″)"}
    assert away_status(t, 3)[7] == "through to the Quarter-final; waits for the other matches"
    assert away_status(t, 3)[10] == "eliminated in the Preliminary round"
    # quarter-finals: 1 v 9, 2 v 7, 3 v 6, 4 v 5 (first v last); semis 1 v 4, 2 v 3; final 1 v 2
    assert stage_groups(t) == [[1], [2], [3, 4], [5, 6, 7, 9], [8, 10]]
    stages = stage_reached(t)
    assert stages[1] == "winner" and stages[2] == "Final" and stages[3] == "Semi-final"
    assert stages[9] == "Quarter-final" and stages[8] == "Preliminary round"
    # standings: stage first — player 9 (2½ points from the extensions) below the finalist
    rows = compute_standings(t).rows
    order = [r.pno for r in rows]
    assert order[:2] == [1, 2] and set(order[2:4]) == {3, 4}
    assert order.index(2) < order.index(9) and order.index(4) < order.index(9)
    assert set(order[4:8]) == {5, 6, 7, 9} and set(order[8:]) == {8, 10}


def compute_cup_done(t: Tournament) -> bool:
    from core.playoff.cup import cup_places

    return cup_places(t) is not None


def test_armageddon_board_is_named():
    t = cup(2, rounds=1)
    for _ in range(4):  # two games and two extension games, all drawn
        t = play(t, lambda r, b: "1/2")
    t = commands.pair_next_round(t)
    assert board_games(t, 5) == {1: "Final · Armageddon (White 5′, Black 4′; a draw counts as a win for Black)"}
