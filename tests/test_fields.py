"""Validation of typed fields (issue 19 item 10): one validator per field in core.fields, used
by the CLI, the application layer and the TUI forms.

Expected TRF-2026 codes (record 222) are derived by hand from the notation: minutes × 60 =
seconds, ``M/S`` for a period of M moves, periods joined by ``:``, ``+I`` the increment in
seconds on every period (TRF-2026 record 222's examples: ``5400+30``, ``40/6000+30:900+30``).
"""

from __future__ import annotations

import io
import sys

import pytest

from core import changes
from core.app import Workspace
from core.errors import TournamentError
from core.fields import FieldError, bye_request, date, date_range, federation, time_control, total_rounds
from tests.tui_fixtures import demo, store_with


@pytest.mark.parametrize("typed,code", [
    ("90+30", "5400+30"),                      # 90 min + 30 s a move
    ("90'+30\"", "5400+30"),
    ("90 min + 30 s", "5400+30"),              # hakem new --help's own example
    ("10'+5\"", "600+5"),
    ("3+2", "180+2"),
    ("60", "3600"),
    ("G/60", "3600"),                          # "game in 60"
    ("G60+5", "3600+5"),
    ("90/40+30+30", "40/5400+30:1800+30"),     # 90 min for 40 moves, then 30 min, 30 s a move
    ("40/90, 30+30", "40/5400+30:1800+30"),    # the same written moves first
    ("100/40+50+30", "40/6000+30:3000+30"),
    ("2.5+0", "150"),
])
def test_fide_notations_give_the_trf_code(typed, code):
    assert time_control(typed) == (typed, code)


@pytest.mark.parametrize("typed", ["forever", "90+", "+30", "0+2", "90+30+", "1 hour", "90+700", "1500+0", "abc/40+30"])
def test_time_controls_that_are_none_are_refused(typed):
    with pytest.raises(FieldError) as refused:
        time_control(typed)
    assert refused.value.field == "time_control" and repr(typed.strip()) in str(refused.value)
    assert str(refused.value).startswith("Time control: ")


def test_go_time_controls_are_go_notation():
    assert time_control("50+5/20", go=True) == ("50+5/20", "")   # Canadian byo-yomi (the Gamma procedure)
    assert time_control("60+5x30s", go=True) == ("60+5x30s", "")
    with pytest.raises(FieldError):
        time_control("forever", go=True)


@pytest.mark.parametrize("typed,iso", [("2026-05-04", "2026-05-04"), ("2026/5/4", "2026-05-04"),
                                       ("04.05.2026", "2026-05-04"), ("2028-02-29", "2028-02-29"), ("", "")])
def test_dates_are_calendar_dates(typed, iso):
    assert date(typed) == iso


@pytest.mark.parametrize("typed", ["2026-13-45", "2026-02-30", "2027-02-29", "tomorrow", "2026-5", "45.13.2026"])
def test_impossible_dates_are_refused_naming_the_field(typed):
    with pytest.raises(FieldError) as refused:
        date(typed, "end_date")
    assert refused.value.field == "end_date" and str(refused.value).startswith("End date: ")


def test_the_end_is_not_before_the_start():
    assert date_range("2026-05-01", "2026-05-01") == ("2026-05-01", "2026-05-01")
    with pytest.raises(FieldError) as refused:
        date_range("2026-05-04", "2026-05-03")
    assert refused.value.field == "end_date"


@pytest.mark.parametrize("typed,ok", [("1", 1), (99, 99), ("9", 9)])
def test_rounds_within_bounds(typed, ok):
    assert total_rounds(typed) == ok


@pytest.mark.parametrize("typed", ["0", "100", "99999", "-3", "nine", ""])
def test_rounds_out_of_bounds_are_refused(typed):
    with pytest.raises(FieldError) as refused:
        total_rounds(typed)
    assert refused.value.field == "total_rounds"


def test_a_round_robin_has_the_rounds_of_its_table():
    """Berger table for 6 players: 5 rounds (n − 1 for even n, C.05 Annex 1)."""
    t = demo().with_changes(system="berger", players=demo().players[:6])
    assert changes.set_settings(t, total_rounds=5).total_rounds == 5
    with pytest.raises(FieldError) as refused:
        changes.set_settings(t, total_rounds=9)
    assert refused.value.field == "total_rounds" and "5" in str(refused.value)


def test_federations_are_fides():
    assert federation("tur") == "TUR" and federation(" eng ") == "ENG" and federation("FID") == "FID"
    for typed in ("XXX", "DEU", "TR", "T1R"):
        with pytest.raises(FieldError):
            federation(typed)
    assert federation("XXX", go=True) == "XXX"  # a Go country is not a FIDE federation


def test_players_get_fide_federations():
    t = demo()
    with pytest.raises(TournamentError, match="XXX"):
        changes.add_player(t, "New, Player", federation="XXX")
    with pytest.raises(TournamentError, match="XXX"):
        changes.edit_player(t, 1, federation="XXX")
    assert changes.edit_player(t, 1, federation="ger").player(1).federation == "GER"


@pytest.mark.parametrize("typed,asked", [
    ("4 h", ((4,), "half")), ("5 6 z", ((5, 6), "zero")), ("4 x", ((4,), "cancel")),
    ("4", ((4,), "half")), ("4,5 full", ((4, 5), "full")),
])
def test_bye_requests(typed, asked):
    assert bye_request(typed) == asked


@pytest.mark.parametrize("typed,word", [("3 q", "'q'"), ("3 h z", "half"), ("h", "round"), ("3 ½", "'½'")])
def test_bye_requests_that_say_something_else_are_refused(typed, word):
    with pytest.raises(FieldError) as refused:
        bye_request(typed)
    assert word in str(refused.value) and refused.value.field == "bye"


def test_the_desk_checks_a_bye_against_the_tournament(tmp_path):
    [tid] = store_with(tmp_path / "data", demo(rounds=2))
    desk = Workspace(tmp_path / "data").open(tid)
    assert desk.check_bye(3, "4 f")[0] == (4,)
    for typed in ("2 h", "9 h", "4 x"):  # paired already; past the last round; no bye to cancel
        with pytest.raises(FieldError):
            desk.check_bye(3, typed)


def test_settings_changes_are_checked_the_same_way(tmp_path):
    [tid] = store_with(tmp_path / "data", demo())
    desk = Workspace(tmp_path / "data").open(tid)
    for edits in ({"start_date": "2026-13-45"}, {"total_rounds": 99999}, {"time_control": "forever"},
                    {"federation": "XXX"}, {"end_date": "2026-11-01"}):  # the demo starts 2026-11-29
        with pytest.raises(FieldError):
            desk.change_settings(edits)
    out = desk.change_settings({"time_control": "90/40+30+30", "start_date": "29.11.2026"})
    assert out.tournament.time_control_code == "40/5400+30:1800+30"
    assert out.tournament.start_date == "2026-11-29"
    assert len(desk.journal()) == 2  # the creation and the one accepted change


def cli(monkeypatch, tmp_path, *argv: str) -> tuple[int, str]:
    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", err)
    return main(list(argv)), err.getvalue()


@pytest.mark.parametrize("args,field", [
    (["--rounds", "99999"], "Rounds"), (["--rounds", "5", "--start", "2026-13-45"], "Start date"),
    (["--rounds", "5", "--time-control", "forever"], "Time control"),
    (["--rounds", "5", "--federation", "XXX"], "Federation"),
    (["--rounds", "5", "--start", "2026-05-04", "--end", "2026-05-03"], "End date"),
])
def test_hakem_new_refuses_naming_the_field_and_creates_nothing(monkeypatch, tmp_path, args, field):
    code, err = cli(monkeypatch, tmp_path, "new", "Club Open", *args)
    assert code != 0 and f"{field}: " in err
    assert not list((tmp_path / "data").glob("*.json"))


def test_hakem_new_stores_the_trf_code_of_the_time_control(monkeypatch, tmp_path):
    code, _err = cli(monkeypatch, tmp_path, "new", "Club Open", "--rounds", "7", "--time-control", "90+30",
                     "--start", "2026-05-04")
    assert code == 0
    [t] = [Workspace(tmp_path / "data").open(i.id).snapshot().tournament for i in Workspace(tmp_path / "data").list()]
    assert (t.time_control, t.time_control_code, t.start_date) == ("90+30", "5400+30", "2026-05-04")


def test_the_russian_federation_refusal_needs_no_gender_agreement():
    """"Федерация: «TURKEY» должен быть…" read as a feminine subject with a masculine verb; the
    Russian words name what is needed instead of describing the typed text."""
    import pytest as _pytest

    from core.fields import FieldError, federation
    from core.i18n import speaking

    with speaking("ru"), _pytest.raises(FieldError) as refused:
        federation("TURKEY")
    assert str(refused.value) == "Федерация: «TURKEY»: нужен трёхбуквенный код, например TUR"  # Russian quotes (glossary)
