"""Go through the command line: ``hakem new --system gamma``, generic pairing, ``hakem go …``.

The first four rounds of the Gamma procedure's event (tests/test_go_seed.py) are run through the CLI —
players added, rounds paired by the registered ``gamma`` system, results entered with the
colours the nigiri gave, a refusal announced — and the stored rounds must equal the event.
"""

from __future__ import annotations

import json

import pytest

from core.store import Store
from tests.cli_run import run
from tests.test_go_seed import PLAYERS, ROUNDS, seed_event


def test_seed_rounds_through_the_cli(cli_data, capsys):
    out, _ = run(capsys, "new", "Турнир, посвященный 60-летию Победы", "--system", "gamma",
                 "--rounds", 6, "--place", "Санкт-Петербург", "--start", "2005-05-28",
                 "--end", "2005-05-29", "--time-control", "50+5/20")
    tid = out.strip().splitlines()[-1]
    for _pno, name, rating in reversed(PLAYERS):  # registration order does not matter
        run(capsys, "players", "add", tid, "--name", name, "--go-rating", rating, "--fed", "RUS",
            "--club", "StP")
    run(capsys, "go", "settings", tid, "--komi", "6.5", "--nominal-time", "65")
    players = json.loads(run(capsys, "go", "players", tid, "--format", "json")[0])
    assert players["top_group"]["level"] == 18 and players["top_group"]["size"] == 7
    for number in range(1, 5):
        boards, rest, refusals = ROUNDS[number - 1]
        for pno in refusals:
            run(capsys, "go", "refuse", tid, pno, number)
        shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
        assert all("handicap" in b and "komi" in b for b in shown["boards"])
        by_pair = {frozenset((w, b)): (w, b, win) for w, b, win, _h in boards}
        for row in shown["boards"]:
            white, black, winner = by_pair[frozenset((row["white"], row["black"]))]
            args = ["go", "result", tid, number, row["board"], winner]
            if row["white"] != white:
                args += ["--white", white]
            run(capsys, *args)
    stored = Store(str(cli_data)).load(tid).tournament
    expected = seed_event(4)
    assert [p.pno for p in stored.players] == [p.pno for p in expected.players]
    for got, want in zip(stored.rounds, expected.rounds):
        assert {(b.white, b.black, b.result, b.handicap, b.komi) for b in got.boards} == \
            {(b.white, b.black, b.result, b.handicap, b.komi) for b in want.boards}
        assert sorted((y.pno, y.kind) for y in got.byes) == sorted((y.pno, y.kind) for y in want.byes)


@pytest.fixture()
def seeded(cli_data):
    return Store(str(cli_data)).create(seed_event())


def test_table_card_and_exports(seeded, capsys, tmp_path):
    table, _ = run(capsys, "go", "table", seeded, "--plain")
    assert ("| 10 | Лозовский Л. | 952 | 9 | -6 | 9- | + | + | +2 | 11- | -8 | 7- | -9 | 5- | "
            "-9 | 6- | 10 | -1 | 67+ | 10 |") in table.splitlines()
    card, _ = run(capsys, "go", "card", seeded, 11)
    assert "Coefficient 55.5" in card
    out = tmp_path / "rk.txt"
    run(capsys, "go", "export", seeded, "--rating-commission", "-o", out)
    assert "11 Едемская Зоя 14k RU StP 798 9 555 11 0+ 8-/b7 10+/b2 0- 7-/b9 9-/b8" in \
        out.read_text(encoding="utf-8").splitlines()
    egd, _ = run(capsys, "go", "export", seeded, "--egd")
    assert "; HA[" not in egd and "; KM[6.5]" in egd


def test_user_errors_are_one_line(seeded, capsys):
    _, err = run(capsys, "go", "result", seeded, 1, 9, "1", code=3)
    assert "boards 1 to 5" in err
    _, err = run(capsys, "go", "result", seeded, 1, 4, "7", code=3)
    assert "does not play" in err
    _, err = run(capsys, "go", "result", seeded, 1, 4, "4", "--white", "8", code=3)
    assert "handicap game" in err
    _, err = run(capsys, "go", "refuse", seeded, 3, 2, code=3)
    assert "already paired" in err
    _, err = run(capsys, "go", "settings", seeded, "--komi", "6", code=3)
    assert "half-integer" in err
    _, err = run(capsys, "go", "card", seeded, 99, code=3)
    assert "99" in err


def test_go_commands_refuse_other_systems(cli_data, capsys):
    out, _ = run(capsys, "new", "Chess", "--system", "berger", "--rounds", 3)
    tid = out.strip().splitlines()[-1]
    _, err = run(capsys, "go", "table", tid, code=3)
    assert "not gamma" in err
