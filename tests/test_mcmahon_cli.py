"""A whole McMahon evening through the command line: new → players → pair → results ×3 →
table → h9.

Rounds 1 and 2 are the field and results of tests/test_mcmahon_pairing.py, whose docstrings
derive both pairings and every handicap by hand; round 3 is checked against the rules
themselves (no rematch; handicap = MMS difference capped at the handicap bar 1d = 30, − 1).
"""

from __future__ import annotations

import json

from core.store import Store
from tests.cli_run import run

RANKS = ["3d", "1d", "1k", "2k", "2k", "4k", "5k", "9k"]
START = {1: 30, 2: 30, 3: 29, 4: 28, 5: 28, 6: 26, 7: 25, 8: 25}  # bar 1d, floor 5k


def pair(capsys, tid):
    shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
    return [(b["board"], b["white"], b["black"], b["handicap"], b["komi"]) for b in shown["boards"]]


def test_a_mcmahon_evening(cli_data, tmp_path, capsys):
    out, _ = run(capsys, "new", "Club evening", "--system", "mcmahon", "--rounds", 3,
                 "--mm-bar", "1d", "--mm-floor", "5k", "--place", "Leiden", "--federation", "NED",
                 "--start", "2026-12-01", "--time-control", "40+5/15")
    tid = out.strip().splitlines()[-1]
    for i, rank in enumerate(RANKS, start=1):
        run(capsys, "players", "add", tid, "--name", f"Player{i}, Ann", "--go-rank", rank)

    listed = json.loads(run(capsys, "go", "players", tid, "--format", "json")[0])["players"]
    assert {p["pno"]: p["start_mms"] for p in listed} == START

    # round 1 (derived in test_mcmahon_pairing.test_round_one_by_hand)
    r1 = pair(capsys, tid)
    assert [frozenset((w, b)) for _n, w, b, _h, _k in r1] == [frozenset(p) for p in ((1, 2), (3, 4), (5, 6), (7, 8))]
    assert r1[2][1:] == (5, 6, 1, "0.5") and {r[4] for r in (r1[0], r1[1], r1[3])} == {"7.5"}
    # results with the colours the nigiri gave: 1 (W) beats 2, 4 beats 3 (W), 5 beats 6, 8 beats 7 (W)
    for board, winner, white in ((1, 1, 1), (2, 4, 3), (3, 5, None), (4, 8, 7)):
        args = ["go", "result", tid, 1, board, winner] + (["--white", white] if white else [])
        run(capsys, *args)

    # round 2 (test_round_two_by_hand): 2-3, 5-1 even; 4-8 two stones; 6-7 even
    r2 = pair(capsys, tid)
    assert [(w, b, h) for _n, w, b, h, _k in r2] == [(2, 3, 0), (5, 1, 0), (4, 8, 2), (6, 7, 0)]
    for board, *_rest in r2:  # White wins every board
        run(capsys, "result", tid, 2, board, "1-0")

    # a jigo is refused with komi 7.5, and nothing is saved
    _out, err = run(capsys, "result", tid, 2, 1, "½-½", code=None)
    assert "cannot end in jigo" in err
    assert Store(str(cli_data)).load(tid).tournament.rounds[1].boards[0].result.value == "1-0"

    # round 3: by the rules
    r3 = pair(capsys, tid)
    stored = Store(str(cli_data)).load(tid).tournament
    met = {frozenset((b.white, b.black)) for rnd in stored.rounds[:2] for b in rnd.boards}
    mms = dict(START)
    for rnd in stored.rounds[:2]:
        for b in rnd.boards:
            mms[b.white if b.result.value == "1-0" else b.black] += 1
    assert {p for _n, w, b, _h, _k in r3 for p in (w, b)} == set(range(1, 9))
    for _n, white, black, hcp, komi in r3:
        assert frozenset((white, black)) not in met
        assert hcp == max(0, abs(min(mms[white], 30) - min(mms[black], 30)) - 1)
        assert komi == ("0.5" if hcp else "7.5")
        if hcp:
            assert mms[white] > mms[black]  # the weaker player has Black
    for board, *_rest in r3:
        run(capsys, "result", tid, 3, board, "0-1")
    stored = Store(str(cli_data)).load(tid).tournament
    for b in stored.rounds[2].boards:
        mms[b.black] += 1

    # the table: the event's criteria (the standings' own, default MMS, SOS, SOSOS — not a
    # SODOS the standings do not use, which ranked tied players apart), MMS = initial MMS + wins
    table, _ = run(capsys, "go", "table", tid)
    lines = table.splitlines()
    assert lines[0] == "McMahon bar 1d, floor 5k; handicap = MMS difference − 1, at most 9"
    assert lines[1].split()[5:9] == ["MMS", "SOS", "SOSOS", "1"]
    shown = {int(line.split()[1]): int(line.split()[-6]) for line in lines[2:]}
    assert shown == mms

    # h9: one line per player, in the table's order, MMS in the 7th field
    target = tmp_path / "evening.h9"
    run(capsys, "export", tid, "--egd", "-o", target)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("; CL[B]\n; EV[Club evening]\n; PC[NL,Leiden]\n; DT[2026-12-01,2026-12-01]\n")
    rows = [line.split() for line in text.splitlines() if not line.startswith(";")]
    assert [int(r[0]) for r in rows] == list(range(1, 9))
    assert sorted(int(r[6]) for r in rows) == sorted(mms.values())
    assert all(len(r) == 13 for r in rows)  # 6 fields, 4 criteria, 3 rounds


def test_bad_mcmahon_options_on_the_command_line(cli_data, capsys):
    _out, err = run(capsys, "new", "X", "--system", "mcmahon", "--rounds", 3, "--mm-bar", "5k",
                    "--mm-floor", "1d", code=None)
    assert "floor 1d is above the bar 5k" in err
    _out, err = run(capsys, "new", "X", "--system", "dutch", "--rounds", 3, "--mm-bar", "3d", code=None)
    assert "--system mcmahon only" in err
    _out, err = run(capsys, "new", "X", "--system", "mcmahon", "--rounds", 3, "--mm-correction", "5",
                    code=None)
    assert "from -1 to 3" in err
    assert Store(str(cli_data)).ids() == []  # nothing was created


def test_opengotha_weights_on_the_command_line(cli_data, capsys):
    """OpenGotha's weights and switches by name: a bad value is one line naming the setting
    (exit 3) and creates nothing; good values are stored as typed."""
    _out, err = run(capsys, "new", "X", "--system", "mcmahon", "--rounds", 3, "--mm-dudd-weight", "lots",
                    code=3)
    assert err.strip() == "hakem: --mm-dudd-weight: 'lots' must be a whole number from 0 to 1000000000000000"
    _out, err = run(capsys, "new", "X", "--system", "mcmahon", "--rounds", 3, "--mm-compensate-dudd", "maybe",
                    code=3)
    assert err.strip() == "hakem: --mm-compensate-dudd: 'maybe' must be yes or no"
    assert Store(str(cli_data)).ids() == []
    out, _ = run(capsys, "new", "Y", "--system", "mcmahon", "--rounds", 3, "--mm-maximize-seeding", "0",
                 "--mm-handicap-basis", "rank", "--mm-count-not-played-as-half", "yes")
    tid = out.strip().splitlines()[-1]
    go = Store(str(cli_data)).load(tid).tournament.options["go"]
    assert (go["maximize_seeding"], go["handicap_basis"], go["count_not_played_as_half"]) == ("0", "rank", "yes")


def test_players_are_numbered_strongest_first(cli_data, capsys):
    """Registered weakest first with names in reverse alphabetical order of strength: before
    round 1 the pairing numbers follow the rank (3d, 1k, 9k), not the name or the entry order."""
    out, _ = run(capsys, "new", "Y", "--system", "mcmahon", "--rounds", 2)
    tid = out.strip().splitlines()[-1]
    for name, rank in (("Aaron, A", "9k"), ("Bert, B", "1k"), ("Zed, Z", "3d")):
        run(capsys, "players", "add", tid, "--name", name, "--go-rank", rank)
    run(capsys, "round", "pair", tid)
    players = {p.pno: p.name for p in Store(str(cli_data)).load(tid).tournament.players}
    assert players == {1: "Zed, Z", 2: "Bert, B", 3: "Aaron, A"}
