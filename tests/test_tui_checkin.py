"""Check-in dialog: arrivals found by typing a few letters, one key marks them present, the
fee recorded; the next round pairs only the players who are present."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from core.model import Player, Tournament
from tui.app import HakemApp
from tui.screens.checkin import CheckinDialog
from tests.tui_fixtures import store_with, type_text, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


def evening() -> Tournament:
    names = ("Öztürk, Ayşe", "Kaya, Can", "Bauer, Max", "Demir, Ece")
    players = tuple(Player(i, name, rating=2000 - 50 * i) for i, name in enumerate(names, start=1))
    return Tournament(id="", name="Rapid", total_rounds=5, players=players,
                      options={"entry_fee": {"amount": "10", "currency": "EUR"}})


async def players_tab(pilot, app) -> tuple:
    """The tournament screen on its players tab (F2): the screen and its players table."""
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    owner = app.screen
    await pilot.press("f2")
    await wait_for(pilot, lambda: owner.query("#players"))
    return owner, owner.query_one("#players", DataTable)


async def open_checkin(pilot, app, rows: int = 4) -> tuple:
    """The check-in dialog over the tournament screen, its list filled: (screen, dialog)."""
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    owner = app.screen
    app.push_screen(CheckinDialog(owner))
    await wait_for(pilot, lambda: isinstance(app.screen, CheckinDialog))
    dialog = app.screen
    await wait_for(pilot, lambda: dialog.query("#checkin-table") and
                   dialog.query_one("#checkin-table", DataTable).row_count == rows)
    return owner, dialog


async def test_checkin_by_typing_and_one_key(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, evening())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        table = dialog.query_one("#checkin-table", DataTable)                      # by name: Bauer, Demir, Kaya, Öztürk
        # "ozt" (no diacritics) finds Öztürk; Enter marks her present and clears the search
        await type_text(pilot, "ozt")
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: owner.session.tournament.options.get("checkin", {}).get("present") == [1])
        assert table.row_count == 4
        # a number works too; Ctrl+P: paid in full
        await type_text(pilot, "3")
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.press("enter")
        await type_text(pilot, "kaya")
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: owner.session.tournament.player(2).extra.get("fee_paid") == "10")
        summary = str(dialog.query_one("#checkin-summary", Static).render())
        # present: 1 and 3; fees 4 × 10 = 40 due, 10 paid, 30 owed
        assert "2 of 4 present (check-in open)" in summary
        assert "fees due 40 EUR, paid 10 EUR, owed 30 EUR" in summary
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, CheckinDialog))
    t = owner.session.tournament
    from core import checkin

    assert [p.pno for p in checkin.absentees(t)] == [2, 4]


async def test_register_an_arrival_from_the_rating_list(tmp_path):
    from core.ratinglists.library import import_list
    from tests.ratinglist_builder import fide_txt, zipped

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Rapid", total_rounds=5, time_control="15+10"))
    listed = [dict(ID="34100001", Name="Ozturk, Ayse", Fed="TUR", Sex="F", Tit="IM", WTit="WGM",
                   SRtng=2405, RRtng=2390, B_day=2001),
              dict(ID="34100002", Name="Kaya, Can", Fed="TUR", Sex="M", SRtng=1811, RRtng=1790, B_day=2010),
              dict(ID="34100003", Name="Kayacan, Deniz", Fed="TUR", Sex="M", SRtng=2301, B_day=1999)]
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", fide_txt(listed))), date="2026-12")
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, table = await players_tab(pilot, app)
        table.focus()
        await pilot.pause()
        await pilot.press("l")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ListLookupDialog")
        dialog = app.screen
        await wait_for(pilot, lambda: dialog.query("#lookup-table"))
        await type_text(pilot, "kaya")
        table = dialog.query_one("#lookup-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 2)      # Kaya, Can and Kayacan, Deniz
        await pilot.press("down", "enter")                         # the second: Kayacan
        await wait_for(pilot, lambda: len(owner.session.tournament.players) == 1)
        p = owner.session.tournament.players[0]
        # a 15+10 event registers the rapid rating; Kayacan has none, so by the default rating for
        # pairing of a rapid event ("rapid, else standard", README) his standard 2301 seeds him
        assert (p.name, p.fide_id, p.rating, p.federation, p.birth) == ("Kayacan, Deniz", "34100003", 2301, "TUR", "1999")
        await pilot.press("l")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ListLookupDialog")
        dialog = app.screen
        await wait_for(pilot, lambda: dialog.query("#lookup-table"))
        await type_text(pilot, "ÖZT")
        table = dialog.query_one("#lookup-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(owner.session.tournament.players) == 2)
        ayse = next(q for q in owner.session.tournament.players if q.fide_id == "34100001")
        assert (ayse.name, ayse.rating, ayse.title, ayse.sex) == ("Ozturk, Ayse", 2390, "IM", "w")
        assert owner.session.tournament.options["rating_list"] == {"name": "fide", "format": "fide", "date": "2026-12"}


async def test_the_players_list_shows_who_is_present_and_check_in_is_in_the_footer_and_help(tmp_path):
    from textual.widgets._footer import FooterKey

    from core.app import Workspace
    from tui.screens.help import help_text
    from tui.widgets.tables import row_values

    data = tmp_path / "data"
    [tid] = store_with(data, evening())
    desk = Workspace(data).open(tid)
    desk.check_in([1, 3], open_checkin=True)  # Öztürk and Bauer are in the hall
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, table = await players_tab(pilot, app)
        await wait_for(pilot, lambda: table.row_count == 4)
        table.focus()
        await pilot.pause()
        assert [str(c.label) for c in table.columns.values()][:3] == ["No.", "Present", "Name"]
        marks = {str(row[2]): str(row[1]) for row in (row_values(table, i) for i in range(4))}
        assert marks == {"Öztürk, Ayşe": "✓", "Kaya, Can": "✗", "Bauer, Max": "✓", "Demir, Ece": "✗"}
        assert ("c", "Check-in") in [(k.key_display, str(k.description)) for k in owner.query(FooterKey)]
        owner.session.do(lambda d: d.check_in(close_checkin=True))  # closed: everyone is paired, no column
        owner.refresh_panes()
        await wait_for(pilot, lambda: "Present" not in [str(c.label) for c in table.columns.values()])
    assert "c check-in" in help_text()


async def test_pairing_with_check_in_open_says_who_is_left_out(tmp_path):
    from core.app import Workspace

    data = tmp_path / "data"
    [tid] = store_with(data, evening())
    Workspace(data).open(tid).check_in([1, 2, 3], open_checkin=True)  # Demir (4) is not here
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        owner = app.screen
        await pilot.press("f3")
        await wait_for(pilot, lambda: owner.query("#boards"))
        owner.query_one("#boards", DataTable).focus()
        await pilot.pause()
        await pilot.press("p")
        await wait_for(pilot, lambda: any("Round 1 is paired." in str(n.message) for n in app._notifications),
                       timeout=60)
        [said] = [str(n.message) for n in app._notifications if "Round 1 is paired." in str(n.message)]
    t = owner.session.tournament
    [pab] = [y.pno for y in t.round(1).byes if y.kind.label == "pab"]
    assert said.splitlines() == ["Round 1 is paired.",
                                 "Not paired, not checked in (zero points): 4 Demir, Ece",
                                 f"Checked in but without a board: {pab} {t.player(pab).name} — Pairing-allocated bye"]


async def test_enter_on_several_matches_asks_instead_of_ticking_the_first(tmp_path):
    """Second pass, item 7: a search text that matches several players and Enter ticked the
    first of them without a word.  Now Enter asks; ↓ then Enter chooses the second match."""
    from core import checkin

    data = tmp_path / "data"
    [tid] = store_with(data, evening())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        table = dialog.query_one("#checkin-table", DataTable)
        await type_text(pilot, "m")  # Bauer, Max and Demir, Ece (listed by name)
        await wait_for(pilot, lambda: table.row_count == 2)
        await pilot.press("enter")
        await pilot.pause()
        assert checkin.present(owner.session.tournament) == set()  # asked, nobody ticked
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {4})  # Demir
