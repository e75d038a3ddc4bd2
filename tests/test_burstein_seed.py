"""Burstein: Aktar's pairing orders (pp. 56–57), the 2026 note's list, the colour
example of §6.5, seeding rounds, the Index, and one hand-derived case per criterion."""

from fractions import Fraction

import pytest

from core.pairing.burstein.engine import (
    index_values,
    opposition_order,
    pair_bracket,
    seeding_rounds,
)
from core.pairing.burstein.system import BURSTEIN, BURSTEIN_LEGACY
from core.pairing.swiss.context import make_context
from tests.test_acceleration_sim import pab_of, pairs_of, tournament_from

# Aktar p. 56, §6.2: the 15 pairings of a 6-player group (line 9/10 garbled in the
# extraction: "9 1:4 2: :3 2:6 4:5" is 9 = 1:4 2:3 5:6 and 10 = 1:3 2:6 4:5).
SIX = """1:6 2:5 3:4|1:6 2:4 3:5|1:6 2:3 4:5|1:5 2:6 3:4|1:5 2:4 3:6|1:5 2:3 4:6|1:4 2:6 3:5|
1:4 2:5 3:6|1:4 2:3 5:6|1:3 2:6 4:5|1:3 2:5 4:6|1:3 2:4 5:6|1:2 3:6 4:5|1:2 3:5 4:6|1:2 3:4 5:6"""
# §6.3: five players, one floater F (pp. 56–57).
FIVE = """1:5 2:4 3:F|1:5 2:3 4:F|1:5 3:4 2:F|1:4 2:5 3:F|1:4 2:3 5:F|1:4 3:5 2:F|1:3 2:5 4:F|
1:3 2:4 5:F|1:3 4:5 2:F|1:2 3:5 4:F|1:2 3:4 5:F|1:2 4:5 3:F|2:5 3:4 1:F|2:4 3:5 1:F|2:3 4:5 1:F"""


def _norm(line: str) -> frozenset:
    out = set()
    for pair in line.split():
        a, b = pair.split(":")
        out.add((int(a), 0 if b == "F" else int(b)))
    return frozenset(out)


def _ours(n: int, f: int) -> list[frozenset]:
    return [frozenset((a, b) for a, b in p) for p in opposition_order(n, f)]


def test_six_player_order_matches_the_seed():
    assert _ours(6, 0) == [_norm(x) for x in SIX.replace("\n", "").split("|")]


def test_five_player_order_with_floater_matches_the_seed():
    assert _ours(5, 1) == [_norm(x) for x in FIVE.replace("\n", "").split("|")]


def test_2026_note_six_players_two_floaters():
    # C.04.4.2 (2026) Art. 4.3 note: the first nine and the last candidate.
    expect = ["1-6 2-5 3-0 4-0", "1-6 2-4 3-0 5-0", "1-6 2-3 4-0 5-0", "1-6 2-0 3-5 4-0",
              "1-6 2-0 3-4 5-0", "1-6 2-0 3-0 4-5", "1-5 2-6 3-0 4-0", "1-5 2-4 3-0 6-0",
              "1-5 2-3 4-0 6-0"]
    got = list(opposition_order(6, 2))
    assert [frozenset(x) for x in got[:9]] == [
        frozenset(tuple(map(int, p.split("-"))) for p in e.split()) for e in expect]
    assert frozenset(got[-1]) == frozenset({(1, 0), (2, 0), (3, 4), (5, 6)})


def _colour_bracket(white_seekers: set[int], n: int):
    """n players with one game each so that everybody has a mild preference: White-seekers
    played Black in round 1 against an outsider (pno 100+), the others White."""
    ratings = [2000 - i for i in range(n)] + [1000 - i for i in range(n)]
    r1 = []
    for p in range(1, n + 1):
        other = n + p
        r1.append((other, p, "1/2") if p in white_seekers else (p, other, "1/2"))
    return tournament_from(ratings, [r1], total_rounds=9, system="burstein")


@pytest.mark.parametrize("n,expected", [
    (6, {(1, 5), (2, 6), (3, 4)}),   # §6.5: No. (4) of the six-player list
    (5, {(1, 5), (2, 3)}),           # §6.5: No. (2) of the five-player list, 4 floats
])
def test_seed_6_5_players_2_4_5_due_white(n, expected):
    t = _colour_bracket({2, 4, 5}, n)
    ctx = make_context(t)
    bracket = list(range(1, n + 1))
    rest = list(range(n + 1, 2 * n + 1)) if n % 2 else []
    res = pair_bracket(ctx, bracket, rest, rest)
    assert {tuple(sorted(p)) for p in res.pairs} == expected
    if n == 5:
        assert res.floaters == [4]


def test_seeding_rounds_count():
    # Art. 1.6.2 examples: 5 rounds -> 2, 7 -> 3, 9 or more -> 4.
    assert [seeding_rounds(r) for r in (5, 7, 9, 11, 4)] == [2, 3, 4, 4, 2]


def test_index_buchholz_then_sb_and_unplayed_round_rule():
    # 4 players, 2 rounds.  R1: 1-2 1-0, 3-4 1/2.  R2: 1-3 1-0, 4 forfeit win over 2.
    t = tournament_from([2000, 1900, 1800, 1700],
                        [[(1, 2, "1-0"), (3, 4, "1/2")], [(1, 3, "1-0"), (4, 2, "+-")]],
                        system="burstein")
    idx = index_values(t, 2)
    # scores: 1:2, 2:0, 3:½, 4:1½.  Player 4: opponent 3 (½) + himself for the unplayed round (1½)
    # -> BH 2; SB = ½·½ + 1·1½ = 1¾.  Player 2: opponent 1 (2) + himself (0) -> BH 2, SB 0.
    assert idx[4] == (Fraction(2), Fraction(7, 4))
    assert idx[2] == (Fraction(2), Fraction(0))
    assert idx[1] == (Fraction(1, 2), Fraction(1, 2))
    legacy = index_values(t, 2, "legacy")
    assert legacy[4][0] == Fraction(7, 4) and legacy[4][1] == Fraction(2)


def test_index_trailing_zero_byes_count_as_draws_for_opponents():
    # Player 2 lost to 1 and then was absent (zero-point bye) twice: for 1's Buchholz,
    # 2's score counts those two byes as draws (0 + ½ + ½ = 1).
    t = tournament_from([2000, 1900, 1800, 1700],
                        [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1/2"), (4, "U"), (2, "Z")],
                         [(3, 1, "1/2"), (2, "Z"), (4, "Z")]],
                        system="burstein")
    # scores: 2 -> 0 (+ two trailing byes as draws = 1 as an opponent), 3 -> 2.
    assert index_values(t, 3)[1][0] == Fraction(1) + Fraction(2) + Fraction(2)


def _after_seeding(rounds, n=8, total=6, **kw):
    ratings = [2400 - 50 * i for i in range(n)]
    return tournament_from(ratings, rounds, total_rounds=total, system="burstein", **kw)


def test_c5_c6_floater_is_the_lowest_score_and_pairs_are_maximised():
    # Six players in the 1-point group after 1 round is not possible with Dutch seeding, so
    # the bracket function is used directly: a bracket of 3 (one incoming floater with 2
    # points and two residents with 1 point) must send a *resident* down (C6).
    t = tournament_from([2000, 1900, 1800, 1700, 1600, 1500],
                        [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")],
                         [(2, 1, "1-0"), (3, 4, "1-0"), (5, 6, "1-0")]], system="burstein")
    ctx = make_context(t)
    # scores: 2:2, 3:2, 1:1, 5:1, 4:0, 6:0.  Bracket {3 (incoming, 2 points), 1, 5}: one pair,
    # one floater, and the floater must be a 1-point resident, not the 2-point player (C6).
    res = pair_bracket(ctx, [3, 1, 5], [4, 6, 2], [4, 6])
    assert len(res.pairs) == 1 and res.floaters in ([1], [5])
    assert 3 in res.pairs[0]


def test_c1_and_c3_never_broken_and_bye_rule():
    # 5 players after the seeding rounds: the PAB goes to the lowest score, most games played,
    # lowest Index ranking, never to a player who already had it.
    r1 = [(1, 4, "1-0"), (5, 2, "0-1"), (3, "U")]
    r2 = [(2, 1, "1/2"), (3, 5, "1-0"), (4, "U")]
    t = tournament_from([2000, 1900, 1800, 1700, 1600], [r1, r2], total_rounds=4, system="burstein")
    p = BURSTEIN.pair(t)   # round 3 > seeding rounds (2) -> Burstein proper
    assert pab_of(p) == 5  # the only 0-point player without a PAB
    met = {frozenset((1, 4)), frozenset((2, 5)), frozenset((1, 2)), frozenset((3, 5))}
    assert not any(frozenset(b) in met for b in pairs_of(p))


def test_round_one_is_dutch_top_half_bottom_half():
    t = tournament_from([2000 - i for i in range(10)], [], total_rounds=9, system="burstein")
    assert pairs_of(BURSTEIN.pair(t)) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]


def test_legacy_virtual_point_for_the_top_half_in_rounds_one_and_two():
    # Aktar §3.3: the top half of the list (1–6 of 12) gets a virtual point in rounds 1
    # and 2, so round 1 has two scoregroups {1..6} and {7..12}, each paired by §6.1 (top
    # against bottom: 1:6 2:5 3:4, line 1 of the §6.2 list).  Colours §5.1: #1 has the colour
    # of the lot (White here) and every odd number of the top half the same colour, so 5 has
    # White against 2; in the lower group the same rule (odd-numbered higher player gets #1's
    # colour) gives 7, 11 and 9 White.
    t = tournament_from([2000 - 10 * i for i in range(12)], [], total_rounds=9, system="burstein-legacy")
    assert pairs_of(BURSTEIN_LEGACY.pair(t)) == [(1, 6), (5, 2), (3, 4), (7, 12), (11, 8), (9, 10)]
    # Round 2: 1–6, 5–2, 3–4 won by White, the lower group drawn: the virtual point still counts,
    # so 1, 5, 3 (2 pairing points) form the top group, 2, 4, 6 (1 point) with the lower
    # group's (½) players below; removed before round 3, it never reaches the scores.
    r1 = [(1, 6, "1-0"), (5, 2, "1-0"), (3, 4, "1-0"), (7, 12, "1/2"), (11, 8, "1/2"), (9, 10, "1/2")]
    t2 = tournament_from([2000 - 10 * i for i in range(12)], [r1], total_rounds=9, system="burstein-legacy")
    pairs = {frozenset(b) for b in pairs_of(BURSTEIN_LEGACY.pair(t2))}
    top = {1, 3, 5}
    assert sum(1 for p in pairs if p <= top) == 1  # two of 1, 3, 5 meet; the third floats


# C7 (2026: "choose the outgoing floaters so that C1–C6 hold in the next bracket"; Aktar
# §6.6: a floater whose new group cannot then be completed properly is sent back and the next
# pairing tried).  Hand-built round 3 of 4 (two seeding rounds), colours alternating so that
# nobody has an absolute preference:
#   R1: 1–6 1-0, 2–7 1-0, 3–8 1-0, 9–4 ½, 10–5 ½;  R2: 4–1 0-1, 5–2 0-1, 6–3 0-1, 8–9 0-1, 7–10 0-1
# Scores: 1, 2, 3 → 2;  9, 10 → 1½;  4, 5 → ½;  6, 7, 8 → 0.  Player 2 may not meet 9 or 10
# (forbidden pairs).  Index of the 2-point group: BH 1 = 0+½, 2 = 0+½, 3 = 0+0; SB 1 = 2 = ½
# → BSN order 1, 2, 3 (TPN breaks 1/2).  One of them floats to the 1½ group {9, 10}.
# Art. 4 order: (1–3, 2 floats) first.  With 2 floating, the next bracket {2, 9, 10} pairs
# 9–10 and 2 must float on into the ½ group (a 2-point player against ½).  With 3 floating
# (1–2, the second pairing in Art. 4 order), 3 meets 9 or 10 and a 1½ player floats on: the
# same number of pairs, but a lower score left over, so C6 of the next bracket decides: 1–2.
def _c7_case():
    r1 = [(1, 6, "1-0"), (2, 7, "1-0"), (3, 8, "1-0"), (9, 4, "1/2"), (10, 5, "1/2")]
    r2 = [(4, 1, "0-1"), (5, 2, "0-1"), (6, 3, "0-1"), (8, 9, "0-1"), (7, 10, "0-1")]
    return tournament_from([2400 - 50 * i for i in range(10)], [r1, r2], total_rounds=4,
                           system="burstein", forbidden=((2, 9), (2, 10)))


def test_c7_floater_chosen_by_the_next_brackets_c5_and_c6():
    t = _c7_case()
    ctx = make_context(t)
    res = pair_bracket(ctx, [1, 2, 3], [9, 10, 4, 5, 6, 7, 8], [9, 10])
    assert [frozenset(p) for p in res.pairs] == [frozenset((1, 2))] and res.floaters == [3]


@pytest.mark.parametrize("system", ["BURSTEIN", "BURSTEIN_LEGACY"])
def test_c7_no_two_point_player_floats_into_the_half_point_group(system):
    t = _c7_case()
    engine = BURSTEIN if system == "BURSTEIN" else BURSTEIN_LEGACY
    pairs = {frozenset(b) for b in pairs_of(engine.pair(t))}
    assert frozenset((1, 2)) in pairs
    assert frozenset((3, 9)) in pairs or frozenset((3, 10)) in pairs
