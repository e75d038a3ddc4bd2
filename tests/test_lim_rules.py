"""Lim rules, one hand-derived case each (expected values worked out from the text)."""

from core.model import Colour
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


# Colours (Art. 6; Aktar pp. 31 and 42).

def test_floater_pairing_due_colour_goes_to_the_higher_score():
    # Aktar p. 42 item 13: in a pairing with a downward floater the due colour is decided
    # by score, not by pairing number.  Round 1: 1–2 ½, 3–4 1-0 (White listed first).  Round 2
    # (median ½): 3 (1 point) floats down, 4 (0) floats up into the median group {1, 2}.
    # 3 is due Black; the resident with a fitting colour, 2, is forbidden for him, so 3 meets
    # the highest resident 1, who also played White once: same history, 6.4 tie.  Median group
    # → the higher-ranked player gets his due colour, and ranked by score that is 3 (1 point,
    # not No. 1): 1 White, 3 Black.  4 (up) meets 2: both due White; 2 (½) outranks 4 (0) in the
    # median group: 2 White.
    t = tournament_from([2000, 1900, 1800, 1700], [[(1, 2, "1/2"), (3, 4, "1-0")]],
                        total_rounds=5, system="lim", forbidden=((2, 3),))
    assert sorted(pairs_of(LIM.pair(t))) == [(1, 3), (2, 4)]


def _lim_round(histories, last_round=True):
    """A LimRound over hand-written colour histories (equal scores, TPN = pno)."""
    from fractions import Fraction

    from core.pairing.base import PairOptions
    from core.pairing.lim.engine import LimRound
    from core.pairing.swiss.state import PlayerState, Status, colour_preference

    states = {}
    for pno, text in histories.items():
        cols = tuple(Colour.WHITE if c == "w" else Colour.BLACK for c in text)
        pref, kind, rep = colour_preference(cols)
        diff = sum(1 if c is Colour.WHITE else -1 for c in cols)
        states[pno] = PlayerState(pno, 2000 - pno, pno - 1, Fraction(1), Fraction(1), (), cols, diff,
                                  pref, kind, rep, frozenset(), (), (), False, False, False,
                                  len(cols), 0, Status.PAIRED)

    class Ctx:
        initial = Colour.WHITE
        forbidden: set = set()

        def __init__(self):
            self.states, self.last_round = states, last_round

        def tpn(self, p):
            return p

        def met(self, a, b):
            return False

    return LimRound(None, Ctx(), PairOptions(), False, Fraction(1))


def test_last_round_colours_stay_within_the_limits_where_possible():
    # Art. 7: in the last round equal scores come first, so a pair that must break 6.1 is
    # allowed — but only if no other pairing of the group avoids it.  Group of four, top half
    # against bottom half proposes 1–3, 2–4.  1 and 3 played Black twice running (both must
    # have White), 2 played B W (due Black), 4 W B (due White).  1–3, 2–4 has one clash but
    # forces a third Black in a row on 1 or 3; the first exchange, 1–4, 2–3, also has one clash
    # (4 does not get his due White) and keeps everyone within the limits: 1 W, 4 B, 3 W, 2 B.
    r = _lim_round({1: "bb", 2: "bw", 3: "bb", 4: "wb"})
    pairs, _clashes = r.pair_rest([1, 2, 3, 4], upward=False)
    assert sorted(r.colours(a, b) for a, b in pairs) == [(1, 4), (3, 2)]
    # before the last round the same pair is not even compatible (6.1 is absolute then)
    early = _lim_round({1: "bb", 2: "bw", 3: "bb", 4: "wb"}, last_round=False)
    assert not early.compatible(1, 3)
