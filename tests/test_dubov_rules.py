"""Dubov (C.04.4.1, 2026) and the 1997 text: one hand-derived case per rule.

Expected values are worked out by hand from the rule text (comments show the derivation)."""

from dataclasses import replace

import pytest

from core.model import Colour
from core.pairing.base import PairOptions
from core.pairing.dubov.engine import DubovRound, aro, max_upfloats, middle_out
from core.pairing.dubov.system import DUBOV, DUBOV_1997
from core.pairing.swiss.context import make_context
from tests.test_acceleration_sim import pab_of, pairs_of, tournament_from

RATINGS = [2400 - 100 * i for i in range(8)]   # TPN i has rating 2500 - 100 i


@pytest.mark.parametrize("rounds,maxt", [(5, 3), (9, 3), (10, 4), (14, 4), (15, 5)])
def test_maxt_formula(rounds, maxt):
    # Art. 1.8.2: MaxT = 2 + floor(Rnds / 5); the text's examples: 9 -> 3, 10 -> 4.
    assert max_upfloats(rounds) == maxt


def test_middle_out_sequence_numbers():
    # Art. 4.3.3 example: A..G -> D, C, E, B, F, A, G.
    assert middle_out(list("ABCDEFG")) == list("DCEBFAG")
    assert middle_out([1, 2, 3, 4]) == [2, 3, 1, 4]


def test_aro_rounds_half_up_and_is_zero_without_games():
    t = tournament_from([2000, 1999, 2001, 1500], [[(1, 2, "1/2"), (4, "U")], [(3, 1, "1/2"), (2, "Z"), (4, "Z")]])
    ctx = make_context(t)
    assert aro(t, ctx, 1) == 2000          # (1999 + 2001) / 2
    t2 = tournament_from([2000, 1999, 2002, 1500], [[(1, 2, "1/2"), (4, "U")], [(3, 1, "1/2"), (2, "Z"), (4, "Z")]])
    assert aro(t2, make_context(t2), 1) == 2001   # 2000.5 rounds up
    assert aro(t, ctx, 4) == 0


def test_first_round_top_half_against_bottom_half():
    # Aktar §5 and Paarungssysteme §5: halves side by side, odd boards the drawn colour for the
    # top player, even boards the opposite; with an odd number the last player has the bye.
    t = tournament_from([2500 - i for i in range(10)], [])
    assert pairs_of(DUBOV.pair(t)) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    t5 = tournament_from([2500 - i for i in range(5)], [], initial=Colour.BLACK)
    p = DUBOV.pair(t5)
    assert pairs_of(p) == [(3, 1), (2, 4)] and pab_of(p) == 5
    assert pairs_of(DUBOV_1997.pair(t)) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]


def test_white_seekers_by_ascending_aro_against_black_seekers_in_tpn_order():
    # R1 all drawn: 1-5, 6-2, 3-7, 8-4.  White-seekers (Black in R1): 5, 2, 7, 4 with AROs
    # 2400, 1900, 2200, 1700 -> S1 = 4, 2, 7, 5.  G2 in TPN order: 1, 3, 6, 8.
    # 4-1 ok; 2-3 ok; 7-3 already met, 3 is taken anyway -> 7-6; 5-8.
    t = tournament_from(RATINGS, [[(1, 5, "1/2"), (6, 2, "1/2"), (3, 7, "1/2"), (8, 4, "1/2")]])
    assert sorted(pairs_of(DUBOV.pair(t))) == sorted([(4, 1), (2, 3), (7, 6), (5, 8)])


def test_upfloaters_and_shift_between_colour_groups():
    # R1: 1-4 1-0, 5-2 1/2, 3-6 1-0 -> 1: 1, 3: 1, 2: 1/2, 5: 1/2, 4: 0, 6: 0.
    # 1-point group: 1-3; both want Black (mild), same history -> 5.2.5: 1 (higher) gets Black.
    # 1/2 group: 2 and 5 met -> fewest upfloaters = 2, the first set {4, 6}.
    # G1 (White-seekers) = 2, 4, 6; G2 = 5.  Equalise: shifters 2 (ARO 2000), 6 (2200),
    # 4 (2400) middle-out -> 6 goes to G2.  S1 = 2, 4; T2: 2-5 met -> 2-6, 4-5.
    # 2-6: both strong for White, same history -> the higher ranked (2, more points) gets it.
    t = tournament_from(RATINGS[:6], [[(1, 4, "1-0"), (5, 2, "1/2"), (3, 6, "1-0")]])
    assert sorted(pairs_of(DUBOV.pair(t))) == sorted([(3, 1), (2, 6), (4, 5)])


def test_pab_lowest_score_most_games_largest_tpn():
    # Player 5 joins in round 2.  0-point group {3, 4, 5}: 5 has played fewer games, so the
    # bye goes to the largest TPN among 3 and 4 -> 4 (Art. 3.1.3-3.1.5).
    t = tournament_from(RATINGS[:5], [[(1, 3, "1-0"), (4, 2, "0-1")]])
    players = tuple(replace(p, joined_round=2) if p.pno == 5 else p for p in t.players)
    t = t.with_changes(players=players)
    p = DUBOV.pair(t)
    assert pab_of(p) == 4
    assert sorted(map(frozenset, pairs_of(p))) == sorted(map(frozenset, [(1, 2), (3, 5)]))


def test_1997_pab_goes_to_lowest_rating_of_lowest_group():
    # 1997 §4: lowest group, lowest rating (5 here, though he has played fewer games).
    t = tournament_from(RATINGS[:5], [[(1, 3, "1-0"), (4, 2, "0-1")]])
    players = tuple(replace(p, joined_round=2) if p.pno == 5 else p for p in t.players)
    assert pab_of(DUBOV_1997.pair(t.with_changes(players=players))) == 5


def test_colours_2026_vs_1997_when_histories_are_equal():
    # 1 and 2 both played White then Black, all draws; 2 met stronger opponents (higher ARO).
    # 2026 5.2.5: the higher ranked (1, smaller TPN) gets his preference (White).
    # 1997 §3 d: the player with the higher ARO gets White -> 2.
    t = tournament_from(RATINGS[:6], [[(1, 4, "1/2"), (2, 3, "1/2"), (5, 6, "1/2")],
                                      [(6, 1, "1/2"), (5, 2, "1/2"), (3, 4, "1/2")]])
    assert DubovRound(t, "2026", PairOptions()).colours(1, 2) == (1, 2)
    assert DubovRound(t, "1997", PairOptions()).colours(1, 2) == (2, 1)


def test_c3_same_absolute_preference_never_meet_even_in_the_last_round():
    # Dubov C3 has no topscorer exception: 1 and 2 both played White twice (absolute Black);
    # in the last round they are alone on 2 points but may not meet.
    t = tournament_from(RATINGS[:6], [[(1, 4, "1-0"), (2, 5, "1-0"), (6, 3, "1/2")],
                                      [(1, 6, "1-0"), (2, 3, "1-0"), (4, 5, "1/2")]], total_rounds=3)
    got = pairs_of(DUBOV.pair(t))
    assert frozenset((1, 2)) not in {frozenset(p) for p in got}
    # both get the Black their absolute preference demands
    assert all(b in (1, 2) for w, b in got if 1 in (w, b) or 2 in (w, b))


def test_no_games_means_mild_black_preference():
    # Art. 1.6.4: a late entry (no games) wants Black mildly, so against a White-seeker both
    # preferences are granted.
    t = tournament_from(RATINGS[:3], [[(2, 1, "1-0"), (3, "U")]])
    players = tuple(replace(p, joined_round=2) if p.pno == 3 else p for p in t.players)
    t = t.with_changes(players=players, rounds=(t.rounds[0].__class__(1, t.rounds[0].boards, ()),))
    p = DUBOV.pair(t)
    # 0 points: 1 (one game) and 3 (none): the bye goes to the one with more games played (1).
    # 2 won with White (strong Black) against 3 (mild Black): the stronger preference wins.
    assert pab_of(p) == 1 and pairs_of(p) == [(3, 2)]


def test_c7_decides_the_upfloater_set_before_tpn_order():
    # After round 3: 8: 3; 6: 2½; 2, 5, 7: 1½; 1, 4: 1; 3: 0.
    # 8 alone -> upfloater 6 (first by score).  {2, 5, 7} odd -> one upfloater from {1, 4}:
    # all three residents are (strong) White-seekers; 1 (W B B) wants White too, 4 (B W W)
    # wants Black.  {1} gives 2 colour violations, {4} gives 1 -> C7 picks 4 although 1 comes
    # first in Art. 4.2 order.  G1 = 2, 5, 7 / G2 = 4; equalise: White-seekers by ARO
    # 7 (1777), 2 (1783), 5 (2002), middle-out -> 2 shifts.  S1 = 7, 5; T2: 7-2 then 5-4 met,
    # so 7-4, 5-2.  Then 1 with the upfloater 3.  Colours: 6-8 (equal histories, 8 ranked
    # higher gets his Black), 7-4, 2-5 (5.2.4: in round 3 5 had White, 2 Black), 1-3.
    ratings = [2247, 2195, 2061, 2029, 1988, 1821, 1730, 1282]
    rounds = [[(1, 5, "1-0"), (6, 2, "1/2"), (3, 7, "0-1"), (8, 4, "1-0")],
              [(7, 8, "0-1"), (2, 1, "1-0"), (3, 6, "0-1"), (4, 5, "0-1")],
              [(8, 2, "1-0"), (6, 1, "1-0"), (5, 7, "1/2"), (4, 3, "1-0")]]
    t = tournament_from(ratings, rounds, total_rounds=7)
    assert sorted(pairs_of(DUBOV.pair(t))) == sorted([(6, 8), (7, 4), (2, 5), (1, 3)])


def test_c10_avoids_upfloaters_who_upfloated_in_the_previous_round():
    # Round 3 of 7, 9 players.  After two rounds: 6: 2; 7, 9: 1½; 2, 3, 4, 8: 1; 1, 5: ½.
    # 6 takes 7 (first possible upfloater, both colours granted).  9 is then alone: the first
    # candidates 2 and 3 both upfloated in round 2 (0 points against ½) and would give 9 White
    # as well as 4 would, so C5-C7 tie; C10 (not the last round) skips them -> 9-4.
    ratings = [2534, 2365, 2214, 2167, 2120, 1722, 1475, 1441, 1329]
    rounds = [[(1, 5, "1/2"), (6, 2, "1-0"), (3, 7, "0-1"), (8, 4, "0-1"), (9, "U")],
              [(4, 6, "0-1"), (7, 9, "1/2"), (2, 1, "1-0"), (5, 3, "0-1"), (8, "U")]]
    t = tournament_from(ratings, rounds, total_rounds=7)
    got = pairs_of(DUBOV.pair(t))
    assert (6, 7) in got and (9, 4) in got
    # in the last round C8-C10 do not apply: the first candidate in Art. 4.2 order (2) is taken
    last = tournament_from(ratings, rounds, total_rounds=3)
    assert (9, 2) in pairs_of(DUBOV.pair(last))
