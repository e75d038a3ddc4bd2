"""Changing the register and the series from the TUI (issue 36, the fresh-eyes review, item 2).

Before, the members dialog and the series screen only read: a list manager added and edited
members with ``hakem members``, an organiser made series with ``hakem series``.  Now the keys
are in the dialog's key line, the footer and F1, and they go through the CLI's use cases, so
the CLI's rules hold word for word: only the list managers change the register (and see
contact data), only a series' organisers change it.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from core.app import Workspace
from core.club.members import Member, Rating
from core.club.series import Series, parse_table, to_document
from core.store import current_user
from tui.app import HakemApp
from tests.tui_fixtures import demo, type_text, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


def screen_is(app, name: str):
    return lambda: type(app.screen).__name__ == name


async def fill(pilot, app, values: dict[str, str]) -> None:
    """Type ``values`` into the form's fields (by id), replacing what they held."""
    for field, text in values.items():
        widget = app.screen.query_one(f"#{field}", Input)
        widget.focus()
        widget.value = ""
        await pilot.pause()
        await type_text(pilot, text)


async def test_a_list_manager_adds_and_edits_a_member(tmp_path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    workspace.add_member(Member(0, "Kaya, Can", fide_id="34100002", ratings={"rapid": Rating(1795, "2026-11", "fide")}))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        assert "Ctrl+N: new member" in str(app.screen.query_one("#members-hint", Static).render())
        await pilot.press("ctrl+n")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        await fill(pilot, app, {"f-name": "Öztürk, Ayşe", "f-fide_id": "34100009", "f-birth_year": "2001",
                                "f-rating-standard": "1650", "f-email": "ayse@example.org"})
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        added = next(m for m in workspace.members() if m.name == "Öztürk, Ayşe")
        assert (added.fide_id, added.birth_year, added.rating("standard"), added.email) == (
            "34100009", 2001, 1650, "ayse@example.org")

        # edit the first member: only the club typed; his rating keeps the list it came from
        table = app.screen.query_one("#members-table", DataTable)
        table.move_cursor(row=[m.name for m in app.screen.members].index("Kaya, Can"))
        await pilot.press("ctrl+e")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        assert app.screen.query_one("#f-rating-rapid", Input).value == "1795"
        await fill(pilot, app, {"f-club": "Kadıköy SK"})
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        can = workspace.member(1)
        assert (can.club, can.ratings["rapid"]) == ("Kadıköy SK", Rating(1795, "2026-11", "fide"))

        # a refusal of the register's rules stays in the form, nothing saved
        await pilot.press("ctrl+n")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        await fill(pilot, app, {"f-name": "Ak, Ali", "f-fide_id": "34100002"})  # Kaya's id
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Kaya, Can" in str(app.screen.query_one("#form-error", Static).render()))
        assert [m.name for m in workspace.members()].count("Ak, Ali") == 0


async def test_a_reader_sees_no_contact_and_no_change_keys(tmp_path, monkeypatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    Workspace(data).add_member(Member(0, "Kaya, Can", fide_id="34100002", email="can@example.org"))
    monkeypatch.setattr(Workspace, "may_manage", lambda self: False)  # not a list manager
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        assert "Ctrl+N" not in str(app.screen.query_one("#members-hint", Static).render())
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert type(app.screen).__name__ == "MembersDialog"
        await pilot.press("enter")
        await wait_for(pilot, screen_is(app, "MemberDialog"))
        card = str(app.screen.query_one("#member-card", Static).render())
        assert "can@example.org" not in card and "shown only to those who may edit" in card
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert type(app.screen).__name__ == "MemberDialog"


def one_event(tmp_path) -> tuple:
    """A data directory with one event (the demo's twelve players, one round played)."""
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    return data, workspace, workspace.store.create(demo(rounds=1))


async def series_screen(pilot, app) -> None:
    await pilot.pause()
    await pilot.press("e")
    await wait_for(pilot, screen_is(app, "SeriesScreen"))


async def test_an_organiser_makes_a_series_and_adds_and_removes_an_event(tmp_path) -> None:
    data, workspace, tid = one_event(tmp_path)
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await series_screen(pilot, app)
        shown = {active.binding.action for active in app.screen.active_bindings.values() if active.binding.show}
        assert {"new", "add_event", "remove_event"} <= shown  # in the footer
        await pilot.press("f1")
        await wait_for(pilot, screen_is(app, "HelpScreen"))
        from textual.widgets import Markdown

        text = app.screen.query_one(Markdown).source
        assert "n new series · a add an event · Del take an event out" in text
        assert "Ctrl+N new member" in text and "Ctrl+E edit" in text
        await pilot.press("escape")
        await wait_for(pilot, screen_is(app, "SeriesScreen"))

        await pilot.press("n")
        await wait_for(pilot, screen_is(app, "SeriesForm"))
        await fill(pilot, app, {"s-name": "Rapid GP", "s-table": "10,8,6", "s-best": "2", "s-minimum": "2"})
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "SeriesScreen"))
        made = workspace.series_definition("Rapid GP")
        assert (made.table, made.best, made.minimum, made.organisers) == (
            parse_table("10,8,6"), 2, 2, (f"user:{current_user()}",))

        await pilot.press("a")
        await wait_for(pilot, screen_is(app, "EventChooser"))
        assert row_values(app.screen.query_one("#chooser-events", DataTable), 0)[1] == tid
        await pilot.press("enter")
        await wait_for(pilot, screen_is(app, "SeriesScreen"))
        assert workspace.series_definition("Rapid GP").events == (tid,)
        await wait_for(pilot, lambda: "Demo Club Rapid" in str(app.screen.query_one("#series-table", Static).render()))

        await pilot.press("delete")
        await wait_for(pilot, screen_is(app, "EventChooser"))
        await pilot.press("enter")
        await wait_for(pilot, screen_is(app, "SeriesScreen"))
        assert workspace.series_definition("Rapid GP").events == ()


async def test_only_the_series_organisers_change_it(tmp_path) -> None:
    data, workspace, tid = one_event(tmp_path)
    theirs = Series("Their GP", organisers=("user:nobody",))  # made by someone else
    workspace.club.change("new series Their GP", lambda db: db.table("series").insert(to_document(theirs)))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await series_screen(pilot, app)
        await pilot.press("a")
        await wait_for(pilot, screen_is(app, "EventChooser"))
        assert row_values(app.screen.query_one("#chooser-events", DataTable), 0)[1] == tid
        await pilot.press("enter")
        await wait_for(pilot, lambda: "only the organisers of series 'Their GP'" in str(
            app.screen.query_one("#chooser-hint", Static).render()))
        assert workspace.series_definition("Their GP").events == ()


async def test_view_only_offers_no_change(tmp_path) -> None:
    """``hakem --view``: neither the register's nor the series' change keys are offered or run."""
    data, workspace, _tid = one_event(tmp_path)
    workspace.add_member(Member(0, "Kaya, Can"))
    app = HakemApp(data_dir=data, view_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await series_screen(pilot, app)
        shown = {active.binding.action for active in app.screen.active_bindings.values() if active.binding.show}
        assert not {"new", "add_event", "remove_event"} & shown
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "SeriesScreen"
        await pilot.press("escape")
        await wait_for(pilot, screen_is(app, "TournamentsScreen"))
        await pilot.press("m")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        assert "Ctrl+N" not in str(app.screen.query_one("#members-hint", Static).render())
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert type(app.screen).__name__ == "MembersDialog"


async def test_a_stale_member_form_is_refused_naming_who_changed_what(tmp_path) -> None:
    """Two edits of one member overwrote each other silently (the form saved its own old
    view).  Now the form's edit of a field someone changed since it opened is refused naming
    who and the newer value, which the form then shows; a field nobody else touched merges."""
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    workspace.add_member(Member(0, "Kaya, Can", club="Moda SK"))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        await pilot.press("ctrl+e")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        # meanwhile (hakem members edit 1 --club … --title FM)
        workspace.edit_member(1, {"club": "Kadıköy SK", "title": "FM"})
        await fill(pilot, app, {"f-club": "Beşiktaş SK"})
        await pilot.press("ctrl+s")
        who = current_user()
        await wait_for(pilot, lambda: "Member 1, Club was changed by" in str(
            app.screen.query_one("#form-error", Static).render()))
        error = str(app.screen.query_one("#form-error", Static).render())
        assert f"by {who} (" in error and "to Kadıköy SK (you saw Moda SK); nothing was saved" in error
        assert app.screen.query_one("#f-club", Input).value == "Kadıköy SK"  # the newer value shown
        assert workspace.member(1).club == "Kadıköy SK"
        # another field typed: saved beside the other organiser's change
        await fill(pilot, app, {"f-birth_year": "1990"})
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        can = workspace.member(1)
        assert (can.club, can.title, can.birth_year) == ("Kadıköy SK", "FM", 1990)


async def test_a_new_member_like_one_of_the_register_is_asked_about(tmp_path) -> None:
    """Ctrl+N added a member typed twice silently: now the form asks (Add anyway / Cancel)."""
    data = tmp_path / "data"
    data.mkdir()
    workspace = Workspace(data)
    workspace.add_member(Member(0, "Çelik, Ayşe"))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        await pilot.press("ctrl+n")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        await fill(pilot, app, {"f-name": "celik, ayse"})
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "ChoiceDialog"))
        await pilot.press("escape")
        await wait_for(pilot, screen_is(app, "MemberForm"))
        assert "looks like a member of the register: number 1" in str(
            app.screen.query_one("#form-error", Static).render())
        assert [m.name for m in workspace.members()] == ["Çelik, Ayşe"]
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_is(app, "ChoiceDialog"))
        await pilot.press("a")
        await wait_for(pilot, screen_is(app, "MembersDialog"))
        assert sorted(m.name for m in workspace.members()) == ["celik, ayse", "Çelik, Ayşe"]


def test_a_bracketed_paste_is_kept_whole_whatever_it_holds() -> None:
    """Textual's parser sent the text after an Escape inside a paste as keys, before the
    paste's start (``Kötü`` Escape ``[31m, Ad`` became ``^[31m, AdKötü``); the driver now cuts
    the paste out first — a marker split between two reads included."""
    from textual import events as ev

    from tui.driver import PasteCutter

    cutter = PasteCutter()
    parts = cutter.feed("a\x1b[200~Kötü\x1b[31m, Ad\x1b[2") + cutter.feed("01~b")
    assert [(type(p).__name__, p.text if isinstance(p, ev.Paste) else p) for p in parts] == [
        ("str", "a"), ("Paste", "Kötü\x1b[31m, Ad"), ("str", "b")]


@pytest.mark.parametrize(("form", "field"), [("ctrl+n", "f-name"), ("ctrl+e", "f-name"), ("series", "s-name")])
async def test_a_paste_with_a_control_character_is_refused_in_every_form(tmp_path, form: str, field: str) -> None:
    """The new-member, member and new-series Name fields stored a pasted Escape (or moved what
    followed a Tab into the next field): now the field refuses the paste naming the character
    and its position, as the command line does, and keeps what it held."""
    from textual import events as ev

    data = tmp_path / "data"
    data.mkdir()
    Workspace(data).add_member(Member(0, "Kaya, Can"))
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if form == "series":
            await series_screen(pilot, app)
            await pilot.press("n")
        else:
            await pilot.press("m")
            await wait_for(pilot, screen_is(app, "MembersDialog"))
            await pilot.press(form)
        await wait_for(pilot, lambda: bool(app.screen.query(f"#{field}")))
        widget = app.screen.query_one(f"#{field}", Input)
        widget.focus()
        await pilot.pause()
        before = widget.value
        for text, named in (("Kötü\x1b[31m, Ad", "U+001B ESCAPE at position 5"),
                            ("Kaya\tCan", "U+0009 CHARACTER TABULATION at position 5")):
            app.post_message(ev.Paste(text))
            await wait_for(pilot, lambda named=named: any(named in str(n.message) for n in app._notifications))
            assert widget.value == before and app.focused is widget
        app.post_message(ev.Paste("Öztürk, Ayşe\n"))  # a copied line: its line break is no part of it
        await wait_for(pilot, lambda: widget.value == before + "Öztürk, Ayşe")
