"""One date parser for every date option and field (issue 34, review rev34f 22): the form hakem
prints (DD.MM.YYYY, how German, Turkish and Russian write a date) was taken by ``new --start``
and ``settings --end`` but refused by ``round schedule --date``.  Expected values by hand: 14
December 2026 is 2026-12-14 in ISO 8601; 31.02.2026 is no day of the calendar."""

from __future__ import annotations

from core.changes.settings import set_round_schedule
from core.cli import main
from core.model import Tournament
from core.store import Store


def test_round_schedule_takes_the_printed_form_and_iso(tmp_path, capsys) -> None:
    data = str(tmp_path)
    assert main(["--data", data, "new", "Datumstest", "--rounds", "3", "--start", "07.12.2026"]) == 0
    tid = capsys.readouterr().out.split()[-1]
    assert main(["--data", data, "round", "schedule", tid, "2", "--date", "14.12.2026", "--time", "19:30"]) == 0
    assert main(["--data", data, "round", "schedule", tid, "3", "--date", "2026-12-21"]) == 0
    assert main(["--data", data, "settings", tid, "--end", "21.12.2026"]) == 0
    t = Store(tmp_path).load(tid).tournament
    assert (t.start_date, t.end_date, t.round_date(2), t.round_date(3)) == (
        "2026-12-07", "2026-12-21", "2026-12-14", "2026-12-21")


def test_a_day_the_calendar_has_not_is_refused_in_one_line_and_changes_nothing(tmp_path, capsys) -> None:
    data = str(tmp_path)
    assert main(["--data", data, "new", "Datumstest", "--rounds", "3"]) == 0
    tid = capsys.readouterr().out.split()[-1]
    before = Store(tmp_path).load(tid).tournament
    assert main(["--data", data, "--lang", "de", "round", "schedule", tid, "2", "--date", "31.02.2026"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "31.02.2026" in err
    assert main(["--data", data, "--lang", "de", "round", "schedule", tid, "2", "--date", "14-12"]) == 3
    assert capsys.readouterr().err == ("hakem: Datum: „14-12“ ist kein Datum; TT.MM.JJJJ oder JJJJ-MM-TT schreiben, "
                                       "z. B. 04.05.2026\n")
    assert Store(tmp_path).load(tid).tournament.round_dates == before.round_dates


def test_the_change_reads_the_date_as_every_door_does() -> None:  # the TUI's schedule prompt calls this too
    t = Tournament(id="x", name="T", total_rounds=3)
    assert set_round_schedule(t, 1, "4.5.2026", "10:00").round_dates == ("2026-05-04",)
    assert set_round_schedule(t, 1, "2026/05/04").round_dates == ("2026-05-04",)
