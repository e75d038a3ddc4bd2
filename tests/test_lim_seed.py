"""Lim system: Aktar's worked 15-player example (pp. 34–41) and the rules it uses.

Aktar prints round 1 in full, then walks through rounds 2 and 3 group by group.  The
results of rounds 1 and 2 are not printed as a table; they follow from the scoregroups the
text lists for the next round (1 beat 8, 2 beat 9, 10 beat 3, 11 beat 4, 5–12 drawn, 6 beat
13, 7 beat 14; then 1 beat 10, 2 beat 7, 6–15, 12–11 and 8–9 drawn, 5 beat 4, 14 beat 3).
"""

from core.model import Colour
from core.pairing.lim.system import LIM
from tests.test_acceleration_sim import pab_of, pairs_of, tournament_from

RATINGS = [2500 - 10 * i for i in range(15)]
R1 = [(1, 8, "1-0"), (9, 2, "0-1"), (3, 10, "0-1"), (11, 4, "1-0"), (5, 12, "1/2"), (13, 6, "0-1"),
      (7, 14, "1-0"), (15, "U")]
R2 = [(10, 1, "0-1"), (2, 7, "1-0"), (6, 15, "1/2"), (12, 11, "1/2"), (4, 5, "0-1"), (14, 3, "1-0"),
      (8, 9, "1/2"), (13, "U")]


def _t(rounds, **kw):
    return tournament_from(RATINGS, rounds, total_rounds=5, system="lim", **kw)


def test_round_1_top_half_against_bottom_half_15_gets_the_bye():
    # p. 34: 1–8, 9–2, 3–10, 11–4, 5–12, 13–6, 7–14, 15 bye (first named has White).
    p = LIM.pair(_t([]))
    assert sorted(pairs_of(p)) == sorted([(1, 8), (9, 2), (3, 10), (11, 4), (5, 12), (13, 6), (7, 14)])
    assert pab_of(p) == 15


def test_round_1_black_drawn_for_player_1_mirrors_colours():
    p = LIM.pair(_t([], initial=Colour.BLACK))
    assert sorted(pairs_of(p)) == sorted([(8, 1), (2, 9), (10, 3), (4, 11), (12, 5), (6, 13), (14, 7)])


def test_round_2_as_in_the_seed():
    # p. 36: 1-point group: 15 (bye in round 1) may not float, 11 floats to the median group,
    # 7 and 10 exchanged in S2 for colours: 10–1, 2–7, 6–15.
    # pp. 37–38: the median group first failed on colours (3–5); the group below was re-paired
    # with 4 as the upward floater and 13 (not 14) receiving the bye: 14–3, 8–9; median: 12–11, 4–5.
    p = LIM.pair(_t([R1]))
    assert sorted(pairs_of(p)) == sorted([(10, 1), (2, 7), (6, 15), (12, 11), (4, 5), (14, 3), (8, 9)])
    assert pab_of(p) == 13


def test_round_3_as_far_as_the_seed_states_it():
    # p. 39: 1–2 (both get their due colour); 1½ group: 5–11 clash, 6–15 already met, so the
    # exchange gives 11–6 and 15–5 (5 repeats Black so that 15 does not get a second Black).
    # p. 40: 0 group: 4 gets the bye, 3 floats up; ½ group: 3–8 rather than 9–3; 9 floats up.
    # p. 41: median: the floater first, 9–14; then S1 = 7, 10 against S2 = 12, 13.
    p = LIM.pair(_t([R1, R2]))
    got = pairs_of(p)
    for board in [(1, 2), (15, 5), (11, 6), (3, 8), (9, 14)]:
        assert board in got
    assert {frozenset(b) for b in got} >= {frozenset((7, 12)), frozenset((10, 13))}
    assert pab_of(p) == 4


def test_round_3_if_6_and_11_had_met_exchange_in_s1():
    # p. 39: "Had 6 and 11 met, S1 would be exchanged: 5:6 and 15:11."
    p = LIM.pair(_t([R1, R2], forbidden=((6, 11),)))
    got = {frozenset(b) for b in pairs_of(p)}
    assert frozenset((5, 6)) in got and frozenset((15, 11)) in got
