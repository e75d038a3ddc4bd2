"""A withdrawal survives hakem's own TRF export (issue 31, fresh-eyes item 1), and hakem reads
back any export of its own, whatever its size (item 2).

TRF has no withdrawal record; it has the known absence: code ``Z`` in a round column ("zero-
point bye", TRF-2026 § player record) and record ``240 T RRR id …`` for the byes of a round not
yet in the player records.  C.04.2 Art. 3.2: a withdrawn participant is not paired again; Art.
3.3: one known to be absent is not paired.  So the round to pair holds ``0000 - Z`` for the
withdrawn player (columns 92 + 10·(r−1) …: opponent ``0000``, colour ``-``, result ``Z``) and
every later round up to 142 a ``240 Z`` record; the engine on the file, an import and a pairing
of the imported copy leave the player out.  Before, the file said nothing: ``hakem pair`` on it
and the imported copy paired the withdrawn player again.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run

pytestmark = pytest.mark.usefixtures("cli_data")


def new_event(capsys, *options: str, players: int) -> str:
    out, _ = run(capsys, "new", "Club Open", *options)
    tid = out.strip().splitlines()[-1]
    for i in range(1, players + 1):
        run(capsys, "players", "add", tid, "--name", f"Player {i:02d}", "--rating", str(2400 - 10 * i))
    return tid


def play_round(capsys, tid: str) -> dict:
    """Pair the next round and give White every game; the round as ``round show`` gives it."""
    shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
    for board in shown["boards"]:
        run(capsys, "result", tid, shown["round"], board["board"], "1-0")
    return shown


def paired(out: str) -> set[int]:
    """Every number in ``hakem pair``'s lines (one pair a line, ``N 0`` for the bye)."""
    return {int(n) for line in out.splitlines() for n in line.split()} - {0}


def export(capsys, tid: str, path) -> str:
    run(capsys, "export", tid, "--trf", "-o", path)
    return path.read_bytes().decode()


def imported_copy(capsys, path) -> str:
    return run(capsys, "import", path)[0].strip().splitlines()[-1]


def withdrawn_round(capsys, tid: str, pno: int) -> int | None:
    players = json.loads(run(capsys, "players", "list", tid, "--format", "json")[0])["players"]
    return next(p["withdrawn_round"] for p in players if p["pno"] == pno)


def test_a_withdrawn_player_is_absent_in_every_round_to_come_of_the_file(capsys, tmp_path):
    tid = new_event(capsys, "--rounds", "5", players=8)
    play_round(capsys, tid)
    run(capsys, "players", "withdraw", tid, "8", "--from-round", "2")
    play_round(capsys, tid)
    text = export(capsys, tid, tmp_path / "r2.trf")
    lines = text.split("\r")
    [eight] = [line for line in lines if line.startswith("001    8")]
    # round 2 (columns 102-109) blank: not paired; round 3 (112-119) the known absence
    assert eight[101:109].strip() == "" and eight[111:119] == "0000 - Z"
    assert "240 Z   4    8" in lines and "240 Z   5    8" in lines
    out, _ = run(capsys, "pair", "--dutch", tmp_path / "r2.trf")
    assert 8 not in paired(out) and paired(out) == set(range(1, 8))  # 7 players: one gets the bye
    copy = imported_copy(capsys, tmp_path / "r2.trf")
    assert withdrawn_round(capsys, copy, 8) == 2
    shown = play_round(capsys, copy)
    assert 8 not in {n for b in shown["boards"] for n in (b["white"], b["black"])}
    assert 8 not in {y["pno"] for y in shown["byes"]}
    # the copy (round 3 paired) says the same of rounds 4 and 5
    again = export(capsys, copy, tmp_path / "again.trf").split("\r")
    [eight] = [line for line in again if line.startswith("001    8")]
    assert eight[121:129] == "0000 - Z" and [x for x in again if x.startswith("240")] == ["240 Z   5    8"]


def test_a_withdrawn_double_swiss_player_is_absent_in_the_columns_of_every_match_to_come(capsys, tmp_path):
    """A match k is the round columns 2k−1 and 2k (142 counts columns); a match's bye, and
    so a match's absence, is written in its first column."""
    tid = new_event(capsys, "--system", "double-swiss", "--rounds", "3", players=6)
    play_round(capsys, tid)
    run(capsys, "players", "withdraw", tid, "6", "--from-round", "2")
    text = export(capsys, tid, tmp_path / "ds.trf")
    lines = text.split("\r")
    assert "142 6" in lines
    [six] = [line for line in lines if line.startswith("001    6")]
    assert six[111:119] == "0000 - Z"  # column 3 = match 2, game 1
    assert "240 Z   5    6" in lines  # column 5 = match 3, game 1
    out, _ = run(capsys, "pair", "--double-swiss", tmp_path / "ds.trf")
    assert paired(out) == {1, 2, 3, 4, 5}  # five players: one gets the PAB
    copy = imported_copy(capsys, tmp_path / "ds.trf")
    assert withdrawn_round(capsys, copy, 6) == 2
    shown = play_round(capsys, copy)
    assert 6 not in {n for b in shown["boards"] for n in (b["white"], b["black"])} | {y["pno"] for y in shown["byes"]}


def test_a_withdrawn_team_is_not_paired_by_the_engine_on_the_file_nor_in_the_imported_copy(capsys, tmp_path):
    tid = new_event(capsys, "--system", "swiss-team", "--rounds", "3", "--boards", "2", players=8)
    for k in range(4):
        run(capsys, "teams", "add", tid, "--name", f"Club {k + 1}", "--players", f"{2 * k + 1},{2 * k + 2}")
    play_round(capsys, tid)
    for pno in (7, 8):  # Club 4 withdraws: both its players
        run(capsys, "players", "withdraw", tid, pno, "--from-round", "2")
    export(capsys, tid, tmp_path / "team.trf")
    out, _ = run(capsys, "pair", "--swiss-team", tmp_path / "team.trf")
    assert 4 not in paired(out) and paired(out) == {1, 2, 3}  # three teams: one gets the bye
    copy = imported_copy(capsys, tmp_path / "team.trf")
    shown = play_round(capsys, copy)
    assert not {7, 8} & {n for b in shown["boards"] for n in (b["white"], b["black"])}


def test_hakem_imports_its_own_export_of_more_than_4096_bytes_with_cr_line_ends(capsys, tmp_path):
    """TRF-2026 Remark 1: each line ends with CR — so the whole file has no LF; the line
    limit of the import (4096 characters) counted LF-ended lines and refused it as one line."""
    tid = new_event(capsys, "--rounds", "5", players=40)
    play_round(capsys, tid)
    text = export(capsys, tid, tmp_path / "big.trf")
    assert len(text.encode()) > 4096 and "\n" not in text and text.count("\r") > 40
    copy = imported_copy(capsys, tmp_path / "big.trf")
    players = json.loads(run(capsys, "players", "list", copy, "--format", "json")[0])["players"]
    assert len(players) == 40


@pytest.mark.parametrize("system", ["double-swiss", "dutch"])
def test_check_pairs_each_round_in_the_numbers_in_force_when_it_was_paired(capsys, tmp_path, system):
    """Item 8: a late entry rated above everybody gets number 1 and everybody moves down one
    (C.04.2 Art. 2.4–2.5).  Round 1 was paired without him: the Double-Swiss colours of game
    1 (C.04.5 4.3.1) go by the TPN parity of that day — player 1 (now 2) had White on board 1
    as the odd TPN with the initial colour.  Re-paired in today's numbers player 2 is even and
    ``check`` reported every board of round 1 reversed; in the numbers of the day it agrees."""
    tid = new_event(capsys, "--system", system, "--rounds", "3", "--initial-colour", "white", players=8)
    first = play_round(capsys, tid)
    assert (first["boards"][0]["white"], first["boards"][0]["black"]) == (1, 5)  # 4.3.1 / 5.2.5, by hand
    run(capsys, "players", "add", tid, "--name", "Late Strong", "--rating", "2600")
    play_round(capsys, tid)
    export(capsys, tid, tmp_path / "late.trf")
    copy = imported_copy(capsys, tmp_path / "late.trf")
    players = json.loads(run(capsys, "players", "list", copy, "--format", "json")[0])["players"]
    assert [p["pno"] for p in players if p["joined_round"] == 2] == [1]  # the blank round 1 reads as a late entry
    out, _ = run(capsys, "check", f"--{system}", tmp_path / "late.trf")
    assert out.strip().splitlines()[-1] == "2 round(s) checked, 0 differ"


def test_check_compares_the_next_round_with_the_absences_the_file_declares(capsys, tmp_path):
    """``check`` also pairs the round after the file's last one when the file says who will
    not play it, and names a player the engine pairs all the same.  An engine that ignores
    the withdrawal (as every reader of the old files did) is caught."""
    from dataclasses import replace
    from types import SimpleNamespace

    from core.cli.commands.check import next_round_participation
    from core.pairing.doubleswiss.system import DOUBLE_SWISS
    from core.trf import parse_tournament

    tid = new_event(capsys, "--system", "double-swiss", "--rounds", "3", players=6)
    play_round(capsys, tid)
    run(capsys, "players", "withdraw", tid, "6", "--from-round", "2")
    t = parse_tournament(export(capsys, tid, tmp_path / "ds.trf"))
    assert next_round_participation(t, DOUBLE_SWISS) == []
    forgetful = t.with_changes(players=tuple(replace(p, withdrawn_round=None) for p in t.players))
    engine = SimpleNamespace(pair=lambda _t, *more: DOUBLE_SWISS.pair(forgetful, *more))
    assert next_round_participation(t, engine) == ["round 2: differs from the file",
                                                   "  player 6: absent in the file, paired by the engine"]
