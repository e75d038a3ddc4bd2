"""Names and player fields as typed or imported (issue 29, organiser test): a sane length,
one Unicode form, no decoding debris; FIDE ids of digits, plausible birth years; a name cut
by the TRF's 33 columns is said.  Expected values from the Unicode data (NFC of U+0075 U+0308
is U+00FC; U+3000 is a space separator, Zs) and TRF-2026's 001 field table (name 15–47)."""

from __future__ import annotations

import datetime

import pytest

from core.changes import add_player
from core.errors import FileProblems, Problem, TournamentError, TrfError
from core.fields import NAME_LIMIT, FieldError, birth, fide_id, name
from core.model import Player, Tournament
from core.trf import parse_tournament, write_trf
from core.trf.writer import cut_names


def test_a_name_over_the_limit_is_refused_naming_its_length() -> None:
    assert NAME_LIMIT == 100
    assert name("x" * 100) == "x" * 100
    with pytest.raises(FieldError, match="5003 characters is too long for a name"):
        name("x" * 5003)
    with pytest.raises(TournamentError, match="101 characters"):
        add_player(Tournament(id="t", name="T"), "y" * 101)


def test_names_are_stored_in_nfc_with_plain_spaces() -> None:
    assert name("Mu\u0308ller, Ju\u0308rgen") == "M\u00fcller, J\u00fcrgen"
    assert name("Yamada\u3000Taro") == "Yamada Taro"
    assert name("Dupont,\u00a0Jean") == "Dupont, Jean"
    t = add_player(Tournament(id="t", name="T"), "Mu\u0308ller, Jo\u3000rg")
    assert t.players[0].name == "M\u00fcller, Jo rg"


def test_the_replacement_character_is_refused_naming_it() -> None:
    with pytest.raises(FieldError, match=r"U\+FFFD REPLACEMENT CHARACTER at position 2"):
        name("M\ufffdller")


@pytest.mark.parametrize("value", ["12ab", "１２３", "46 00001", "123456789012"])
def test_a_fide_id_is_digits_only(value: str) -> None:
    with pytest.raises(FieldError, match="not a FIDE id"):
        fide_id(value)
    with pytest.raises(TournamentError, match="not a FIDE id"):
        add_player(Tournament(id="t", name="T"), "A, B", fide_id=value)


def test_fide_ids_and_birth_years_that_can_be_are_kept() -> None:
    assert fide_id(" 4600001 ") == "4600001" and fide_id("") == ""
    today = datetime.date(2026, 12, 7)
    assert [birth(b, today) for b in ("1900", "2026", "1970-05-04", "", "04.05.1990")] == [
        "1900", "2026", "1970-05-04", "", "1990-05-04"]


@pytest.mark.parametrize("value", ["3000", "1899", "2027", "19700", "0"])
def test_a_birth_year_in_the_future_or_before_1900_is_refused(value: str) -> None:
    with pytest.raises(FieldError):
        birth(value, datetime.date(2026, 12, 7))


def test_a_name_cut_by_the_trf_name_field_is_said_naming_the_players() -> None:
    # columns 15–47 hold 33 characters: these two differ only after the 33rd
    one, two = "Abcdefghijklmnopqrstuvwxyz, Abcdefg Alpha", "Abcdefghijklmnopqrstuvwxyz, Abcdefg Omega"
    t = Tournament(id="t", name="T", total_rounds=1,
                   players=(Player(1, one), Player(2, two), Player(3, "Kaya, Can")))
    [warning] = cut_names(t)
    assert one in warning and two in warning and "Kaya" not in warning and "33" in warning
    names = [p.name for p in parse_tournament(write_trf(t)).players]
    assert names[0] == names[1] == one[:33]  # what the warning is for
    assert cut_names(Tournament(id="t", name="T", players=(Player(1, "x" * 33),))) == []


def test_a_hostile_name_in_a_trf_names_the_line_and_column() -> None:
    from tests.trf_builder import player_line

    text = "\n".join(["012 Hostile", "142 1", player_line(1, "Bauer, Max", 0, "0.0", 1, []),
                      player_line(2, "Ev\u202eil, Name", 0, "0.0", 2, [])]) + "\n"
    with pytest.raises(TrfError) as caught:
        parse_tournament(text, source="hostile.trf")
    first = str(caught.value).splitlines()[0]
    assert first.startswith("hostile.trf: line 4, column 15: ") and "U+202E" in first


def test_a_files_problems_are_the_first_and_a_few_more_then_a_count() -> None:
    problems = [Problem(f"line {n}", "unknown record code 'ZZ9'") for n in range(2, 22)]
    lines = str(FileProblems(problems, source="many.trf")).splitlines()
    assert lines[0] == "many.trf: line 2: unknown record code 'ZZ9'"
    assert lines[1:5] == [f"many.trf: line {n}: unknown record code 'ZZ9'" for n in (3, 4, 5, 6)]
    assert lines[5:] == ["many.trf: and 15 more problems"]
    assert str(FileProblems(problems[:2], source="a.csv")).count("\n") == 1
