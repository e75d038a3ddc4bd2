"""The model's look-up indexes (``Tournament.player``, ``PointSystem.for_code``) and
``running_scores``: same answers as the plain definitions, invisible to equality and changes.

Expected values: the small event's scores are summed by hand below; the random events are
compared with :func:`core.model.scores`, which sums each player's history from scratch.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from core.errors import UnknownPlayer
from core.model import (
    Board, Bye, ByeKind, Code, GameResult, Player, PointSystem, Round, Tournament,
    running_scores, scores,
)


def _event() -> Tournament:
    players = tuple(Player(i, f"P{i}") for i in (1, 2, 3, 4, 5))
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW)),
               (Bye(5, ByeKind.PAB),))
    # player 4 absent (no board, no bye: zero-point), 2 forfeits, 5 has a half-point bye,
    # board 1 not finished yet
    r2 = Round(2, (Board(2, 3, GameResult.BLACK_FORFEIT_WIN), Board(1, 5)),
               (Bye(4, ByeKind.HALF),))
    r3 = Round(3, (Board(5, 1, GameResult.BLACK_WINS),), ())
    return Tournament("t", "t", players=players, rounds=(r1, r2, r3))


def test_running_scores_by_hand() -> None:
    half = Fraction(1, 2)
    got = running_scores(_event())
    assert got[0] == {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}
    assert got[1] == {1: 1, 2: 0, 3: half, 4: half, 5: 1}
    # r2: 3 wins by forfeit, 4 half bye, board 1-5 unfinished (0 each)
    assert got[2] == {1: 1, 2: 0, 3: 1 + half, 4: 1, 5: 1}
    # r3: 1 wins with black; 2, 3, 4 absent (zero-point)
    assert got[3] == {1: 2, 2: 0, 3: 1 + half, 4: 1, 5: 1}


def test_running_scores_with_a_zero_bye_worth_points_and_an_unregistered_number() -> None:
    t = _event()
    t = t.with_changes(points=PointSystem(zero_bye=Fraction(1, 4)),
                       rounds=t.rounds + (Round(4, (Board(2, 9, GameResult.DRAW),), ()),))
    got = running_scores(t)
    for r in range(len(t.rounds) + 1):
        assert got[r] == scores(t, r), r
    assert 9 not in got[3] and got[4][9] == Fraction(1, 2)


@pytest.mark.parametrize("seed", range(12))
def test_running_scores_equal_scores_after_every_round(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 30)
    players = tuple(Player(i, f"P{i}") for i in range(1, n + 1))
    rounds = []
    for r in range(1, rng.randint(1, 8) + 1):
        pnos = [p.pno for p in players if rng.random() > 0.1]
        rng.shuffle(pnos)
        byes = tuple(Bye(pnos.pop(), rng.choice(list(ByeKind))) for _ in range(min(len(pnos), rng.randint(0, 2))))
        boards = tuple(Board(pnos[i], pnos[i + 1], rng.choice([None, *GameResult]))
                       for i in range(0, len(pnos) - 1, 2))
        rounds.append(Round(r, boards, byes))
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), zero_bye=Fraction(rng.randint(0, 1)))
    t = Tournament("t", "t", players=players, rounds=tuple(rounds), points=ps)
    got = running_scores(t)
    assert len(got) == len(rounds) + 1
    for r in range(len(rounds) + 1):
        assert got[r] == scores(t, r), (seed, r)


def test_running_scores_of_damaged_data_fall_back_to_the_definition() -> None:
    t = _event()
    twice = Round(3, (Board(5, 1, GameResult.BLACK_WINS),), (Bye(1, ByeKind.HALF),))
    t = t.with_changes(rounds=t.rounds[:2] + (twice,))
    got = running_scores(t)
    assert [got[r] for r in range(4)] == [scores(t, r) for r in range(4)]


def test_running_scores_of_a_cup_count_every_game_of_a_knockout_round() -> None:
    players = tuple(Player(i, f"P{i}") for i in (1, 2, 3, 4))
    knockout = Round(1, (Board(1, 2, GameResult.DRAW, game="p.r1m1.s0g1"),
                         Board(3, 4, GameResult.WHITE_WINS, game="p.r1m2.s0g1"),
                         Board(2, 1, GameResult.BLACK_WINS, game="p.r1m1.s0g2"),
                         Board(4, 3, GameResult.DRAW, game="p.r1m2.s0g2")), ())
    final = Round(2, (Board(1, 3, GameResult.WHITE_WINS),), ())
    t = Tournament("t", "t", players=players, rounds=(knockout, final))
    half = Fraction(1, 2)
    got = running_scores(t)
    assert got[1] == {1: 1 + half, 2: half, 3: 1 + half, 4: half}  # two games each
    assert got[2] == {1: 2 + half, 2: half, 3: 1 + half, 4: half}
    assert got == [scores(t, r) for r in range(3)]


def test_player_look_up_follows_every_change() -> None:
    t = _event()
    assert t.player(3).name == "P3" and t.has_player(5) and not t.has_player(6)
    with pytest.raises(UnknownPlayer):
        t.player(6)
    renamed = t.with_changes(players=tuple(replace(p, name="X") if p.pno == 3 else p for p in t.players)
                             + (Player(6, "P6"),))
    assert renamed.player(3).name == "X" and renamed.player(6).name == "P6"
    assert t.player(3).name == "P3" and not t.has_player(6)  # the old snapshot is unchanged


def test_first_player_with_a_number_wins_as_the_search_did() -> None:
    t = Tournament("t", "t", players=(Player(1, "first"), Player(1, "second")))
    assert t.player(1).name == "first"


def test_indexes_are_invisible_to_equality_hashing_and_copies() -> None:
    a, b = _event(), _event()
    a.player(1)
    a.points.for_code(Code.WIN)
    assert a == b and hash(a.points) == hash(b.points)
    assert replace(a, name="u") == replace(b, name="u")
    assert PointSystem(win=Fraction(3)).for_code(Code.WIN) == 3
    assert PointSystem().for_code(None) == 0
