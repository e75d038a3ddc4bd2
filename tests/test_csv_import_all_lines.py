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


def test_the_fields_the_registration_refuses_are_named_by_line_in_the_first_run(tmp_path, capsys):
    """Title, federation, FIDE id and year of birth were checked only once the reader found
    nothing, and named "entry N": a second run, other numbers.  Each bad line below is named
    by its line in the file, with its field, in the one run; nothing is imported."""
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5))
    path = tmp_path / "players.csv"
    path.write_text('name,rating,title,fed,fide id,birth\n'
                    '"Kaya, Can",1500,FMA,TUR,,1990\n'     # line 2: title
                    '"Ak, Bo",1400,FM,XXY,,1991\n'         # line 3: federation
                    '"Bauer, Max",abc,,GER,,\n'            # line 4: rating
                    '"Ek, Ali",1300,,,12ab,3000\n'         # line 5: FIDE id and birth
                    'y,1200,,,,\n'                         # line 6: name
                    '"Good, One",1250,,TUR,,2000\n', encoding="utf-8")
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "import", tid, str(path)]) == 3
    err = capsys.readouterr().err
    said = [line.split(f"{path}: ", 1)[1] for line in err.splitlines() if f"{path}: line" in line]
    assert [s.split(":")[0] for s in said] == ["line 2", "line 3", "line 4", "line 5", "line 6"]
    assert "unknown title 'FMA'" in said[0]
    assert said[1].startswith("line 3: Federation: 'XXY'")
    assert said[2] == "line 4: rating 'abc' is not a whole number"
    assert "FIDE id: '12ab'" in said[3] and "Birth: year of birth 3000" in said[3]
    assert said[4].startswith("line 6: Name: «y»")
    assert "entry" not in err
    assert Workspace(tmp_path).open(tid).snapshot().tournament.players == ()
