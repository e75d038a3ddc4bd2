"""Players pane: fast entry, search, edit, delete before round 1, late entry, withdrawal,
requested byes, forbidden pairings, CSV import, pairing-number explanation."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.model import ByeKind, Tournament
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, type_text, wait_for
from tui.widgets.tables import row_values


pytestmark = pytest.mark.usefixtures("quiet_tui")


def open_app(tmp_path, t):
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    return HakemApp(data_dir=data, open_id=tid), data, tid


async def opened(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: app.screen.query("#pane-players"))
    await pilot.pause()
    return app.screen.session, app.screen.query_one("#pane-players")


def select_player(app, pno: int) -> None:
    table = app.screen.query_one("#players", DataTable)
    keys = table.kept.keys
    table.focus()
    table.move_cursor(row=keys.index(str(pno)))


async def edit_form(pilot, app, pno: int):
    """Player ``pno``'s edit form (``e`` on the players table), once it is on screen."""
    select_player(app, pno)
    await pilot.press("e")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayerForm")
    return app.screen


def dialog_text(app) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


async def test_fast_entry_with_all_fields_and_validation(tmp_path):
    app, data, tid = open_app(tmp_path, Tournament(id="", name="Open", total_rounds=5))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        assert app.focused.id == "p-name"
        await type_text(pilot, "Yilmaz, Elif")
        for field, text in (("rating", "2190"), ("title", "WFM"), ("federation", "TUR"), ("fide_id", "6300000"),
                            ("national_id", "123"), ("club", "Ankara SK"), ("birth", "2001")):
            app.screen.query_one(f"#p-{field}", Input).value = text
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 1)
        p = session.tournament.players[0]
        assert (p.name, p.rating, p.title, p.federation, p.fide_id, p.national_id, p.club, p.birth) == (
            "Yilmaz, Elif", 2190, "WFM", "TUR", "6300000", "123", "Ankara SK", "2001")
        assert app.screen.query_one("#p-club", Input).value == ""  # the form is cleared for the next one
        # an invalid title is refused by the core; nothing is added, the record waits in the
        # refused list (the form is empty for the next one) and Ctrl+R takes it back
        await type_text(pilot, "Nobody")
        app.screen.query_one("#p-title", Input).value = "XX"
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.tournament.players) == 1
        assert app.screen.query_one("#p-name", Input).value == ""
        assert "«Nobody | XX»" in str(app.screen.query_one("#p-refused").render())
        await pilot.press("ctrl+r")
        assert app.screen.query_one("#p-name", Input).value == "Nobody"
        assert app.screen.query_one("#p-title", Input).value == "XX"
        assert not app.screen.query_one("#p-refused").display


async def test_search_edit_delete_and_number_explanation(tmp_path):
    app, data, tid = open_app(tmp_path, demo())
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        table = app.screen.query_one("#players", DataTable)
        assert app.focused.id == "p-name"  # F2: typing registers a player
        await pilot.press("slash")  # the empty name field: "/" is the footer's Search (no name starts with it)
        assert app.focused.id == "p-search"
        app.screen.query_one("#p-name", Input).focus()
        await type_text(pilot, "A")
        await pilot.press("slash")  # inside a begun name: a character of it, not a command
        assert app.screen.query_one("#p-name", Input).value == "A/"
        app.screen.query_one("#p-name", Input).value = ""
        await pilot.press("down")  # to the table: now single keys are commands
        assert app.focused is table
        await pilot.press("slash")
        await type_text(pilot, "GER")
        await pilot.pause()
        names = sorted(row_values(table, i)[1] for i in range(table.row_count))
        assert names == ["Krüger, Lena", "Schneider, Jonas", "Wagner, Paul"]
        app.screen.query_one("#p-search", Input).value = ""
        await pilot.pause()
        assert table.row_count == 12
        # edit player 12 (the lowest rated): new rating
        (await edit_form(pilot, app, 12)).query_one("#f-rating", Input).value = "1760"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: session.tournament.player(12).rating == 1760)
        # why number 1?
        select_player(app, 1)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MessageDialog")
        assert "rating 2311" in dialog_text(app) and "provisional" in dialog_text(app)
        await pilot.press("escape")
        # delete before round 1, after confirming
        select_player(app, 12)
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: len(session.tournament.players) == 11)
    assert "Arslan, Emre" not in [p.name for p in Store(data).load(tid).tournament.players]


async def test_withdraw_bye_forbidden_and_late_entry(tmp_path):
    app, data, tid = open_app(tmp_path, demo(rounds=1))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        # delete is refused after round 1
        select_player(app, 5)
        await pilot.press("delete")
        await pilot.pause()
        assert type(app.screen).__name__ == "TournamentScreen"
        assert len(session.tournament.players) == 12
        # withdraw from round 3
        await pilot.press("w")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        name = session.tournament.player(5).name  # two namesakes are told apart by number (rev34c 2)
        assert f"5 {name}" in "\n".join(str(w.render()) for w in app.screen.query("Label"))
        app.screen.query_one(Input).value = "3"
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.player(5).withdrawn_round == 3)
        # half-point bye in round 2 for player 6
        select_player(app, 6)
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = "2 h"
        await pilot.press("enter")
        await wait_for(pilot, lambda: [(b.pno, b.round, b.kind) for b in session.tournament.requested_byes]
                       == [(6, 2, ByeKind.HALF)])
        # forbidden pairing 1 and 2
        select_player(app, 1)
        await pilot.press("f")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = "1 2"
        await pilot.press("enter")
        await wait_for(pilot, lambda: session.tournament.forbidden == ((1, 2),))
        table = app.screen.query_one("#players", DataTable)
        status = {row_values(table, i)[0]: row_values(table, i)[6] for i in range(table.row_count)}
        assert "withdrawn R3" in status[5]
        assert "bye R2 (½)" in status[6]
        assert "not vs 2" in status[1]
        # a late entry after round 1 joins from round 2
        app.screen.query_one("#p-name", Input).focus()
        await type_text(pilot, "Late, Larry")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 13)
        late = next(p for p in session.tournament.players if p.name == "Late, Larry")
        assert late.joined_round == 2
    stored = Store(data).load(tid).tournament
    assert stored.forbidden == ((1, 2),) and stored.player(5).withdrawn_round == 3


async def test_import_players_from_csv(tmp_path):
    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name;rating;federation;club\nAda, Ana;1500;TUR;Kadıköy\nBo, Ben;1400;GER;Köln\n",
                        encoding="utf-8")
    app, data, tid = open_app(tmp_path, Tournament(id="", name="Open", total_rounds=5))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        app.screen.query_one("#players", DataTable).focus()
        await pilot.press("i")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = str(csv_file)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 2)
    players = Store(data).load(tid).tournament.players
    assert [(p.name, p.rating, p.federation, p.club) for p in players] == [
        ("Ada, Ana", 1500, "TUR", "Kadıköy"), ("Bo, Ben", 1400, "GER", "Köln")]


async def test_go_event_asks_for_the_rank(tmp_path):
    app, data, tid = open_app(tmp_path, Tournament(id="", name="Go Cup", system="gamma", total_rounds=4))
    async with app.run_test(size=(100, 32)) as pilot:
        session, pane = await opened(pilot, app)
        assert app.screen.query_one("#p-rank", Input).display
        assert not app.screen.query_one("#p-title", Input).display
        app.screen.query_one("#p-name", Input).value = "Sato, Ken"
        app.screen.query_one("#p-rank", Input).value = "3d"
        app.screen.query_one("#p-name", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 1)
        table = app.screen.query_one("#players", DataTable)
        assert row_values(table, 0)[3] == "3d"
    # the Gamma procedure's rank is the rating divided by 100 (3 dan = rank 23): a 3d player rates 2300-2399
    assert 2300 <= Store(data).load(tid).tournament.players[0].rating <= 2399


async def test_the_edit_form_replaces_a_value_tabbed_into_and_stays_open_when_refused(tmp_path):
    """A review (tr, 60×20): in one burst on player 12 (rating 1750 in the demo) ``e``, Tab
    ``1800`` Tab ``WFM`` … Ctrl+S stored nothing and lost every edit: Tab put the cursor after
    the old rating (``17501800``), the store refused it and the form had closed.  Now a value
    tabbed into is selected and replaced, as in every form; and a refused value keeps the form
    open with everything typed, saying why."""
    from tests.test_tui_type_ahead import burst

    app, data, tid = open_app(tmp_path, demo(rounds=0))
    async with app.run_test(size=(60, 20)) as pilot:
        session, pane = await opened(pilot, app)
        before = session.tournament.player(12)
        await edit_form(pilot, app, 12)
        await burst(pilot, app, "\t1800\tWFM\t")
        assert app.screen.query_one("#f-rating", Input).value == "1800"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: session.tournament.player(12).rating == 1800)
        assert session.tournament.player(12).title == "WFM"
        form = await edit_form(pilot, app, 12)
        form.query_one("#f-rating", Input).value = "17501800"
        form.query_one("#f-club", Input).value = "Çorum SK"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # still open, with what was typed
        assert form.query_one("#f-club", Input).value == "Çorum SK"
        assert "17501800" in str(form.query_one("#form-error").render())
        form.query_one("#f-rating", Input).value = "1790"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: session.tournament.player(12).rating == 1790)
        assert session.tournament.player(12).club == "Çorum SK"
    stored = Store(data).load(tid).tournament.player(12)
    assert (stored.rating, stored.title, stored.club, stored.name) == (1790, "WFM", "Çorum SK", before.name)


async def test_a_hidden_character_in_a_pasted_list_puts_aside_its_line_only(tmp_path):
    """A review (tr, F2): three players pasted, a zero-width space in the second name — nothing
    was added and nothing kept (the whole paste refused, "position 24" counted across lines).
    Now the clean lines are registered, the line with the character waits in the refused list
    without it, its line and the character named in the reader's language, for Ctrl+R."""
    from textual import events

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=0))
    app = HakemApp(data_dir=data, open_id=tid, lang="tr")
    async with app.run_test(size=(80, 24)) as pilot:
        session, pane = await opened(pilot, app)
        app.post_message(events.Paste("Birinci, Ali\t1500\nGizli\u200bAd, Veli\t1490\nÜçüncü, Can\t1480\n"))
        await wait_for(pilot, lambda: len(session.tournament.players) == 14 and not app.keys_pending)
        names = {p.name: p.rating for p in session.tournament.players}
        assert names["Birinci, Ali"] == 1500 and names["Üçüncü, Can"] == 1480
        [refused] = pane.query_one("#p-refused").records
        assert refused.kept["name"] == "GizliAd, Veli" and refused.kept["rating"] == "1490"
        assert refused.reason.startswith("2. satır") and "U+200B" in refused.reason and "ZERO WIDTH" not in refused.reason
        await pilot.press("ctrl+r")
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 15)
    assert "GizliAd, Veli" in [p.name for p in Store(data).load(tid).tournament.players]


async def test_a_question_answered_after_a_renumbering_acts_on_the_player_it_named(tmp_path):
    """A review (two organisers, before round 1): "Delete 8. Krüger, Lena?" was open when the
    other organiser registered a stronger player; numbers follow the ratings, Krüger became 9,
    and ``y`` deleted Demir, the new 8.  The answer follows the player the question named; and
    after the edit form the name field has the focus, so a name typed next is a name."""
    from core.app import Workspace

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=0))
    app = HakemApp(data_dir=data, open_id=tid, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        session, pane = await opened(pilot, app)
        victim = session.tournament.player(8)
        select_player(app, 8)
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        Workspace(data).open(tid).add_player(name="Strong, Stella", rating=2500)  # the other organiser
        next(s for s in app.screen_stack if type(s).__name__ == "TournamentScreen").poll_store()  # arrives under the question
        await pilot.press("y")
        await wait_for(pilot, lambda: len(session.tournament.players) == 12)
        names = [p.name for p in session.tournament.players]
        assert victim.name not in names and "Strong, Stella" in names
        form = await edit_form(pilot, app, 1)
        form.query_one("#f-club", Input).value = "Edited SK"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
