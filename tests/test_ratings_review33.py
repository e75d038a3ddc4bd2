"""Issue 33's review of the rating report: rapid/blitz K and the 600-point rule, the DWZ's We
and Leistung as the DSB prints them.  Expected values come from the regulations' text and
hand derivations written beside each assertion (GoR's are in test_ratings_dwz_gor.py)."""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, GameResult, Player, Round, Tournament
from core.ratings import dwz
from core.ratings.changes import rating_changes
from core.reports.ratings import rating_changes_report
from core.reports.view import View

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def _event(players, rounds, kind: str = "standard") -> Tournament:
    return Tournament("t", "Test", players=tuple(players), rounds=tuple(rounds), total_rounds=len(rounds),
                      start_date="2026-11-20", options={"rating_kind": kind})


def _rows(t: Tournament, system: str = "fide"):
    return {r.pno: r for r in rating_changes(t, system)}


def test_rapid_and_blitz_use_the_k_of_7_3_3() -> None:
    # The Rapid and Blitz Rating Regulations (1 March 2024) 7.3.3 repeat 8.3.3 word for word:
    # K 40 to the end of the year of the 18th birthday below 2300, K 10 once 2400 is reached.
    # (No flat K 20 for rapid and blitz in the text in force.)  Born 2008, event 2026: 18.
    players = [Player(1, "Junior", 2100, birth="2008", extra={"fide_games": 80}),
               Player(2, "Master", 2450, extra={"fide_games": 300}), Player(3, "C", 2100)]
    rounds = [Round(1, (Board(1, 3, D),)), Round(2, (Board(2, 3, D),))]
    for kind in ("rapid", "blitz"):
        rows = _rows(_event(players, rounds, kind))
        assert (rows[1].k, rows[1].k_reason) == (40, "junior")
        assert (rows[2].k, rows[2].k_reason) == (10, "2400")


def test_the_600_point_rule_names_the_games_it_leaves_out() -> None:
    # 7.3.1: "600 points or more … if at least one of the players is rated above 2600":
    # 2700 − 2100 = 600 and 2700 − 2099 = 601 are both left out, for both players;
    # 2700 − 2101 = 599 is rated.  The report says which games and why, per player.
    players = [Player(1, "Top", 2700), Player(2, "Six", 2100), Player(3, "More", 2099), Player(4, "Less", 2101)]
    rounds = [Round(1, (Board(1, 2, W),)), Round(2, (Board(3, 1, L),)), Round(3, (Board(1, 4, D),))]
    t = _event(players, rounds, "rapid")
    rows = _rows(t)
    assert rows[1].games == 1 and rows[2].games == 0 and rows[3].games == 0 and rows[4].games == 1
    assert [(rnd, opp, reason) for rnd, opp, _rating, reason in rows[1].left_out] == [(1, 2, "gap"), (2, 3, "gap")]
    notes = rating_changes_report(View(t), "fide").notes
    top = [n for n in notes if n.startswith("1 Top: not rated")]
    assert len(top) == 1 and "round 1 against 2 (2100)" in top[0] and "round 2 against 3 (2099)" in top[0]
    assert "7.3.1" in top[0]
    assert any(n.startswith("2 Six: not rated") and "round 1 against 1 (2700)" in n for n in notes)
    assert not any(n.startswith("4 Less: not rated") for n in notes)
    # standard chess has no such rule: the same games are all rated
    assert _rows(_event(players, rounds))[1].games == 3


def test_an_unrated_opponent_is_named_too() -> None:
    players = [Player(1, "A", 2000), Player(2, "Newcomer", 0), Player(3, "B", 2000)]
    t = _event(players, [Round(1, (Board(1, 2, W),)), Round(2, (Board(3, 1, D),))])
    notes = rating_changes_report(View(t), "fide").notes
    assert any(n.startswith("1 A: not rated") and "round 1 against 2 (–)" in n and "8.3.1" in n for n in notes)


def test_dwz_prints_we_to_three_decimals_so_the_change_follows() -> None:
    # R0 1500 (30 years, index 10: E0 = 1.5^4 + 15 = 20.06 → E 20) loses to 1700 and wins
    # against 1800: P(−200) = Φ(−200/282.84) = Φ(−0.7071) = 0.23975 → 0.240;
    # P(−300) = Φ(−1.0607) = 0.14442 → 0.144; We = 0.384.  Rn = 1500 + 800 × (1 − 0.384)
    # / (20 + 2) = 1522.40 → +22.  Printed to two decimals (0.38) the change would read
    # 800 × 0.62 / 22 = 22.5 → 23, not what was applied: three decimals reproduce it.
    players = [Player(1, "A", 0, national_rating=1500, birth="1996", extra={"dwz_index": 10}),
               Player(2, "B", 0, national_rating=1700), Player(3, "C", 0, national_rating=1800)]
    t = _event(players, [Round(1, (Board(1, 2, L),)), Round(2, (Board(3, 1, L),))])
    report = rating_changes_report(View(t), "dwz")
    table = report.tables[0]
    keys = [c.key for c in table.columns]
    row = table.rows[0]
    assert row[keys.index("expected")].key == "0.384"
    assert row[keys.index("change")].key == "22"


def test_dwz_leistung() -> None:
    # 3.6: Rh is the DWZ at which We = W, from 5 games against rated opponents.  Five
    # opponents all rated 1600, 4 points: 5 × Φ((Rh − 1600)/282.84) = 4 → Φ(z) = 0.8,
    # z = 0.84162 → Rh = 1600 + 238.04 = 1838.
    assert dwz.performance([1600] * 5, Fraction(4)) == 1838
    # Half the points against any field symmetric about 1700: Rh = 1700.
    assert dwz.performance([1500, 1600, 1700, 1800, 1900], Fraction(5, 2)) == 1700
    # Fewer than 5 games, or 0 % / 100 %: none.
    assert dwz.performance([1600] * 4, Fraction(2)) is None
    assert dwz.performance([1600] * 5, Fraction(5)) is None
    assert dwz.performance([1600] * 5, Fraction(0)) is None
    players = [Player(1, "A", 0, national_rating=1700, birth="1990")] + [
        Player(n, f"O{n}", 0, national_rating=1600) for n in range(2, 7)]
    results = [W, W, W, W, L]
    rounds = [Round(n - 1, (Board(1, n, results[n - 2]),)) for n in range(2, 7)]
    report = rating_changes_report(View(_event(players, rounds)), "dwz")
    table = report.tables[0]
    keys = [c.key for c in table.columns]
    assert table.rows[0][keys.index("performance")] == 1838
