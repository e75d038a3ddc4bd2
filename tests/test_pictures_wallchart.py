"""Wallcharts: the round-robin grid and the Swiss wallchart, large type and print page.

Expected values: a 4-player round robin written by hand (every cell read off the games), the
big font's shape (every glyph three cells by three rows), and Swiss cells as the crosstable
report writes them.
"""

from __future__ import annotations

import re

import pytest

from core.i18n import set_language
from core.model import Board, GameResult, Player, Round, Tournament
from core.pictures.text import cells
from core.reports.wallchart import (
    BIG, big, large_text, normal_text, split_cell, wallchart, wallchart_page,
)
from tests.test_pictures_app import swiss_event


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def rr4() -> Tournament:
    """1–2 1-0, 3–4 ½ | 1–3 ½, 4–2 0-1 | 4–1 0-1, 2–3 ½  (Berger table for 4, by hand)."""
    players = tuple(Player(i, n, 2000 - 10 * i) for i, n in enumerate(["Ana", "Ben", "Cai", "Dee"], 1))
    rounds = (Round(1, (Board(1, 4, GameResult.WHITE_WINS), Board(2, 3, GameResult.DRAW))),
              Round(2, (Board(4, 3, GameResult.BLACK_WINS), Board(1, 2, GameResult.DRAW))),
              Round(3, (Board(2, 4, GameResult.WHITE_WINS), Board(3, 1, GameResult.BLACK_WINS))))
    return Tournament("rr", "RR", system="berger", total_rounds=3, players=players, rounds=rounds)


def test_big_font_shape():
    for ch, glyph in BIG.items():
        assert len(glyph) == 3, ch
        assert all(cells(row) == 3 for row in glyph), ch
    assert big("10") == ("┓" .center(3) + "┏━┓", " ┃ ┃ ┃", " ┻ ┗━┛")


def test_round_robin_grid_by_hand():
    chart = wallchart(rr4())
    assert chart.kind == "grid"
    assert chart.columns == ("1", "2", "3", "4")
    grid = {r.pno: r.cells for r in chart.rows}
    # Ana beat Dee, drew Ben, beat Cai; Ben drew Cai, beat Dee; Cai beat Dee.
    assert grid[1] == ("X", "½", "1", "1")
    assert grid[2] == ("½", "X", "½", "1")
    assert grid[3] == ("0", "½", "X", "1")
    assert grid[4] == ("0", "0", "0", "X")
    assert [r.points for r in chart.rows] == ["2½", "2", "1½", "0"]


def test_large_type_rows_three_lines_tall():
    pic = large_text(wallchart(rr4()), 80)
    assert pic.width <= 80
    # row of player 1 starts at line 3; its name in capitals on the middle line
    assert "ANA" in pic.lines[4]
    # points 2½ drawn big in the last cells of the three lines
    two_half = big("2½")
    for i in range(3):
        assert pic.lines[3 + i].endswith(two_half[i].rstrip())
    kinds = {s.kind for s in pic.spans}
    assert {"win", "draw", "loss", "self"} <= kinds


def test_normal_type_grid():
    pic = normal_text(wallchart(rr4()), 80)
    assert pic.lines[1].split()[:6] == ["1", "Ana", "X", "½", "1", "1"]


def test_split_swiss_cells():
    assert split_cell("12w1") == ("12", "w", "1")
    assert split_cell("5B½") == ("5", "B", "½")
    assert split_cell("bye1") == ("", "bye", "1")
    assert split_cell("–0") == ("", "–", "0")
    assert split_cell("7Ч0") == ("7", "Ч", "0")


def test_swiss_wallchart_follows_crosstable():
    from core.reports.render import human
    from core.reports.tables import crosstable
    from core.reports.view import View

    t = swiss_event()
    chart = wallchart(t)
    assert chart.kind == "swiss" and chart.columns == ("1", "2", "3", "4", "5")
    report = crosstable(View(t)).tables[0]
    keys = [c.key for c in report.columns]
    first = dict(zip(keys, report.rows[0]))
    assert chart.rows[0].cells == tuple(human(first[f"r{r}"]) for r in range(1, 6))
    pic = large_text(chart, 120)
    opp, colour, mark = split_cell(chart.rows[0].cells[0])
    assert (opp + colour) in pic.lines[3]


def test_print_page():
    html = wallchart_page(wallchart(rr4()))
    assert html.startswith("<!DOCTYPE html>")
    assert "@page{size:A4 landscape" in html
    for banned in ("<link", "<script", "src=", "@import"):
        assert banned not in html
    # 4 decisive games → 4 win and 4 loss cells; 2 draws → 4 draw cells; 4 diagonal cells
    assert len(re.findall(r'<td class="win">', html)) == 4
    assert len(re.findall(r'<td class="loss">', html)) == 4
    assert len(re.findall(r'<td class="draw">', html)) == 4
    assert len(re.findall(r'<td class="self">', html)) == 4
