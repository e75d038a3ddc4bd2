"""``hakem standings`` of a cup (issue 34 item 4): the stage reached and the latest match, as on
the screen and in the printed report — not Swiss points and Buchholz; the machine formats keep
their fixed layout."""

from __future__ import annotations

import json

import pytest

from tests.cli_in_process import in_process, run  # noqa: F401  (in_process: a fixture)
from tests.cup_data import played_preliminary
from tests.tui_fixtures import store_with

pytestmark = pytest.mark.usefixtures("in_process")


def test_a_cups_standings_text_says_stage_and_match(tmp_path, capsys):
    # the 10-player cup after its preliminary round: 7 beat 10 2-0, 8 and 9 drew 2-2 and the
    # Armageddon (drawn: Black, 9, goes through) decided; 1-6 advanced without a game
    [tid] = store_with(tmp_path / "data", played_preliminary())
    code, out, err = run(capsys, tmp_path / "data", "standings", tid)
    assert code == 0, err
    header = next(line for line in out.splitlines() if line.lstrip().startswith("Rank"))
    assert header.split()[3:6] == ["Stage", "Match", "Opponent"]
    assert "BH" not in out and "Pts" not in header
    line10 = next(line for line in out.splitlines() if "Player 10" in line and "Preliminary round" in line)
    assert "0–2" in line10 and "7 Player 07" in line10
    line8 = next(line for line in out.splitlines() if " 8  Player 08" in line or line.split()[1:2] == ["8"])
    assert "2–2" in line8 and "9 Player 09" in line8
    # JSON keeps its fixed shape (points and tie-break values)
    code, out, err = run(capsys, tmp_path / "data", "standings", tid, "--format", "json")
    assert code == 0 and "tiebreaks" in json.loads(out)
