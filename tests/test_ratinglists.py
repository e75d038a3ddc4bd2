"""Rating lists: the published layouts read exactly, the index searched, bad files refused.

Every expected value below is written by hand from the small lists the test builds (the
people are invented); the layouts are FIDE's TXT/XML, the DSB and TSF CSV columns and the
EGD fixed columns as published.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.errors import RatingListError
from core.ratinglists import fold
from core.ratinglists.entry import ListEntry
from core.ratinglists.library import available, import_list, open_list, remove_list
from tests.ratinglist_builder import egd_line, fide_txt, fide_xml, zipped

PLAYERS: list[dict[str, object]] = [
    dict(ID="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM", SRtng=2830, SGm=9,
         SK=10, RRtng=2820, RGm=0, Rk=10, BRtng=2880, BGm=5, BK=10, B_day=1990),
    dict(ID="34100001", Name="Ozturk, Ayse", Fed="TUR", Sex="F", Tit="IM", WTit="WGM", SRtng=2405,
         SK=20, RRtng=2390, Rk=20, B_day=2001, Flag="w"),
    dict(ID="4600123", Name="Overflow, Otto", Fed="GER", Sex="M", OTit="IA,FA,IO,FST,DI,NI",
         SRtng=1900, SGm=3, SK=20, B_day=1970, Flag="i"),
    dict(ID="34100002", Name="Kaya, Can", Fed="TUR", Sex="M", B_day=2010),
    dict(ID="34100003", Name="Kayacan, Deniz", Fed="TUR", Sex="M", Tit="FM", SRtng=2301, RRtng=2250,
         BRtng=2199, B_day=1999),
]

EXPECTED = {
    "1503014": ListEntry(name="Carlsen, Magnus", fide_id="1503014", federation="NOR", sex="m",
                         title="GM", birth_year="1990", standard=2830, rapid=2820, blitz=2880,
                         standard_k=10, rapid_k=10, blitz_k=10),
    "34100001": ListEntry(name="Ozturk, Ayse", fide_id="34100001", federation="TUR", sex="w",
                          title="IM", women_title="WGM", birth_year="2001", standard=2405, rapid=2390,
                          standard_k=20, rapid_k=20),
    "4600123": ListEntry(name="Overflow, Otto", fide_id="4600123", federation="GER", sex="m",
                         birth_year="1970", standard=1900, inactive=True, standard_k=20),
    "34100002": ListEntry(name="Kaya, Can", fide_id="34100002", federation="TUR", sex="m", birth_year="2010"),
    "34100003": ListEntry(name="Kayacan, Deniz", fide_id="34100003", federation="TUR", sex="m",
                          title="FM", birth_year="1999", standard=2301, rapid=2250, blitz=2199),
}


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data"
    path.mkdir(mode=0o700)
    return path


def test_fold_ignores_case_and_accents() -> None:
    assert fold("Öztürk, Ayşe") == fold("OZTURK ayse") == "ozturk ayse"
    assert fold("Müller-Lüdenscheidt, Hans") == "muller ludenscheidt hans"
    assert fold("Işık, Gül") == "isik gul"
    assert fold("Straße") == "strasse"
    assert fold("Иванов") != fold("Ivanov")   # transliteration is not attempted


@pytest.mark.parametrize("layout", ["txt", "xml"])
def test_fide_list_read_field_by_field(tmp_path: Path, data: Path, layout: str) -> None:
    if layout == "txt":
        source = zipped(tmp_path / "players_list.zip", "players_list_foa.txt", fide_txt(PLAYERS))
    else:
        source = zipped(tmp_path / "players_list_xml.zip", "players_list_xml_foa.xml", fide_xml(PLAYERS))
    info = import_list(data, str(source), date="2026-12")
    assert (info.name, info.format, info.count, info.date) == (
        "fide", "fide" if layout == "txt" else "fide-xml", 5, "2026-12")
    with open_list(data, "fide") as index:
        for fide_id, expected in EXPECTED.items():
            assert index.by_id(fide_id) == expected
        assert index.by_id("999") is None


def test_overflowing_other_titles_shift_later_columns(tmp_path: Path, data: Path) -> None:
    text = fide_txt(PLAYERS[2:3])
    line = text.splitlines()[1]
    assert line.index("1900") > 117, "the builder wrote the overflow as FIDE does"
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", text)))
    with open_list(data, "fide") as index:
        entry = index.by_id("4600123")
    assert entry is not None and (entry.standard, entry.birth_year, entry.inactive) == (1900, "1970", True)


def test_type_ahead_by_name_and_id(tmp_path: Path, data: Path) -> None:
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", fide_txt(PLAYERS))))
    with open_list(data, "fide") as index:
        names = lambda q: [e.name for e in index.search(q)]
        assert names("kaya") == ["Kaya, Can", "Kayacan, Deniz"]
        assert names("Kaya, C") == ["Kaya, Can"]
        assert names("can kaya") == ["Kaya, Can"]
        assert names("ÖZTÜRK") == ["Ozturk, Ayse"]
        assert names("carlsen m") == ["Carlsen, Magnus"]
        assert names("zz") == []
        assert names("341000") == ["Ozturk, Ayse", "Kaya, Can", "Kayacan, Deniz"]
        assert len(index.search("kaya", limit=1)) == 1


def test_single_kind_list_takes_its_kind_from_the_file_name(tmp_path: Path, data: Path) -> None:
    header = ("ID Number      Name                                                         Fed Sex Tit"
              "  WTit OTit           FOA DEC26 Gms  K  B-day Flag")
    line = "1503014        Carlsen, Magnus" + " " * 46 + "NOR M   GM" + " " * 28 + "2810   4 10 1990"
    source = zipped(tmp_path / "rapid_dec26frl.zip", "rapid_dec26frl.txt", f"{header}\n{line}\n")
    info = import_list(data, str(source), name="fide-rapid")
    assert info.date == "2026-12"
    with open_list(data, "fide-rapid") as index:
        entry = index.by_id("1503014")
    assert entry is not None and (entry.rapid, entry.standard) == (2810, 0)
    assert (entry.rapid_k, entry.standard_k) == (10, 0)   # "10" right-aligned under the one-letter K


def test_dsb_list_in_windows_1252(tmp_path: Path, data: Path) -> None:
    text = ("ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,"
            "Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
            '10101,007,A,"Müller,Hans",M,D,1965,202611,1876,87,1902,,4612345,GER\n'
            '10101,012,P,"Weiß,Grete",W,D,2003,202511,1540,12,0,,0,\n')
    source = tmp_path / "spieler.csv"
    source.write_bytes(text.encode("cp1252"))
    info = import_list(data, str(source))
    assert (info.name, info.count) == ("dsb", 2)
    with open_list(data, "dsb") as index:
        hans = index.by_id("10101-007", "national_id")
        assert hans == ListEntry(name="Müller, Hans", fide_id="4612345", national_id="10101-007",
                                 federation="GER", sex="m", birth_year="1965", standard=1902,
                                 national_rating=1876, club="10101")
        assert [e.name for e in index.search("weis")] == ["Weiß, Grete"]
        grete = index.search("weiss")[0]
        assert (grete.sex, grete.inactive, grete.federation, grete.fide_id) == ("w", True, "GER", "")


def test_tsf_list_in_windows_1254(tmp_path: Path, data: Path) -> None:
    text = ("ID_no;first name;surname;Sex;Birthday;Rtg_Nat\n"
            "123456;Ayşe;Öztürk;K;12.05.2001;1850\n"
            "123457;İsmail;Işık;E;1998;1620\n")
    source = tmp_path / "ukd.csv"
    source.write_bytes(text.encode("cp1254"))
    import_list(data, str(source))
    with open_list(data, "tsf") as index:
        assert index.by_id("123456", "national_id") == ListEntry(
            name="Öztürk, Ayşe", national_id="123456", federation="TUR", sex="w",
            birth_year="2001", national_rating=1850)
        assert [e.name for e in index.search("isik")] == ["Işık, İsmail"]
        assert [e.name for e in index.search("ozturk ayse")] == ["Öztürk, Ayşe"]


def test_csv_with_a_column_mapping(tmp_path: Path, data: Path) -> None:
    from core.ratinglists.formats.csv_list import parse_mapping

    source = tmp_path / "club.csv"
    source.write_text("Nr\tSpieler\tElo\n7\tBauer, Max\t1890\n")
    layout = parse_mapping("national_id=Nr,name=Spieler,national_rating=Elo")
    import_list(data, str(source), name="club", layout=layout)
    with open_list(data, "club") as index:
        assert index.search("bauer") == [ListEntry(name="Bauer, Max", national_id="7", national_rating=1890)]
    with pytest.raises(RatingListError, match="unknown field 'elo'"):
        parse_mapping("name=Spieler,elo=Elo")


def test_egd_list(tmp_path: Path, data: Path) -> None:
    text = "\n".join([
        "European Go Database - all players (28 Nov 2026 09:00)",
        egd_line("10322640", "Aaij", "Pierre", "NL", "Utr", "2k", 2087),
        egd_line("12345678", "Van_Dijk", "Anna_Maria", "NL", "Ams", "3d", 2310),
        egd_line("23456789", "Petrov", "Ivan", "RU", "Msk", "15k", 640),
    ]) + "\n"
    source = tmp_path / "allworld_lp.html"
    source.write_bytes(text.encode("iso-8859-15"))
    info = import_list(data, str(source))
    assert (info.name, info.format, info.date, info.count) == ("egd", "egd", "2026-11-28", 3)
    with open_list(data, "egd") as index:
        assert index.by_id("12345678", "egd_pin") == ListEntry(
            name="Van Dijk, Anna Maria", federation="NED", club="Ams", go_rank="3d", go_rating=2310,
            egd_pin="12345678")
        assert [e.go_rank for e in index.search("p")] == ["15k"]


def _index_bytes(data: Path, name: str) -> tuple[bytes, int]:
    path = data / "lists" / f"{name}.idx"
    return path.read_bytes(), path.stat().st_mtime_ns


def test_bad_files_leave_the_previous_index_intact(tmp_path: Path, data: Path) -> None:
    good = zipped(tmp_path / "good.zip", "players_list_foa.txt", fide_txt(PLAYERS))
    import_list(data, str(good))
    before = _index_bytes(data, "fide")
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(good.read_bytes()[:-60])
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(fide_txt(PLAYERS).encode("utf-16-le"))
    wrong_layout = tmp_path / "wrong.txt"
    wrong_layout.write_text("ZPS,Mgl-Nr,Spielername\n1,2,x\n")
    bad_number = tmp_path / "bad.txt"
    bad_number.write_text(fide_txt(PLAYERS).replace("2830", "28x0"))
    cases = [(truncated, "damaged or truncated zip"), (utf16, "NUL bytes"),
             (wrong_layout, "not a FIDE TXT list"), (bad_number, "line 2: standard rating '28x0'")]
    for path, message in cases:
        with pytest.raises(RatingListError, match=message) as caught:
            import_list(data, str(path), fmt="fide")
        assert str(path) in str(caught.value)
        assert _index_bytes(data, "fide") == before
    assert sorted(os.listdir(data / "lists")) == ["fide.idx"], "no temporary file is left"


def test_a_list_in_utf16_with_a_byte_order_mark_is_read(tmp_path: Path, data: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_bytes(fide_txt(PLAYERS).encode("utf-16"))
    assert import_list(data, str(source)).count == 5


def test_links_in_the_shared_directory_are_not_followed(tmp_path: Path, data: Path) -> None:
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", fide_txt(PLAYERS))))
    victim = tmp_path / "victim.idx"
    victim.write_bytes(b"private")
    (data / "lists" / "fide.idx").unlink()
    (data / "lists" / "fide.idx").symlink_to(victim)
    with pytest.raises(RatingListError, match="cannot open its index"):
        open_list(data, "fide")
    # a new import replaces the link itself; the file it pointed to is untouched
    import_list(data, str(zipped(tmp_path / "l2.zip", "players_list_foa.txt", fide_txt(PLAYERS))))
    assert victim.read_bytes() == b"private"
    assert not (data / "lists" / "fide.idx").is_symlink()
    # the lists directory itself replaced by a link: refused
    other = tmp_path / "elsewhere"
    other.mkdir()
    os.rename(data / "lists", tmp_path / "old-lists")
    (data / "lists").symlink_to(other)
    with pytest.raises(RatingListError, match="not a directory hakem can use"):
        import_list(data, str(zipped(tmp_path / "l3.zip", "players_list_foa.txt", fide_txt(PLAYERS))))
    assert list(other.iterdir()) == []


def test_lists_are_listed_and_removed(tmp_path: Path, data: Path) -> None:
    assert available(data) == []
    import_list(data, str(zipped(tmp_path / "l.zip", "players_list_foa.txt", fide_txt(PLAYERS))),
                user="alice")
    [info] = available(data)
    assert (info.name, info.count, info.imported_by, info.source) == ("fide", 5, "alice", "l.zip")
    remove_list(data, "fide")
    assert available(data) == []
    with pytest.raises(RatingListError, match="no rating list named 'fide'"):
        open_list(data, "fide")
