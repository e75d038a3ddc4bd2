"""Go result entry and how every kind of round result lands on the participant card."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import InvalidResult, RoundError
from core.changes import go as results
from core.go.cards import Outcome, cards
from core.go.standings import coefficients, standings
from core.model import Board, Bye, ByeKind, GameResult, Player, RequestedBye, Round, Tournament

K = Fraction(13, 2)


def base(rounds=()):
    players = tuple(Player(i, f"P{i}", 2000 - 10 * i) for i in range(1, 6))
    return Tournament("t", "T", system="gamma", total_rounds=3, players=players, rounds=rounds)


def one_round(*boards, byes=()):
    return base((Round(1, tuple(boards), tuple(byes)),))


def test_record_game_and_nigiri_colours():
    t = one_round(Board(1, 2, handicap=0, komi=K), Board(3, 4, handicap=2, komi=Fraction(1, 2)))
    t = results.record_game(t, 1, 1, winner=1, white=2)      # nigiri gave White to 2
    b = t.round(1).boards[0]
    assert (b.white, b.black, b.result) == (2, 1, GameResult.BLACK_WINS)
    t = results.record_winner_text(t, 1, 2, "black")
    assert t.round(1).boards[1].result is GameResult.BLACK_WINS
    with pytest.raises(InvalidResult):
        results.record_game(t, 1, 2, winner=3, white=4)       # handicap colours are fixed
    with pytest.raises(InvalidResult):
        results.record_winner_text(t, 1, 2, "5")
    with pytest.raises(InvalidResult):
        results.record_winner_text(t, 1, 2, "nobody")


def test_card_mapping_of_every_result_kind():
    t = one_round(Board(1, 2, GameResult.WHITE_FORFEIT_WIN, handicap=0, komi=K),
                  Board(3, 4, GameResult.DOUBLE_FORFEIT, handicap=0, komi=K),
                  byes=(Bye(5, ByeKind.PAB),))
    c = cards(t)
    r = {p: c[p].rounds[0] for p in range(1, 6)}
    assert (r[1].outcome, r[1].forfeit, r[2].outcome) == (Outcome.WIN, True, Outcome.LOSS)
    assert r[3].outcome is Outcome.REFUSAL and r[4].outcome is Outcome.REFUSAL
    assert r[5].outcome is Outcome.REST
    assert [c[p].technical for p in range(1, 6)] == [0, 0, 1, 1, -1]
    assert [c[p].final_level - c[p].start_level for p in range(1, 6)] == [1, 0, 0, 0, 1]


def test_absent_player_is_a_refusal():
    t = one_round(Board(1, 2, GameResult.WHITE_WINS, handicap=0, komi=K),
                  Board(3, 4, GameResult.BLACK_WINS, handicap=0, komi=K))
    assert cards(t)[5].rounds[0].outcome is Outcome.REFUSAL


def test_coefficient_by_hand():
    # five players, all rank 19 -> top group ranks 19..14 ((30-19)/2 rounded up = 6 ranks)
    # holds everybody -> level 14 each (the lowest rank of the group, not the lowest held).
    # round 1: 1 beats 2 (1 white, even), 3 beats 4 (3 black, 2 stones received), 5 rests.
    t = one_round(Board(1, 2, GameResult.WHITE_WINS, handicap=0, komi=K),
                  Board(4, 3, GameResult.BLACK_WINS, handicap=2, komi=Fraction(1, 2)),
                  byes=(Bye(5, ByeKind.PAB),))
    coef = coefficients(t)
    # 1: opponent 2's final level 14, technical 0 -> 14; 2: opponent 1 -> 15;
    # 3: opponent 4 (14) - 2 received = 12; 4: opponent 3 (15) + 2 given = 17;
    # 5: own level before the round = 14
    assert (coef[1], coef[2], coef[3], coef[4], coef[5]) == (14, 15, 12, 17, 14)
    order = [(s.place, s.pno) for s in standings(t)]
    # levels: 1, 3, 5 at 15; 2, 4 at 14 -> 1 (14) and 5 (14) share place 1, 3 (12) third
    assert order == [(1, 1), (1, 5), (3, 3), (4, 4), (5, 2)]
    assert [s.shared for s in standings(t)][:2] == [True, True]


def test_refusal_entry():
    t = base()
    t = results.record_refusal(t, 2, 1)
    assert t.requested_byes == (RequestedBye(2, 1, ByeKind.ZERO),)
    t = results.cancel_refusal(t, 2, 1)
    assert t.requested_byes == ()
    with pytest.raises(RoundError):
        results.cancel_refusal(t, 2, 1)
    with pytest.raises(RoundError):
        results.record_refusal(t, 2, 9)
