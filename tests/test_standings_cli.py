"""``hakem standings`` on a TRF file and on a stored tournament (docs/cli.md formats)."""

from __future__ import annotations

import csv
import io
import json
import os

from core.cli import main

TRF = os.path.join(os.path.dirname(__file__), "data", "dutch2026", "f01_p7r5.trf")


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_csv_header_uses_codes_as_given(capsys):
    code, out, err = run(capsys, "standings", TRF, "--tiebreaks", "BH/C1, SB,DE", "--format", "csv")
    assert code == 0 and err.startswith("Tie-break regime: FIDE C.07 2026 (")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "pno", "name", "points", "BH/C1", "SB", "DE"]
    # TieBreakServer 2026 values for f01 (tests/data/tiebreaks/f01_p7r5.2026.tsv): player 3 first
    assert rows[1][:6] == ["1", "3", "Test0003 Player0003", "4", "15", "12"]
    assert len(rows) == 8


def test_json_regime_and_exact_values(capsys):
    code, out, _ = run(capsys, "standings", TRF, "--tiebreaks", "BH,SB,AOB", "--regime", "2024",
                       "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["regime"] == "2024" and doc["tiebreaks"] == ["BH", "SB", "AOB"]
    p2 = next(p for p in doc["players"] if p["pno"] == 2)
    # reference (2024): BH 13.5, SB 9.50, AOB 15.38 (rounded; exact 15.375)
    assert p2["points"] == "4" and p2["tiebreaks"] == {"BH": "13.5", "SB": "9.5", "AOB": "15.375"}


def test_text_states_regime_and_list(capsys):
    code, out, _ = run(capsys, "standings", TRF, "--preset", "tsf-swiss", "--regime", "legacy")
    assert code == 0
    assert out.splitlines()[0].startswith("Tie-break regime: legacy")
    assert "DE, BH/C1, SB, AOB, WIN, LOT" in out.splitlines()[1]


def test_explain_lists_contributions(capsys):
    code, out, _ = run(capsys, "standings", TRF, "--tiebreaks", "BH/C1", "--explain", "2")
    assert code == 0
    assert "CUT" in out and "Art. 16.4.2" in out


def test_unknown_code_is_one_line_exit_3(capsys):
    code, out, err = run(capsys, "standings", TRF, "--tiebreaks", "XYZ")
    assert code == 3 and out == "" and err.count("\n") == 1 and "unknown tie-break" in err


def test_stored_tournament(capsys, tmp_path):
    code, out, _ = run(capsys, "--data", str(tmp_path), "import", TRF)
    assert code == 0
    tid = out.strip().splitlines()[-1]
    code, out, _ = run(capsys, "--data", str(tmp_path), "standings", tid, "--tiebreaks", "BH/C1",
                       "--format", "csv")
    assert code == 0 and out.splitlines()[0] == "rank,pno,name,points,BH/C1"


def test_explain_direct_encounter_names_the_group(capsys):
    trf = os.path.join(os.path.dirname(__file__), "data", "tiebreaks", "random", "r00_p9r8.trf")
    code, out, _ = run(capsys, "standings", trf, "--tiebreaks", "DE,BH", "--explain", "1")
    assert code == 0
    assert out.startswith("DE (Direct encounter) for player 1")
    assert "Tied group when direct encounter was applied: " in out
