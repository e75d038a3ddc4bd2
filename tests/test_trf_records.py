"""One test per TRF-2026 / TRF16 record and per case of issue 21, on small files written by
hand from the field tables of the TRF-2026 text (columns given in each test)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import TrfError
from core.model import Board, Bye, ByeKind, ForbiddenRange, GameResult, RequestedBye, Round, Tournament
from core.model import Player, scores
from core.trf import parse_tournament, read_tournament, write_trf
from tests.trf_builder import player_line, put

# Two players, one game: 1 beat 2 with White.
P1 = player_line(1, "Aktar, Tahsin", 2285, "1.0", 1, [("2", "w", "1")])
P2 = player_line(2, "Yilmaz, Elif", 2190, "0.0", 2, [("1", "b", "0")])


def read(*lines: str) -> Tournament:
    return parse_tournament("\n".join(["012 Records", *lines]) + "\n")


def problems(*lines: str) -> list[str]:
    with pytest.raises(TrfError) as info:
        read(*lines)
    return [str(p) for p in info.value.problems]


def at(first_col: int, text: str, code: str) -> str:
    line: list[str] = []
    put(line, 1, code)
    put(line, first_col, text)
    return "".join(line)


# --- 132 round dates ---------------------------------------------------------------------------

def test_132_round_dates_are_read_from_columns_92_and_102() -> None:
    line: list[str] = []
    put(line, 1, "132")
    put(line, 92, "26/05/04")
    put(line, 102, "26/05/05")
    t = read("".join(line), "142 3", P1, P2)
    assert t.round_dates == ("2026-05-04", "2026-05-05")


def test_132_is_written_as_yy_mm_dd_at_the_round_columns() -> None:
    t = read("142 3", P1, P2).with_changes(round_dates=("2026-05-04", "", "2026-05-06"))
    line = next(x for x in write_trf(t).splitlines() if x.startswith("132"))
    assert line[91:99] == "26/05/04" and line[101:109].strip() == "" and line[111:119] == "26/05/06"
    assert read(*write_trf(t).splitlines()[1:]).round_dates == t.round_dates


def test_132_with_a_non_date_is_an_error() -> None:
    line: list[str] = []
    put(line, 1, "132")
    put(line, 92, "26/13/04")
    assert problems("".join(line), P1, P2) == [
        "line 2, column 92: round 1: '26/13/04' is not a date (record 132 writes YY/MM/DD)"]


# --- 142 / XXR ---------------------------------------------------------------------------------

def test_number_of_rounds_smaller_than_the_rounds_played_is_refused() -> None:
    p1 = player_line(1, "A", 2000, "2.0", 1, [("2", "w", "1"), ("2", "b", "1")])
    p2 = player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0"), ("1", "w", "0")])
    assert problems("XXR 1", p1, p2) == [
        "line 2, column 5: the file holds 2 rounds, but the number of rounds is 1"]


def test_142_and_xxr_must_agree() -> None:
    assert problems("142 5", "XXR 7", P1, P2) == [
        "line 3, column 5: number of rounds 7 contradicts 5 given before"]


# --- 152 / XXC, 162 / BB* / XXS ----------------------------------------------------------------

def test_152_and_xxc_give_the_initial_colour() -> None:
    from core.model import Colour

    assert read("152 B", P1, P2).initial_colour is Colour.BLACK
    assert read("XXC white1", P1, P2).initial_colour is Colour.WHITE


def test_162_codes_at_column_6_and_every_9_columns() -> None:
    # W at col 6 (3.0 at 7-10), D at col 15 (1.0 at 16-19), A at col 24 (0.0 at 25-28)
    t = read("162  W 3.0    D 1.0    A 0.0", player_line(1, "A", 2000, "3.0", 1, [("2", "w", "1")]),
             player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")]))
    assert (t.points.win, t.points.draw, t.points.zero_bye, t.points.pab) == (3, 1, 0, 3)
    line = next(x for x in write_trf(t).splitlines() if x.startswith("162"))
    assert line[5] == "W" and line[6:10] == " 3.0" and line[14] == "D" and line[15:19] == " 1.0"


def test_xxs_javafo_point_system() -> None:
    t = read("XXS WW=3 BW=3 WD=1 BD=1 PAB=1", player_line(1, "A", 2000, "3.0", 1, [("2", "w", "1")]),
             player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")]))
    assert (t.points.win, t.points.draw, t.points.pab) == (3, 1, 1)
    assert problems("XXS WW=3 BW=2", P1, P2)[0].startswith("line 2, column 10: XXS: BW and WW differ")


# --- 192 tournament type -----------------------------------------------------------------------

@pytest.mark.parametrize("code, system, baku", [
    ("FIDE_DUTCH_2025", "dutch", None), ("FIDE_DUTCH_2025_BAKU", "dutch", "baku"),
    ("FIDE_DUTCH_BAKU", "dutch", "baku"), ("FIDE_BURSTEIN_BAKU", "burstein", "baku"),
    ("FIDE_DUBOV", "dubov", None), ("FIDE_DUTCH_2017", "dutch-2017", None),
    ("BERGER_ROUNDROBIN", "berger", None), ("FIDE_DOUBLEROUNDROBIN", "double-berger", None),
])
def test_192_sets_the_system_and_baku_acceleration(code: str, system: str, baku: str | None) -> None:
    t = read(f"192 {code}", P1, P2)
    assert (t.system, t.acceleration) == (system, baku)


def test_192_unknown_code_is_an_error() -> None:
    assert problems("192 FIDE_LIM", P1, P2) == ["line 2, column 5: record 192: unknown tournament type 'FIDE_LIM'"]


def test_round_robin_keeps_its_type_and_its_tie_breaks() -> None:
    """C.07 Art. 15: in pre-determined pairings (round robins) a forfeit counts as played.
    Written and read back, a round robin must still be one, or its tie-breaks change."""
    from core.tiebreaks.context import build_context

    p1 = player_line(1, "A", 2000, "2.0", 1, [("2", "w", "+"), ("3", "b", "1")])
    p2 = player_line(2, "B", 1900, "1.0", 2, [("1", "b", "-"), ("0000", "-", "U")])
    p3 = player_line(3, "C", 1800, "1.0", 3, [("0000", "-", "U"), ("1", "w", "0")])
    rr = read("192 BERGER_ROUNDROBIN", "142 3", p1, p2, p3).with_changes(system="berger")
    again = parse_tournament(write_trf(rr))
    assert again == rr and again.system == "berger" and build_context(again).round_robin
    assert not build_context(read("142 3", p1, p2, p3)).round_robin  # no 192: a Swiss


# --- 202 / 212 tie-breaks, 222 time control ----------------------------------------------------

def test_202_tie_break_list_round_trips() -> None:
    t = read("202 BH/C1,BH,SB", P1, P2)
    assert t.tiebreaks == ("BH/C1", "BH", "SB")
    assert "202 BH/C1,BH,SB" in write_trf(t).splitlines()


def test_222_encoded_time_control() -> None:
    for code in ("5400+30", "40/6000+30:900+30", "W300-B240", "3600"):
        t = read(f"222 {code}", P1, P2)
        assert t.time_control_code == code and f"222 {code}" in write_trf(t).splitlines()
    assert problems("222 90+30 min", P1, P2)[0].startswith("line 2, column 5: record 222: '90+30 min'")


# --- 240 byes, XXZ -----------------------------------------------------------------------------

def test_240_byes_for_later_rounds() -> None:
    t = read("142 4", "240 H   3    1    2", P1, P2)
    assert set(t.requested_byes) == {RequestedBye(1, 3, ByeKind.HALF), RequestedBye(2, 3, ByeKind.HALF)}
    again = parse_tournament(write_trf(t))
    assert again.requested_byes == t.requested_byes


def test_xxz_absent_in_the_round_to_be_paired() -> None:
    assert read("142 3", "XXZ 2", P1, P2).requested_byes == (RequestedBye(2, 2, ByeKind.ZERO),)


# --- absences in the round to be paired --------------------------------------------------------

@pytest.mark.parametrize("cell", [("0000", "-", "Z"), ("0000", "-", "-"), ("", "-", "-"), ("", "-", " ")])
def test_absence_in_the_round_to_be_paired_in_every_spelling(cell: tuple[str, str, str]) -> None:
    """Round 2 column of player 2: ``0000 - Z``, ``0000 - -``, ``     - -``, ``     -  ``."""
    p2 = player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0"), cell])
    p3 = player_line(3, "C", 1800, "1.0", 3, [("0000", "-", "U")])
    t = read("142 3", P1, p2, p3)
    assert len(t.rounds) == 1
    assert t.requested_byes == (RequestedBye(2, 2, ByeKind.ZERO),)


def test_absence_written_0000_minus_in_a_played_round_comes_back_exactly() -> None:
    p3 = player_line(3, "C", 1800, "0.0", 3, [("0000", "-", "-")])
    t = read("142 3", P1, P2, p3, player_line(4, "D", 1700, "1.0", 4, [("0000", "-", "U")]))
    assert Bye(3, ByeKind.ZERO, "-") in t.rounds[0].byes
    assert "0000 - -" in next(x for x in write_trf(t).splitlines() if x.startswith("001    3"))


def test_plus_without_opponent_is_a_pairing_allocated_bye_and_is_written_back_as_plus() -> None:
    p3 = player_line(3, "C", 1800, "1.0", 3, [("0000", "-", "+")])
    t = read("142 3", P1, P2, p3)
    assert t.rounds[0].byes == (Bye(3, ByeKind.PAB, "+"),)
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001    3"))
    assert line[91:99] == "0000 - +"


def test_forfeits_without_colour_stay_without_colour() -> None:
    p1 = player_line(1, "A", 2000, "1.0", 1, [("2", "-", "+")])
    p2 = player_line(2, "B", 1900, "0.0", 2, [("1", "-", "-")])
    t = read("142 3", p1, p2)
    assert t.rounds[0].boards[0].colourless and t.rounds[0].boards[0].result in (
        GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
    lines = write_trf(t).splitlines()
    assert next(x for x in lines if x.startswith("001    1"))[91:99] == "   2 - +"
    assert next(x for x in lines if x.startswith("001    2"))[91:99] == "   1 - -"


# --- 250 acceleration, XXA ---------------------------------------------------------------------

def test_250_gives_the_same_virtual_points_as_xxa() -> None:
    # 250: MP 5-8 empty, GP 10-13, rounds 15-17 / 19-21, players 23-26 / 28-31
    with_250 = read("142 5", "250      01.0 001 002 0001 0002", "250      00.5 003 003 0001 0001", P1, P2)
    with_xxa = read("142 5", "XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0", P1, P2)
    assert with_250.options["virtual_points"] == with_xxa.options["virtual_points"] == {
        "1": {"1": "1", "2": "1", "3": "1/2"}, "2": {"1": "1", "2": "1"}}
    again = parse_tournament(write_trf(with_250))
    assert again.options["virtual_points"] == with_250.options["virtual_points"]
    assert any(x.startswith("250 ") for x in write_trf(with_250).splitlines())
    assert any(x.startswith("XXA ") for x in write_trf(with_250, flavour="16").splitlines())


def test_250_with_match_points_is_for_teams() -> None:
    assert problems("250 01.0 01.0 001 002 0001 0002", P1, P2)[0] == (
        "line 2, column 5: record 250: match points are for team events (leave columns 5-8 empty)")


def test_xxa_blank_field_is_refused_not_shifted() -> None:
    assert problems("142 5", "XXA    1  1.0       0.5", P1, P2) == [
        "line 3, column 15: XXA: round 2 has no value (columns 15-18)"]


def test_xxa_non_number_is_a_clear_error() -> None:
    assert problems("142 5", "XXA    1  1.0  abc", P1, P2) == [
        "line 3, column 15: acceleration 'abc' is not a number of points"]


# --- 260 prohibited pairings with ranges, XXP --------------------------------------------------

def test_260_round_range_is_kept() -> None:
    t = read("142 5", "260   2   3    1    2", "260   1   5    1    2", P1, P2)
    assert t.forbidden == ((1, 2),)
    assert t.forbidden_ranges == (ForbiddenRange(2, 3, (1, 2)),)
    assert t.forbidden_for(1) == ((1, 2),) and t.forbidden_for(4) == ((1, 2),)
    assert parse_tournament(write_trf(t)) == t


def test_260_outside_its_range_does_not_forbid_the_pair() -> None:
    from core.pairing.swiss.state import forbidden_pairs

    t = read("142 5", "260   3   4    1    2", P1, P2)  # one round played: round 2 is paired
    assert forbidden_pairs(t) == set()
    t3 = read("142 5", "260   2   4    1    2", P1, P2)
    assert forbidden_pairs(t3) == {frozenset((1, 2))}


def test_xxp_tokens() -> None:
    assert read("XXP 1 2", P1, P2).forbidden == ((1, 2),)


# --- 299, NRS, rulers, unknown records ---------------------------------------------------------

def test_299_is_a_point_adjustment_in_the_points_column() -> None:
    # penalty of -1 point (14-17), round 20-22 blank (all rounds), player 1 (24-27): the win
    # (1) and the penalty (-1) make the 0.0 of the points column; details in test_trf_299
    line = at(24, "   1", "299")
    line = line[:13] + "-1.0" + line[17:]
    p1 = player_line(1, "A", 2000, "0.0", 1, [("2", "w", "1")])
    t, warnings = read_tournament("\n".join(["012 x", line, p1, P2]))
    assert scores(t)[1] == 0 and warnings == []
    assert parse_tournament(write_trf(t)) == t


def test_national_rating_lines() -> None:
    nrs: list[str] = []
    put(nrs, 1, "TUR")
    put(nrs, 5, "   1")
    put(nrs, 49, "1850")
    put(nrs, 58, "     123456")
    t = read("032 TUR", P1, P2, "".join(nrs))
    p = t.player(1)
    assert (p.national_rating, p.national_id) == (1850, "123456")
    written = write_trf(t).splitlines()
    line = next(x for x in written if x.startswith("TUR"))
    assert line[4:8] == "   1" and line[48:52] == "1850" and line[57:68].strip() == "123456"
    assert any(x.startswith("172 TUR") for x in written)  # mandatory with NRS records
    assert parse_tournament("\n".join(written)) == t


def test_column_rulers_are_skipped_with_a_warning() -> None:
    ruler1 = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR"
    ruler2 = "         1         2         3         4         5         6         7         8"
    ruler3 = "1234567890123456789012345678901234567890123456789012345678901234567890123456789"
    t, warnings = read_tournament("\n".join(["012 x", ruler1, ruler2, ruler3, P1, P2]))
    assert len(t.players) == 2
    assert [str(w) for w in warnings] == [f"line {n}, column 1: column ruler skipped" for n in (2, 3, 4)]


def test_unknown_letter_record_is_kept_with_a_warning() -> None:
    t, warnings = read_tournament("\n".join(["012 x", "DAT    1 EMAIL a@b.c", P1, P2]))
    assert t.options["trf_extra"] == ["DAT    1 EMAIL a@b.c"]
    assert [str(w) for w in warnings] == ["line 2, column 1: unknown record 'DAT' kept as written"]


# --- birth dates --------------------------------------------------------------------------------

@pytest.mark.parametrize("model, written", [("2001-05-04", "2001/05/04"), ("2001", "2001/00/00"), ("", "")])
def test_birth_dates_are_written_yyyy_mm_dd(model: str, written: str) -> None:
    t = Tournament("x", "Births", total_rounds=1, players=(Player(1, "A", birth=model),))
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001"))
    assert line[69:79].rstrip() == written
    assert parse_tournament(write_trf(t)).player(1).birth == model


def test_scores_stay_exact() -> None:
    assert scores(read(P1, P2)) == {1: Fraction(1), 2: Fraction(0)}
    assert read(P1, P2).rounds == (Round(1, (Board(1, 2, GameResult.WHITE_WINS),)),)
