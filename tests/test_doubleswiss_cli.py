"""Double-Swiss events played through the `hakem` command line (its entry point called in
process, one command per step; FIDE C.04.5): a small one by hand,
and (slow) 120 players over 7 rounds with random results, checked by ``hakem check`` and by
the text's criteria: no second meeting, the PAB rules, upfloaters only and as few as possible."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest

from core.model import ByeKind, GameResult, scores
from core.pairing.doubleswiss.state import match_records
from core.pairing.matching import max_matching
from core.store import Store
from tests.cli_run import run


def new_event(capsys, tmp_path, players: int, rounds: int) -> str:
    tid = run(capsys, "new", "Double", "--system", "double-swiss", "--rounds", rounds,
              "--initial-colour", "white")[0].split()[-1]
    csv = tmp_path / "players.csv"
    csv.write_text("name;rating\n" + "".join(f"Player {i:03d}, A;{2400 - 5 * i}\n" for i in range(1, players + 1)))
    run(capsys, "players", "import", tid, csv)
    return tid


def play_round(capsys, tid: str, rnd: int, results) -> dict:
    shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
    for board in shown["boards"]:
        run(capsys, "result", tid, rnd, board["board"], results(board))
    return shown


def test_a_small_event_through_the_cli(cli_data, capsys, tmp_path):
    tid = new_event(capsys, tmp_path, 5, 2)
    shown = play_round(capsys, tid, 1, lambda b: "1-0" if b["game"] == "g1" else "1/2")
    # 3.6.3 with 4 players and the PAB to 5 (3.4.4): 1–3 and 2–4, two games each, colours
    # reversed; 4.3.1 with initial colour White: 1 (odd) has White, 2 (even) Black in game 1
    assert [(b["white"], b["black"], b["game"]) for b in shown["boards"]] == [
        (1, 3, "g1"), (3, 1, "g2"), (4, 2, "g1"), (2, 4, "g2")]
    assert shown["byes"][0]["pno"] == 5
    # the match score beside each game once both are in, from the row's White: game 1's White
    # won it and drew game 2 (1½–½); game 2's row has the other player first (½–1½)
    again = json.loads(run(capsys, "round", "show", tid, "1", "--format", "json")[0])
    assert [(b["match"], b["match_score"]) for b in again["boards"]] == [
        (1, "1.5-0.5"), (1, "0.5-1.5"), (2, "1.5-0.5"), (2, "0.5-1.5")]
    text = run(capsys, "round", "show", tid, "1")[0]
    assert "(match 1, game 2 · match ½–1½)" in text
    standings = json.loads(run(capsys, "standings", tid, "--format", "json")[0])
    points = {p["pno"]: Fraction(p["points"]) for p in standings["players"]}
    assert points[5] == Fraction(3, 2)  # PAB: a game won and a game drawn (1.4)
    assert sorted(points.values()) == [Fraction(1, 2), Fraction(1, 2), Fraction(3, 2), Fraction(3, 2), Fraction(3, 2)]
    out = tmp_path / "small.trf"
    run(capsys, "export", tid, "--trf", "-o", out)
    text = out.read_text()
    assert "192 FIDE_DOUBLESWISS" in text and "142 4" in text
    assert run(capsys, "check", "--double-swiss", out)[0].strip().endswith("0 differ")
    engine, _err = run(capsys, "pair", "--double-swiss", out)
    lines = engine.split()
    assert lines[0] == "3"  # two matches of game 1's White and Black, and the PAB line


def c4_minimal(residents: list[int], ups: list[int], lower: list[int], may_meet) -> bool:
    """No smaller set of upfloaters (of the same parity) leaves the bracket and the rest
    pairable: [C3]/[C4] checked by trying every smaller set."""
    def pairable(nodes: list[int]) -> bool:
        return len(nodes) % 2 == 0 and len(max_matching(nodes, may_meet)) == len(nodes)

    for size in range(len(residents) % 2, len(ups), 2):
        for fewer in combinations(lower, size):
            rest = [p for p in lower if p not in fewer]
            if pairable(residents + list(fewer)) and pairable(rest):
                return False
    return True


@pytest.mark.slow
def test_120_players_7_rounds_through_the_cli(cli_data, capsys, tmp_path):
    rng = random.Random(120)
    tid = new_event(capsys, tmp_path, 120, 7)
    choices = ["1-0", "0-1", "1/2", "1-0", "0-1", "1/2", "1-0"]

    def result(_board) -> str:
        return "+-" if rng.random() < 0.01 else "--" if rng.random() < 0.003 else rng.choice(choices)

    for rnd in range(1, 8):
        play_round(capsys, tid, rnd, result)
    out = tmp_path / "ds120.trf"
    run(capsys, "export", tid, "--trf", "-o", out)
    checked = run(capsys, "check", "--double-swiss", out)[0]
    assert checked.strip().endswith("7 round(s) checked, 0 differ"), checked

    t = Store(cli_data).load(tid).tournament
    met: set[frozenset[int]] = set()
    barred: set[int] = set()
    brackets = upfloaters = 0
    for number, rnd in enumerate(t.rounds, start=1):
        before = scores(t, number - 1)
        matches = match_records(rnd)
        assert all(len(m.boards) == 2 for m in matches)  # two games, colours reversed (Preface)
        assert all(m.boards[1].white == m.black and m.boards[1].black == m.white for m in matches)
        # [C1]: nobody meets twice unless the earlier match was forfeited (Preface)
        for m in matches:
            assert frozenset((m.white, m.black)) not in met, (number, m)
        pab = [b.pno for b in rnd.byes if b.kind is ByeKind.PAB]
        paired = [p for m in matches for p in (m.white, m.black)] + pab
        if pab:
            (holder,) = pab
            # [C2] and 3.4: not barred, the lowest score among those allowed
            assert holder not in barred
            allowed = [p for p in paired if p not in barred]
            assert before[holder] == min(before[p] for p in allowed)
        # upfloaters only, as few as possible ([C4]): walk the scoregroups top-down
        partner = {m.white: m.black for m in matches} | {m.black: m.white for m in matches}
        left = sorted((p for p in paired if p not in pab), key=lambda p: (-before[p], p))

        def may_meet(a: int, b: int) -> bool:
            return frozenset((a, b)) not in met

        while left:
            top = before[left[0]]
            residents = [p for p in left if before[p] == top]
            ups = sorted({partner[r] for r in residents if before[partner[r]] != top})
            assert all(before[partner[u]] == top for u in ups)  # an upfloater plays a resident
            lower = [p for p in left if before[p] != top]
            assert c4_minimal(residents, ups, lower, may_meet), (number, top, ups)
            brackets += 1
            upfloaters += len(ups)
            left = [p for p in left if p not in residents and p not in ups]
        for m in matches:
            if not m.forfeited:
                met.add(frozenset((m.white, m.black)))
            elif not m.forfeited_by(m.white) or not m.forfeited_by(m.black):
                barred.add(m.white if not m.forfeited_by(m.white) else m.black)
        barred.update(pab)
    print(f"double-swiss 120 x 7 via the CLI: {brackets} brackets, {upfloaters} upfloaters, 0 repeats")
    assert all(b.result is not None for r in t.rounds for b in r.boards)
    assert GameResult.DRAW in {b.result for r in t.rounds for b in r.boards}


def test_a_round_paired_by_hand_becomes_matches_of_two_games(cli_data, capsys, tmp_path):
    # Preface: every pairing is a match of two games with alternating colours; the arbiter
    # types each match once (game 1's colours), hakem adds game 2 reversed
    tid = new_event(capsys, tmp_path, 5, 2)
    run(capsys, "round", "set", tid, "--boards", "1-2,4-3", "--byes", "5:pab")
    shown = json.loads(run(capsys, "round", "show", tid, "--format", "json")[0])
    assert [(b["white"], b["black"], b["game"]) for b in shown["boards"]] == [
        (1, 2, "g1"), (2, 1, "g2"), (4, 3, "g1"), (3, 4, "g2")]


def test_a_trf16_file_without_its_system_is_read_as_matches_under_the_flag(cli_data, capsys, tmp_path):
    # TRF16 has no 192: under --double-swiss its round columns are read two per match
    tid = new_event(capsys, tmp_path, 5, 2)
    play_round(capsys, tid, 1, lambda b: "1-0")
    out = tmp_path / "sixteen.trf"
    run(capsys, "export", tid, "--trf16", "-o", out)
    text = "\n".join(x for x in out.read_text().splitlines() if not x.startswith("### hakem system"))
    out.write_text(text + "\n")
    assert run(capsys, "check", "--double-swiss", out)[0].strip().endswith("1 round(s) checked, 0 differ")


def test_acceleration_is_refused_in_one_line(cli_data, capsys, tmp_path):
    _out, err = run(capsys, "new", "D", "--system", "double-swiss", "--rounds", "5",
                    "--acceleration", "baku", code=3)
    assert "without acceleration" in err and len(err.strip().splitlines()) == 1
