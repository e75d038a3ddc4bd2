"""Smaller findings of the Double-Swiss / Swiss Team fresh-eyes review (issue 31, item 10):
a round number outside the event is refused, and ``round show --format json`` always has the
key ``team_byes``."""

from __future__ import annotations

import json

import pytest

from tests.cli_run import run

pytestmark = pytest.mark.usefixtures("cli_data")


def event(capsys, *options: str, players: int) -> str:
    tid = run(capsys, "new", "Club Open", "--rounds", "3", *options)[0].strip().splitlines()[-1]
    for i in range(1, players + 1):
        run(capsys, "players", "add", tid, "--name", f"Player {i:02d}", "--rating", str(2400 - 10 * i))
    return tid


def test_standings_after_a_round_that_is_not_paired_are_refused(capsys):
    """Was: ``--round 99`` printed the final standings, exit 0."""
    tid = event(capsys, players=4)
    shown = json.loads(run(capsys, "round", "pair", tid, "--format", "json")[0])
    for board in shown["boards"]:
        run(capsys, "result", tid, 1, board["board"], "1-0")
    _, err = run(capsys, "standings", tid, "--round", "99", code=3)
    assert err.strip().splitlines() == ["hakem: round 99 is not paired (rounds paired: 1)"]
    run(capsys, "standings", tid, "--round", "1")


def test_round_show_json_always_has_team_byes(capsys):
    """Was: the key was left out when no team had a bye (four teams)."""
    tid = event(capsys, "--system", "swiss-team", "--boards", "2", players=8)
    for k in range(4):
        run(capsys, "teams", "add", tid, "--name", f"Club {k + 1}", "--players", f"{2 * k + 1},{2 * k + 2}")
    run(capsys, "round", "pair", tid)
    shown = json.loads(run(capsys, "round", "show", tid, "1", "--format", "json")[0])
    assert shown["team_byes"] == [] and len(shown["boards"]) == 4
