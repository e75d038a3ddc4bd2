"""One use case creates a new event for both front ends (:mod:`core.app.new_event`).

``hakem new`` and the TUI's new-event form used to build the tournament each on its own,
with different checks.  Both now say what they were given and
:meth:`~core.app.workspace.Workspace.create_event` checks and builds it: the same inputs give
the same stored event, and a refusal is the same whichever front end asked.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from core.app.new_event import NewEvent, build_event
from core.app.workspace import Workspace
from core.errors import TournamentError
from core.i18n import _, speaking
from core.store import Store
from tests.cli_run import run
from tui.services import NewTournament, event_from_form


def stored(data, tid):
    """The stored event without what differs between two creations (its id)."""
    return replace(Store(data).load(tid).tournament, id="")


def by_cli(capsys, data, *args):
    out, _err = run(capsys, "--lang", "de", "new", *args)
    return stored(data, out.strip().splitlines()[-1])


def by_form(data, form):
    with speaking("de"):  # the organiser's language, as the CLI's --lang
        return stored(data, Workspace(data).create_event(event_from_form(form)))


CASES = [
    (("Club evening", "--system", "mcmahon", "--rounds", "3", "--time-control", "40+5/15", "--place", "Leiden",
      "--start", "2026-12-01", "--arbiter", "A. Referee", "--mm-bar", "1d", "--mm-floor", "5k", "--komi", "6.5",
      "--tiebreaks", "SOS,SOSOS"),
     NewTournament(name="Club evening", system="mcmahon", total_rounds=3, time_control="40+5/15", place="Leiden",
                   start_date="2026-12-01", chief_arbiter="A. Referee", tiebreak_preset="",
                   go={"bar": "1d", "floor": "5k", "komi": "6.5"}),
     ("SOS", "SOSOS")),
    (("Cup", "--system", "knockout", "--knockout-rules", "fide-2025", "--start-time", "9:30", "--third-place",
      "--rating-for-pairing", "kind"),
     NewTournament(name="Cup", system="knockout", total_rounds=1,
                   knockout={"rules": "fide-2025", "start": "9:30", "third_place": True}, rating_for_pairing="kind"),
     ()),
    (("Team Swiss", "--system", "swiss-team", "--rounds", "7", "--boards", "4", "--team-colours", "B",
      "--points", "3,1,0"),
     NewTournament(name="Team Swiss", system="swiss-team", total_rounds=7, point_system="3-1-0",
                   team={"colour_preferences": "B", "boards": 4}),
     ()),
]


@pytest.mark.parametrize("flags, form, codes", CASES, ids=["mcmahon", "cup", "team-swiss"])
def test_both_front_ends_store_the_same_event(cli_data, capsys, monkeypatch, flags, form, codes):
    if codes:  # the form offers presets only: the same codes as the CLI's list
        form = replace(form, tiebreak_preset="x")
        monkeypatch.setattr("tui.services.preset_criteria", lambda preset: list(codes))
    from_cli = by_cli(capsys, cli_data, *flags)
    from_form = by_form(cli_data, form)
    assert from_cli == from_form
    assert from_cli.language == "de"


def test_what_the_settings_become(cli_data, capsys):
    """What the form gave, where the readers look for it: a cup's settings in
    ``options["knockout"]``, the rating kind chosen, a team Swiss's boards and colour rule, the
    3-1-0 preset with the PAB worth a win (C.04.6: a bye scores as a match won)."""
    t = by_form(cli_data, CASES[1][1])
    # "9:30" typed is stored as the clock reads it, "09:30" (one reader of clock times, HH:MM)
    assert t.options["knockout"] == {"rules": "fide-2025", "start": "09:30", "third_place": True}
    assert t.options["rating_for_pairing"] == "kind" and t.total_rounds == 1
    team = by_form(cli_data, CASES[2][1])
    assert (team.options["boards"], team.options["colour_preferences"]) == (4, "B")
    assert (team.points.win, team.points.draw, team.points.pab) == (3, 1, 3)


def test_a_double_swiss_pab_is_a_game_won_and_one_drawn_unless_given():
    """C.04.5 1.4: the PAB of a Double-Swiss match is worth a win and a draw (1 + ½)."""
    assert build_event(NewEvent(name="DS", system="double-swiss", rounds=5)).points.pab == Fraction(3, 2)
    given = NewEvent(name="DS", system="double-swiss", rounds=5, pab_given=True,
                     points=build_event(NewEvent(name="D", rounds=5)).points)
    assert build_event(given).points.pab == 1


@pytest.mark.parametrize("spec, words", [
    (NewEvent(name="Cup", system="knockout", knockout={"places": 2, "third_place": True}), "third place"),
    (NewEvent(name="Open", rounds=5, go={"komi": "6.5"}), "--komi"),
    (NewEvent(name="Open", rounds=5, tiebreaks=("BH", "XYZ")), "XYZ"),
    (NewEvent(name="T", system="swiss-team", rounds=5, team={"primary": "game"}, acceleration="baku"), "Baku"),
    (NewEvent(name="Open", system="nonesuch", rounds=0), "nonesuch"),
    (NewEvent(name="Open"), "rounds"),
    (NewEvent(name=" ", rounds=5), "name"),
])
def test_a_refusal_names_the_setting_and_creates_nothing(tmp_path, spec, words):
    workspace = Workspace(tmp_path / "data")
    with pytest.raises(TournamentError, match=words):
        workspace.create_event(spec)
    assert workspace.list() == []


def test_the_cli_refuses_what_the_form_refuses(cli_data, capsys):
    """A third-place match with two players going through: the form refused it, ``hakem new``
    stored it (the one check is now core's)."""
    _out, err = run(capsys, "new", "Cup", "--system", "knockout", "--places", "2", "--third-place", code=3)
    assert "third place" in err and len(err.strip().splitlines()) == 1
    assert Workspace(cli_data).list() == []


def test_the_demo_keeps_its_own_settings_and_takes_those_given(cli_data, capsys):
    t = by_cli(capsys, cli_data, "--demo", "--place", "Izmir")
    assert (t.place, t.tiebreaks, len(t.players)) == ("Izmir", ("BH/C1", "BH", "SB", "WIN"), 12)
    with speaking("de"):
        assert t.name == _("Demo Club Rapid") != "Demo Club Rapid"  # the creator's language (--lang de)


def test_the_demo_is_named_in_the_language_given_not_the_process_s():
    """Through the data service the use case runs in the service's process: the creator's
    language comes with the request."""
    with speaking("en"):
        t = build_event(NewEvent(name="", demo=True, language="tr"))
    with speaking("tr"):
        assert t.name == _("Demo Club Rapid") != "Demo Club Rapid"
    assert t.language == "tr"


@pytest.mark.usefixtures("quiet_tui")
async def test_the_tui_dialog_and_hakem_new_store_the_same_event(cli_data, capsys):
    """The whole way from the TUI's form (typed, Ctrl+S) to the stored event, against
    ``hakem new`` with the same settings."""
    from textual.widgets import Input, Select

    from tests.tui_fixtures import wait_for
    from tui.app import HakemApp

    out, _err = run(capsys, "--lang", "en", "new", "Club Open", "--rounds", "7", "--place", "Ankara",
                    "--time-control", "90+30", "--start", "2026-12-12", "--arbiter", "A. Referee",
                    "--points", "3,1,0")
    from_cli = stored(cli_data, out.strip().splitlines()[-1])
    app = HakemApp(data_dir=cli_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        form = app.screen
        for key, value in (("name", "Club Open"), ("rounds", "7"), ("place", "Ankara"), ("time_control", "90+30"),
                           ("start_date", "2026-12-12"), ("chief_arbiter", "A. Referee")):
            form.query_one(f"#{key}", Input).value = value
        form.query_one("#points", Select).value = "3-1-0"
        form.query_one("#language", Select).value = "en"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        tid = app.screen.session.id
    assert stored(cli_data, tid) == from_cli
