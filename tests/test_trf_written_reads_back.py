"""What hakem writes as TRF, hakem reads back with the same meaning (issue 29, organiser test).

The fixed point of ``test_trf_fixed_point`` starts from files; this one starts from the model,
with the players a club event really has: no federation, a national rating only, a club, a
national number without a rating.  Expected values are the players generated, nothing read
from hakem's output.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import TrfError
from core.model import Player, Tournament
from core.trf import parse_tournament, write_trf
from tests.trf_builder import player_line

NAMES = ["Müller, Jürgen", "Yılmaz, İrem", "Иванова, Ольга", "Van der Berg, Jan", "Kaya, Ayşe", "Bauer, Max"]
CLUBS = ["", "C0327", "SK Weiß-Grün", "Ankara Satranç Kulübü", "  ", "TSV 1860 München e.V."]


@st.composite
def players(draw, n: int) -> list[Player]:
    out = []
    for pno in range(1, n + 1):
        out.append(Player(
            pno=pno, name=NAMES[pno - 1],
            rating=draw(st.sampled_from([0, 1500, 2345])),
            national_rating=draw(st.sampled_from([0, 1750, 2044])),
            federation=draw(st.sampled_from(["", "GER", "TUR"])),
            fide_id=draw(st.sampled_from(["", "4600001"])),
            national_id=draw(st.sampled_from(["", "C0327-114", "10862"])),
            club=draw(st.sampled_from(CLUBS)).strip(),
            birth=draw(st.sampled_from(["", "1970", "1998-01-31"])),
            sex=draw(st.sampled_from(["", "m", "w"])),
        ))
    return out


@st.composite
def events(draw) -> Tournament:
    n = draw(st.integers(1, len(NAMES)))
    return Tournament(id="t", name="Club CSV", players=tuple(draw(players(n))), total_rounds=5,
                      federation=draw(st.sampled_from(["", "GER"])))


@settings(max_examples=120, deadline=None)
@given(events())
def test_a_written_file_reads_back_to_the_same_players(t: Tournament) -> None:
    written = write_trf(t)
    back = parse_tournament(written)
    assert back.players == t.players
    assert back.federation == t.federation
    assert write_trf(back) == written
    for line in written.splitlines():  # every record has a code: no blank federation in place of 001
        assert line[:3].strip() and (line[:3] == "###" or line[:3].isalnum())


def test_a_national_rating_without_any_federation_reads_back() -> None:
    """The organiser's case: a club CSV (no federation anywhere), DWZ as national rating.
    Before: an NRS line with a blank code and ``172     FIDE`` — hakem refused its own file."""
    p = Player(1, "Müller, Jürgen", national_rating=1750, club="SK Weiß-Grün", birth="1970")
    written = write_trf(Tournament(id="c", name="Club CSV", players=(p,), total_rounds=5))
    assert not any(line.startswith(("172", "   ")) for line in written.splitlines())
    back = parse_tournament(written).player(1)
    assert (back.national_rating, back.club, back.birth) == (1750, "SK Weiß-Grün", "1970")


def test_the_club_survives_a_round_trip_in_both_flavours() -> None:
    """TRF-2026 has no club field (001: name 15–47, rating 49–52, federation 54–56, FIDE id
    58–68, birth 70–79; NRS lines repeat those columns): the club goes in a comment."""
    t = Tournament(id="d", name="DSB", federation="GER", total_rounds=3, players=(
        Player(1, "Bauer, Max", national_rating=2044, national_id="C0327-114", club="C0327"),
        Player(2, "Kaya, Ayşe", club="C0327"), Player(3, "Demir, Ece", club="B0105")))
    for flavour in ("2026", "16"):
        written = write_trf(t, flavour=flavour)
        assert "### hakem club 1 C0327" in written.splitlines()
        assert [p.club for p in parse_tournament(written).players] == ["C0327", "C0327", "B0105"]


def test_a_club_comment_for_an_unknown_player_is_an_error_naming_its_line() -> None:
    text = "012 X\n142 1\n" + player_line(1, "Bauer, Max", 0, "0.0", 1, []) + "\n### hakem club 7 C0327\n"
    with pytest.raises(TrfError) as caught:
        parse_tournament(text)
    assert "line 4" in str(caught.value.problems[0])


def _finished(extra: str) -> str:
    """Two players, three rounds all played (142 3); ``extra`` after the headers."""
    lines = ["012 Finished", "142 3", extra,
             player_line(1, "Bauer, Max", 0, "2.0", 1, [("2", "w", "1"), ("2", "b", "0"), ("2", "w", "1")]),
             player_line(2, "Kaya, Ayse", 0, "1.0", 2, [("1", "b", "0"), ("1", "w", "1"), ("1", "b", "0")])]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("record, line, column", [("XXZ 2", 3, 5), ("240 Z 004    1", 3, 7), ("240 H 005    2", 3, 7)])
def test_a_bye_for_a_round_beyond_the_event_is_refused(record: str, line: int, column: int) -> None:
    """Before: ``XXZ`` in a finished 3-round event became a 4th-round ``0000 - Z`` cell in a file
    that still said ``142 3``."""
    with pytest.raises(TrfError) as caught:
        parse_tournament(_finished(record))
    assert str(caught.value.problems[0]).startswith(f"line {line}, column {column}:")
