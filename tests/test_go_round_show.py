"""Go-shaped output of the command line (issue 32 item 3): ``hakem round show`` gives every Go
board its handicap and komi; a typed rank and Go rating that disagree are a warning naming both."""

from __future__ import annotations

from tests.cli_run import run


def test_round_show_prints_handicap_and_komi_and_rank_rating_warning(cli_data, capsys):
    """Bar 4d, floor 20k (the defaults), handicap bar 1d (MMS 30), correction 1: 2d (MMS 31,
    capped at 30 for the handicap) against 5k (25): 30 − 25 − 1 = 4 stones, komi ½; 8k (22)
    against 30k (raised to the floor 20k: MMS 10): 22 − 10 − 1 = 11, at most 9 stones.  A 30k
    typed with GoR −850 (a 29k's rating by the EGF's rounding) is warned about, naming both, and
    stays 30k."""
    tid = run(capsys, "new", "Go", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    _out, err = run(capsys, "players", "add", tid, "--name", "A, a", "--go-rank", "30k", "--go-rating", -850)
    assert "rank 30k and Go rating -850 disagree (that rating gives 29k)" in err
    for name, rank in (("B, b", "2d"), ("C, c", "5k"), ("D, d", "8k")):
        _out, err = run(capsys, "players", "add", tid, "--name", name, "--go-rank", rank)
        assert "disagree" not in err
    assert "  30k  " in run(capsys, "go", "players", tid)[0]
    shown = run(capsys, "round", "pair", tid)[0].splitlines()
    assert shown[1].endswith("handicap 4, komi 0.5") and shown[2].endswith("handicap 9, komi 0.5")
