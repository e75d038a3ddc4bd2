"""A CSV import names every bad line in one run (issue 29, second fresh-eyes review, item 10):
four bad lines took three runs (the reader's errors, then the names, then the fields), ``-40``
was "not a whole number", and lines were counted as file lines by one check and as entries by
another.

Expected values: the line numbers of the file below, counted from its header (line 1).
"""

from __future__ import annotations

from core.app import Workspace
from core.cli import main as cli
from core.model import Tournament
from tests.tui_fixtures import store_with

CSV = 'name,rating\n"Kaya, Can",1500\ny,1400\n"Bauer, Max",abc\nhttps://example.org/a,1200\n'


def test_every_bad_line_is_named_in_one_run(tmp_path, capsys):
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5))
    path = tmp_path / "players.csv"
    path.write_text(CSV, encoding="utf-8")
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "import", tid, str(path)]) == 3
    err = capsys.readouterr().err
    assert "line 3: Name: «y» is not a player's name" in err
    assert "line 4: rating 'abc' is not a whole number" in err
    assert "line 5: Name: «https://example.org/a» is not a player's name: it is a web address" in err
    assert "line 2" not in err and "entry" not in err
    assert Workspace(tmp_path).open(tid).snapshot().tournament.players == ()
    path.write_text('name,rating\n"Kaya, Can",1500\n"Demir, Ece",-40\n', encoding="utf-8")
    assert cli(["--data", str(tmp_path), "players", "import", tid, str(path)]) == 3
    assert "rating -40 must be a whole number from 0 to 4000" in capsys.readouterr().err
