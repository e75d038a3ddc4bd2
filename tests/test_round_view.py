"""What a round shows beside its boards is computed in core (issue 35 item 4: the rounds pane
only shows it): points before a round, a correction's effect, the order of a team round's rows,
the players without a board.
Expected values derived by hand in each test."""

from __future__ import annotations

from fractions import Fraction

from core import changes
from core.model import Board, Bye, ByeKind, GameResult, Match, Player, Round, Tournament
from core.round_view import OffBoard, board_order, correction, off_the_boards, scores_before_round


def three_rounds() -> Tournament:
    """Four players; round 1: 1-2 1-0, 3-4 ½; round 2: 1-3 ½, 4-2 0-1; round 3 paired."""
    players = tuple(Player(i, f"Player {i}", rating=2000 - i) for i in range(1, 5))
    rounds = (Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW))),
              Round(2, (Board(1, 3, GameResult.DRAW), Board(4, 2, GameResult.BLACK_WINS))),
              Round(3, (Board(1, 4), Board(2, 3))))
    return Tournament(id="t", name="Club", system="dutch", total_rounds=3, players=players, rounds=rounds)


def test_points_before_each_round():
    t = three_rounds()
    assert scores_before_round(t, 1) == {1: 0, 2: 0, 3: 0, 4: 0}
    assert scores_before_round(t, 2) == {1: 1, 2: 0, 3: Fraction(1, 2), 4: Fraction(1, 2)}
    assert scores_before_round(t, 3) == {1: Fraction(3, 2), 2: 1, 3: 1, 4: Fraction(1, 2)}


def test_a_correction_names_both_players_points_and_the_rounds_paired_since():
    t = three_rounds()
    after = changes.set_result(t, 1, 1, GameResult.BLACK_WINS)  # 1-2 becomes 0-1
    change = correction(t, after, 1, 1)
    # player 1: 1 + ½ = 1½ -> 0 + ½ = ½; player 2: 0 + 1 = 1 -> 1 + 1 = 2
    assert change.points == {1: (Fraction(3, 2), Fraction(1, 2)), 2: (1, 2)}
    assert list(change.later_rounds) == [2, 3]
    assert not correction(t, changes.set_result(t, 3, 1, GameResult.DRAW), 3, 1).later_rounds


def test_a_team_round_lists_each_match_before_its_boards():
    rnd = Round(1, tuple(Board(2 * i + 1, 2 * i + 2) for i in range(5)),
                matches=(Match(1, 2, (2, 3)), Match(3, 4, (0, 1))))
    # board 5 (index 4) belongs to no match: it comes last
    assert board_order(rnd) == ["m0", 2, 3, "m1", 0, 1, 4]
    assert board_order(Round(1, (Board(1, 2), Board(3, 4)))) == [0, 1]


def test_the_players_off_the_boards_with_their_byes():
    players = tuple(Player(i, f"Player {i}", rating=2000 - i) for i in range(1, 8))
    # 1-2 and 3-4 play; 5 has the PAB, 6 asked for a half-point bye, 7 is simply absent
    rnd = Round(1, (Board(1, 2), Board(3, 4)), byes=(Bye(5, ByeKind.PAB), Bye(6, ByeKind.HALF)))
    t = Tournament(id="t", name="Club", system="dutch", total_rounds=3, players=players, rounds=(rnd,))
    assert off_the_boards(t, 1) == [OffBoard(5, ByeKind.PAB), OffBoard(6, ByeKind.HALF), OffBoard(7, None)]
