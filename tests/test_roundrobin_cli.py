"""``hakem berger N [--double] --format json|text`` (docs/cli.md)."""

from __future__ import annotations

import json

import pytest

from core.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["berger", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_even(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "6", "--format", "json")
    assert code == 0
    # C.05 Annex 1, 5 or 6 players
    assert json.loads(out) == [[[1, 6], [2, 5], [3, 4]], [[6, 4], [5, 3], [1, 2]],
                               [[2, 6], [3, 1], [4, 5]], [[6, 5], [1, 4], [2, 3]],
                               [[3, 6], [4, 2], [5, 1]]]


def test_json_odd_has_p_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "5", "--format", "json")
    rounds = json.loads(out)
    assert code == 0 and len(rounds) == 5
    assert rounds[0] == [[1, 0], [2, 5], [3, 4]]
    assert rounds[1] == [[4, 0], [5, 3], [1, 2]]
    assert [r[0] for r in rounds] == [[1, 0], [4, 0], [2, 0], [5, 0], [3, 0]]


def test_json_double(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "4", "--double", "--format", "json")
    rounds = json.loads(out)
    assert len(rounds) == 6
    fide = [[[1, 4], [2, 3]], [[4, 3], [1, 2]], [[2, 4], [3, 1]]]
    assert rounds[:3] == [fide[0], fide[2], fide[1]]  # last two rounds of cycle 1 swapped
    assert rounds[3:] == [[[b, w] for w, b in r] for r in fide]
    code, out, _ = run(capsys, "4", "--double", "--no-swap", "--format", "json")
    assert json.loads(out)[:3] == fide


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[1:] == ["Rd 1: 1 bye, 2-3", "Rd 2: 3 bye, 1-2", "Rd 3: 2 bye, 3-1"]


def test_rutsch_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "6", "--rutsch", "--format", "json")
    assert code == 0 and json.loads(out)[0] == [[1, 6], [5, 2], [3, 4]]
    code, out, err = run(capsys, "1")
    assert code == 3 and out == "" and err.count("\n") == 1
    code, _, err = run(capsys, "x")
    assert code == 3 and "Traceback" not in err


def test_lot_command_records_a_reproducible_draw(tmp_path, monkeypatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    orders = []
    for _ in range(2):
        assert main(["new", "Club", "--system", "berger", "--rounds", "3"]) == 0
        tid = capsys.readouterr().out.strip().splitlines()[-1]
        for name in ("Ali", "Veli", "Ayse", "Can"):
            assert main(["players", "add", tid, "--name", name, "--rating", "2000"]) == 0
        capsys.readouterr()
        assert main(["lot", tid, "--seed", "7", "--format", "json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["seed"] == 7 and out["method"] == "lot"
        orders.append([row["name"] for row in out["order"]])
        assert main(["round", "pair", tid]) == 0
        capsys.readouterr()
        assert main(["lot", tid, "--seed", "8"]) == 3  # no redraw after round 1
    assert orders[0] == orders[1] and sorted(orders[0]) == ["Ali", "Ayse", "Can", "Veli"]


def test_reisepartner_season(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "8", "--reisepartner", "--format", "json")
    rounds = json.loads(out)
    assert code == 0 and len(rounds) == 7
    assert sorted(map(sorted, rounds[0])) == [[1, 2], [3, 4], [5, 6], [7, 8]]
    code, out, _ = run(capsys, "6", "--reisepartner")
    assert code == 0 and "Rd 1 (partner round): 1-2 E @1, 3-4 E @3, 5-6 E @5" in out
    assert not any(x in out for x in ("-7", "-8", "7-", "8-", "@7", "@8", "7 free", "8 free"))
