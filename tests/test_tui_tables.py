"""Tables give way to long text and never cut a number (issue 19, item 5).

The layout rule (``tui.widgets.tables``): free-text columns (names, clubs) share what the other
columns leave and end with "…" when cut; every other column is as wide as its widest value.
Checked two ways:

- the fitting arithmetic, against widths derived by hand in each test;
- the real screens with a hostile 167-character name (markup brackets, an escape sequence, a
  bell, a tab and a newline) at 80×24 and 200×60: on the players, boards, standings and
  tie-break preview tables every column is on screen (no sideways scrolling needed), every
  number is shown whole in the hostile player's screen line, the name is cut with "…" and no
  control character is left in it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable

from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for
from tui.widgets.tables import cut, fit_widths

pytestmark = pytest.mark.usefixtures("quiet_tui")

HOSTILE = ("[bold red]Ütterly[/bold red] \x1b[2J\x07" + "Longname-" * 20 + "\tTab\nNewline [/link]")[:167]
RATING = 2180  # the example: shown as "218" when clipped


def test_hostile_name_is_167_characters():
    assert len(HOSTILE) == 167


# -- arithmetic ----------------------------------------------------------------------------------
def test_everything_natural_when_it_fits():
    # 3 + 20 + 4 content, +2 padding each = 33 cells ≤ 40
    assert fit_widths([3, 20, 4], [0, 3, 0], [0, 8, 0], 40) == [3, 20, 4]


def test_the_name_gives_way_and_the_numbers_keep_their_width():
    # fixed: (3+2) + (4+2) = 11; the name's padding 2 → 40 - 13 = 27 cells for the name
    assert fit_widths([3, 167, 4], [0, 3, 0], [0, 8, 0], 40) == [3, 27, 4]


def test_two_text_columns_share_by_weight_and_a_short_one_keeps_its_width():
    # name (3) and club (2), 60 cells: fixed (3+2) + (4+2) = 11, padding of the two 4 → room 45.
    # Club 10 ≤ its share 45·2/5 = 18: whole; the name takes the other 35.
    assert fit_widths([3, 167, 4, 10], [0, 3, 0, 2], [0, 8, 0, 8], 60) == [3, 35, 4, 10]
    # both long: room 45 split 3:2 → 27 and 18
    assert fit_widths([3, 167, 4, 100], [0, 3, 0, 2], [0, 8, 0, 8], 60) == [3, 27, 4, 18]


def test_minimums_are_kept_and_the_rest_is_shared_again():
    # room 20 for a name (3) and a user (1): the user's share 5 is below its minimum 7 (its
    # natural width, under min 8) → 7, the name gets the remaining 13
    assert fit_widths([39, 7], [3, 1], [8, 8], 20 + 4) == [13, 7]


def test_too_narrow_for_the_minimums_the_table_scrolls_instead_of_cutting_numbers():
    widths = fit_widths([4, 50, 4, 4, 4], [0, 3, 0, 0, 0], [0, 8, 0, 0, 0], 20)
    assert widths == [4, 8, 4, 4, 4]  # wider than 20: DataTable scrolls sideways


def test_cut_ends_with_an_ellipsis_and_counts_cells():
    assert cut("Schneider, Jonas", 10) == "Schneider…"
    assert cut("Schneider, Jonas", 16) == "Schneider, Jonas"
    assert cut("大山康晴", 5) == "大山…"  # two cells each: 4 + "…"
    assert cell_len(cut("大山康晴", 6)) <= 6


# -- the screens -----------------------------------------------------------------------------------
def _tournament():
    t = demo(rounds=3, tiebreaks=("BH/C1", "BH", "SB", "ARO", "WIN"))
    players = list(t.players)
    players[0] = replace(players[0], name=HOSTILE, rating=RATING, club="Schachklub " * 12)
    return t.with_changes(players=tuple(players))


def _screen_lines(app) -> list[str]:
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


TABLES = (("f2", "#players"), ("f3", "#boards"), ("f4", "#standings"), ("f5", "#tb-preview"))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
async def test_a_hostile_name_keeps_every_number_visible(tmp_path, size):
    [tid] = store_with(tmp_path / "data", _tournament())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"), timeout=30)
        for key, selector in TABLES:
            await pilot.press(key)
            await wait_for(pilot, lambda s=selector: app.screen.query_one(s, DataTable).row_count > 0
                           and app.screen.query_one(s, DataTable).region.area > 0, timeout=30)
            table = app.screen.query_one(selector, DataTable)
            await wait_for(pilot, lambda t=table: t.virtual_size.width <= t.size.width, timeout=10)
            await pilot.pause()
            specs = table.kept.specs
            raw, shown = table.kept.given, table.kept.shown
            numeric = [j for j, s in enumerate(specs) if not s.flex]
            for row_raw, row_shown in zip(raw, shown):
                for j in numeric:  # never cut, never changed
                    assert row_shown[j] == row_raw[j], (selector, j, row_raw[j], row_shown[j])
            columns = table.ordered_columns
            for j in numeric:
                assert columns[j].width >= max(cell_len(str(r[j])) for r in raw), (selector, j)
            # the hostile player's row: the name cut with "…", no control character in it
            hostile = [i for i, r in enumerate(raw) if HOSTILE in r]
            assert hostile, selector
            i = hostile[0]
            name = next(v for v in shown[i] if isinstance(v, str) and v.endswith("…"))
            assert name.startswith("[bold"), name  # brackets shown as typed, not read as markup
            assert all(ch.isprintable() for ch in name), repr(name)
            # on screen: every cell of that row whole (the name as cut), in column order
            line = next(x for x in _screen_lines(app) if name in x)
            pos = 0
            for value in map(str, shown[i]):
                if value:
                    found = line.find(value, pos)
                    assert found >= 0, (selector, value, line)
                    pos = found + len(value)
            if selector in ("#players", "#standings", "#tb-preview"):
                assert str(RATING) in line, line
        assert not any("\x1b" in x or "\x07" in x for x in _screen_lines(app))


# -- the same rule in printed and exported reports -------------------------------------------------
def test_a_report_column_of_tie_breaks_has_one_notation():
    from fractions import Fraction

    from core.i18n import set_language
    from core.reports.document import Column, Table
    from core.reports.render import human_rows, table_text

    set_language("de")
    try:
        table = Table([Column("name", "Name"), Column("sb", "SB", "r"), Column("bh", "BH", "r")],
                      [["A", Fraction(43, 2), Fraction(7, 2)], ["B", Fraction(75, 4), Fraction(3)],
                       ["C", Fraction(18), Fraction(1, 2)]])
        # SB holds a quarter: every SB value in quarters, as the points are written (issue 31:
        # "82.00" beside "43½" was a second notation in one table); BH only halves: ½
        assert human_rows(table) == [["A", "21½", "3½"], ["B", "18¾", "3"], ["C", "18", "½"]]
        assert "18¾" in "\n".join(table_text(table))
        # a value that is no quarter (an average): every value of its column with two decimals
        table = Table([Column("name", "Name"), Column("aro", "ARO", "r")],
                      [["A", Fraction(43, 2)], ["B", Fraction(55, 3)], ["C", Fraction(18)]])
        assert human_rows(table) == [["A", "21,50"], ["B", "18,33"], ["C", "18,00"]]
    finally:
        set_language("en")
