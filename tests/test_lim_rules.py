"""Lim rules, one hand-derived case each (expected values worked out from the text)."""

from core.pairing.lim.system import LIM
from tests.test_acceleration_sim import pairs_of, tournament_from

RATINGS = [2400 - 100 * i for i in range(8)]


def _pairs(t):
    return {frozenset(p) for p in pairs_of(LIM.pair(t))}


def test_3_1_colour_limits_make_players_incompatible_except_in_the_last_round():
    # After two rounds 1 and 2 both played White twice and lead alone with 2 points.
    # Art. 3.1: not compatible (one of them would get White a third time) -> not paired;
    # Art. 7 (last round): same-score pairing beats the colour rules -> 1-2.
    rounds = [[(1, 4, "1-0"), (2, 5, "1-0"), (3, 6, "1-0")],
              [(1, 5, "1-0"), (2, 6, "1-0"), (4, 3, "1/2")]]
    assert frozenset((1, 2)) not in _pairs(tournament_from(RATINGS[:6], rounds, total_rounds=5, system="lim"))
    assert frozenset((1, 2)) in _pairs(tournament_from(RATINGS[:6], rounds, total_rounds=3, system="lim"))


def test_4_2_floater_balances_colours_and_maxi_100_point_rule():
    # 1-point group {1, 3, 8}: 1 and 3 are due Black, 8 due White.  The floater that lets the
    # others get their colours is a Black-seeker, the lowest one: 3 -> 1-8 stays.
    # Maxi: 3 is 500 points above the group's last player (8) -> the bottom player 8 floats.
    rounds = [[(1, 5, "1-0"), (6, 2, "1/2"), (3, 7, "1-0"), (4, 8, "0-1")]]
    normal = tournament_from(RATINGS, rounds, total_rounds=7, system="lim")
    assert frozenset((1, 8)) in _pairs(normal)
    maxi = tournament_from(RATINGS, rounds, total_rounds=7, system="lim", options={"lim_maxi": True})
    assert frozenset((1, 3)) in _pairs(maxi)


def test_6_colours_alternate_and_higher_ranked_gets_due_colour_above_median():
    # 1 and 2 both won with White in round 1 (1-3, 2-4): both due Black, same history; they
    # are above the median, so the higher-ranked player (1) gets his due colour: 2-1.
    rounds = [[(1, 3, "1-0"), (2, 4, "1-0")]]
    t = tournament_from(RATINGS[:4], rounds, total_rounds=5, system="lim")
    assert (2, 1) in pairs_of(LIM.pair(t))


def test_6_below_median_the_lower_ranked_gets_due_colour():
    # 3 and 4 both lost with Black (1-3, 2-4): both due White, below the median -> the
    # lower-ranked (4) gets White: 4-3.
    rounds = [[(1, 3, "1-0"), (2, 4, "1-0")]]
    t = tournament_from(RATINGS[:4], rounds, total_rounds=5, system="lim")
    assert (4, 3) in pairs_of(LIM.pair(t))
