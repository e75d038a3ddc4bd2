"""A rating list import keeps the previous list unless the new one is whole, newer and clean
(issue 29, an organiser's fresh-eyes test of the lists).

Expected values are derived by hand from the published layouts: FIDE's TXT header puts the
federation at a fixed column (``Fed`` of :data:`tests.ratinglist_builder.FIDE_HEADER`), every
published line ends with a line end, the DSB's CSV has 15 columns on every line.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from core.errors import RatingListError
from core.ratinglists.formats.csv_list import parse_mapping
from core.ratinglists.formats.source import MAX_LINE
from core.ratinglists.library import check_date, import_list, open_list
from tests.ratinglist_builder import FIDE_HEADER, dsb_csv, fide_line, fide_txt, fide_xml
from tests.test_ratinglists_registration import hakem


def _fide_players(n: int) -> list[dict[str, object]]:
    return [dict(ID=str(34200000 + i), Name=f"Öztürk, Spieler{i}", Fed="TUR", SRtng=1500 + i) for i in range(n)]


def _dsb_players(n: int) -> list[dict[str, object]]:
    return [{"ID": 1 + i, "VKZ": "C0327", "Mgl-Nr": str(1000 + i), "Status": "A",
             "Spielername": f"Öztürk,Çağlar{i}", "Geschlecht": "M", "Geburtsjahr": 1990,
             "DWZ": 1700 + i, "FIDE-Land": "GER"} for i in range(n)]


def _data(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir(mode=0o700, exist_ok=True)
    return path


def _index_bytes(data: Path, name: str) -> bytes:
    return (data / "lists" / f"{name}.idx").read_bytes()


# -- item 1: a cut download ------------------------------------------------------------------
def test_a_fide_list_cut_inside_a_name_is_refused_naming_the_line(tmp_path: Path) -> None:
    data = _data(tmp_path)
    text = fide_txt(_fide_players(4))
    cut = text[:text.index("Öztürk, Spieler3") + len("Öztür")]   # line 5 (header is line 1) ends in the name
    (tmp_path / "cut.txt").write_text(cut, encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 5: the file ends inside this line"):
        import_list(data, str(tmp_path / "cut.txt"), fmt="fide")


def test_a_fide_line_ending_before_the_federation_is_refused(tmp_path: Path) -> None:
    # A line cut short inside the file (it has its line end) but not reaching the federation:
    # the federation's column ends 3 characters after the header word "Fed".
    fed_end = FIDE_HEADER.index("Fed") + 3
    short = fide_line(ID="34200009", Name="Öztürk, Ayşe", Fed="TUR")[:fed_end - 2]
    text = "\n".join([FIDE_HEADER, fide_line(ID="34200001", Name="Kaya, Can", Fed="TUR", SRtng=1811), short]) + "\n"
    (tmp_path / "short.txt").write_text(text, encoding="utf-8")
    with pytest.raises(RatingListError, match=rf"line 3: the line ends at column {fed_end - 2}, .*column {fed_end}\)"):
        import_list(_data(tmp_path), str(tmp_path / "short.txt"), fmt="fide")


def test_a_dsb_list_cut_inside_an_open_quote_or_a_number_is_refused(tmp_path: Path) -> None:
    text = dsb_csv(_dsb_players(3))
    inside_quote = text[:text.index('"Öztürk,Çağlar2') + len('"Öztürk,Ça')]
    (tmp_path / "quote.csv").write_text(inside_quote, encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 4: the file ends inside this line"):
        import_list(_data(tmp_path), str(tmp_path / "quote.csv"), fmt="dsb")
    # cut after the DWZ's first digit: the last line has 10 of the 15 columns and no line end
    cut_dwz = text[:text.index(",1702,") + 2]
    (tmp_path / "dwz.csv").write_text(cut_dwz, encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 4: the file ends inside this line"):
        import_list(_data(tmp_path), str(tmp_path / "dwz.csv"), fmt="dsb")


def test_a_csv_row_missing_columns_or_with_an_open_quote_is_refused_in_any_layout(tmp_path: Path) -> None:
    layout = parse_mapping("national_id=Nr,name=Name,national_rating=Elo")
    (tmp_path / "rows.csv").write_text("Nr;Name;Elo\n1;Kaya, Can;1811\n2;Yılmaz, İrem\n", encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 3: 2 column\(s\), but the list's columns reach to column 3"):
        import_list(_data(tmp_path), str(tmp_path / "rows.csv"), layout=layout)
    # a hand-made CSV may lack the final line end, but not close its quote
    (tmp_path / "open.csv").write_text('Nr;Name;Elo\n1;Kaya, Can;1811\n2;"Yılmaz, İr', encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 3: unreadable CSV \(a quoted field is still open"):
        import_list(_data(tmp_path), str(tmp_path / "open.csv"), layout=layout)
    (tmp_path / "ok.csv").write_text("Nr;Name;Elo\n1;Kaya, Can;1811", encoding="utf-8")
    assert import_list(_data(tmp_path), str(tmp_path / "ok.csv"), layout=layout, name="ok").count == 1


def test_a_cut_download_keeps_the_previous_list_through_the_cli(tmp_path: Path) -> None:
    """The issue's command: ``head -c 1000 big.txt > t.txt; hakem lists import t.txt --name big``."""
    data = _data(tmp_path)
    big = tmp_path / "big.txt"
    big.write_text(fide_txt(_fide_players(300)), encoding="utf-8")
    hakem(data, "lists", "import", big, "--name", "big", "--format", "fide")
    before = _index_bytes(data, "big")
    (tmp_path / "t.txt").write_bytes(big.read_bytes()[:1000])
    proc = hakem(data, "lists", "import", tmp_path / "t.txt", "--name", "big", "--format", "fide", check=False)
    assert proc.returncode == 3 and "the file ends inside this line" in proc.stderr
    assert _index_bytes(data, "big") == before


def test_a_list_shrinking_below_half_is_refused_unless_replace_smaller(tmp_path: Path) -> None:
    # Cut exactly at a line end: every line is whole, only the count tells (300 → 6 players).
    data = _data(tmp_path)
    big = tmp_path / "big.txt"
    big.write_text(fide_txt(_fide_players(300)), encoding="utf-8")
    import_list(data, str(big), fmt="fide", name="big")
    before = _index_bytes(data, "big")
    lines = big.read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "six.txt").write_text("".join(lines[:7]), encoding="utf-8")
    with pytest.raises(RatingListError, match=r"'big' has 300 players; the list imported has only 6 .*--replace-smaller"):
        import_list(data, str(tmp_path / "six.txt"), fmt="fide", name="big")
    assert _index_bytes(data, "big") == before
    (tmp_path / "half.txt").write_text("".join(lines[:151]), encoding="utf-8")   # 150 of 300: not below half
    assert import_list(data, str(tmp_path / "half.txt"), fmt="fide", name="big").count == 150
    assert import_list(data, str(tmp_path / "six.txt"), fmt="fide", name="big", replace_smaller=True).count == 6
    proc = hakem(data, "lists", "import", big, "--name", "big", "--format", "fide")
    assert "300 players" in proc.stdout


# -- item 2: dates ---------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["2026-13", "yesterday", "2026-02-30", "26-12", "2026-1", "2026-00"])
def test_a_list_date_must_be_a_real_month_or_day(text: str) -> None:
    with pytest.raises(RatingListError, match="YYYY-MM or YYYY-MM-DD"):
        check_date(text)


@pytest.mark.parametrize("text", ["2026-12", "2024-02-29", ""])
def test_real_list_dates_are_taken(text: str) -> None:
    assert check_date(text) == text


def test_an_older_list_over_a_newer_one_is_refused_unless_older(tmp_path: Path) -> None:
    data = _data(tmp_path)
    source = tmp_path / "list.txt"
    source.write_text(fide_txt(_fide_players(3)), encoding="utf-8")
    hakem(data, "lists", "import", source, "--format", "fide", "--date", "2026-12")
    proc = hakem(data, "lists", "import", source, "--format", "fide", "--date", "2025-01", check=False)
    assert proc.returncode == 3
    assert "dated 2026-12" in proc.stderr and "dated 2025-01" in proc.stderr and "--older" in proc.stderr
    proc = hakem(data, "lists", "import", source, "--format", "fide", "--date", "2026-13", check=False)
    assert proc.returncode == 3 and "YYYY-MM" in proc.stderr
    with open_list(data, "fide") as index:
        assert index.info.date == "2026-12"
    # the same month, one more precise, is not older; --older replaces
    assert import_list(data, str(source), fmt="fide", date="2026-12-01").date == "2026-12-01"
    assert import_list(data, str(source), fmt="fide", date="2025-01", older=True).date == "2025-01"


# -- item 3: one id held twice in a list -----------------------------------------------------
def test_a_list_holding_an_id_twice_warns_naming_the_id_and_lines(tmp_path: Path) -> None:
    players = _fide_players(4)
    players[3]["ID"] = players[1]["ID"]                     # lines 3 and 5 (the header is line 1)
    (tmp_path / "twice.txt").write_text(fide_txt(players), encoding="utf-8")
    info = import_list(_data(tmp_path), str(tmp_path / "twice.txt"), fmt="fide")
    assert info.warnings == (f"FIDE id {players[1]['ID']} is held by several players (lines 3, 5): "
                             "registering by it is refused",)


def test_an_xml_list_holding_an_id_twice_names_the_players(tmp_path: Path) -> None:
    players = _fide_players(3)
    players[2]["ID"] = players[0]["ID"]                     # the 1st and the 3rd <player>
    (tmp_path / "players_list_xml_foa.xml").write_text(fide_xml(players), encoding="utf-8")
    info = import_list(_data(tmp_path), str(tmp_path / "players_list_xml_foa.xml"))
    assert info.warnings == (f"FIDE id {players[0]['ID']} is held by several players (players 1, 3 of the "
                             "list): registering by it is refused",)


# -- item 6: invisible characters in a list's names ------------------------------------------
def test_invisible_and_control_characters_are_removed_at_import_and_counted(tmp_path: Path) -> None:
    data = _data(tmp_path)
    players = [dict(ID="34200001", Name="Kaya,\u200b Can", Fed="TUR", SRtng=1811),
               dict(ID="34200002", Name="Öz\x1btürk, Ayşe", Fed="TUR", SRtng=2405),
               dict(ID="34200003", Name="Yılmaz, İrem", Fed="TUR", SRtng=2010)]
    (tmp_path / "fide.txt").write_text(fide_txt(players), encoding="utf-8")
    hakem(data, "lists", "import", tmp_path / "fide.txt", "--format", "fide")
    proc = hakem(data, "lists", "import", tmp_path / "fide.txt", "--format", "fide")
    assert "2 name(s) held control or invisible characters, removed" in proc.stderr
    with open_list(data, "fide") as index:
        assert index.by_id("34200001", "fide_id").name == "Kaya, Can"         # type: ignore[union-attr]
        assert index.by_id("34200002", "fide_id").name == "Öztürk, Ayşe"      # ESC removed, not a space
    dsb = _dsb_players(1)
    dsb[0]["Spielername"] = "Mül\u00adler,Hans"                                  # a soft hyphen
    (tmp_path / "spieler.csv").write_text(dsb_csv(dsb), encoding="utf-8")
    hakem(data, "lists", "import", tmp_path / "spieler.csv")
    tid = hakem(data, "new", "Open", "--rounds", "5").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--fide-id", "34200001", "--list", "fide")
    hakem(data, "players", "add", tid, "--national-id", "C0327-1000", "--list", "dsb")
    listed = hakem(data, "players", "list", tid).stdout
    assert "Kaya, Can" in listed and "Müller, Hans" in listed


# -- item 7: --map name= with first_name= ----------------------------------------------------
def test_map_name_with_first_name_joins_them(tmp_path: Path) -> None:
    (tmp_path / "club.csv").write_text("Nr;Name;Vorname;DWZ\n7;Müller;Hans;1650\n", encoding="utf-8")
    layout = parse_mapping("national_id=Nr,name=Name,first_name=Vorname,national_rating=DWZ")
    import_list(_data(tmp_path), str(tmp_path / "club.csv"), layout=layout, name="club")
    with open_list(_data(tmp_path), "club") as index:
        assert index.by_id("7", "national_id").name == "Müller, Hans"  # type: ignore[union-attr]
    with pytest.raises(RatingListError, match="name=Column, or surname=Column,first_name=Column"):
        parse_mapping("national_id=Nr,first_name=Vorname")
    with pytest.raises(RatingListError, match="not name and surname"):
        parse_mapping("name=Name,surname=Nachname,first_name=Vorname")


# -- item 8: hostile sizes -------------------------------------------------------------------
def test_an_overlong_line_is_refused_naming_the_limit(tmp_path: Path) -> None:
    players = _fide_players(2)
    text = fide_txt(players).replace("TUR", "TUR" + "X" * 2_000_000, 1)
    (tmp_path / "long.txt").write_text(text, encoding="utf-8")
    with pytest.raises(RatingListError, match=rf"line 2: longer than {MAX_LINE} bytes"):
        import_list(_data(tmp_path), str(tmp_path / "long.txt"), fmt="fide")


def test_a_zip_unpacking_to_a_thousand_times_its_size_is_refused(tmp_path: Path) -> None:
    # 40 MB of blank lines after a valid list compress about 1,000 times (deflate's ceiling).
    source = tmp_path / "bomb.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("players_list_foa.txt", "w") as member:
            member.write(fide_txt(_fide_players(2)).encode())
            for _ in range(40):
                member.write(b"\n" * 1_000_000)
    assert os.path.getsize(source) < 100_000
    with pytest.raises(RatingListError, match=r"unpacks to \d+ times its packed size; .*at most 100 times"):
        import_list(_data(tmp_path), str(source))


def test_blank_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    # 3 MB of blank lines between two players: the second player's line number counts them.
    lines = fide_txt(_fide_players(2)).splitlines(keepends=True)
    text = lines[0] + lines[1] + "\r\n" * 3_000_000 + lines[2]
    (tmp_path / "blank.txt").write_text(text, encoding="utf-8")
    info = import_list(_data(tmp_path), str(tmp_path / "blank.txt"), fmt="fide")
    assert info.count == 2
    (tmp_path / "blank2.txt").write_text(text.replace("1501", "15x1"), encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line 3000003: standard rating '15x1' is not a number"):
        import_list(_data(tmp_path), str(tmp_path / "blank2.txt"), fmt="fide", name="other")
