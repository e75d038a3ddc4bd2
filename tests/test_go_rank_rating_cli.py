"""``--rating`` in a Go event (issue 29, second fresh-eyes review, item 6): the CLI took
``--rating 2100`` as the GoR without a word (and with ``--go-rank 1k`` a 1k rated as a 1d).
A rank and a Go rating that disagree are a warning naming both (issue 32's decision, in
``players add``); a chess rating in a Go event is refused naming the Go option.
"""

from __future__ import annotations

import pytest

from core.app import Workspace
from core.cli import main as cli
from core.model import Tournament
from tests.tui_fixtures import store_with


@pytest.fixture()
def gamma(tmp_path):
    [tid] = store_with(tmp_path, Tournament(id="", name="Go evening", system="gamma", total_rounds=4))
    return tmp_path, tid


def test_a_chess_rating_in_a_go_event_is_refused_naming_the_go_option(gamma, capsys):
    data, tid = gamma
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Kaya, Ahmet", "--rating", "2100"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--go-rating" in err[0] and "--rating" in err[0]
    assert Workspace(data).open(tid).snapshot().tournament.players == ()
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Kaya, Ahmet", "--go-rating", "2100"]) == 0


def test_a_chess_rating_in_a_chess_event_stays(tmp_path, capsys):
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=4))
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Kaya, Ahmet", "--rating", "2100"]) == 0
    assert Workspace(tmp_path).open(tid).snapshot().tournament.players[0].rating == 2100
