"""Malformed TRF files: one clear problem each, naming line and column; CLI exits non-zero and
changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from core.errors import TrfError
from core.trf import parse_tournament
from tests.trf_builder import player_line

GOOD = [player_line(1, "A", 2000, "1.0", 1, [("2", "w", "1")]),
        player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")])]


def problems_of(lines: list[str]) -> list[str]:
    with pytest.raises(TrfError) as info:
        parse_tournament("\n".join(["012 Bad"] + lines))
    return [str(p) for p in info.value.problems]


def test_good_file_reads():
    assert len(parse_tournament("\n".join(["012 ok"] + GOOD)).players) == 2


def test_short_line_without_pairing_number():
    assert problems_of(["001", *GOOD]) == ["line 2, column 5: pairing number is missing"]


def test_bad_number_in_rating():
    bad = GOOD[0][:48] + "20x0" + GOOD[0][52:]
    assert problems_of([bad, GOOD[1]]) == ["line 2, column 49: rating '20x0' is not a whole number"]


def test_unknown_result_code():
    bad = GOOD[0][:98] + "Q"
    found = problems_of([bad, GOOD[1]])
    assert found[0] == "line 2, column 99: round 1: unknown result code 'Q'"


def test_unknown_record_code():
    assert problems_of(["555 what is this", *GOOD]) == ["line 2, column 1: unknown record code '555'"]


def test_duplicate_pairing_numbers():
    dup = player_line(1, "C", 1800, "0.0", 3, [])
    found = problems_of([*GOOD, dup])
    assert found == ["line 4, column 5: pairing number 1 is used twice (also on line 2)"]


def test_score_that_does_not_add_up():
    bad = player_line(1, "A", 2000, "2.5", 1, [("2", "w", "1")])
    assert problems_of([bad, GOOD[1]]) == [
        "line 2, column 81: player 1 has 2.5 points but the results add up to 1"]


def test_opponents_must_name_each_other():
    bad = player_line(2, "B", 1900, "0.0", 2, [("3", "b", "0")])
    third = player_line(3, "C", 1800, "0.0", 3, [])
    found = problems_of([GOOD[0], bad, third])
    assert "line 2, column 92: round 1: player 1 names 2 as opponent, but 2 does not name 1" in found


def test_every_problem_is_reported_at_once():
    bad_rating = GOOD[0][:48] + "20x0" + GOOD[0][52:]
    found = problems_of(["555 x", bad_rating, GOOD[1], "001    x"])
    assert len(found) >= 3
    assert any("column 1: unknown record code" in f for f in found)
    assert any("column 49" in f for f in found)
    assert any("line 5, column 5" in f for f in found)


def _hakem(*args: str, data: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HAKEM_DATA": data}
    return subprocess.run([sys.executable, "-m", "tui.launch", *args], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def test_cli_import_of_a_malformed_file_fails_cleanly_and_stores_nothing(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(["012 Bad", "555 x", *GOOD]))
    data = tmp_path / "data"
    proc = _hakem("import", str(bad), data=str(data))
    assert proc.returncode == 3
    assert "line 2, column 1: unknown record code '555'" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not list(data.glob("*.hakem.json"))


def test_cli_missing_file_is_a_file_error(tmp_path):
    proc = _hakem("import", str(tmp_path / "nope.trf"), data=str(tmp_path / "d"))
    assert proc.returncode == 5 and "no such file" in proc.stderr
