"""FIDE rating changes (core.ratings.fide, core.ratings.changes) against hand computations
from the FIDE Rating Regulations in force (1 March 2024, 8.3.1 as amended 1 October 2025).

Every expected value is worked out in the comment beside it from the regulations' tables
8.1.1 (p → dp) and 8.1.2 (D → PD), never taken from our output."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from core.ratings import fide
from core.ratings.changes import rating_changes

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


@pytest.mark.parametrize("d, high", [(0, "0.50"), (3, "0.50"), (4, "0.51"), (100, "0.64"), (106, "0.64"),
                                     (107, "0.65"), (400, "0.92"), (500, "0.96"), (735, "0.99"), (736, "1")])
def test_expected_score_is_table_8_1_2(d: int, high: str) -> None:
    assert fide.expected(2000 + d, 2000) == Fraction(high)
    assert fide.expected(2000, 2000 + d) == 1 - Fraction(high)


@pytest.mark.parametrize("p, value", [(Fraction(1), 800), (Fraction(7, 9), 220), (Fraction(1, 2), 0),
                                      (Fraction(4, 7), 50), (Fraction(1, 3), -125), (Fraction(0), -800),
                                      (Fraction(1, 200), -677)])
def test_dp_is_table_8_1_1_with_whole_percent(p: Fraction, value: int) -> None:
    # 7/9 = 0.777… → 0.78 → 220; 4/7 = 0.571… → 0.57 → 50; 1/3 → 0.33 → −125; 0.005 → 0.01 (halves up) → −677
    assert fide.dp(p) == value


def _event(players, rounds, **kw) -> Tournament:
    return Tournament("t", "Test", players=tuple(players), rounds=tuple(rounds), total_rounds=len(rounds) or 1,
                      start_date=kw.pop("start_date", "2026-11-20"), **kw)


def _row(t: Tournament, pno: int = 1):
    return next(r for r in rating_changes(t, "fide") if r.pno == pno)


def test_established_player_with_the_400_point_rule() -> None:
    # Player 1 (2000, 50 games before: K 20) beats 2100, draws 1900, draws 2500.
    # PD: D = 100 → 0.36 and 0.64; D = 500 counts as 400 (8.3.1) → 0.08.  Expected 1.08, score 2.
    # Change = 20 × (2 − 1.08) = 18.4.  Without the 400-point rule the last PD would be 0.04
    # and the change 19.2: the test tells them apart.
    players = [Player(1, "A", 2000, extra={"fide_games": 50}), Player(2, "B", 2100), Player(3, "C", 1900),
               Player(4, "D", 2500)]
    rounds = [Round(1, (Board(1, 2, W),)), Round(2, (Board(3, 1, D),)), Round(3, (Board(1, 4, D),))]
    row = _row(_event(players, rounds))
    assert (row.k, row.games, row.score) == (20, 3, 2)
    assert row.expected == pytest.approx(1.08)
    assert row.change == Fraction(184, 10)
    assert row.opponents_average == 2167  # (2100 + 1900 + 2500) / 3 = 2166.67


def test_no_cap_from_2650_in_standard_but_in_rapid() -> None:
    # 2700 beats 2200: D = 500.  Standard (from 1 Oct 2025): the real difference, PD 0.96,
    # K 10 → +0.4.  Rapid: capped at 400, PD 0.92 → +0.8.
    players = [Player(1, "Top", 2700), Player(2, "B", 2200)]
    rounds = [Round(1, (Board(1, 2, W),))]
    assert _row(_event(players, rounds)).change == Fraction(4, 10)
    rapid = _event(players, rounds, options={"rating_kind": "rapid"})
    assert _row(rapid).change == Fraction(8, 10)


def test_rapid_game_600_apart_with_a_player_over_2600_is_not_rated() -> None:
    players = [Player(1, "Top", 2650), Player(2, "B", 2050), Player(3, "C", 2100)]
    rounds = [Round(1, (Board(1, 2, W),)), Round(2, (Board(3, 1, D),))]
    row = _row(_event(players, rounds, options={"rating_kind": "blitz"}))
    assert row.games == 1  # 2650 − 2050 = 600: not rated; 2650 − 2100 = 550: rated


@pytest.mark.parametrize("rating, extra, birth, k, reason", [
    (1800, {"fide_games": 12}, "", 40, "new"),                 # fewer than 30 games
    (2100, {"fide_games": 80}, "2008", 40, "junior"),          # 2026 − 2008 = 18: to the end of that year
    (2100, {"fide_games": 80}, "2007", 20, "established"),     # 19 in the event's year
    (2350, {"fide_games": 80}, "2012", 20, "established"),     # junior rated 2300 or more
    (2380, {"fide_games": 200, "fide_2400": True}, "", 10, "2400"),  # once 2400, for good
    (2450, {}, "", 10, "2400"),
    (2100, {"fide_k": 40, "fide_games": 200}, "", 40, "published"),
    (2100, {}, "", 20, "assumed"),
])
def test_k_by_8_3_3(rating, extra, birth, k, reason) -> None:
    players = [Player(1, "A", rating, birth=birth, extra=extra), Player(2, "B", 2000)]
    row = _row(_event(players, [Round(1, (Board(1, 2, D),))]))
    assert (row.k, row.k_reason) == (k, reason)


def test_k_times_games_at_most_700() -> None:
    assert fide.period_k(40, 20) == 35   # 40 × 20 = 800 > 700: the largest K with K × 20 ≤ 700
    assert fide.period_k(40, 17) == 40   # 680


def test_forfeits_byes_and_unrated_opponents_do_not_count() -> None:
    players = [Player(1, "A", 2000), Player(2, "B", 2000), Player(3, "Unrated", 0), Player(4, "C", 2000)]
    rounds = [Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN),)), Round(2, (Board(1, 3, W),)),
              Round(3, (), (Bye(1, ByeKind.PAB),)), Round(4, (Board(4, 1, W),))]
    row = _row(_event(players, rounds))
    assert row.games == 1 and row.score == 0
    assert row.change == Fraction(-10)  # K 20 × (0 − 0.50)


def test_first_rating_with_two_imaginary_draws() -> None:
    # 8.2.2: 3 points from 5 games against 1500s; Ra = (5 × 1500 + 2 × 1800) / 7 = 1585.71;
    # p = (3 + 1) / 7 = 0.571 → 0.57 → dp 50; Ru = 1635.71 → 1636 (8.2.3).
    first = fide.first_rating((1500,) * 5, Fraction(3))
    assert (first.rating, first.reason) == (1636, "")
    # 4 games: computed but not published yet (7.1.4)
    assert fide.first_rating((1500,) * 4, Fraction(3)).reason == "games"
    # nothing scored in the first event: disregarded (8.2.1)
    assert fide.first_rating((1500,) * 5, Fraction(0)).reason == "zero"
    # 5 wins against 2400s: Ra = (12000 + 3600) / 7 = 2228.57, p = 6/7 → 0.86 → 309 → capped at 2200
    assert fide.first_rating((2400,) * 5, Fraction(5)).rating == 2200
    # 1/5 against 1350s: Ra = 1478.57, p = 2/7 → 0.29 → −158 → 1321 < 1400: not published
    assert fide.first_rating((1350,) * 5, Fraction(1)).reason == "floor"


def test_unrated_player_row_carries_the_first_rating_data() -> None:
    players = [Player(1, "New", 0)] + [Player(i, f"O{i}", 1500) for i in range(2, 7)]
    results = [W, D, W, L, D]   # 3 points, as in the test above
    rounds = [Round(i + 1, (Board(1, i + 2, r),)) for i, r in enumerate(results)]
    row = _row(_event(players, rounds))
    assert row.change is None and row.first is not None and row.first.rating == 1636
