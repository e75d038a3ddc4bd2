"""More of issue 34's screens that fit at 60×20 and 80×24 in tr/de/ru (the last review).

- The kinds of bye read apart on the boards of a read-only screen (``--view``): the last column
  gives way like a name, so each kind's words say what sets it apart first.
- F1 stays in every footer at 60 columns, the lists' too.
- A column a narrow table leaves out takes no cells (F4, F5's preview, the boards): its padding
  went to nobody while names were cut.

Expected values are derived in each test from the tournament it builds.
"""

from __future__ import annotations

import dataclasses

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable

from core import changes
from core.demo import demo_tournament
from core.i18n import _, pgettext, set_language
from core.model import Board, Bye, ByeKind
from core.changes.numbering import assign_pairing_numbers
from core.pairing.base import RoundPairing
from tests.test_tui_fits import MEDIUM, SMALL, _open, _screen_lines
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.widgets.tables import _available

pytestmark = pytest.mark.usefixtures("quiet_tui")

KINDS = (ByeKind.PAB, ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO)


def _four_byes():
    """The demo's twelve players, round 1 paired by hand: boards 1-2, 3-4, 5-6, 7-8 and one
    bye of each kind for players 9 (pairing-allocated), 10 (half), 11 (full), 12 (zero)."""
    t = assign_pairing_numbers(demo_tournament())
    pairing = RoundPairing(1, tuple(Board(w, w + 1) for w in (1, 3, 5, 7)),
                           tuple(Bye(9 + i, kind) for i, kind in enumerate(KINDS)))
    return changes.apply_pairing(t, pairing)


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
@pytest.mark.parametrize("size", [SMALL, MEDIUM])
async def test_the_kinds_of_bye_read_apart_in_view_mode(tmp_path, lang, size):
    # at 60×20 the Russian last column showed "пропуск тура…" for all four kinds (the German
    # ones differed in their eleventh letter): the words that set a kind apart come first
    [tid] = store_with(tmp_path / "data", _four_byes())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, view_only=True, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        boards = await _open(pilot, app, "f3", "#boards")
        given = {r[1]: r for r in boards.kept.given}
        shown = [r for r in boards.kept.shown if r[0] == ""]
        words = [r[7].rstrip("…") for r in shown]
        assert len(words) == 4 and len(set(words)) == 4, words
        for row, pno in zip(shown, (9, 10, 11, 12)):
            assert given[pno][7].startswith(row[7].rstrip("…")), (given[pno], row)


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_f1_stays_in_the_footer_of_the_lists_at_60_columns(tmp_path, lang):
    # the tournaments list and the season's series had Textual's own footer: at 60×20 it ended
    # in "q Beende" (de) or "d Демо  q Выход" (ru), without F1 — the key that leads to the others
    [tid] = store_with(tmp_path / "data", _four_byes())
    app = HakemApp(data_dir=tmp_path / "data", lang=lang, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        set_language(lang)
        help_key = f"f1 {_('Help')}"
        for key, screen in ((None, "TournamentsScreen"), ("e", "SeriesScreen")):
            if key:
                await pilot.press(key)
            await wait_for(pilot, lambda s=screen: type(app.screen).__name__ == s, timeout=30)
            await wait_for(pilot, lambda: help_key in _screen_lines(app)[-1], timeout=10)
            footer = _screen_lines(app)[-1]
            assert footer.index(help_key) + cell_len(help_key) <= SMALL[0], footer
    assert tid


LONG_NAMES = ("Öztürk, Mehmet Ali", "Yılmaz, Ayşe Nur", "Kılıç, Çağrı", "Şahin, Oğuz Kaan",
              "Schneider, Jonas", "Arslan, Zeynep Elif", "Koç, İbrahim Halil", "Çelik, Ümit",
              "Aydın, Fatma Gül", "Smirnova, Olga", "Krüger, Lena", "Petrova, Anna")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
@pytest.mark.parametrize(("key", "selector"), [("f4", "#standings"), ("f5", "#tb-preview")])
async def test_a_left_out_column_gives_its_cells_to_the_names(tmp_path, lang, key, selector):
    # at 60×20 F4 and F5's preview left the pairing number and the rating out but kept their
    # padding, two empty cells each: "М     Имя" and "Koç, İbrahim…    1" — names cut while
    # blank cells stood beside them.  A column left out takes no cells: each shown column starts
    # where the ones before it (content and one cell of padding either side) end
    t = demo(rounds=3)
    t = t.with_changes(players=tuple(dataclasses.replace(p, name=n) for p, n in zip(t.players, LONG_NAMES)))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        table = await _open(pilot, app, key, selector)
        labels = [str(c.label) for c in table.ordered_columns]
        assert "" in labels  # at 60 columns some column was left out (the pairing number)
        header = next(line for line in _screen_lines(app) if labels[0] in line and labels[2] in line)
        start = header.index(labels[0]) - 1
        for label, column in zip(labels, table.ordered_columns):
            if label:
                assert header[start + 1:].startswith(label), (header, label)
                start += column.width + 2
        cut = [r[2] for r in table.kept.shown if r[2].endswith("…")]
        used = sum(c.get_render_width(table) for c in table.ordered_columns)
        assert not cut or used == _available(table), (cut, used)  # a name cut: no cell left over
        # a name cut: the place column's head is its short one (Turkish "Derece", six cells over
        # values like "5=", becomes "Der."), and every column but the names is as wide as its
        # widest value or head
        assert not cut or labels[0] == min(_("Rk"), pgettext("short header", "Rk"), key=cell_len), labels
        for j, column in enumerate(table.ordered_columns):
            if labels[j] and j != 2:
                widest = max(cell_len(str(r[j])) for r in table.kept.shown)
                assert column.width == max(widest, cell_len(labels[j])), (labels[j], column.width)


async def test_the_cell_cursor_steps_over_a_left_out_column(tmp_path):
    # F4 is a cell table: with a column left out (60×20), → onto it left the cursor on a column
    # not drawn (and x there said "move to a tie-break column"); ← from the name likewise
    t = demo(rounds=2)
    t = t.with_changes(players=tuple(dataclasses.replace(p, name=n) for p, n in zip(t.players, LONG_NAMES)))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        table = await _open(pilot, app, "f4", "#standings")
        hidden = [j for j, c in enumerate(table.ordered_columns) if not str(c.label)]
        assert hidden, [str(c.label) for c in table.ordered_columns]
        last = len(table.ordered_columns) - 1
        for h in hidden:
            table.move_cursor(column=h - 1)
            await pilot.press("right")
            after = next((j for j in range(h + 1, last + 1) if j not in hidden), h - 1)
            assert table.cursor_column == after, (h, table.cursor_column)
        visible = [j for j in range(last + 1) if j not in hidden]
        table.move_cursor(column=visible[-1])
        await pilot.press(*["left"] * (last + 1))
        assert table.cursor_column == 0


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_players_list_keeps_names_readable_at_60_columns(tmp_path, lang):
    # F2's list at 60×20 cut "Öztürk, Mehmet Ali" to twelve cells beside "Wertzahl" over
    # four-digit ratings and an empty club column: the rating takes its short head once a name
    # is cut, and the club gives way before a name falls below READABLE cells
    from tui.widgets.tables import READABLE

    t = demo_tournament()
    t = t.with_changes(players=tuple(dataclasses.replace(p, name=n) for p, n in zip(t.players, LONG_NAMES)))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query_one("#players", DataTable).row_count == len(LONG_NAMES), timeout=30)
        await pilot.pause()
        table = app.screen.query_one("#players", DataTable)
        labels = [str(c.label) for c in table.ordered_columns]
        names = [r[1] for r in table.kept.shown]
        assert min(map(cell_len, names)) >= min(READABLE, min(map(cell_len, LONG_NAMES))), names
        if any(n.endswith("…") for n in names):
            assert _("Rtg") in labels, labels
        rating = labels.index(_("Rtg")) if _("Rtg") in labels else labels.index(_("Rating"))
        widest = max(cell_len(str(r[rating])) for r in table.kept.shown)
        assert table.ordered_columns[rating].width == max(widest, cell_len(labels[rating]))
