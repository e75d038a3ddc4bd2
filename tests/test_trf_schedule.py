"""Round dates/times and the encoded time control: model fields, the core command, the store's
JSON (TRF reading and writing of them is in test_trf_records.py)."""

import pytest

from core.changes import set_round_schedule
from core.errors import RoundError, TournamentError
from core.model import Board, Bye, ByeKind, ForbiddenRange, GameResult, Player, Round, Tournament
from core.serialize import tournament_from_dict, tournament_to_dict


def test_schedule_is_set_per_round_and_normalised() -> None:
    t = Tournament("x", "Club", total_rounds=5)
    t = set_round_schedule(t, 3, "2026/05/04", "9:30")
    assert t.round_dates == ("", "", "2026-05-04")
    assert t.round_times == ("", "", "09:30")
    assert t.round_date(3) == "2026-05-04" and t.round_date(1) == "" and t.round_date(9) == ""
    t = set_round_schedule(t, 3, "", "")
    assert t.round_dates == () and t.round_times == ()


@pytest.mark.parametrize("date, time", [("2026-02-30", None), ("04/05/2026", None), (None, "25:00"),  # 04.05.2026 is read (rev34f 22); with slashes day and month are ambiguous
                                        (None, "noon")])
def test_schedule_refuses_bad_values(date: str | None, time: str | None) -> None:
    with pytest.raises(TournamentError):
        set_round_schedule(Tournament("x", "Club", total_rounds=5), 1, date, time)


def test_schedule_refuses_a_round_outside_the_tournament() -> None:
    with pytest.raises(RoundError):
        set_round_schedule(Tournament("x", "Club", total_rounds=5), 6, "2026-05-04")


def test_new_fields_survive_the_store_json() -> None:
    t = Tournament("x", "Club", total_rounds=3, round_dates=("2026-05-04", "2026-05-05"),
                   round_times=("10:00",), time_control_code="5400+30",
                   forbidden_ranges=(ForbiddenRange(2, 3, (1, 2)),),
                   rounds=(Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN, colourless=True),),
                                 (Bye(3, ByeKind.PAB, "+"),)),))
    assert tournament_from_dict(tournament_to_dict(t)) == t


def test_forbidden_for_applies_the_round_range() -> None:
    t = Tournament("x", "Club", total_rounds=5, forbidden=((1, 2),),
                   forbidden_ranges=(ForbiddenRange(2, 3, (3, 4)),))
    assert t.forbidden_for(1) == ((1, 2),)
    assert t.forbidden_for(2) == ((1, 2), (3, 4))
    assert t.forbidden_for(4) == ((1, 2),)


def test_round_date_and_time_show_on_the_pairing_list_and_in_round_json() -> None:
    from core.cli.commands.round import round_json, round_text
    from core.reports.tables import pairing_list
    from core.reports.view import View

    t = Tournament("x", "Club", total_rounds=3, rounds=(Round(1, (Board(1, 2),)),),
                   players=(Player(1, "A"), Player(2, "B")))
    t = set_round_schedule(t, 1, "2026-05-04", "10:00")
    assert round_json(t, 1)["date"] == "2026-05-04" and round_json(t, 1)["time"] == "10:00"
    assert round_text(t, 1).splitlines()[0] == "Club — round 1 — 2026-05-04, 10:00"
    assert "2026-05-04, 10:00" in pairing_list(View(t), 1).subtitle
    bare = set_round_schedule(t, 1, "", "")
    assert "date" not in round_json(bare, 1) and round_text(bare, 1).splitlines()[0] == "Club — round 1"


def test_cli_new_takes_the_encoded_time_control(tmp_path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "HAKEM_DATA": str(tmp_path / "d")}

    def hakem(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tui.launch", *args], capture_output=True,
                              text=True, timeout=60, env=env)

    proc = hakem("new", "Rapid", "--rounds", "5", "--time-control-code", "900+10")
    assert proc.returncode == 0, proc.stderr
    tid = proc.stdout.strip().splitlines()[-1]
    out = tmp_path / "r.trf"
    assert hakem("export", tid, "--trf", "-o", str(out)).returncode == 0
    assert "222 900+10" in out.read_text().splitlines()
    bad = hakem("new", "Rapid", "--rounds", "5", "--time-control-code", "15 min")
    assert bad.returncode == 3 and "--time-control-code '15 min'" in bad.stderr
