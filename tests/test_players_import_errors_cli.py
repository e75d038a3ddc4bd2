"""``hakem players import`` / ``hakem import`` / ``export --trf`` say what and where on their
first line (issue 29, organiser test): the file and the line, then a few more problems each
naming the file; a FIDE rating list is sent to ``hakem lists import``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_ratinglists_registration import hakem
from tests.trf_builder import player_line

pytestmark = pytest.mark.slow  # real hakem processes


def _event(data: Path) -> str:
    return hakem(data, "new", "Imports", "--rounds", "3").stdout.split()[-1]


def test_a_bad_csv_names_the_file_on_the_first_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    tid = _event(data)
    csv = tmp_path / "club.csv"
    csv.write_text("name;rating;fed\nA, B;1500;TUR\nE, F;1600;XXXX\nG, H;99999;TUR\n")
    out = hakem(data, "players", "import", tid, csv, check=False)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 3
    assert lines[0].startswith(f"hakem: {csv}: line 3: ") and "XXXX" in lines[0]  # the file's lines, header = 1
    assert lines[1].startswith(f"{csv}: line 4: ") and "99999" in lines[1] and len(lines) == 2
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("name;rating\nA, B;1500\nC, D;abc\n")
    first = hakem(data, "players", "import", tid, wrong, check=False).stderr.strip().splitlines()[0]
    assert first == f"hakem: {wrong}: line 3: rating 'abc' is not a whole number"


def test_a_fide_rating_list_is_sent_to_lists_import(tmp_path: Path) -> None:
    data = tmp_path / "data"
    tid = _event(data)
    fide = tmp_path / "players_list_foa.txt"
    header = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    fide.write_text(header + "\n" + "".join(
        f"{1234567 + i:<15}{'Doe, John':<61}USA M{'':<31}2100  0   40  2000 0   20 1900 0   20 1980\n" for i in range(30)))
    out = hakem(data, "players", "import", tid, fide, check=False)
    assert out.returncode == 3
    assert out.stderr.strip() == f"hakem: {fide}: this is a FIDE rating list: use hakem lists import, then players add --fide-id"


def test_a_trf_with_many_bad_lines_gives_the_first_and_a_count(tmp_path: Path) -> None:
    data = tmp_path / "data"
    tid = _event(data)
    trf = tmp_path / "many.trf"
    trf.write_text("012 X\n" + "".join(f"ZZ9 garbage {n}\n" for n in range(20)))
    lines = hakem(data, "players", "import", tid, trf, check=False).stderr.strip().splitlines()
    assert lines[0] == f"hakem: {trf}: line 2, column 1: unknown record code 'ZZ9'"
    assert len(lines) == 6 and lines[-1].startswith(f"{trf}: and ")


def test_import_of_a_hostile_trf_names_file_and_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    trf = tmp_path / "hostile.trf"
    trf.write_text("\n".join(["012 Hostile", "142 1", player_line(1, "Bauer, Max", 0, "0.0", 1, []),
                              player_line(2, "Ev\u202eil, Name", 0, "0.0", 2, [])]) + "\n")
    out = hakem(data, "import", trf, check=False)
    assert out.returncode == 3 and len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith(f"hakem: {trf}: line 4, column 15: Name: U+202E RIGHT-TO-LEFT OVERRIDE")


def test_export_warns_naming_the_players_whose_name_is_cut(tmp_path: Path) -> None:
    data = tmp_path / "data"
    tid = _event(data)
    long = "Abcdefghijklmnopqrstuvwxyz, Abcdefg Alpha"
    hakem(data, "players", "add", tid, "--name", long)
    hakem(data, "players", "add", tid, "--name", "Kaya, Can")
    out = hakem(data, "export", tid, "--trf", "-o", tmp_path / "x.trf")
    assert out.stderr.count("\n") == 1 and "warning" in out.stderr and f"1 {long}" in out.stderr
    assert "Kaya" not in out.stderr


def test_the_organisers_club_csv_round_trips_through_trf(tmp_path: Path) -> None:
    """Issue item 1 as the organiser ran it: hakem refused its own TRF (rc 3, "unknown record
    code '   '")."""
    data = tmp_path / "data"
    csv = tmp_path / "club.csv"
    csv.write_text("Name;Vorname;Verein;DWZ;Geburtsjahr\nMüller;Jürgen;SK Weiß-Grün;1750;1970\n")
    tid = hakem(data, "new", "Club CSV", "--rounds", "5").stdout.split()[-1]
    hakem(data, "players", "import", tid, csv)
    hakem(data, "export", tid, "--trf", "-o", tmp_path / "c.trf")
    again = hakem(data, "import", tmp_path / "c.trf").stdout.split()[-1]
    import json

    [player] = json.loads(hakem(data, "players", "list", again, "--format", "json").stdout)["players"]
    assert (player["name"], player["club"], player["birth"]) == ("Müller, Jürgen", "SK Weiß-Grün", "1970")
