"""Score progression, performance per round, sparklines and the progress charts.

Expected values are worked out by hand: points from the 1/½/0 scoring (and a 3/1/0 system),
TPR = ARO + dp(p) with dp read from FIDE table 8.1a (B.02: p 1.00 → 800, 0.67 → 125,
0.50 → 0, 0.00 → −800), sparkline levels from the stated scale (value × 7 / top, half up).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.i18n import set_language
from core.model import Board, Bye, ByeKind, GameResult, Player, PointSystem, Round, Tournament
from core.pictures.progress import (
    max_points, performance_after_rounds, player_progress, points_after_rounds, progress_chart,
    progress_page, sparkline, standings_progress, standings_text,
)

H = Fraction(1, 2)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def small_event(points: PointSystem = PointSystem()) -> Tournament:
    """Four players, three rounds, written by hand.

    R1: 1–2 1-0, 3–4 ½;  R2: 4–1 ½, 2–3 0-1;  R3: 1–3 1-0, 2 bye (PAB), 4 absent.
    """
    players = (Player(1, "Ana", 2000), Player(2, "Ben", 1800), Player(3, "Cai", 2200), Player(4, "Dee", 0))
    rounds = (
        Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW))),
        Round(2, (Board(4, 1, GameResult.DRAW), Board(2, 3, GameResult.BLACK_WINS))),
        Round(3, (Board(1, 3, GameResult.WHITE_WINS),), (Bye(2, ByeKind.PAB),)),
    )
    return Tournament("t", "Small", total_rounds=4, players=players, rounds=rounds, points=points)


def test_points_after_each_round_by_hand():
    got = points_after_rounds(small_event())
    assert got[1] == (1, 1 + H, 2 + H)
    assert got[2] == (0, 0, 1)
    assert got[3] == (H, 1 + H, 1 + H)
    assert got[4] == (H, 1, 1)          # absent in round 3: zero-point


def test_points_with_three_one_zero():
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), pab=Fraction(3),
                     full_bye=Fraction(3), half_bye=Fraction(1))
    got = points_after_rounds(small_event(ps))
    assert got[1] == (3, 4, 7)
    assert max_points(small_event(ps)) == 12   # 4 rounds × 3


def test_pending_result_ends_the_series():
    t = small_event()
    r3 = Round(3, (Board(1, 3, None),), (Bye(2, ByeKind.PAB),))
    t = t.with_changes(rounds=t.rounds[:2] + (r3,))
    got = points_after_rounds(t)
    assert got[1] == (1, 1 + H)
    assert got[2] == (0, 0, 1)


def test_performance_after_each_round_by_hand():
    got = performance_after_rounds(small_event())
    # Ana: R1 beat 1800 → 1800+800; R2 drew the unrated Dee (not counted) → same;
    # R3 beat 2200 → ARO 2000, 100 % → 2800.
    assert got[1] == (2600, 2600, 2800)
    # Cai: R1 drew unrated (nothing yet); R2 beat 1800 → 2600; R3 lost to 2000 → ARO 1900, 50 % → 1900.
    assert got[3] == (None, 2600, 1900)
    # Ben: lost to 2000 → 1200; lost to 2200 → ARO 2100, 0 % → 1300; bye counts nothing.
    assert got[2] == (1200, 1300, 1300)


def test_performance_two_thirds():
    """p = 2/3 → 67 % → dp 125 (table 8.1a)."""
    players = tuple(Player(i, f"P{i}", 2000) for i in range(1, 5))
    rounds = (Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW))),
              Round(2, (Board(3, 1, GameResult.BLACK_WINS), Board(2, 4, GameResult.DRAW))),
              Round(3, (Board(1, 4, GameResult.BLACK_WINS),
                        Board(2, 3, GameResult.DRAW))))
    t = Tournament("t", "T", total_rounds=3, players=players, rounds=rounds)
    assert performance_after_rounds(t)[1] == (2800, 2800, 2125)


def test_sparkline_levels_by_hand():
    # top 4: 0 → 0, 1 → 1.75 → 2, 1.5 → 2.625 → 3, 2 → 3.5 → 4 (half up), 4 → 7
    assert sparkline([0, 1, H * 3, 2, 4], 4) == "▁▃▄▅█"
    assert sparkline([None, 0], 4) == " ▁"
    assert sparkline([1, 2], 0) == "▁▁"


def test_standings_sparkline_column_in_standings_order():
    from core.standings import compute_standings

    t = small_event()
    rows = standings_progress(t)
    assert [r.pno for r in rows] == [r.pno for r in compute_standings(t, team=False).rows]
    by_pno = {r.pno: r for r in rows}
    # top = 4 rounds × 1 point; Ana 1, 1½, 2½ → 1.75→2, 2.625→3, 4.375→4
    assert by_pno[1].spark == "▃▄▅"
    text = standings_text(t, 80)
    assert text.lines[0].split()[:2] == ["Rank", "No."]
    assert any("Ana" in line and "▃▄▅" in line for line in text.lines)
    assert text.width <= 80


def test_progress_chart_bars_by_hand():
    """top 2, height 2 → 16 eighths: ½ → 4 eighths (▄ in the bottom row), 2 → full both rows."""
    pic = progress_chart([H, 2], Fraction(2), 2, height=2)
    bottom, top_row = pic.lines[1], pic.lines[0]
    assert bottom.startswith("0 │▄▄ ██")
    assert top_row.startswith("2 │   ██")
    assert pic.lines[2].startswith("  └──────")
    assert pic.lines[3].split() == ["1", "2"]


def test_player_card_picture():
    pic = player_progress(small_event(), 1)
    assert pic.lines[0] == "Score progression of Ana"
    assert "Points after each round: 1 1½ 2½" in pic.lines
    # performance sparkline on its own scale 2600..2800: ▁ ▁ █
    assert "Performance after each round: 2600 2600 2800  ▁▁█" in pic.lines


def test_progress_page_self_contained():
    html = progress_page(small_event())
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 8   # 4 sparklines, 4 cards
    for banned in ("<link", "<script", "src=", "@import"):
        assert banned not in html
