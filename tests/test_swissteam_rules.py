"""FIDE C.04.6 (Swiss Team Pairing System, 2026), article by article: the text's own examples
and one hand-derived case per rule; each expected value is worked out in the comment."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from core.errors import PairingImpossible
from core.pairing.swissteam.colours import MILD, NONE, SIMPLE, STRONG, Preference, allocate, preference
from core.pairing.swissteam.engine import candidate_sets, pair_round, profiles, upfloater_order
from core.pairing.swissteam.field import RoundRules, TeamState


def team(tpn, score=0, colours="", opponents=(), floated=False, barred=False, secondary=0, matches=None):
    return TeamState(tpn, F(score), F(secondary), colours, frozenset(opponents), floated, barred,
                     len(colours) if matches is None else matches)


def rules(round_no=3, total=9, kind="A", initial="W"):
    return RoundRules(round_no, total, kind, initial)


def pairs(result):
    return sorted(tuple(sorted((w, b))) for w, b, _ in result.boards)


# --- Art. 3.5.4: the text's example of the order of upfloater sets ----------------------------

def test_upfloater_sets_in_the_order_of_the_example():
    # "2,6,8 have 3 points, and 1,3,5 have 2.5 points … two upfloaters must have 3 points and
    # the other 2.5": {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < … < {6,8,5}
    lower = upfloater_order([team(t, 3) for t in (2, 6, 8)] + [team(t, F(5, 2)) for t in (1, 3, 5)])
    got = list(candidate_sets(lower, (F(5, 2), F(3), F(3))))
    assert got == [(2, 6, 1), (2, 6, 3), (2, 6, 5), (2, 8, 1), (2, 8, 3), (2, 8, 5),
                   (6, 8, 1), (6, 8, 3), (6, 8, 5)]


def test_c5_prefers_the_highest_scores_taken_from_the_lowest_up():
    # three upfloaters from 3,3,3 and 2.5,2.5,2.5: all three with 3 points first; then two 3s
    # and a 2.5 (its lowest, 2.5, beats the lowest 2.5 of (2.5, 2.5, 3) only on the next one)
    got = profiles([(F(3), 3), (F(5, 2), 3)], 3)
    assert got[:3] == [(F(3), F(3), F(3)), (F(5, 2), F(3), F(3)), (F(5, 2), F(5, 2), F(3))]


# --- Art. 3.6.2: the identifier --------------------------------------------------------------

def test_first_pairing_by_identifier_is_top_half_against_bottom_half():
    # six teams, no history: identifier 1 2 3 4 5 6 is the smallest: 1-4, 2-5, 3-6
    assert pairs(pair_round([team(t) for t in range(1, 7)], rules(1))) == [(1, 4), (2, 5), (3, 6)]


def test_identifier_keeps_the_smallest_top_members_then_the_smallest_partners():
    # 1 met 4 already (C1).  Top members stay 1,2,3 (the smallest set); the partners 5,4,6 give
    # identifier 1 2 3 5 4 6, smaller than 1 2 3 5 6 4 and 1 2 3 6 4 5
    teams = [team(1, opponents=[4]), team(2), team(3), team(4, opponents=[1]), team(5), team(6)]
    got = pair_round(teams, RoundRules(2, 9, "none"))
    assert pairs(got) == [(1, 5), (2, 4), (3, 6)]


def test_identifier_of_the_texts_example_orders_as_written():
    # "11-24 16-6 10-9 8-4 … its identifier is 4 6 9 11 8 16 10 24": with every other pair of
    # these eight teams barred, the engine finds exactly this pairing
    wanted = {(11, 24), (6, 16), (9, 10), (4, 8)}
    ids = [4, 6, 8, 9, 10, 11, 16, 24]
    teams = [team(t, opponents=[o for o in ids if o != t and tuple(sorted((t, o))) not in wanted])
             for t in ids]
    got = pair_round(teams, RoundRules(2, 9, "none"))
    assert pairs(got) == sorted(wanted)
    assert [br.pairs for br in got.brackets] == [((4, 8), (6, 16), (9, 10), (11, 24))]


# --- Art. 1.7: colour preferences ------------------------------------------------------------

@pytest.mark.parametrize("colours, kind, last, expected", [
    ("BWBB", "A", False, Preference("W", SIMPLE)),    # CD -2 < -1
    ("WB", "A", False, NONE),                          # CD 0, last two not equal
    ("WBB", "A", False, Preference("W", SIMPLE)),      # CD -1 and Black twice
    ("WWBB", "A", False, Preference("W", SIMPLE)),     # CD 0 and Black twice
    ("WBB", "B", False, Preference("W", STRONG)),
    ("WWB", "B", False, Preference("B", MILD)),        # CD +1
    ("BWW", "A", False, Preference("B", SIMPLE)),      # CD +1 and White twice
    ("WBW", "A", False, NONE),                         # CD +1 otherwise: no Type A preference
    ("WWBBB", "A", False, Preference("W", SIMPLE)),    # CD -1 and Black twice
    ("BWBBW", "B", False, Preference("W", MILD)),      # CD -1, last two not Black: mild White
    ("WB", "B", False, Preference("W", MILD)),         # CD 0, last Black, not the last round
    ("WB", "B", True, NONE),                           # CD 0 in the last round: none
    ("WWBB", "B", True, Preference("W", STRONG)),      # strong clauses hold in the last round
    ("", "B", False, NONE),                            # no match played yet
    ("BBB", "none", False, NONE),                      # the rules use no preferences
])
def test_colour_preferences(colours, kind, last, expected):
    r = RoundRules(9 if last else 3, 9, kind)
    assert preference(team(1, colours=colours), r) == expected


def test_plus_one_after_two_blacks_has_no_type_a_preference():
    # CD +1 is outside {0, -1}, so Black twice does not give White; and +1 is not > +1
    assert preference(team(1, colours="WWWBB"), rules()) == NONE
    assert preference(team(1, colours="WWWBB"), rules(kind="B")) == Preference("B", MILD)


# --- Art. 4: colour allocation ----------------------------------------------------------------

def test_431_initial_colour_by_the_first_teams_number():
    # neither played: first-team 3 (odd) gets the initial colour; first-team 2 (even) the other
    assert allocate(team(3), team(8), rules(initial="B"))[:2] == (8, 3)
    assert allocate(team(2), team(7), rules(initial="B"))[:2] == (2, 7)


def test_432_433_434_preferences():
    r = rules(kind="B")
    # only 5 has a preference (White, CD -1 mild): granted although 2 is the first-team
    assert allocate(team(2, 2, "WB"), team(5, 2, "WBB"), rules())[:3] == (5, 2, "4.3.2")
    # opposite preferences: both granted
    assert allocate(team(1, 2, "WW"), team(4, 2, "BB"), rules())[:3] == (4, 1, "4.3.3")
    # both want White: 1 (B W B, CD -1) mildly, 6 (W B B B, CD -2) strongly: 6 gets it
    assert allocate(team(1, 2, "BWB"), team(6, 2, "WBBB"), r)[:3] == (6, 1, "4.3.4")


def test_435_lower_colour_difference_gets_white():
    # Type A, both want White (CD -2 and -3 … -3 is lower): "-2 is lower than -1"
    a, b = team(1, 3, "BB"), team(2, 3, "BBB")
    assert allocate(a, b, rules())[:3] == (2, 1, "4.3.5")


def test_436_alternates_from_the_last_round_they_differed():
    # no preferences: 1 had W,B,W and 2 had W,W,W?  Equal CD needed: 1 "WBWB", 2 "BWWB":
    # from the end: B/B equal, W/W equal, B/W differ → 1 had Black there, so 1 now gets White
    got = allocate(team(1, 4, "WBWB"), team(2, 4, "BWWB"), rules(kind="none"))
    assert got == (1, 2, "4.3.6")


def test_438_439_alternate_from_the_last_played_round():
    r = rules(kind="none")
    # equal histories: first-team (higher score) alternates from its last colour
    assert allocate(team(4, 3, "WB"), team(2, 2, "WB"), r) == (4, 2, "4.3.8")
    # the first-team never played (late entry) and the other's CD is 0: 4.3.9
    assert allocate(team(1, 2), team(6, 2, "BW"), r) == (1, 6, "4.3.9")


# --- Art. 3.4: the pairing-allocated bye --------------------------------------------------------

def test_bye_lowest_score_then_most_matches_then_largest_number():
    teams = [team(1, 4, "WB"), team(2, 2, "BW"), team(3, 0, "WB"), team(4, 0, "B", matches=1),
             team(5, 0, "BW")]
    # lowest score 0: 3, 4, 5; most matches: 3 and 5 (two); largest TPN: 5
    assert pair_round(teams, rules()).bye == 5


def test_bye_skips_a_team_that_had_it_or_won_by_forfeit():
    teams = [team(1, 4), team(2, 2), team(3, 0, barred=True)]
    assert pair_round(teams, rules()).bye == 2


def test_bye_leaves_a_legal_pairing():
    # 3 is first in line, but without it 1 and 2 (who met) would have to meet again
    teams = [team(1, 2, "W", [2]), team(2, 0, "B", [1]), team(3, 0)]
    assert pair_round(teams, rules()).bye == 2


def test_no_bye_possible_is_impossible():
    teams = [team(1, 2, barred=True), team(2, 2, barred=True), team(3, 2, barred=True)]
    with pytest.raises(PairingImpossible):
        pair_round(teams, rules())


# --- Art. 3.5: upfloaters (C4, C5, C6, C7) -------------------------------------------------------

def test_c4_one_upfloater_for_an_odd_scoregroup_the_highest_scored():
    # 1,2,3 on 4 points; 4 on 3, 5 on 2, 6 on 2: one upfloater, from the 3 points (C5) = 4
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 3), team(5, 2), team(6, 2)]
    got = pair_round(teams, RoundRules(3, 9, "none"))
    assert got.brackets[0].upfloaters == (4,)
    assert pairs(got)[:2] == [(1, 3), (2, 4)]


def test_c7_prefers_an_upfloater_that_did_not_float_last_round():
    # 1,2,3 on 4; 4 and 5 on 2 (4 floated last round): 5 floats up, although 4 comes first
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 2, floated=True), team(5, 2), team(6, 0)]
    assert pair_round(teams, RoundRules(3, 9, "none")).brackets[0].upfloaters == (5,)
    # … but not in the last two rounds
    assert pair_round(teams, RoundRules(8, 9, "none")).brackets[0].upfloaters == (4,)


def test_c6_leaves_the_following_scoregroup_pairable():
    # 1,2,3 on 4; 4,5,6 on 2 where 5 met 4 and 6; 7 on 0 met nobody.  Taking 4 or 6 up leaves
    # 5 with one of them it already met, so 2-point group needs another upfloater: C6 fails.
    # Taking 5 up leaves 4-6 pairable: {5} is chosen although {4} comes first.
    teams = [team(1, 4), team(2, 4), team(3, 4), team(4, 2, opponents=[5]),
             team(5, 2, opponents=[4, 6]), team(6, 2, opponents=[5]), team(7, 0), team(8, 0)]
    got = pair_round(teams, RoundRules(3, 9, "none"))
    assert got.brackets[0].upfloaters == (5,)


def test_a_resident_is_never_pushed_down():
    # 1 and 2 on 4 met; the bracket takes upfloaters 3 and 4 rather than splitting the group
    teams = [team(1, 4, opponents=[2]), team(2, 4, opponents=[1]), team(3, 2), team(4, 2)]
    got = pair_round(teams, RoundRules(3, 9, "none"))
    assert got.brackets[0].upfloaters == (3, 4)
    assert pairs(got) == [(1, 3), (2, 4)]


# --- Art. 3.6.4: C8, C9, C10 decide before the identifier ---------------------------------------

def test_c8_colour_preferences_before_the_identifier():
    # 1 and 3 want White, 2 and 4 want Black: 1-3/2-4 (identifier 1 2 3 4, the first) leaves
    # two preferences unmet; 1-2/3-4 (1 3 2 4) and 1-4/2-3 (1 2 4 3) none: the latter is first
    teams = [team(1, 2, "BB"), team(2, 2, "WW"), team(3, 2, "BB"), team(4, 2, "WW")]
    assert pairs(pair_round(teams, rules())) == [(1, 4), (2, 3)]


def test_c9_strong_preferences_before_mild_ones():
    # Type B: 1 and 3 want White strongly (CD -2), 2 mildly (B W B), 4 wants Black mildly
    # (W B W).  Every pairing leaves one White preference unmet (C8 = 1 each).  1-3/2-4, the
    # first by identifier, leaves a strong one unmet (1 or 3); 1-2/3-4 and 1-4/2-3 leave only
    # 2's mild one (4.3.4 grants the strong one): C9 picks between these, 1 2 4 3 first
    teams = [team(1, 2, "BB"), team(2, 2, "BWB"), team(3, 2, "BB"), team(4, 2, "WBW")]
    assert pairs(pair_round(teams, rules(kind="B"))) == [(1, 4), (2, 3)]


def test_c10_upfloaters_opponent_that_floated():
    # 1,2,3 on 4 (2 floated last round); upfloater 4 on 2.  1-3/2-4, first by identifier, gives
    # the upfloater an opponent who floated last round; 1-4/2-3 (1 2 4 3) does not
    teams = [team(1, 4), team(2, 4, floated=True), team(3, 4), team(4, 2)]
    got = pair_round(teams, RoundRules(3, 9, "none"))
    assert pairs(got) == [(1, 4), (2, 3)]


# --- C.04.7: Baku acceleration for teams -----------------------------------------------------

def test_baku_gives_the_upper_half_two_match_points_in_round_one():
    # 8 teams, 5 rounds: accelerated rounds 1-3, full virtual points (a win: 2 MP) in rounds
    # 1-2, 1 MP in round 3; GA = 2·⌈8/4⌉ = 4 teams.  Round 1: GA on 2, GB on 0: 1-3, 2-4 and
    # 5-7, 6-8 — without acceleration 1-5, 2-6, 3-7, 4-8
    import random

    from core.pairing.registry import get_system
    from core.pairing.swissteam.simulate import new_team_event
    from core.pairing.swissteam.system import virtual_match_points

    t = new_team_event(8, 2, 5, random.Random(1))
    plain = get_system("swiss-team").pair(t)
    assert sorted(tuple(sorted((m.home, m.away))) for m in plain.matches) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    baku = t.with_changes(acceleration="baku")
    got = get_system("swiss-team").pair(baku)
    assert sorted(tuple(sorted((m.home, m.away))) for m in got.matches) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    assert [virtual_match_points(baku, r).get(1, 0) for r in (1, 2, 3, 4)] == [2, 2, 1, 0]
    assert virtual_match_points(baku, 1).get(5, 0) == 0


def test_baku_with_game_points_primary_is_refused():
    import random

    from core.pairing.registry import get_system
    from core.pairing.swiss.acceleration import AccelerationError
    from core.pairing.swissteam.simulate import new_team_event

    t = new_team_event(4, 2, 3, random.Random(1))
    t = t.with_changes(acceleration="baku", options={**t.options, "primary": "game"})
    with pytest.raises(AccelerationError, match="game points"):
        get_system("swiss-team").pair(t)
