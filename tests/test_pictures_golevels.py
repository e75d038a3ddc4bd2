"""Go: levels of the top group across rounds, on the Gamma seed's own event (the Gamma procedure).

Expected values come from a second, independent reading of the Gamma procedure's rules written here
(level +1 after a win or an odd-number rest, unchanged after a loss or a refusal; the top
group of the 11-player example sits on rank 18 = 3k and holds players 1–7, notes in
tests/test_go_seed.py), not from ``core.go.cards``.
"""

from __future__ import annotations

import pytest

from core.i18n import set_language
from core.pictures.golevels import levels_page, levels_svg, levels_text, top_group_levels
from tests.test_pictures_app import GO_PLAYERS, GO_ROUNDS, go_event

TOP_LEVEL = 18


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def independent_levels() -> dict[int, list[int]]:
    start = {}
    for pno, _name, rating in GO_PLAYERS:
        rank = rating // 100
        start[pno] = TOP_LEVEL if rank >= TOP_LEVEL else rank
    levels = {p: [start[p]] for p in start}
    for boards, rest, _refusals in GO_ROUNDS:
        raised = {win for _w, _b, win, _h in boards} | ({rest} if rest else set())
        for p in levels:
            levels[p].append(levels[p][-1] + (1 if p in raised else 0))
    return levels


def test_levels_match_an_independent_reading_of_the_seed():
    chart = top_group_levels(go_event())
    assert chart.lowest_rank == TOP_LEVEL
    assert chart.rounds == 6
    expected = independent_levels()
    in_chart = {r.pno for r in chart.rows}
    assert in_chart == {p for p, lv in expected.items() if max(lv) >= TOP_LEVEL}
    assert {1, 2, 3, 4, 5, 6, 7} <= in_chart
    for row in chart.rows:
        assert list(row.levels) == expected[row.pno], row.pno
    finals = [r.levels[-1] for r in chart.rows]
    assert finals == sorted(finals, reverse=True)


def test_levels_text_and_marks():
    chart = top_group_levels(go_event())
    pic = levels_text(chart, 80)
    assert pic.width <= 80
    first = pic.lines[1]
    assert first.split()[0] == str(chart.rows[0].pno)
    assert "↑" in first
    assert "3k" in pic.lines[-1]       # the legend names the top group's level
    assert any(s.kind == "below" for s in pic.spans)


def test_levels_svg_and_page():
    chart = top_group_levels(go_event())
    svg = levels_svg(chart)
    assert svg.count("<polyline") == len(chart.rows)
    html = levels_page(go_event())
    assert html.startswith("<!DOCTYPE html>")
    for banned in ("<link", "<script", "src=", "@import"):
        assert banned not in html


def test_partial_event_stops_at_the_last_round():
    chart = top_group_levels(go_event(rounds=3))
    assert chart.rounds == 3
    assert all(len(r.levels) == 4 for r in chart.rows)


def test_ladder_lists_everyone_in_the_race_once_per_round():
    from core.pictures.golevels import levels_ladder, levels_picture

    chart = top_group_levels(go_event())
    pic = levels_ladder(chart, 80)
    expected = independent_levels()
    labels = {"3d": 23, "2d": 22, "1d": 21, "1k": 20, "2k": 19, "3k": 18}
    found: dict[tuple[int, int], set[int]] = {}
    heads = pic.lines[0]
    starts = [heads.index(f"R{r}") for r in range(1, 7)]
    for line in pic.lines[1:]:
        level = labels[line.split()[0]]
        for r, x in enumerate(starts, start=1):
            end = starts[r] if r < 6 else len(line)
            found[(level, r)] = {int(v) for v in line[x:end].split() if v.isdigit()}
    for r in range(1, 7):
        for level in labels.values():
            assert found[(level, r)] == {p for p, lv in expected.items() if lv[r] == level}, (level, r)
    assert levels_picture(chart, 80).width <= 80
