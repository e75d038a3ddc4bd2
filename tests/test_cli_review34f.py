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
from tests.test_cli_review34e import data, organiser, run  # noqa: F401 (fixtures and the CLI runner)


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


# -- 4. the journal says a result was corrected, from what, and the boards a cup added -----------
def test_a_correction_is_journalled_with_the_old_result_in_the_readers_words(data) -> None:  # noqa: F811
    """A cup of four (numbers by name: 1 A … 4 D; semi-finals 1–4 and 2–3 of two games each,
    board 1 is game 1 of 4 D – 1 A, board 3 its game 2 with colours reversed).  Both games of
    the first match drawn (who has White in game 1 is drawn by lot, so either order): the match is level, so the round gets two extension boards (5, 6);
    correcting board 3 to 1-0 decides the match and removes them."""
    code, out, err = run("new", "Cup", "--system", "knockout")
    assert code == 0, err
    tid = out.strip().splitlines()[-1]
    for name in ("P, A", "P, B", "P, C", "P, D"):
        assert run("players", "add", tid, "--name", name, "--rating", "2000")[0] == 0
    assert run("round", "pair", tid)[0] == 0
    assert run("result", tid, "1", "1", "1/2")[0] == 0
    assert run("result", tid, "1", "3", "1/2")[0] == 0
    assert run("result", tid, "1", "3", "1-0", "--correct")[0] == 0
    expected = {  # glossary: correction/Korrektur/исправление, round, board; ½-½ as the boards show it
        "tr": ("tur 1, masa 3: 1 P, A – 4 P, D ½-½; 1. tur: 5, 6 numaralı masalar eklendi (maç berabere)",
               "düzeltme: tur 1, masa 3: 1 P, A – 4 P, D ½-½ → 1-0; 1. tur: 5, 6 numaralı masalar kaldırıldı"),
        "de": ("Runde 1, Brett 3: 1 P, A – 4 P, D ½-½; Runde 1: Bretter 5, 6 hinzugefügt (der Wettkampf steht",
               "Korrektur Runde 1, Brett 3: 1 P, A – 4 P, D ½-½ → 1-0; Runde 1: Bretter 5, 6 entfernt"),
        "ru": ("тур 1, доска 3: 1 P, A – 4 P, D ½-½; тур 1: добавлены доски 5, 6",
               "исправление: тур 1, доска 3: 1 P, A – 4 P, D ½-½ → 1-0; тур 1: доски 5, 6 удалены"),
    }
    for lang, (added, corrected) in expected.items():
        code, out, err = run("--lang", lang, "log", tid)
        assert code == 0, err
        lines = [line.replace("4 P, D – 1 P, A", "1 P, A – 4 P, D") for line in out.splitlines()]
        assert added in lines[-2] and corrected in lines[-1], (lang, lines[-2:])
    assert run("undo", tid)[0] == 0
    code, out, _err = run("--lang", "de", "log", tid)
    out = out.replace("4 P, D – 1 P, A", "1 P, A – 4 P, D")
    assert "Korrektur Runde 1, Brett 3: 1 P, A – 4 P, D ½-½ → 1-0" in out.splitlines()[-1]  # the undo names it


# -- 7. words: the Turkish board message, the Russian standings' title ---------------------------
def test_the_turkish_board_message_says_which_board_is_missing(data) -> None:  # noqa: F811
    """Round 1 of four players has boards 1 and 2: board 9 is the one missing ("9. masa yok"),
    not boards 1–2 (the old words read "masalar 1–2, 9 yok")."""
    from tests.test_cli_review34e import russian_event

    tid = russian_event()
    code, _out, err = run("--lang", "tr", "result", tid, "1", "9", "1-0")
    assert code == 3 and err.strip() == "hakem: 1. turda 9. masa yok (masalar 1–2)", err


def test_russian_standings_are_the_players_standing_not_the_regulations(data) -> None:  # noqa: F811
    """Glossary #101: standings = «положение участников»; «Положение» alone is the regulations (#2)."""
    from tests.test_cli_review34e import russian_event

    tid = russian_event()
    code, out, err = run("--lang", "ru", "report", tid, "standings")
    assert code == 0, err
    assert out.splitlines()[0].strip() == "Положение участников"


# -- 6. an Armageddon's unequal clocks in the organiser's words ----------------------------------
@pytest.mark.parametrize("typed", ["W300-B240", "Beyaz 5 dk, Siyah 4 dk", "Weiß 5 Min., Schwarz 4 Min.",
                                   "белые 5 мин, чёрные 4 мин", "White 5 min, Black 4 min", "B300-S240",
                                   "W300-S240", "Б300-Ч240", "Siyah 4 dk, Beyaz 5 dk"])
def test_armageddon_clocks_are_read_in_every_language(typed: str) -> None:
    """Glossary #137: White 5 minutes, Black 4 — 300 and 240 seconds (TRF-2026 code W300-B240)."""
    from core.playoff.timecontrol import TimeControl

    assert TimeControl.parse(typed) == TimeControl(300, 0, 240)


def test_armageddon_clocks_keep_one_increment() -> None:
    from core.playoff.timecontrol import TimeControl, TimeControlError

    assert TimeControl.parse("Weiß 5 Min. + 2 Sek., Schwarz 4 Min. + 2 Sek.") == TimeControl(300, 2, 240)
    for typed in ("Beyaz 5 dk, Beyaz 4 dk", "5 dk / 4 dk", "W300+2-B240"):
        with pytest.raises(TimeControlError):
            TimeControl.parse(typed)


# -- 5. hakem playoff's text: games and lots in words, short ids, names --------------------------
def test_the_playoff_text_names_games_and_lots_in_words(data) -> None:  # noqa: F811
    """Three players tied (nothing played: all on 0) play a round robin at 5 min + 3 s; all
    three games drawn, so each pair plays an Armageddon (glossary #137) whose colours a lot
    gives to one of its two players."""
    code, out, err = run("new", "Rundenturnier", "--rounds", "1")
    tid = out.strip().splitlines()[-1]
    for name in ("Ünal, Zeynep", "Weiß, Anna", "Öztürk, Ömer"):
        assert run("players", "add", tid, "--name", name, "--rating", "2000")[0] == 0
    code, out, err = run("--lang", "de", "playoff", tid, "--players", "1,2,3", "--places", "3",
                         "--time-control", "5 Min. + 3 Sek.", "--start", "18.30")
    assert code == 0, err
    stage = out.splitlines()[0]
    assert "5 Min. + 3" in stage and "3+3" not in stage and "300+3" not in stage, stage
    games = [line.split()[0] for line in out.splitlines() if line.startswith("c1r")]
    assert games == ["c1r1b1", "c1r2b1", "c1r3b1"], out  # the short ids --result takes
    for game in games:
        code, out, err = run("--lang", "de", "playoff", tid, "--result", game, "½-½")
        assert code == 0, err
    assert "p." not in out and "seed" not in out, out
    assert out.count("Armageddon-Partie") == 3 and "Wettkampf 1: Armageddon-Partie" in out, out
    lots = out[out.index("Lose:"):].splitlines()[1:4]
    assert all(any(n in line for n in ("Ünal", "Weiß", "Öztürk")) and ":" in line for line in lots), lots
    assert not any("→" in line for line in lots)


def test_the_dry_run_and_the_missing_playoff_speak_the_language(data) -> None:  # noqa: F811
    code, out, err = run("--lang", "ru", "playoff", "--tied", "3", "--places", "1", "--start", "18:00")
    assert code == 0, err
    assert "seed" not in out and "winner of" not in out, out
    from tests.test_cli_review34e import russian_event

    tid = russian_event(paired=False)
    code, _out, err = run("--lang", "de", "playoff", tid, "--key", "7")
    assert code == 3 and "PNO" not in err and "--players NR,NR,... --places ANZAHL" in err, err
