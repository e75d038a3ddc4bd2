"""One person, however a language spells the name (issue 34, reviews rev34f 3, 9, 23 and
rev34e F-x): the duplicate check of an event, the club register's and the rating-list search
compare names by the same keys the type-ahead searches by (:func:`core.i18n.collation.name_keys`).

Expected values by hand, from the languages' rules: German writes ü, ö, ä out as ue, oe, ae
(Müller = Mueller, Öztürk = Oeztuerk, Jäger = Jaeger) and transliterates Russian by the Duden
rules (в w, ш sch, ч tsch, щ schtsch, ё jo: Иванов = Iwanow, Ёлкин = Jolkin, Шевчук =
Schewtschuk, Щукин = Schtschukin); English by BGN/PCGN (Ivanov, Yolkin, Shevchuk,
Shchukin); a Russian arbiter writes German and Turkish names as they sound (w в, sch ш, ei
ай, ü ю, ı ы: Wagner вагнер, Schneider шнайдер, Weiß вайс, Krüger крюгер, Müller мюллер,
Öztürk озтюрк, Yılmaz йылмаз).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.app import Workspace
from core.club.members import Member
from core.duplicates import ProbableDuplicate, ProbableMember, refuse_duplicate
from core.i18n.collation import matches, same_name
from core.model import Player, Tournament

REGISTERED = (Player(1, "Иванов, Иван", rating=2200), Player(2, "Ёлкин, Пётр", rating=2150),
              Player(3, "Шевчук, Анна", rating=2000), Player(4, "Öztürk, Ömer", rating=2210),
              Player(5, "Müller, Hans", rating=2100), Player(6, "Jäger, Jörg", rating=1800))
EVENT = Tournament(id="", name="Proba", total_rounds=5, players=REGISTERED)


@pytest.mark.parametrize(("typed", "pno"), [
    ("Iwanow, Iwan", 1), ("Ivanov, Ivan", 1), ("Jolkin, Pjotr", 2), ("Yolkin, Pyotr", 2), ("Elkin, Petr", 2),
    ("Schewtschuk, Anna", 3), ("Shevchuk, Anna", 3), ("Oeztuerk, Oemer", 4), ("Ozturk, Omer", 4),
    ("Озтюрк, Омер", 4), ("Mueller, Hans", 5), ("Muller, Hans", 5), ("Мюллер, Ханс", 5), ("Jaeger, Joerg", 6),
])
def test_every_spelling_of_a_registered_player_is_a_probable_duplicate(typed: str, pno: int) -> None:
    rating = next(p.rating for p in REGISTERED if p.pno == pno)
    with pytest.raises(ProbableDuplicate) as asked:
        refuse_duplicate(EVENT, {"name": typed, "rating": rating})
    assert asked.value.pno == pno


@pytest.mark.parametrize(("a", "b"), [
    ("Kaya, Can", "Kaya, Cem"), ("Ivanov, Ivan", "Ivanova, Irina"), ("Müller, Hans", "Miller, Hans"),
    ("Weiß, Anna", "Weise, Anna"), ("Schneider, Jonas", "Schröder, Jonas"),
])
def test_other_names_stay_other_people(a: str, b: str) -> None:
    assert not same_name(a, b)


@pytest.mark.parametrize(("query", "name"), [
    ("вагнер", "Wagner, Paul"), ("шнайдер", "Schneider, Jonas"), ("крюгер", "Krüger, Lena"),
    ("мюллер", "Müller, Jürgen"), ("мюллер", "Mueller, Hans"), ("озтюрк", "Öztürk, Sibel"),
    ("йылмаз", "Yılmaz, Ali"), ("вайс", "Weiß, Eva"), ("вайс", "Weiss, Eva"),
    ("mueller", "Müller, Hans"), ("iwanow", "Иванов, Иван"), ("jolkin", "Ёлкин, Пётр"),
    ("shevchuk", "Şevçuk, Anna"), ("Шевчук", "Şevçuk, Anna"), ("jaeger", "Jäger, Jörg"),
    ("schtschukin", "Щукин"), ("shchukin", "Щукин"), ("muel", "Müller"), ("schn", "Schneider"),
])
def test_the_search_finds_the_spellings_a_russian_or_german_arbiter_types(query: str, name: str) -> None:
    assert matches(query, name)


def test_the_club_register_refuses_a_member_spelled_another_way(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "data")
    ws.add_member(Member(id=0, name="Müller, Hans", birth_year=1980))
    ws.add_member(Member(id=0, name="Иванов, Иван", birth_year=1990))
    for typed, year in (("Mueller, Hans", 1980), ("Iwanow, Iwan", 1990), ("Мюллер, Ханс", 1980)):
        with pytest.raises(ProbableMember):
            ws.add_member(Member(id=0, name=typed, birth_year=year))
    assert [m.name for m in ws.search_members("mueller")] == ["Müller, Hans"]
    assert [m.name for m in ws.search_members("iwanow")] == ["Иванов, Иван"]


def test_a_rating_list_finds_every_spelling_and_an_empty_search_says_so(tmp_path: Path, capsys) -> None:
    from core.ratinglists.entry import ListEntry
    from core.ratinglists.index import ListIndex, write_index

    path = tmp_path / "list.idx"
    with path.open("wb") as out:
        write_index(out, [ListEntry("Müller, Hans", fide_id="1"), ListEntry("Иванов, Иван", national_id="2"),
                          ListEntry("Ёлкин, Пётр", national_id="3"), ListEntry("Şevçuk, Anna", fide_id="4"),
                          ListEntry("Jäger, Jörg", fide_id="5"), ListEntry("Öztürk, Ömer", fide_id="6"),
                          ListEntry("Щукин, Олег", national_id="7")], {"format": "test"})
    with ListIndex(os.open(path, os.O_RDONLY), "test") as index:
        for query, name in (("mueller", "Müller, Hans"), ("iwanow", "Иванов, Иван"), ("ivanov", "Иванов, Иван"),
                            ("jolkin", "Ёлкин, Пётр"), ("yolkin", "Ёлкин, Пётр"), ("shevchuk", "Şevçuk, Anna"),
                            ("Шевчук", "Şevçuk, Anna"), ("jaeger", "Jäger, Jörg"), ("oeztuerk", "Öztürk, Ömer"),
                            ("Озтюрк", "Öztürk, Ömer"), ("schtschukin", "Щукин, Олег"), ("shchukin", "Щукин, Олег")):
            assert [e.name for e in index.search(query)] == [name], query
        assert index.by_id("1").name == "Müller, Hans"  # the aliases hold no ids: one entry per id
        assert index.info.count == 7


def test_lists_search_without_a_match_says_so(tmp_path: Path, capsys) -> None:
    from core.cli import main

    source = tmp_path / "klub.csv"
    source.write_text("ID;Name;Std\n1;Müller, Hans;2100\n", encoding="utf-8")
    data = str(tmp_path / "data")
    assert main(["--data", data, "lists", "import", str(source), "--name", "klub", "--format", "csv",
                 "--map", "fide_id=ID,name=Name,standard=Std", "--date", "2026-12"]) == 0
    capsys.readouterr()
    assert main(["--data", data, "lists", "search", "mueller", "--list", "klub"]) == 0
    assert "Müller, Hans" in capsys.readouterr().out
    assert main(["--data", data, "--lang", "de", "lists", "search", "petrow", "--list", "klub"]) == 0
    assert capsys.readouterr().out == "keine Treffer für „petrow“ in der Wertungsliste „klub“\n"
