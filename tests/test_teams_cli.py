"""``hakem teams ...``: a club league registered and played from the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from core.cli import main


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))


def hakem(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_league_from_clubs_to_team_standings(capsys) -> None:
    code, out, _ = hakem(capsys, "new", "Club League", "--system", "berger", "--rounds", "3")
    tid = out.strip().splitlines()[-1]
    clubs = ["Ankara SK", "Berlin SC", "Kazan ShK", "Izmir GSK"]
    for i in range(8):  # two players per club; ratings fall with i
        assert hakem(capsys, "players", "add", tid, "--name", f"Player {i + 1}", "--rating",
                     str(2300 - 10 * i), "--club", clubs[i % 4])[0] == 0
    code, out, _ = hakem(capsys, "teams", "from-clubs", tid)
    assert code == 0 and out.strip() == "4 teams"
    code, out, _ = hakem(capsys, "teams", "list", tid, "--format", "json")
    teams = json.loads(out)["teams"]
    assert [t["name"] for t in teams] == ["Ankara SK", "Berlin SC", "Izmir GSK", "Kazan ShK"]
    assert all(len(t["members"]) == 2 for t in teams)
    # board order = ranking order inside the club: board 1 is the stronger player
    assert [m["name"] for m in teams[0]["members"]] == ["Player 1", "Player 5"]
    # errors name what is wrong and change nothing
    code, _, err = hakem(capsys, "teams", "add", tid, "--name", "ankara sk", "--players", "1")
    assert code == 3 and "already a team called 'Ankara SK'" in err
    code, _, err = hakem(capsys, "teams", "roster", tid, "9", "--players", "1,2")
    assert code == 3 and "there is no team 9" in err
    code, _, err = hakem(capsys, "teams", "roster", tid, "1", "--players", "1,x")
    assert code == 3 and "--players '1,x'" in err
    # play the league: every board won by White
    for rnd in range(1, 4):
        code, out, err = hakem(capsys, "round", "pair", tid, "--format", "json")
        assert code == 0, err
        boards = json.loads(out)["boards"]
        assert len(boards) == 4  # two matches of two boards
        for b in range(1, len(boards) + 1):
            assert hakem(capsys, "result", tid, str(rnd), str(b), "1-0")[0] == 0
    code, out, _ = hakem(capsys, "standings", tid, "--format", "json")
    rows = json.loads(out)["players"]
    assert len(rows) == 4  # teams are ranked
    # each match splits 1-1 (board 1 and board 2 alternate colours), so every team has 3 MP
    assert sorted(Fraction(r["points"]) for r in rows) == [3, 3, 3, 3]
