"""Go criteria by code: MMS, SOS, SODOS, SOSOS (OpenGotha's McMahon rules) computed by hand for
a small event; Gamma's LEVEL and COEF agree with the Gamma procedure's places; Go events never get chess
tie-breaks by default; jigo only with a whole-number komi.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.changes import set_result
from core.errors import InvalidResult
from core.changes.go import record_jigo
from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from core.standings import compute_standings

HALF, EVEN = Fraction(1, 2), Fraction(15, 2)


def small_event(**go) -> Tournament:
    """Five players, bar 1d (MMS 30), floor 5k (MMS 25); built by hand, not paired by the engine.

    Initial MMS: 1 (2d → bar) 30, 2 (1k) 29, 3 (3k) 27, 4 (4k) 26, 5 (8k → floor) 25.
    Round 1: 1 (W) beats 2, even; 4 (B) beats 3 (W), even; 5 has the bye.
    Round 2: 3 (B, 2 stones) beats 1 (W); 2 (W) gives 3 stones to 5 and wins; 4 is absent.
    """
    players = tuple(Player(pno=i, name=n, club=c, federation=f, extra={"go_rank": r})
                    for i, (n, r, c, f) in enumerate([
                        ("Alpha, Ann", "2d", "Lei", "NED"), ("Bravo, Bob", "1k", "Lei", "NED"),
                        ("Charlie, Cid", "3k", "Bonn", "GER"), ("Delta, Dan", "4k", "", "NED"),
                        ("Echo, Eve", "8k", "Lei", "")], start=1))
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS, handicap=0, komi=EVEN),
                   Board(3, 4, GameResult.BLACK_WINS, handicap=0, komi=EVEN)), (Bye(5, ByeKind.PAB),))
    r2 = Round(2, (Board(1, 3, GameResult.BLACK_WINS, handicap=2, komi=HALF),
                   Board(2, 5, GameResult.WHITE_WINS, handicap=3, komi=HALF)), (Bye(4, ByeKind.ZERO),))
    return Tournament(id="small", name="Test Cup", system="mcmahon", total_rounds=2, players=players,
                      rounds=(r1, r2), options={"go": {"bar": "1d", "floor": "5k", **go}})


# MMS after round 2: 1 = 30 + 1 = 31; 2 = 29 + 1 = 30; 3 = 27 + 1 = 28;
# 4 = 26 + 1 + ⌊½ (absence)⌋ = 27; 5 = 25 + 1 (bye) = 26.
MMS = {1: 31, 2: 30, 3: 28, 4: 27, 5: 26}
# SOS (opponent's MMS, + handicap with White, − with Black; own initial MMS without a game):
# 1: 30 (2) + 28 + 2 (3, White giving 2) = 60;  2: 31 (1) + 26 + 3 (5) = 60;
# 3: 27 (4) + 31 − 2 (1, Black) = 56;  4: 28 (3) + 26 (absent: own 26) = 54;
# 5: 25 (bye: own 25) + 30 − 3 (2, Black) = 52.
SOS = {1: 60, 2: 60, 3: 56, 4: 54, 5: 52}
# SODOS (beaten opponents' values only): 1: 30; 2: 29; 3: 29; 4: 28; 5: 0.
SODOS = {1: 30, 2: 29, 3: 29, 4: 28, 5: 0}
# SOSOS (opponents' SOS; own initial MMS × 2 rounds without a game):
# 1: 60 + 56 = 116;  2: 60 + 52 = 112;  3: 54 + 60 = 114;  4: 56 + 26·2 = 108;  5: 25·2 + 60 = 110.
SOSOS = {1: 116, 2: 112, 3: 114, 4: 108, 5: 110}


def test_mcmahon_criteria_by_hand():
    assert compute_standings(small_event()).tiebreaks == ("MMS", "SOS", "SOSOS")  # OpenGotha's default
    s = compute_standings(small_event(), "MMS,SOS,SODOS,SOSOS")
    got = {code: {r.pno: r.values[code] for r in s.rows} for code in s.tiebreaks}
    assert got == {"MMS": MMS, "SOS": SOS, "SODOS": SODOS, "SOSOS": SOSOS}
    assert [r.pno for r in s.rows] == [1, 2, 3, 4, 5]


def test_mms_ranks_before_points():
    """1 and 2 have 1 win each, 4 has 1 win and 5 none: by points 4 would be level with 1 and 2;
    by MMS the order is 1 (31), 2 (30), 3 (28), 4 (27), 5 (26)."""
    s = compute_standings(small_event())
    assert [r.pno for r in s.rows] == [1, 2, 3, 4, 5]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4, 5]


def test_sos_separates_equal_mms():
    """Bye worth ½ (rounded down): 5 stays on 25; an absence worth 1: 4 → 26 + 1 + 1 = 28, the
    same MMS as 3.  SOS: 3 = 28 (4, even) + 31 − 2 (1, Black) = 57; 4 = 28 (3) + 26 (absent:
    own initial MMS) = 54, so 3 ranks above 4, decided by SOS."""
    s = compute_standings(small_event(bye_points="0.5", absent_points="1"))
    row = {r.pno: r for r in s.rows}
    assert row[4].values["MMS"] == 28 == row[3].values["MMS"]
    assert row[5].values["MMS"] == 25
    assert (row[3].values["SOS"], row[4].values["SOS"]) == (57, 54)
    assert row[3].rank == 3 and row[4].rank == 4 and row[3].decided_by == "SOS"


def test_explain_sos_lists_each_round():
    from core.tiebreaks import explain

    e = explain(small_event(), "SOS", 5)
    assert e.value == 52
    assert [(c.round, c.opponent, c.value) for c in e.contributions] == [(1, None, 25), (2, 2, 27)]


def test_gamma_events_rank_by_level_then_coefficient():
    """The Gamma procedure's event (tests/test_go_seed.py): places from LEVEL then COEF equal the Gamma procedure's
    places computed by core.go.standings (levels 23, 23 … coefficients 127.5, 126 …)."""
    from core.go.standings import standings as gamma_standings
    from tests.test_go_seed import seed_event

    t = seed_event()
    s = compute_standings(t)
    assert s.tiebreaks == ("LEVEL", "COEF")
    seed = {g.pno: g for g in gamma_standings(t)}
    for row in s.rows:
        assert row.rank == seed[row.pno].place
        assert row.values["LEVEL"] == seed[row.pno].final_level
        assert row.values["COEF"] == seed[row.pno].coefficient
    assert {r.pno: r.values["COEF"] for r in s.rows}[1] == Fraction(255, 2)
    assert {r.pno: r.values["COEF"] for r in s.rows}[2] == 126


def test_go_standings_text_names_no_fide_regime():
    """A Go event's standings say which criteria rank it, not the FIDE C.07 regime."""
    from core.standings import as_text

    text = as_text(compute_standings(small_event()))
    assert "C.07" not in text and "regime" not in text.lower()
    assert text.splitlines()[0] == "Tie-breaks: MMS, SOS, SOSOS"


def test_an_explicit_list_still_wins():
    t = small_event().with_changes(tiebreaks=("MMS", "SOSOS"))
    assert compute_standings(t).tiebreaks == ("MMS", "SOSOS")


def jigo_event(komi: Fraction) -> Tournament:
    players = (Player(pno=1, name="A", extra={"go_rank": "1k"}), Player(pno=2, name="B", extra={"go_rank": "1k"}))
    return Tournament(id="j", name="J", system="mcmahon", total_rounds=1, players=players,
                      rounds=(Round(1, (Board(1, 2, handicap=0, komi=komi),)),))


@pytest.mark.parametrize("komi", [Fraction(1, 2), Fraction(13, 2), Fraction(15, 2)])
def test_jigo_refused_with_half_point_komi(komi):
    t = jigo_event(komi)
    with pytest.raises(InvalidResult, match="cannot end in jigo"):
        set_result(t, 1, 1, "½-½")
    with pytest.raises(InvalidResult, match="cannot end in jigo"):
        record_jigo(t, 1, 1)


def test_jigo_accepted_with_whole_komi_and_counts_half():
    from core.go.mms import scores

    t = record_jigo(jigo_event(Fraction(7)), 1, 1)
    assert t.rounds[0].boards[0].result is GameResult.DRAW
    s = scores(t)
    assert s[1].mms == s[2].mms == 29 + HALF  # 1k = 29, + ½


def test_chess_draws_unaffected():
    players = (Player(pno=1, name="A"), Player(pno=2, name="B"))
    t = Tournament(id="c", name="C", system="dutch", total_rounds=1, players=players,
                   rounds=(Round(1, (Board(1, 2),)),))
    assert set_result(t, 1, 1, "½-½").rounds[0].boards[0].result is GameResult.DRAW


def test_opengotha_further_criteria_by_hand():
    """OpenGotha's SOSM-1, SOSM-2, CUSSM and NBW on the small event (values per round above).

    SOSM1 (SOS without its lowest part): 1: 30 + 30 → 30; 2: 31 + 29 → 31; 3: 27 + 29 → 29;
    4: 28 + 26 → 28; 5: 25 + 27 → 27.  SOSM2 drops both parts of a two-round event: 0.
    CUSS (MMS after round 1 + after round 2): 1: 31 + 31 = 62 (lost round 2); 2: 29 + 30 = 59;
    3: 27 + 28 = 55; 4: 27 + 27 = 54 (absence ½ rounds down); 5: 26 + 26 = 52 (the bye).
    NBW (wins, ½ per jigo, 1 per bye, 0 per absence): 1, 1, 1, 1 (absent in round 2), 1 (the
    bye).  With bye and absence worth 1 MMS point each, 4's MMS rises by 2 but NBW stays 1."""
    s = compute_standings(small_event(), "MMS,SOSM1,SOSM2,CUSS,NBW")
    got = {code: {r.pno: r.values[code] for r in s.rows} for code in s.tiebreaks}
    assert got["SOSM1"] == {1: 30, 2: 31, 3: 29, 4: 28, 5: 27}
    assert got["SOSM2"] == dict.fromkeys(range(1, 6), 0)
    assert got["CUSS"] == {1: 62, 2: 59, 3: 55, 4: 54, 5: 52}
    assert got["NBW"] == dict.fromkeys(range(1, 6), 1)
    full = compute_standings(small_event(absent_points="1"), "MMS,NBW")
    assert ({r.pno: r.values["MMS"] for r in full.rows}[4], {r.pno: r.values["NBW"] for r in full.rows}[4]) == (28, 1)


def test_opengotha_names_of_the_criteria_are_understood():
    """What OpenGotha shows (its long names SOSM, SOSM-1, SOSOSM…, and the short SOS-1) is
    read as hakem's criterion: the hyphen is part of OpenGotha's name, not a cut; the values
    are those of the hand derivation above (SOSM-1 = SOSM1: 30, 31, 29, 28, 27)."""
    s = compute_standings(small_event(), "MMS,SOSM-1,SOS-2,CUSSM")
    values = [{r.pno: r.values[code] for r in s.rows} for code in s.tiebreaks]
    assert values[1] == {1: 30, 2: 31, 3: 29, 4: 28, 5: 27}
    assert values[2] == dict.fromkeys(range(1, 6), 0)
    assert values[3] == {1: 62, 2: 59, 3: 55, 4: 54, 5: 52}
    named = compute_standings(small_event(), "MMS,SOSM,SOSOSM")
    plain = compute_standings(small_event(), "MMS,SOS,SOSOS")
    assert [[r.values[c] for c in named.tiebreaks] for r in named.rows] == \
        [[r.values[c] for c in plain.tiebreaks] for r in plain.rows]


def test_not_played_games_count_half_for_sos():
    """OpenGotha's "count not played games as ½ point": an opponent's MMS in SOS counts real
    games' points and ½ for each round without a played game.  Virtual MMS of the small event:
    1: 30 + 1 (won r1) + 0 (lost r2) = 31; 2: 29 + 0 + 1 = 30; 3: 27 + 0 + 1 = 28;
    4: 26 + 1 + ½ (absent r2) = 27½; 5: 25 + ½ (bye r1) + 0 = 25½.
    SOS: 1: 30 (2) + 28 + 2 (3) = 60; 2: 31 (1) + 25½ + 3 (5) = 59½; 3: 27½ (4) + 31 − 2 = 56½;
    4: 28 (3) + 26 (own, absent) = 54; 5: 25 (own, bye) + 30 − 3 = 52.  Off by default."""
    assert compute_standings(small_event()).rows[0].values["SOS"] == 60
    s = compute_standings(small_event(count_not_played_as_half="yes"))
    assert {r.pno: r.values["SOS"] for r in s.rows} == {
        1: 60, 2: Fraction(119, 2), 3: Fraction(113, 2), 4: 54, 5: 52}
