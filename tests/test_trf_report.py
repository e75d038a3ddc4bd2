"""``hakem check --report``: what a FIDE rating report needs (TRF-2026 fields marked mandatory
for rating: 012, 022, 032, 042, 052, 102, 132, FIDE numbers) and what does not fit together."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from core.model import Board, GameResult, Player, Round, Tournament
from core.trf import write_trf
from core.trf.report import ERROR, WARNING, rating_report_findings

COMPLETE = Tournament(
    "x", "Club Open", total_rounds=2, place="Ankara", federation="TUR", start_date="2026-05-04",
    end_date="2026-05-05", chief_arbiter="IA Aktar", round_dates=("2026-05-04", "2026-05-05"),
    players=(Player(1, "Kaya, Can", 2100, title="FM", federation="TUR", fide_id="34500123", sex="m",
                    birth="2001-05-04"),
             Player(2, "Demir, Ada", 2000, federation="TUR", fide_id="34500124", sex="w", birth="1999")),
    rounds=(Round(1, (Board(1, 2, GameResult.WHITE_WINS),)), Round(2, (Board(2, 1, GameResult.DRAW),))),
)


def messages(t: Tournament) -> list[tuple[str, str, str]]:
    return [(f.severity, f.where, f.message) for f in rating_report_findings(t)]


def test_a_complete_event_has_no_findings() -> None:
    assert messages(COMPLETE) == []


def test_missing_mandatory_records_are_errors() -> None:
    t = COMPLETE.with_changes(place="", chief_arbiter="", round_dates=("2026-05-04",))
    assert messages(t) == [
        (ERROR, "tournament", "the city is missing (record 022)"),
        (ERROR, "tournament", "the chief arbiter is missing (record 102)"),
        (ERROR, "round 2", f"the round date is missing (record 132): hakem round schedule {t.id} 2 --date YYYY-MM-DD"),
    ]


def test_dates_that_do_not_fit_together() -> None:
    t = COMPLETE.with_changes(end_date="2026-05-03", round_dates=("2026-05-06", "2026-05-04"))
    found = messages(t)
    assert (ERROR, "tournament", "the end date 2026-05-03 is before the start date 2026-05-04") in found
    assert (ERROR, "round 1", "the round date 2026-05-06 is outside the tournament dates") in found
    assert (ERROR, "round 2", "the round date 2026-05-04 is before the date of the round before") in found


def test_codes_ids_and_unfinished_games() -> None:
    players = (COMPLETE.players[0].__class__(1, "Kaya, Can", 2100, title="XM", federation="Turkey",
                                             fide_id="34-500", sex="m"),
               Player(2, "Demir, Ada", 2000, federation="TUR"))
    t = COMPLETE.with_changes(players=players, federation="tr",
                              rounds=(COMPLETE.rounds[0], Round(2, (Board(2, 1, None),))))
    found = messages(t)
    assert (ERROR, "tournament", "federation 'tr' is not a 3-letter FIDE code") in found
    assert (ERROR, "round 2", "1 game(s) have no result") in found
    assert (ERROR, "player 1 (Kaya, Can)", "FIDE number '34-500' is not a number") in found
    assert (ERROR, "player 1 (Kaya, Can)", "federation 'Turkey' is not a 3-letter FIDE code") in found
    assert (WARNING, "player 1 (Kaya, Can)", "title 'XM' is not a FIDE title code (GM, IM, WGM, FM, WIM, CM, WFM, WCM)") in found
    assert (WARNING, "player 2 (Demir, Ada)", "no FIDE number (a new player must be registered with FIDE)") in found
    assert [f[0] for f in found] == sorted((f[0] for f in found), key=lambda s: s != ERROR)


def _check(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.launch", "check", *args], capture_output=True,
                          text=True, timeout=60, cwd=cwd, env={**os.environ, "HAKEM_DATA": str(cwd / "d")})


def test_cli_exit_status_by_severity(tmp_path: Path) -> None:
    ok = tmp_path / "ok.trf"
    ok.write_text(write_trf(COMPLETE))
    proc = _check("--report", str(ok), cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (0, "")
    warn = tmp_path / "warn.trf"
    warn.write_text(write_trf(COMPLETE.with_changes(total_rounds=3)))
    proc = _check("--report", str(warn), cwd=tmp_path)
    assert proc.returncode == 1 and proc.stdout == "warning: tournament: 2 of 3 rounds are paired\n"
    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(COMPLETE.with_changes(place="")))
    proc = _check("--report", str(bad), cwd=tmp_path)
    assert proc.returncode == 3 and proc.stdout == "error: tournament: the city is missing (record 022)\n"


def test_cli_scores_that_do_not_add_up_are_errors_naming_the_line(tmp_path: Path) -> None:
    text = write_trf(COMPLETE).replace(" 1.5    1", " 2.5    1")
    bad = tmp_path / "sum.trf"
    bad.write_text(text)
    proc = _check("--report", str(bad), cwd=tmp_path)
    assert proc.returncode == 3
    assert "player 1 has 2.5 points but the results add up to 1.5" in proc.stdout
    assert proc.stdout.startswith(f"error: {bad}: line ")
