"""Changes to a McMahon event's players and settings on the command line (review rev32b items
6, 7 and 11).

Initial MMS (OpenGotha's rule, :mod:`core.go.mms`): 30k = 0 … 1d = 30, a rank above the bar
counts as the bar, below the floor as the floor, plus the player's MMS correction.  With bar 3d
(32) and the default floor 20k: 5d → 32, 2d → 31, 1k → 29, 5k → 25.
"""

from __future__ import annotations

import json

from tests.cli_run import run


def _event(capsys) -> str:
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3, "--mm-bar", "3d")[0].strip().splitlines()[-1]
    for name, rank in (("Aa, X", "5d"), ("Bb, X", "2d"), ("Cc, X", "1k"), ("Dd, X", "5k")):
        run(capsys, "players", "add", tid, "--name", name, "--go-rank", rank)
    return tid


def _initial(capsys, tid) -> dict[str, object]:
    listed = json.loads(run(capsys, "go", "players", tid, "--format", "json")[0])["players"]
    return {p["name"]: p["start_mms"] for p in listed}


def test_players_edit_takes_the_go_fields(cli_data, capsys):
    tid = _event(capsys)
    assert _initial(capsys, tid) == {"Aa, X": 32, "Bb, X": 31, "Cc, X": 29, "Dd, X": 25}
    run(capsys, "players", "edit", tid, 4, "--go-rank", "4k", "--mms-correction", "1", "--egd-pin", "12345678")
    # EGF rounding: 2290 is a 3d, but the declared 2d stays the rank that scores (and the edit says so)
    _out, err = run(capsys, "players", "edit", tid, 2, "--go-rating", "2290")
    assert "rank 2d and Go rating 2290 disagree" in err
    assert _initial(capsys, tid) == {"Aa, X": 32, "Bb, X": 31, "Cc, X": 29, "Dd, X": 27}  # 4k = 26, + 1
    _out, err = run(capsys, "players", "edit", tid, 4, "--mms-correction", "3", code=3)
    assert "MMS correction of Dd, X: '3' must be a whole number from -1 to 2" in err
    _out, err = run(capsys, "players", "edit", tid, 4, "--go-rank", "40k", code=3)
    assert len(err.strip().splitlines()) == 1
    gamma = run(capsys, "new", "G", "--system", "dutch", "--rounds", 3)[0].strip().splitlines()[-1]
    run(capsys, "players", "add", gamma, "--name", "Ee, X")
    _out, err = run(capsys, "players", "edit", gamma, 1, "--go-rank", "3k", code=3)
    assert "are for Go events" in err


def test_initial_mms_moves_after_pairing_only_when_confirmed(cli_data, capsys):
    tid = _event(capsys)
    run(capsys, "round", "pair", tid)
    _out, err = run(capsys, "go", "settings", tid, "--mm-bar", "5d", code=3)
    assert err.strip() == ("hakem: this changes the initial MMS of 1 player (Aa, X 32→34) and every score and "
                           "standing after the 1 rounds paired, whose pairings and handicaps stay; confirm with --force")
    assert _initial(capsys, tid)["Aa, X"] == 32  # nothing changed
    _out, err = run(capsys, "players", "edit", tid, 3, "--go-rank", "2k", code=3)
    assert "(Cc, X 29→28)" in err and _initial(capsys, tid)["Cc, X"] == 29
    _out, err = run(capsys, "players", "edit", tid, 3, "--go-rank", "2k", "--force")
    assert "(Cc, X 29→28)" in err and _initial(capsys, tid)["Cc, X"] == 28
    run(capsys, "go", "settings", tid, "--komi", "6.5")  # no initial MMS moves: no question


def test_full_and_half_point_byes_are_refused_in_mcmahon(cli_data, capsys):
    """OpenGotha knows the pairing's bye and absences (``genMMS2ValueAbsent``) only: a "full"
    bye was shown as 1 point while MMS and the files counted an absence."""
    tid = _event(capsys)
    for kind in ("full", "half"):
        _out, err = run(capsys, "players", "bye", tid, 2, "--round", 1, "--kind", kind, code=3)
        assert f"player 2: a McMahon event has no {kind}-point bye" in err and "(1/2)" not in err
        assert "absence points (½)" in err
    run(capsys, "players", "bye", tid, 2, "--round", 1)  # McMahon's default: an absence
    shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
    assert (2, "zero") in [(b["pno"], b["kind"]) for b in shown["byes"]]


def test_bye_and_absence_points_after_pairing_only_when_confirmed(cli_data, capsys):
    """The bye, absence and "not played as ½" settings leave every initial MMS but move the scores
    of rounds played (review rev32c item 3): refused without --force, naming what moves.  Ee, 10k,
    starts at 20 (30k = 0) and has round 1's bye, worth 1 point by default (OpenGotha's 2/2): MMS
    21, 20 with bye points 0.  Nobody was absent, so the absence points move nothing."""
    tid = _event(capsys)
    run(capsys, "players", "add", tid, "--name", "Ee, X", "--go-rank", "10k")
    run(capsys, "round", "pair", tid)
    _out, err = run(capsys, "go", "settings", tid, "--mm-bye-points", "0", code=3)
    assert err.strip() == ("hakem: this changes the scores of the 1 rounds paired for 1 player (Ee, X MMS 21→20) and "
                           "every standing, while their pairings and handicaps stay; confirm with --force")
    _out, err = run(capsys, "go", "settings", tid, "--mm-count-not-played-as-half", "yes", code=3)
    assert "SOS" in err and "confirm with --force" in err
    run(capsys, "go", "settings", tid, "--mm-absent-points", "1")
    _out, err = run(capsys, "go", "settings", tid, "--mm-bye-points", "0", "--force")
    assert "(Ee, X MMS 21→20)" in err
    listed = json.loads(run(capsys, "go", "players", tid, "--format", "json")[0])["players"]
    assert {p["name"]: p["mms"] for p in listed}["Ee, X"] == "20"
