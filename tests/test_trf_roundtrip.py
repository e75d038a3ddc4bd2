"""TRF reading and writing against files built by hand from the FIDE field table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.model import Board, Bye, ByeKind, Colour, GameResult, RequestedBye, scores
from core.trf import parse_tournament, write_trf
from tests.trf_builder import player_line

# Six players, three rounds played, round 4 holds requested byes; every result code appears:
# 1 = 0 + - W D L H F U Z.  Points worked out by hand (1 / ½ / 0):
# P1 1+0+½ = 1.5   P2 ½+0+½ = 1.0   P3 1+1+0 = 2.0   P4 0+1+1 = 2.0   P5 ½+½+1 = 2.0   P6 0
PLAYERS = [
    (1, "Aktar, Tahsin", 2285, "1.5", 4, [("4", "w", "1"), ("6", "b", "-"), ("2", "w", "D")], "m", "FM", "TUR", "34500123", "1970/05/01"),
    (2, "Yilmaz, Elif", 2190, "1.0", 5, [("5", "w", "="), ("4", "b", "L"), ("1", "b", "D"), ("0000", "-", "H")], "w", "WFM", "TUR", "34500124", "1998/01/31"),
    (3, "Schneider, Jonas", 2234, "2.0", 1, [("6", "w", "+"), ("0000", "-", "U"), ("5", "w", "L")], "m", "", "GER", "4600001", "2001"),
    (4, "Petrova, Anna", 2156, "2.0", 2, [("1", "b", "0"), ("2", "w", "W"), ("0000", "-", "F")], "w", "WIM", "RUS", "", ""),
    (5, "Demir, Mehmet", None, "2.0", 3, [("2", "b", "="), ("0000", "-", "H"), ("3", "b", "W"), ("0000", "-", "Z")], "m", "", "TUR", "", ""),
    (6, "Kruger, Lena", 1650, "0.0", 6, [("3", "b", "-"), ("1", "w", "-"), ("0000", "-", "Z")], "w", "", "GER", "", ""),
]
HEADER = [
    "012 Hand-made Open",
    "022 Ankara",
    "032 TUR",
    "042 2026/11/20",
    "052 2026/11/22",
    "092 Individual: Swiss-System",
    "102 IA Tahsin Aktar",
    "112 FA Deputy One",
    "112 NA Deputy Two",
    "132" + " " * 88 + "26/11/20  26/11/20  26/11/21  26/11/21  26/11/22",
    "122 90'+30\"",
    "XXR 5",
    "XXC white1",
    "XXP 1 6",
    "240 F   5    1",
]


def hand_made(line_ending: str = "\n") -> str:
    lines = HEADER + [player_line(pno, name, rating, pts, rank, rounds, sex=sex, title=title,
                                  fed=fed, fide_id=fid, birth=birth)
                      for pno, name, rating, pts, rank, rounds, sex, title, fed, fid, birth in PLAYERS]
    return line_ending.join(lines) + line_ending


def test_hand_made_file_reads_every_field():
    t = parse_tournament(hand_made())
    assert t.name == "Hand-made Open" and t.place == "Ankara" and t.federation == "TUR"
    assert (t.start_date, t.end_date) == ("2026-11-20", "2026-11-22")
    assert t.chief_arbiter == "IA Tahsin Aktar"
    assert t.deputy_arbiters == ("FA Deputy One", "NA Deputy Two")
    assert t.options["trf_type"] == "Individual: Swiss-System"
    # round dates (record 132) are kept verbatim: round 1 at columns 92-99
    assert t.round_dates == ("2026-11-20", "2026-11-20", "2026-11-21", "2026-11-21", "2026-11-22")
    assert t.total_rounds == 5 and t.initial_colour is Colour.WHITE
    assert t.forbidden == ((1, 6),)
    p1 = t.player(1)
    assert (p1.name, p1.rating, p1.title, p1.federation, p1.fide_id, p1.birth, p1.sex) == (
        "Aktar, Tahsin", 2285, "FM", "TUR", "34500123", "1970-05-01", "m")
    assert t.player(5).rating == 0
    assert len(t.rounds) == 3


def test_every_result_code_becomes_the_right_board_or_bye():
    t = parse_tournament(hand_made())
    r1, r2, r3 = t.rounds
    assert set(r1.boards) == {Board(1, 4, GameResult.WHITE_WINS), Board(2, 5, GameResult.DRAW),
                              Board(3, 6, GameResult.WHITE_FORFEIT_WIN)}
    assert set(r2.boards) == {Board(4, 2, GameResult.WHITE_WINS, unrated=True),
                              Board(6, 1, GameResult.DOUBLE_FORFEIT)}
    assert set(r2.byes) == {Bye(5, ByeKind.HALF), Bye(3, ByeKind.PAB)}
    assert set(r3.boards) == {Board(1, 2, GameResult.DRAW, unrated=True),
                              Board(3, 5, GameResult.BLACK_WINS, unrated=True)}
    assert set(r3.byes) == {Bye(4, ByeKind.FULL), Bye(6, ByeKind.ZERO)}


def test_points_add_up_as_worked_out_by_hand():
    t = parse_tournament(hand_made())
    assert scores(t) == {1: Fraction(3, 2), 2: Fraction(1), 3: Fraction(2), 4: Fraction(2),
                         5: Fraction(2), 6: Fraction(0)}


def test_requested_byes_from_the_next_round_and_record_240():
    t = parse_tournament(hand_made())
    assert set(t.requested_byes) == {RequestedBye(2, 4, ByeKind.HALF), RequestedBye(5, 4, ByeKind.ZERO),
                                     RequestedBye(1, 5, ByeKind.FULL)}


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_any_line_ending_reads_the_same(ending):
    assert parse_tournament(hand_made(ending)) == parse_tournament(hand_made("\n"))


@pytest.mark.parametrize("flavour", ["2026", "16"])
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_export_and_reimport_is_identical(flavour, ending):
    from core.trf.writer import allotted_times

    t = parse_tournament(hand_made())
    again = parse_tournament(write_trf(t, flavour=flavour, line_ending=ending))
    # record 122 is written in the one English form (90'+30" → "90 min + 30 s": the same clock,
    # as every file hakem writes has it); everything else comes back as it was
    assert again == t.with_changes(time_control=allotted_times(t.time_control))
    assert again.time_control == "90 min + 30 s"


def test_written_player_line_has_the_fields_at_the_table_columns():
    t = parse_tournament(hand_made())
    line = next(ln for ln in write_trf(t).splitlines() if ln.startswith("001    1"))
    assert line[4:8] == "   1" and line[9] == "m" and line[10:13] == " FM"
    assert line[14:47].rstrip() == "Aktar, Tahsin" and line[48:52] == "2285"
    assert line[53:56] == "TUR" and line[57:68].strip() == "34500123" and line[69:79] == "1970/05/01"
    assert line[80:84] == " 1.5"
    assert line[91:95] == "   4" and line[96] == "w" and line[98] == "1"
    assert line[101:105] == "   6" and line[106] == "b" and line[108] == "-"


def test_point_systems_and_engine_extensions_round_trip():
    lines = ["012 Points", "BBW 3.0", "BBD 1.0", "BBL 0.0", "BBU 3.0", "XXR 3", "XXA    1  1.0  0.5",
             player_line(1, "A", 2000, "3.0", 1, [("2", "w", "1")]),
             player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")])]
    t = parse_tournament("\n".join(lines))
    assert (t.points.win, t.points.draw, t.points.pab) == (3, 1, 3)
    assert t.options["virtual_points"] == {"1": {"1": "1", "2": "1/2"}}
    for flavour in ("2026", "16"):
        assert parse_tournament(write_trf(t, flavour=flavour)) == t


def test_record_162_sets_the_point_system():
    lines = ["012 x", "162  W 3.0    D 1.0    P 0.5",
             player_line(1, "A", 2000, "1.0", 1, [("2", "w", "=")]),
             player_line(2, "B", 1900, "1.0", 2, [("1", "b", "=")])]
    t = parse_tournament("\n".join(lines))
    assert (t.points.win, t.points.draw, t.points.loss, t.points.pab) == (3, 1, 0, Fraction(1, 2))


def test_fixture_files_from_the_reference_engine_round_trip():
    import glob

    files = sorted(glob.glob("tests/data/trf/reference/*.trf"))
    assert files, "reference TRF files missing"
    for path in files:
        t = parse_tournament(open(path, newline="").read())
        assert parse_tournament(write_trf(t)) == t, path
