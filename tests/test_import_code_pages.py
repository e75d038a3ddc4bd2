"""A file that is not UTF-8 is read in the code page its letters tell, or refused (issue 34,
review rev34f 28): a Russian Excel's CSV (Windows-1251) was registered as ``Êóçíåöîâ, Èâàí``.
Every reader of the organiser's files decodes the same way: players import, the club
register's import, a rating list in CSV.

Expected values: the names as written before encoding; the bytes are Python's own codecs'
encoding of them (the code pages of Russian, Turkish and German Windows)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.cli import main
from core.i18n.codepages import code_page
from core.store import Store

RUSSIAN = 'name,rating\n"Кузнецов, Иван",1800\n"Смирнова, Ольга",1700\n'
TURKISH = 'name,rating\n"Öztürk, Işık",1800\n"Şahin, Ayşe",1700\n'
GERMAN = 'name,rating\n"Müller, Jürgen",1800\n"Weiß, Anna",1700\n'
UNTOLD = b'name,rating\n"\xc8\xe2\xe0\xed",1800\n"I\xfe\xfdk",1700\n'
"""Иван in Windows-1251 and Işık in Windows-1254 in one file: one word for each reading."""


@pytest.mark.parametrize(("text", "encoding"), [(RUSSIAN, "cp1251"), (TURKISH, "cp1254"), (GERMAN, "cp1252")])
@pytest.mark.parametrize("language", ["en", "de", "tr", "ru"])
def test_the_letters_tell_the_code_page_whoever_reads(text: str, encoding: str, language: str) -> None:
    chosen = code_page(text.encode(encoding), language)
    assert chosen is not None and text.encode(encoding).decode(chosen) == text


def test_a_file_whose_letters_do_not_tell_is_not_guessed() -> None:
    assert code_page(UNTOLD, "ru") is None and code_page(UNTOLD, "en") is None


def _event(data: Path, capsys) -> str:
    assert main(["--data", str(data), "new", "Import", "--rounds", "3"]) == 0
    return capsys.readouterr().out.split()[-1]


def test_players_import_reads_a_russian_excel_csv(tmp_path: Path, capsys) -> None:
    data, source = tmp_path / "data", tmp_path / "players.csv"
    tid = _event(data, capsys)
    source.write_bytes(RUSSIAN.encode("cp1251"))
    assert main(["--data", str(data), "players", "import", tid, str(source)]) == 0  # an English organiser too
    source.write_bytes(TURKISH.encode("cp1254"))
    assert main(["--data", str(data), "players", "import", tid, str(source)]) == 0
    names = sorted(p.name for p in Store(data).load(tid).tournament.players)
    assert names == sorted(["Кузнецов, Иван", "Смирнова, Ольга", "Öztürk, Işık", "Şahin, Ayşe"])


def test_a_file_in_no_code_page_that_can_be_told_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    data, source = tmp_path / "data", tmp_path / "players.csv"
    tid = _event(data, capsys)
    source.write_bytes(UNTOLD)
    assert main(["--data", str(data), "--lang", "de", "players", "import", tid, str(source)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(source) in err and "UTF-8" in err
    assert Store(data).load(tid).tournament.players == ()


def test_the_club_register_and_a_csv_rating_list_read_it_too(tmp_path: Path, capsys) -> None:
    data, source = tmp_path / "data", tmp_path / "members.csv"
    source.write_bytes(RUSSIAN.encode("cp1251"))
    assert main(["--data", str(data), "members", "import", str(source)]) == 0
    capsys.readouterr()
    assert main(["--data", str(data), "members", "list"]) == 0
    out = capsys.readouterr().out
    assert "Кузнецов, Иван" in out and "Смирнова, Ольга" in out
    listed = tmp_path / "list.csv"
    listed.write_bytes("ID;Name;Std\n1;Кузнецов, Иван;1800\n".encode("cp1251"))
    assert main(["--data", str(data), "lists", "import", str(listed), "--name", "klub", "--format", "csv",
                 "--map", "fide_id=ID,name=Name,standard=Std", "--date", "2026-12"]) == 0
    capsys.readouterr()
    assert main(["--data", str(data), "lists", "search", "кузнецов", "--list", "klub"]) == 0
    assert "Кузнецов, Иван" in capsys.readouterr().out
