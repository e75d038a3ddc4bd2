"""A whole small event through the real `hakem` command (separate processes, like cron jobs
or two organisers' shells), checking the machine-readable outputs of docs/cli.md."""

from __future__ import annotations

import json
import os

import pytest

from tests.cli_run import hakem_process as hakem

from core.store import Store
from core.trf import parse_tournament




@pytest.fixture()
def data(tmp_path):
    return tmp_path / "data"


def test_round_robin_evening_end_to_end(tmp_path, data):
    tid = hakem(data, "new", "Club Evening", "--system", "berger", "--rounds", "5",
                "--tiebreaks", "DE,SB,WIN").stdout.strip().splitlines()[-1]
    csv = tmp_path / "players.csv"
    csv.write_text("name;rating;fed;club\nKaya, Can;2100;TUR;Ankara\nAli, Veli;2200;TUR;\n"
                   "Bauer, Max;1900;GER;\nIvanova, Olga;2000;RUS;\nDemir, Ece;1800;TUR;\nPolat, Aras;0;TUR;\n")
    assert "6 players imported" in hakem(data, "players", "import", tid, csv).stdout
    players = json.loads(hakem(data, "players", "list", tid, "--format", "json").stdout)["players"]
    assert [(p["pno"], p["name"]) for p in players][:2] == [(1, "Ali, Veli"), (2, "Kaya, Can")]
    for rnd in range(1, 6):
        shown = json.loads(hakem(data, "round", "pair", tid, "--format", "json").stdout)
        assert shown["round"] == rnd and len(shown["boards"]) == 3 and shown["byes"] == []
        assert [b["board"] for b in shown["boards"]] == [1, 2, 3]
        for board in shown["boards"]:
            result = "1-0" if board["white"] < board["black"] else "1/2"
            hakem(data, "result", tid, rnd, board["board"], result)
        again = json.loads(hakem(data, "round", "show", tid, str(rnd), "--format", "json").stdout)
        assert all(b["result"] in ("1-0", "1/2") for b in again["boards"])
    # everybody met everybody once (Berger)
    t = Store(data).load(tid).tournament
    met = {frozenset((b.white, b.black)) for r in t.rounds for b in r.boards}
    assert len(met) == 15
    standings = json.loads(hakem(data, "standings", tid, "--format", "json").stdout)
    assert standings["tiebreaks"] == ["DE", "SB", "WIN"]
    # player 1 beat everyone with a higher number: 5 wins as white or draws as black
    assert standings["players"][0]["pno"] == 1
    assert hakem(data, "round", "pair", tid, check=False).returncode == 3  # all rounds paired
    # TRF export and re-import give the same tournament
    out = tmp_path / "club.trf"
    hakem(data, "export", tid, "--trf", "-o", out)
    assert parse_tournament(out.read_text()).rounds == t.rounds
    tid2 = hakem(data, "import", out).stdout.strip()
    assert Store(data).load(tid2).tournament.rounds == t.rounds
    log = hakem(data, "log", tid, "--format", "json").stdout
    import pwd

    # the real Unix user, whatever HAKEM_USER says (an environment variable cannot forge it)
    assert json.loads(log)[-1]["user"] == pwd.getpwuid(os.getuid()).pw_name


def test_errors_are_one_line_and_change_nothing(data):
    tid = hakem(data, "new", "Errors", "--rounds", "3").stdout.strip()
    before = Store(data).path(tid).read_bytes()
    cases = [
        (("result", tid, "1", "1", "1-0"), 3, "round 1 is not paired"),
        (("players", "withdraw", tid, "7"), 3, "no player with pairing number 7"),
        (("players", "add", tid, "--name", "X", "--rating", "99999"), 3, "from 0 to 4000"),
        (("players", "add", tid, "--name", "X", "--title", "XYZ"), 3, "unknown title"),
        (("players", "bye", tid, "1", "--round", "1"), 3, "no player with pairing number 1"),
        (("round", "show", "no-such-id"), 3, "no tournament 'no-such-id'"),
        (("new", "X", "--rounds", "0"), 3, "--rounds"),
        (("result", tid, "x", "1", "1-0"), 3, "\"x\" is not a whole number"),
    ]
    for args, code, text in cases:
        proc = hakem(data, *args, check=False)
        assert proc.returncode == code, (args, proc.stderr)
        assert text in proc.stderr, (args, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert Store(data).path(tid).read_bytes() == before


def test_no_arguments_help_and_systems(data):
    proc = hakem(data, "systems")
    for system in ("berger", "double-berger", "knockout"):
        assert system in proc.stdout.split()


def test_new_names_an_unknown_system_before_the_rounds(tmp_path, monkeypatch, capsys):
    from core.cli import main

    """``round_robin`` is no system of ours (``berger`` is): that is the mistake to name, not
    the missing ``--rounds`` such a system would need."""
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    assert main(["new", "X", "--system", "round_robin"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown system 'round_robin'" in err[0] and "berger" in err[0]


def test_a_round_without_boards_is_named_so_not_boards_1_to_0():
    """Everybody had a bye or was absent: the round has no board to enter a result on — it
    says that, not "round 1 has boards 1 to 0"."""
    from core import changes
    from core.errors import InvalidResult
    from core.model import Bye, ByeKind, Player, Round, Tournament

    t = Tournament(id="t", name="T", total_rounds=3, players=(Player(1, "A, B"),),
                   rounds=(Round(1, (), (Bye(1, ByeKind.ZERO),)),))
    with pytest.raises(InvalidResult, match="round 1 has no boards: nobody was paired to play in it"):
        changes.set_result(t, 1, 1, "1-0")
