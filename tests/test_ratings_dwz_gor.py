"""DWZ (the DSB's Wertungsordnung) and GoR (the EGF's rating system) against hand
computations written out in each test."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from core.model import Board, GameResult, Player, Round, Tournament
from core.ratings import dwz, gor
from core.ratings.changes import rating_changes


def test_dwz_adult() -> None:
    # R0 1500, 30 years (J 15), index 10; opponents 1400, 1500, 1600; 2½ points.
    # We = P(100) + P(0) + P(−100) = 0.63816 + 0.5 + 0.36184 = 1.5 (P symmetric).
    # E0 = 1.5^4 + 15 = 20.06 → E = 20 (no acceleration: adult; no brake: over 1300).
    # Rn = 1500 + 800 × (2.5 − 1.5) / (20 + 3) = 1534.78 → 1535.
    r = dwz.change(1500, [1400, 1500, 1600], Fraction(5, 2), age=30, index=10)
    assert r.expected == pytest.approx(1.5)
    assert (r.e, r.new) == (20, 1535)


def test_dwz_probability_is_the_normal_curve() -> None:
    # P(D) = Φ(D / (200·√2)); Φ(100 / 282.84) = Φ(0.35355) = 0.63816 → 0.638
    assert dwz.expected(1600, 1500) == 0.638
    assert dwz.expected(1500, 1600) == 0.362


def test_dwz_published_evaluation() -> None:
    # The DSB's published evaluation of tournament A712-F00-VFB (2007), one player: DWZ 2143,
    # E 30, 6½ of 9 against 1670 1705 2591 1758 1993 2029 1862 2027 2038 (W W L W D L W W W);
    # the DSB printed We = 6.365 and the new DWZ 2146.
    opponents = [1670, 1705, 2591, 1758, 1993, 2029, 1862, 2027, 2038]
    r = dwz.change(2143, opponents, Fraction(13, 2), age=None, index=10)
    assert r.expected == pytest.approx(6.365)
    assert (r.e, r.new) == (30, 2146)


def test_dwz_junior_acceleration_and_index_cap() -> None:
    # 15 years (J 5), R0 1600, index 2, wins both games against 1600: W 2 > We 1.
    # E0 = 1.6^4 + 5 = 11.5536; fB = 1600/2000 = 0.8 → 9.243 → 9; cap 5 × index = 10 → E 9.
    # Rn = 1600 + 800 × 1 / (9 + 2) = 1672.73 → 1673.
    r = dwz.change(1600, [1600, 1600], Fraction(2), age=15, index=2)
    assert (r.acceleration, r.e, r.new) == (0.8, 9, 1673)
    # index 1: E at most 5 → Rn = 1600 + 800 / 7 = 1714.29 → 1714
    assert dwz.change(1600, [1600, 1600], Fraction(2), age=15, index=1).new == 1714


def test_dwz_brake_under_1300() -> None:
    # R0 1000, 40 years, loses to 1000: W 0 < We 0.5.  E0 = 1 + 15 = 16;
    # SBr = e^((1300 − 1000)/150) − 1 = e² − 1 = 6.389 → E = round(22.389) = 22 (≤ 150).
    # Rn = 1000 + 800 × (−0.5) / (22 + 1) = 982.6 → 983.
    r = dwz.change(1000, [1000], Fraction(0), age=40, index=20)
    assert r.brake == pytest.approx(math.e ** 2 - 1)
    assert (r.e, r.new) == (22, 983)


def test_dwz_rows_use_the_national_rating() -> None:
    players = [Player(1, "A", 2000, national_rating=1500, birth="1996", extra={"dwz_index": 10}),
               Player(2, "B", 2000, national_rating=1500)]
    t = Tournament("t", "T", start_date="2026-05-01", players=tuple(players),
                   rounds=(Round(1, (Board(1, 2, GameResult.WHITE_WINS),)),))
    row = rating_changes(t, "dwz")[0]
    # 30 years, E = 20, We 0.5: 1500 + 800 × 0.5 / 21 = 1519.05 → +19
    assert (row.k, row.change) == (20, 19)


def _gor_hand(r_a: float, r_b: float, score: float) -> float:
    """The EGF page's formulas, written out again here."""
    beta_a, beta_b = -7 * math.log(3300 - r_a), -7 * math.log(3300 - r_b)
    se = 1 / (1 + math.exp(beta_b - beta_a))
    con = ((3300 - r_a) / 200) ** 1.6
    bonus = math.log(1 + math.exp((2300 - r_a) / 80)) / 5
    return con * (score - se) + bonus


def test_gor_even_game() -> None:
    # equal 2000s: SE = 1 / (1 + e^0) = 0.5; con(2000) = 6.5^1.6 = 19.982;
    # bonus(2000) = ln(1 + e^3.75) / 5 = 0.7547; a win: 19.982 × 0.5 + 0.7547 = 10.746
    se, change = gor.game_change(2000, 2000, Fraction(1), None, False)
    assert se == pytest.approx(0.5)
    assert change == pytest.approx(10.746, abs=1e-3)
    assert change == pytest.approx(_gor_hand(2000, 2000, 1))


def test_gor_the_egd_pages_worked_example() -> None:
    # The EGD's rating-system page (2021 system): two players rated 2100, the winner goes to
    # 2109.306.  By hand: con(2100) = (1200 / 200)^1.6 = 6^1.6 = 17.581, SE = 0.5,
    # bonus(2100) = ln(1 + e^(200/80)) / 5 = ln(13.1825) / 5 = 0.5158;
    # win 17.581 × 0.5 + 0.5158 = 9.306; loss −17.581 × 0.5 + 0.5158 = −8.275.
    assert gor.game_change(2100, 2100, Fraction(1), None, False)[1] == pytest.approx(9.306, abs=5e-4)
    assert gor.game_change(2100, 2100, Fraction(0), None, True)[1] == pytest.approx(-8.275, abs=5e-4)
    players = [Player(1, "A", 0, extra={"go_rating": 2100}), Player(2, "B", 0, extra={"go_rating": 2100})]
    t = Tournament("g", "Go", system="mcmahon", players=tuple(players),
                   rounds=(Round(1, (Board(1, 2, GameResult.WHITE_WINS, komi=Fraction(13, 2)),)),))
    rows = {r.pno: r for r in rating_changes(t)}
    assert (rows[1].expected, rows[2].expected) == (pytest.approx(0.5), pytest.approx(0.5))
    assert round(float(rows[1].change), 1) == 9.3 and round(float(rows[2].change), 1) == -8.3


def test_gor_handicap_expectations_add_up_to_one() -> None:
    # Black 2000 with 3 stones against White 2300: both see Black as 2250 (100 × (3 − ½)),
    # SE(Black) + SE(White) = 1/(1 + e^x) + 1/(1 + e^−x) = 1.
    black, _ = gor.game_change(2000, 2300, Fraction(1), 3, True, Fraction(1, 2))
    white, _ = gor.game_change(2300, 2000, Fraction(0), 3, False, Fraction(1, 2))
    assert black + white == pytest.approx(1.0)


def test_gor_event_sums_its_games_and_handicap_shifts_the_weaker() -> None:
    players = [Player(1, "Strong", 0, extra={"go_rating": 2300}), Player(2, "Weak", 0, extra={"go_rating": 2000})]
    boards = (Board(1, 2, GameResult.BLACK_WINS, handicap=3, komi=Fraction(1, 2)),)
    t = Tournament("g", "Go", system="mcmahon", players=tuple(players), rounds=(Round(1, boards),))
    rows = {r.pno: r for r in rating_changes(t)}
    # handicap 3: Black (2000) is rated as 2000 + 100 × 2.5 = 2250 against 2300 for the
    # expected result; con and bonus stay those of his own 2000.
    se = 1 / (1 + math.exp(-7 * math.log(3300 - 2300) + 7 * math.log(3300 - 2250)))
    hand = ((3300 - 2000) / 200) ** 1.6 * (1 - se) + math.log(1 + math.exp(300 / 80)) / 5
    assert float(rows[2].change) == pytest.approx(hand, abs=1e-6)
    assert rows[2].expected == pytest.approx(se)


def test_gor_handicap_shift() -> None:
    # even game (komi 6.5): none; no komi (Black moves first): one stone, 50; 3 stones: 250
    assert gor.handicap_shift(0, Fraction(13, 2)) == 0
    assert gor.handicap_shift(0, Fraction(1, 2)) == 50
    assert gor.handicap_shift(3, Fraction(1, 2)) == 250
    assert gor.handicap_shift(None, None) == 0
