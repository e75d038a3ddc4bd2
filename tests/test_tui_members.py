"""The register in the TUI (issue 36 item 1–2): a member registered into an event with two
keys (``l``, Enter: the register first, then the list), and the members view with a member's
events (``m`` on the tournaments list)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Label, Static

from core.app import Workspace
from core.club.members import Member, Rating
from core.model import Tournament
from tui.app import HakemApp
from tests.test_tui_checkin import players_tab
from tests.tui_fixtures import store_with, type_text, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


def rows(table: DataTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def lookup(pilot, app, text: str) -> tuple:
    """The players pane's lookup (``l``) with ``text`` typed: the tournament screen and the
    dialog's table of matches."""
    owner, players = await players_tab(pilot, app)
    players.focus()
    await pilot.pause()
    await pilot.press("l")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "ListLookupDialog")
    dialog = app.screen
    await wait_for(pilot, lambda: dialog.query("#lookup-table"))
    await type_text(pilot, text)
    return owner, dialog.query_one("#lookup-table", DataTable)


async def test_two_keys_register_a_member_before_the_list(tmp_path):
    from core.ratinglists.library import import_list
    from tests.ratinglist_builder import fide_txt, zipped

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Rapid", total_rounds=5, time_control="15+10"))
    listed = [dict(ID="34100002", Name="Kaya, Can", Fed="TUR", Sex="M", SRtng=1811, RRtng=1790, B_day=2010),
              dict(ID="34100003", Name="Kayacan, Deniz", Fed="TUR", Sex="M", SRtng=2301, B_day=1999)]
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", fide_txt(listed))), date="2026-12")
    Workspace(data).add_member(Member(0, "Kaya, Can", fide_id="34100002", club="Kadıköy SK",
                                      ratings={"rapid": Rating(1795, "2026-11", "fide")}))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, table = await lookup(pilot, app, "kaya")
        await wait_for(pilot, lambda: table.row_count == 3)
        # the member first (his register's rapid 1795), then the list's two entries
        assert [r[:4] + r[6:] for r in rows(table)] == [
            ["member 1", "34100002", "", "Kaya, Can", "1795"], ["fide", "34100002", "", "Kaya, Can", "1790"],
            ["fide", "34100003", "", "Kayacan, Deniz", "2301"]]
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(owner.session.tournament.players) == 1)
        p = owner.session.tournament.players[0]
        assert (p.name, p.fide_id, p.rating, p.club, p.member) == ("Kaya, Can", "34100002", 1795, "Kadıköy SK", 1)


async def test_the_members_view_shows_a_members_events(tmp_path):
    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Öztürk, Ayşe", fide_id="34600002", email="ayse@example.org"))
    ws.add_member(Member(0, "Kaya, Can"))
    tid = ws.create(Tournament(id="", name="Autumn Open", system="dutch", total_rounds=3, start_date="2026-10-03"))
    ws.open(tid).register_member(1)
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await pilot.press("m")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MembersDialog")
        dialog = app.screen
        table = dialog.query_one("#members-table", DataTable)
        await wait_for(pilot, lambda: table.row_count == 2)
        await type_text(pilot, "ozt")
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MemberDialog")
        member = app.screen
        events = member.query_one("#member-events", DataTable)
        await wait_for(pilot, lambda: events.row_count == 1)
        assert str(member.query_one("#member-title", Label).render()) == "Öztürk, Ayşe"
        assert "E-mail: ayse@example.org" in str(member.query_one("#member-card", Static).render())
        assert rows(events)[0][:3] == ["2026-10-03", "Autumn Open", "chess"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MembersDialog")
