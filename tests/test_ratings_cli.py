"""``hakem report ID rating-changes|norms`` and ``hakem players record`` through the CLI."""

from __future__ import annotations


import pytest

from tests.cli_run import hakem_process as hakem




@pytest.fixture()
def event(tmp_path):
    data = tmp_path / "data"
    tid = hakem(data, "new", "Rated", "--system", "berger", "--rounds", "1").stdout.strip().splitlines()[-1]
    csv = tmp_path / "players.csv"
    csv.write_text("name;rating\nA, Ali;2000\nB, Bea;2100\n")
    hakem(data, "players", "import", tid, csv)
    return data, tid


def test_rating_changes_csv_and_the_record_that_sets_k(event):
    data, tid = event
    hakem(data, "round", "pair", tid)
    hakem(data, "players", "record", tid, "1", "--games", "12")   # B, 2100 (number 1): a new player, K 40
    board = hakem(data, "round", "show", tid, "1", "--format", "json").stdout
    import json

    white = json.loads(board)["boards"][0]["white"]
    hakem(data, "result", tid, 1, 1, "1-0" if white == 1 else "0-1")   # B wins
    out = hakem(data, "report", tid, "rating-changes", "--format", "csv").stdout.splitlines()
    assert out[0] == "pno,name,rating,k,games,opponents_average,expected,score,change"
    rows = {line.split(",")[0]: line for line in out[1:]}
    # B (2100, K 40) beats A (2000): D = 100 → PD 0.64; 40 × 0.36 = 14.4
    assert rows["1"].endswith(',2100,40,1,2000,0.64,1,14.4')
    # A (2000, K 20 assumed): 20 × (0 − 0.36) = −7.2
    assert rows["2"].endswith(',2000,20,1,2100,0.36,0,-7.2')
    text = hakem(data, "report", tid, "rating-changes").stdout
    assert "−7.2" in text and "K 20 assumed" in text
    assert hakem(data, "report", tid, "norms", "--format", "csv").stdout.startswith(
        "pno,name,norm,condition,article,value,required,met")


def test_record_refuses_bad_input(event):
    data, tid = event
    bad = hakem(data, "players", "record", tid, "1", "--k", "55", check=False)
    assert bad.returncode == 3 and "--k" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    bad = hakem(data, "players", "record", tid, "9", "--games", "3", check=False)
    assert bad.returncode == 3
    bad = hakem(data, "report", tid, "rating-changes", "--key", "elo", check=False)
    assert bad.returncode == 3 and "elo" in bad.stderr
