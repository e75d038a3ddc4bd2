"""A Go event's form asks what a Go organiser sets (issue 32 item 3): McMahon's bar, floor,
komi and handicap rule, Gamma's komi, and a Go time system — and no chess point system, rating
for pairing or chess time control.  The values are checked one field at a time by the readers
the engines use (:mod:`core.go.event_form`), so the form marks the field that is wrong."""

from __future__ import annotations

import pytest

from core.go.event_form import GoFieldError, changed, check_clock, check_go_fields, clock_of, form_values
from core.model import Tournament
from tests.tui_fixtures import store_with, wait_for

# -- the core checks --------------------------------------------------------------------------


def test_defaults_are_opengothas_for_mcmahon_and_the_gamma_procedures_komi():
    # OpenGotha 3.51's initForMM: bar 4d, floor 20k, handicap = MMS difference − 1, at most 9,
    # no handicap above 1d; komi 7.5 (EGF rules).  Gamma: komi 6.5.
    assert form_values("mcmahon") == {"bar": "4d", "floor": "20k", "handicap_bar": "1d", "komi": "7.5",
                                      "correction": "1", "ceiling": "9", "club_groups": ""}
    assert form_values("gamma") == {"komi": "6.5"}
    stored = form_values("mcmahon", {"bar": "3d", "komi": ""})  # an empty option is the default
    assert (stored["bar"], stored["komi"]) == ("3d", "7.5")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("bar", "5x", "McMahon bar"),
    ("floor", "kyu", "McMahon floor"),
    ("ceiling", "10", "ceiling"),
    ("correction", "x", "correction"),
    ("komi", "7.3", "komi"),
    ("handicap_bar", "9p", "handicap bar"),
])
def test_each_bad_mcmahon_field_is_refused_naming_that_field(field, value, words):
    values = {**form_values("mcmahon"), field: value}
    with pytest.raises(GoFieldError) as refused:
        check_go_fields(values, "mcmahon")
    assert refused.value.field == field
    assert words in refused.value.detail and value in refused.value.detail


def test_clubs_groups_are_shown_as_typed_and_refused_naming_the_field():
    """OpenGotha's clubs groups in the form: shown in ``--mm-club-groups``'s notation, also
    those read from OpenGotha's file (stored as a list); a group of one club is refused with
    the engine's words, naming the field."""
    stored = [{"name": "Paris area", "clubs": ["Paris", "Versailles"]}]
    assert form_values("mcmahon", {"club_groups": stored})["club_groups"] == "Paris area: Paris, Versailles"
    with pytest.raises(GoFieldError) as refused:
        check_go_fields({**form_values("mcmahon"), "club_groups": "Paris"}, "mcmahon")
    assert refused.value.field == "club_groups" and "club groups" in refused.value.detail
    typed = check_go_fields({**form_values("mcmahon"), "club_groups": "Berlin, Potsdam"}, "mcmahon")
    assert changed(typed, form_values("mcmahon")) == {"club_groups": "Berlin, Potsdam"}


def test_a_floor_above_the_bar_is_the_floor_field():
    with pytest.raises(GoFieldError) as refused:
        check_go_fields({**form_values("mcmahon"), "bar": "10k", "floor": "5k"}, "mcmahon")
    assert refused.value.field == "floor" and "10k" in refused.value.detail and "5k" in refused.value.detail


def test_a_floor_that_is_no_rank_is_said_so_and_the_bar_named_as_typed():
    """Review rev32c item 5: floor 25d under a typed bar of 3d was "floor 25d above the bar 4d"
    (the default bar, checked with the floor alone).  25d is outside the ranks 30k–9d: refused as
    no rank; a real rank above the bar names the bar typed."""
    with pytest.raises(GoFieldError) as refused:
        check_go_fields({**form_values("mcmahon"), "bar": "3d", "floor": "25d"}, "mcmahon")
    assert refused.value.field == "floor" and "'25d' is not a Go rank" in refused.value.detail
    with pytest.raises(GoFieldError) as refused:
        check_go_fields({**form_values("mcmahon"), "bar": "3d", "floor": "5d"}, "mcmahon")
    assert refused.value.field == "floor" and refused.value.detail.startswith("McMahon floor 5d is above the bar 3d")
    typed = {**form_values("mcmahon"), "bar": "9d", "floor": "5d"}  # a floor above the default bar, under the typed one
    assert check_go_fields(typed, "mcmahon")["floor"] == "5d"


def test_gamma_komi_must_be_a_half_integer():
    # the Gamma procedure: even games end with a winner — a whole komi (jigo possible) is refused
    with pytest.raises(GoFieldError) as refused:
        check_go_fields({"komi": "7"}, "gamma")
    assert refused.value.field == "komi"
    assert check_go_fields({"komi": "5.5"}, "gamma") == {"komi": "5.5"}


def test_what_is_stored_is_what_differs_from_what_was_shown():
    shown = form_values("mcmahon")
    typed = check_go_fields({**shown, "bar": "3D", "floor": "15k"}, "mcmahon")
    assert changed(typed, shown) == {"floor": "15k"} | {"bar": "3D"}
    assert changed({**shown, "bar": "4D"}, shown) == {}  # the same rank, typed in capitals
    assert changed({**shown, "komi": ""}, {**shown, "komi": "6.5"}) == {"komi": ""}  # emptied: the default


def test_the_time_control_must_be_in_the_chosen_time_systems_notation():
    check_clock("canadian", "60+5/20")
    check_clock("japanese", "60+5x30s")
    check_clock("fischer", "45+15s")
    check_clock("sudden death", "90")
    check_clock("canadian", "")  # no time control typed
    with pytest.raises(GoFieldError) as refused:
        check_clock("canadian", "60+5x30s")
    assert refused.value.field == "time_control"
    assert "Japanese byo-yomi" in str(refused.value) and "60+5/20" in str(refused.value)
    assert clock_of("45+15s") == "fischer" and clock_of("") == "canadian"


# -- the form ---------------------------------------------------------------------------------


async def _open_new_form(pilot, app):
    await pilot.pause()
    await pilot.press("n")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
    return app.screen


@pytest.mark.usefixtures("quiet_tui")
async def test_new_mcmahon_event_asks_go_settings_and_no_chess_fields(tmp_path):
    from textual.widgets import Input, Label, Select, Static

    from core.store import Store
    from tui.app import HakemApp

    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await _open_new_form(pilot, app)
        assert not form.query_one("#go-bar-row").display  # a chess Swiss: no Go fields
        assert form.query_one("#points", Select).display
        form.query_one("#name", Input).value = "Go autumn"
        form.query_one("#system", Select).value = "mcmahon"
        await wait_for(pilot, lambda: form.query_one("#go-bar-row").display)
        assert not form.query_one("#points", Select).display  # no 1-½-0
        assert not form.query_one("#rating_for_pairing", Select).display
        time = form.query_one("#time_control", Input)
        assert time.placeholder == "60+5/20"  # Canadian byo-yomi, not 90'+30"
        assert str(form.query_one("#go-bar-label", Label).render()) == "McMahon bar"
        assert [form.query_one(f"#go-{k}", Input).value for k in ("bar", "floor", "komi", "correction", "ceiling",
                                                                 "handicap_bar")] == ["4d", "20k", "7.5", "1", "9", "1d"]
        error = form.query_one("#form-error", Static)
        # a byo-yomi written with the Canadian system chosen: refused naming both
        time.value = "60+5x30s"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Japanese byo-yomi" in str(error.render()))
        form.query_one("#go-clock", Select).value = "japanese"
        await wait_for(pilot, lambda: time.placeholder == "60+5x30s")
        floor = form.query_one("#go-floor", Input)
        floor.value = "5x"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "McMahon floor" in str(error.render()))
        assert "-refused" in floor.classes and app.focused is floor
        floor.value = "15k"
        form.query_one("#go-bar", Input).value = "3d"
        form.query_one("#go-komi", Input).value = "6.5"
        groups = form.query_one("#go-club_groups", Input)
        assert groups.display and groups.value == ""
        groups.value = "Paris"  # one club is no group
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "club groups" in str(error.render()))
        assert app.focused is groups
        groups.value = "Paris area: Paris, Versailles"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tid = app.screen.session.tournament.id
    t = Store(data).load(tid).tournament
    assert (t.system, t.time_control) == ("mcmahon", "60+5x30s")
    assert dict(t.options["go"]) == {"bar": "3d", "floor": "15k", "komi": "6.5",  # the defaults are not stored
                                     "club_groups": "Paris area: Paris, Versailles"}


@pytest.mark.usefixtures("quiet_tui")
async def test_gamma_asks_the_komi_only_and_settings_change_it(tmp_path):
    from textual.widgets import Input, Label, Select

    from core.store import Store
    from tui.app import HakemApp

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Gamma night", system="gamma", total_rounds=5,
                                        time_control="50+5/20"))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        form = app.screen
        assert str(form.query_one("#go-bar-label", Label).render()) == "Komi"
        assert not form.query_one("#go-bar", Input).display and not form.query_one("#go-handicap-row").display
        assert not form.query_one("#go-groups-row").display
        assert form.query_one("#go-clock", Select).value == "canadian"
        komi = form.query_one("#go-komi", Input)
        assert komi.value == "6.5"
        komi.value = "5.5"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.pause()
    assert dict(Store(data).load(tid).tournament.options["go"]) == {"komi": "5.5"}


@pytest.mark.usefixtures("quiet_tui")
async def test_registration_by_egd_pin_or_name_shows_the_egds_columns(tmp_path):
    """``l`` in a Go event looks the imported EGD list up by pin or name and shows what a Go
    organiser checks — pin, rank, country, GoR — not FIDE's title, birth year and rating."""
    from textual.widgets import DataTable, Input

    from core.ratinglists.library import import_list
    from tests.ratinglist_builder import egd_line
    from tui.app import HakemApp

    source = tmp_path / "allworld_lp.html"
    source.write_bytes(("\n".join([
        "European Go Database - all players (28 Nov 2026 09:00)",
        egd_line("13000001", "Kovacs", "Peter", "HU", "Bp", "1d", 2060),
        egd_line("13000004", "De_Vries", "Sanne", "NL", "Utr", "2d", 2190)]) + "\n").encode("iso-8859-15"))
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Go night", system="mcmahon", total_rounds=3))
    import_list(data, str(source))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen" and app.screen.query("#players"))
        session = app.screen.session
        app.screen.query_one("#players", DataTable).focus()
        await pilot.press("l")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ListLookupDialog")
        dialog = app.screen
        assert dialog.query_one("#lookup-find", Input).placeholder == "Type a name or an EGD pin"
        table = dialog.query_one("#lookup-table", DataTable)
        assert [c.label.plain for c in table.columns.values()] == ["From", "EGD pin", "Rank", "Name", "Country", "GoR"]
        for text, row in (("13000004", ["egd", "13000004", "2d", "De Vries, Sanne", "NED", "2190"]),
                          ("kova", ["egd", "13000001", "1d", "Kovacs, Peter", "HUN", "2060"])):
            dialog.query_one("#lookup-find", Input).value = text
            await wait_for(pilot, lambda row=row: table.row_count == 1 and [str(c) for c in table.get_row_at(0)] == row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 1)
    [kovacs] = session.tournament.players
    assert (kovacs.name, kovacs.extra["egd_pin"], kovacs.extra["go_rank"]) == ("Kovacs, Peter", "13000001", "1d")
