"""``hakem result`` never silently replaces another organiser's result (issue 29 item 10).

A board that holds a different result keeps it unless the command says ``--correct``; the
refusal names who entered what, and when (the journal's author and time); entering the same
result again is not an error.  Two real processes racing on the same board: exactly one is
saved, the other exits 3 with that sentence.  The role table still applies to ``--correct``:
a results-only key cannot correct a closed round.

Expected values: the result each command typed, the user running the tests (the journal's
author is the real Unix user), and the role table of the README ("results of open rounds only").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import roles
from core.cli import main as cli
from core.model import GameResult, Player, Tournament
from core.roles import Role
from core.store import Store
from core.identity import current_user
from tests.tui_fixtures import store_with

ME = current_user()
ROOT = Path(__file__).resolve().parents[1]


def field(n: int) -> Tournament:
    players = tuple(Player(i, f"Player {i:02d}", rating=2400 - 10 * i) for i in range(1, n + 1))
    return Tournament(id="", name="Rapid", total_rounds=5, players=players)


@pytest.fixture()
def event(tmp_path):
    """A paired round 1 of 8 players (4 boards), no result yet."""
    [tid] = store_with(tmp_path, field(8))
    assert cli(["--data", str(tmp_path), "round", "pair", tid]) == 0
    return tmp_path, tid


def board(data: Path, tid: str, round_no: int, board_no: int) -> GameResult | None:
    return Store(data).load(tid).tournament.round(round_no).boards[board_no - 1].result


def result_actions(data: Path, tid: str) -> list[str]:
    return [e["action"] for e in Store(data).journal(tid) if e["action"].startswith("result ")]


def test_a_different_result_needs_correct_and_the_refusal_names_who_and_when(event, capsys):
    data, tid = event
    run = lambda *words: cli(["--data", str(data), "result", tid, *words])
    assert run("1", "1", "1-0") == 0
    capsys.readouterr()
    assert run("1", "1", "1-0") == 0  # the same again: not an error, nothing new journaled
    assert run("1", "1", "0-1") == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"hakem: Round 1, board 1 has 1-0, entered by {ME} (")
    assert err.endswith("); nothing was saved (--correct replaces it)")
    stamp = err.split("(", 1)[1].split(")", 1)[0]  # "2026-12-07 01:41:37": the entry's time
    assert len(stamp) == 19 and stamp[4] == "-" and stamp[13] == ":"
    assert board(data, tid, 1, 1) is GameResult.WHITE_WINS
    assert run("1", "1", "0-1", "--correct") == 0
    assert board(data, tid, 1, 1) is GameResult.BLACK_WINS
    assert result_actions(data, tid) == ["result round 1 board 1 1-0", "result round 1 board 1 0-1 (correction of 1-0)"]


def test_a_results_only_key_cannot_correct_a_closed_round(event, monkeypatch, capsys):
    data, tid = event
    for b in range(1, 5):
        assert cli(["--data", str(data), "result", tid, "1", str(b), "1/2"]) == 0
    assert cli(["--data", str(data), "round", "pair", tid]) == 0  # round 1 is closed now
    monkeypatch.setenv("HAKEM_DATA", str(data))
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setattr("core.user_files._files_forbidden", False)  # results-only sets it for the process
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem result {tid} 1 1 1-0 --correct")
    capsys.readouterr()
    assert cli(["results-only"]) == 3
    assert "correcting a result of a closed round is not allowed" in capsys.readouterr().err
    assert board(data, tid, 1, 1) is GameResult.DRAW
    # an open round's result the same key may correct (results of open rounds)
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem result {tid} 2 1 1-0")
    assert cli(["results-only"]) == 0
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem result {tid} 2 1 0-1")
    assert cli(["results-only"]) == 3
    monkeypatch.setattr(roles, "_cap", None)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"hakem result {tid} 2 1 0-1 --correct")
    assert cli(["results-only"]) == 0
    assert board(data, tid, 2, 1) is GameResult.BLACK_WINS
    assert roles.role_of(Store(data).load(tid).tournament) is Role.RESULTS  # the cap held


RACER = """
import sys
from core.cli import main
sys.stdin.readline()  # wait for the start signal, so both commands run at the same moment
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
def test_two_processes_racing_on_a_board_one_wins_the_other_is_refused(tmp_path):
    [tid] = store_with(tmp_path, field(40))
    assert cli(["--data", str(tmp_path), "round", "pair", tid]) == 0
    env = {**os.environ, "HAKEM_DATA": str(tmp_path), "PYTHONPATH": str(ROOT)}
    outcomes = []
    for b in range(1, 21):
        racers = [subprocess.Popen([sys.executable, "-c", RACER, "result", tid, "1", str(b), code],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, env=env, cwd=ROOT) for code in ("1-0", "0-1")]
        for racer in racers:
            racer.stdin.write("go\n")
            racer.stdin.flush()
        done = [(racer.wait(timeout=300), racer.communicate()[1]) for racer in racers]
        outcomes.append(done)
    stored = Store(tmp_path).load(tid).tournament.round(1).boards
    for b, ((code_a, err_a), (code_b, err_b)) in enumerate(outcomes, start=1):
        assert sorted((code_a, code_b)) == [0, 3], (b, code_a, err_a, code_b, err_b)
        winner, loser_err = ("1-0", err_b) if code_a == 0 else ("0-1", err_a)
        assert stored[b - 1].result is GameResult.parse(winner)
        assert f"Round 1, board {b} has {winner}, entered by {ME} (" in loser_err, loser_err
        assert "Traceback" not in err_a + err_b
    actions = result_actions(tmp_path, tid)
    assert len(actions) == 20 and len({a.rsplit(" ", 1)[0] for a in actions}) == 20


def test_go_results_are_protected_the_same_way(tmp_path, capsys):
    players = tuple(Player(i, f"Player {i}", rating=2000 - 100 * i) for i in range(1, 5))
    [tid] = store_with(tmp_path, Tournament(id="", name="Go evening", system="gamma", total_rounds=3,
                                            players=players))
    run = lambda *words: cli(["--data", str(tmp_path), *map(str, words)])
    assert run("round", "pair", tid) == 0
    b = Store(tmp_path).load(tid).tournament.round(1).boards[0]
    assert run("go", "result", tid, 1, 1, "white") == 0
    assert run("go", "result", tid, 1, 1, "white") == 0  # the same again
    capsys.readouterr()
    assert run("go", "result", tid, 1, 1, "black") == 3
    assert capsys.readouterr().err.startswith(f"hakem: Round 1, board 1 has 1-0, entered by {ME} (")
    assert board(tmp_path, tid, 1, 1) is GameResult.WHITE_WINS
    assert run("go", "result", tid, 1, 1, b.black, "--correct") == 0
    assert board(tmp_path, tid, 1, 1) is GameResult.BLACK_WINS


def test_a_correction_racing_another_correction_is_refused_too(event):
    from core.app import Workspace
    from core.cli.commands.result import without_overwrite
    from core.errors import TournamentError

    data, tid = event
    anna, ben = Workspace(data).open(tid), Workspace(data).open(tid)
    anna.enter_result(1, 2, GameResult.WHITE_WINS)
    read_by_ben = ben.snapshot().tournament            # ben's command has read 1-0 ...
    anna.enter_result(1, 2, GameResult.DRAW)            # ... anna corrects it first
    with pytest.raises(TournamentError) as refused:
        without_overwrite(lambda seen: ben.enter_result(1, 2, GameResult.BLACK_WINS, seen=seen),
                          read_by_ben, 1, 2, correct=True)
    # as the boards show a draw (issue 34): ½-½, not the stored 1/2
    assert str(refused.value).startswith(f"Round 1, board 2 was changed meanwhile to ½-½ by {ME} (")
    assert board(data, tid, 1, 2) is GameResult.DRAW


def test_the_refusal_names_who_entered_the_result_not_who_paired_a_later_round(event, capsys, monkeypatch):
    """Issue 31 (fresh-eyes item 9): alice enters round 1 board 1, bob pairs round 2; a
    different result for that board names alice.  Pairing round 2 is a splice of the rounds
    list after round 1 (core.store.diff): it moves no board of round 1.  Before, any splice of
    ``rounds`` counted as a change of every board, so bob was named."""
    from core import identity

    data, tid = event
    run = lambda *words: cli(["--data", str(data), *words])
    monkeypatch.setattr(identity, "current_user", lambda: "alice")
    for b in range(1, 5):
        assert run("result", tid, "1", str(b), "1-0") == 0
    monkeypatch.setattr(identity, "current_user", lambda: "bob")
    assert run("round", "pair", tid) == 0
    capsys.readouterr()
    assert run("result", tid, "1", "1", "0-1") == 3
    assert capsys.readouterr().err.startswith("hakem: Round 1, board 1 has 1-0, entered by alice (")
    # bob's own result of round 2 is still his
    assert run("result", tid, "2", "1", "1-0") == 0
    assert run("result", tid, "2", "1", "0-1") == 3
    assert capsys.readouterr().err.startswith("hakem: Round 2, board 1 has 1-0, entered by bob (")


def test_a_splice_touches_only_the_items_it_removes_or_moves():
    from core.app.conflicts import touches

    append = {"p": ["rounds"], "i": 1, "d": [], "a": [{}]}
    assert not touches(append, ["rounds", 0, "boards", 0])
    insert = {"p": ["rounds", 0, "boards"], "i": 2, "d": [], "a": [{}]}  # boards 3… move down
    assert not touches(insert, ["rounds", 0, "boards", 1])
    assert touches(insert, ["rounds", 0, "boards", 2]) and touches(insert, ["rounds", 0, "boards", 5])
    replace = {"p": ["rounds", 0, "boards"], "i": 2, "d": [{}], "a": [{}]}  # same length: one item
    assert touches(replace, ["rounds", 0, "boards", 2]) and not touches(replace, ["rounds", 0, "boards", 3])
    assert touches({"p": ["rounds"], "o": [], "n": []}, ["rounds", 0, "boards", 0])
    assert touches({"p": ["rounds", 0, "boards", 0, "result"], "o": None, "n": "1-0"}, ["rounds", 0, "boards", 0])
