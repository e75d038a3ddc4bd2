"""The CLI as organisers in tr/de/ru met it (issue 34, the second fresh-eyes review): clock
times written ``19.30``, birth dates as typed, a second playoff for the same tie, the journal
saying a result was corrected and from what.

Expected values are hand derivations written beside their asserts, or TRF-2026 §001's date
form; nothing is copied from our own output.
"""

from __future__ import annotations

import datetime

import pytest

from core.changes import set_round_schedule
from core.errors import TournamentError
from core.fields import FieldError, birth, clock_time
from core.model import Tournament


# -- 1. one clock parser: 19.30 is half past seven, never 19:00 ----------------------------------
@pytest.mark.parametrize("typed, stored", [("19.30", "19:30"), ("18.45", "18:45"), ("9:05", "09:05"),
                                           ("19:30:00", "19:30"), ("", "")])
def test_clock_times_keep_their_minutes(typed: str, stored: str) -> None:
    assert clock_time(typed) == stored
    t = set_round_schedule(Tournament("x", "Club", total_rounds=3), 2, None, typed)
    assert t.round_time(2) == stored


@pytest.mark.parametrize("typed", ["1930", "7", "25:00", "19 ч 30", "19.3", "19.30.15", "19:60", "noon"])
def test_other_clock_forms_are_refused(typed: str) -> None:
    with pytest.raises(TournamentError):
        set_round_schedule(Tournament("x", "Club", total_rounds=3), 1, None, typed)


def test_the_playoff_clock_reads_the_dotted_form_too() -> None:
    from core.playoff.cup import start_of_day
    from core.playoff.state import parse_start

    assert parse_start("18.45") == 18 * 60 + 45
    assert start_of_day("19.30") == "19:30"


# -- 2. birth dates: the forms hakem prints, ISO, a year; nothing else ---------------------------
TODAY = datetime.date(2026, 12, 7)


@pytest.mark.parametrize("typed, stored", [("07.03.1990", "1990-03-07"), ("1990-03-07", "1990-03-07"),
                                           ("1990/03/07", "1990-03-07"), ("1990", "1990"),
                                           ("1990/00/00", "1990"), ("", "")])
def test_birth_dates_are_stored_as_the_trf_reads_them(typed: str, stored: str) -> None:
    assert birth(typed, TODAY) == stored


@pytest.mark.parametrize("typed", ["вчера", "31.02.1990", "1990-13-01", "19900", "3000", "07.03.2027", "1899"])
def test_impossible_birth_dates_are_refused(typed: str) -> None:
    with pytest.raises(FieldError):
        birth(typed, TODAY)


def test_a_players_birth_date_reaches_the_trf_as_yyyy_mm_dd() -> None:
    """TRF-2026 §001 columns 70–79: the birth date ``YYYY/MM/DD``; 07.03.1990 typed is 1990/03/07."""
    from core.changes import add_player
    from core.trf.writer import write_trf

    t = add_player(Tournament("x", "Club", total_rounds=3), "Дата, Проба", 1400, birth="07.03.1990")
    assert t.players[0].birth == "1990-03-07"
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001"))
    assert line[69:79] == "1990/03/07"
    with pytest.raises(TournamentError):
        add_player(t, "Дата, Проба2", 1400, birth="вчера")


# -- 3. a second playoff for the same tied players ----------------------------------------------
def test_a_second_playoff_for_the_same_players_is_refused_naming_the_first() -> None:
    from core.changes import add_player
    from core.changes.playoff import create_playoff

    t = Tournament("x", "Club", total_rounds=3)
    for name in ("Uslu, Umut", "Ağaoğlu, Leyla", "Şahin, Şule"):
        t = add_player(t, name, 1800)
    t = create_playoff(t, "2", [3, 1, 2], places=3)  # nothing played: all on 0; numbers by name (1 Ağaoğlu … 3 Uslu)
    with pytest.raises(TournamentError, match=r"playoff 2 .*3 Uslu, Umut.*--force"):
        create_playoff(t, "3", [1, 2, 3], places=3)
    assert set(create_playoff(t, "3", [1, 2, 3], places=3, force=True).options["playoffs"]) == {"2", "3"}
    assert set(create_playoff(t, "2", [1, 2, 3], places=3).options["playoffs"]) == {"2"}  # the same key: replaced
