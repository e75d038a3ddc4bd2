"""Hand-derived Dutch (2026) cases for the criteria without a dedicated test elsewhere.

One test per criterion of C.04.3 (2026) Art. 2, named after it.  Each builds the smallest
history where that criterion decides the pairing; the comment derives the expected pairing
from the rule text (C.04.3 (2026) Arts. 1–5, docs/rules/dutch.md) by hand.  TPN = player number
(ratings fall with the number); in a history ``(a, b, res)`` a has white.
"""

from __future__ import annotations

from core.model import Board, Bye, ByeKind, Colour, GameResult, Player, Round, Tournament
from core.pairing.dutch import DUTCH

W = Colour.WHITE


def tour(n: int, rounds: list[list[tuple]], **kw) -> Tournament:
    players = tuple(Player(i, f"P{i}", 2500 - 10 * i) for i in range(1, n + 1))
    out = []
    for r, items in enumerate(rounds, start=1):
        boards_ = tuple(Board(a, b, GameResult.parse(res)) for a, b, res in (x for x in items if len(x) == 3))
        byes = tuple(Bye(a, ByeKind(k)) for a, k in (x for x in items if len(x) == 2))
        out.append(Round(r, boards_, byes))
    gone = kw.pop("gone_from", {})
    players = tuple(Player(p.pno, p.name, p.rating, withdrawn_round=gone.get(p.pno)) for p in players)
    kw.setdefault("initial_colour", W)
    kw.setdefault("total_rounds", 9)
    return Tournament("t", "t", players=players, rounds=tuple(out), **kw)


def pairing(t: Tournament) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    p = DUTCH.pair(t)
    return [(b.white, b.black) for b in p.boards], [(y.pno, y.kind.value) for y in p.byes]


def test_c4_top_bracket_must_leave_a_pairable_remainder() -> None:
    """R1: 1-3, 2-4 (white won).  Round 2: {1,2} on 1 point, {3,4} on 0; 3 and 4 are a
    forbidden pair (counts like a meeting).  1-2 would leave 3-4, impossible, so C4 forbids it
    and both 1 and 2 downfloat: 1 met 3, so 1-4 and 2-3.  Colours 5.2.1: 1 and 2 (W) want
    black, 3 and 4 (B) want white.  Boards: both have a 1-pointer; 1 ranks higher."""
    t = tour(4, [[(1, 3, "1-0"), (2, 4, "1-0")]], forbidden=((3, 4),))
    assert pairing(t) == ([(4, 1), (3, 2)], [])


def test_c6_maximise_pairs_in_the_bracket() -> None:
    """R1: 1-5, 2-6, 7-3, 8-4 (players 1-4 won).  Round 2: {1,2,3,4} on 1 point; 1-3 and 1-4 are
    forbidden, so the only way to pair all four is 1-2, 3-4, and it denies two colour
    preferences (1, 2 both had white, 3, 4 both black).  2-3 or 2-4 alone would meet every
    preference (C12) but downfloat two players; C6 ranks higher, so 1-2, 3-4.  Colours: same
    histories, 5.2.4 gives the higher-ranked his preference: 2-1 and 3-4.  {5,6,7,8}: 5-7,
    6-8 meet all preferences (5, 6 had black)."""
    t = tour(8, [[(1, 5, "1-0"), (2, 6, "1-0"), (7, 3, "0-1"), (8, 4, "0-1")]],
             forbidden=((1, 3), (1, 4)))
    assert pairing(t) == ([(2, 1), (3, 4), (5, 7), (6, 8)], [])


def test_c7_minimise_the_scores_of_the_downfloaters() -> None:
    """R1: 1 beat 5, 2-3 drew, 4 took a half-point bye, 6 a zero-point bye.  Round 2 (1-2 and
    1-3 forbidden): 1 (1 pt) floats into {2,3,4} (½).  Legal pairs there: 1-4, 2-4, 3-4 (2-3
    met), so only one pair (C6 equal).  1-4 downfloats 2 and 3 (½, ½); 2-4 downfloats 1 and 3
    (1, ½); 3-4 downfloats 1 and 2.  C7 (descending scores) takes 1-4.  Both pairings complete
    below ({2,3|5,6} gives 2-5, 3-6).  Colours: 4 has none, 1 (W) black -> 4-1; 5 (B) white vs
    2 (W) -> 5-2; 3 (B) white vs 6 (none) -> 3-6."""
    t = tour(6, [[(1, 5, "1-0"), (2, 3, "1/2"), (4, "H"), (6, "Z")]], forbidden=((1, 2), (1, 3)))
    assert pairing(t) == ([(4, 1), (5, 2), (3, 6)], [])


def test_c8_downfloater_chosen_so_that_the_next_bracket_complies() -> None:
    """R1: 1-6, 2-7, 3-8 (white won), 4-5 drew.  Round 2, 3-4 and 3-5 forbidden.  {1,2,3} on 1
    point floats one player (C6/C7 equal for every choice).  The first candidate 1-2 floats 3,
    who can meet nobody in the next bracket {3|4,5} (4-5 met): C6 fails there (0 pairs).  The
    next candidate 1-3 floats 2, and {2|4,5} has one pair: C8 takes it.  The whole pairing
    stays complete either way ({3,4,5|6,7,8} pairs), so C4 does not decide.  In {2|4,5}: 2-4
    (both W, strong black) denies one preference, 2-5 (5 is B) none, so C12 gives 5-2 and 4
    floats to {4|6,7,8}: 6-4 (5.2.1), then 7-8 (both B, 5.2.4 higher-ranked white).
    1 and 3 (both W, same history): 5.2.4, 1 black -> 3-1."""
    t = tour(8, [[(1, 6, "1-0"), (2, 7, "1-0"), (3, 8, "1-0"), (4, 5, "1/2")]],
             forbidden=((3, 4), (3, 5)))
    assert pairing(t) == ([(3, 1), (5, 2), (6, 4), (7, 8)], [])
    # contrast without the forbidden pairs: 1-2 (5.2.4: 2-1) and 3 floats; {3|4,5}: 5 (B) suits
    # 3 (W) (C12), so 5-3 and 4 floats to {4|6,7,8}: 6-4, 7-8
    t2 = tour(8, [[(1, 6, "1-0"), (2, 7, "1-0"), (3, 8, "1-0"), (4, 5, "1/2")]])
    assert pairing(t2) == ([(2, 1), (5, 3), (6, 4), (7, 8)], [])


def test_c13_a_denied_mild_preference_beats_a_denied_strong_one() -> None:
    """Round 3; players 5-8 have withdrawn, so one bracket {1,2,3,4}, all on 1 point.
    Preferences (Art. 1.7): 1 had B,W -> mild black; 3 had W,B -> mild white; 2 and 4 had a
    zero-point bye then black -> strong white.  S1 = 1,2 / S2 = 3,4: 1-3 meets both, 2-4
    denies one strong preference.  Transposition 1-4, 2-3: 4-1 meets both; 2 (strong) beats 3
    (mild) by 5.2.2, so 3 is denied a mild preference.  One denial each (C12 equal); C13 takes
    the transposition.  Boards: equal scores, pair of 1 first."""
    t = tour(8, [[(5, 1, "1/2"), (3, 7, "1/2"), (6, 8, "1/2"), (2, "Z"), (4, "Z")],
                 [(1, 6, "1/2"), (7, 2, "0-1"), (8, 3, "1/2"), (5, 4, "0-1")]],
             gone_from={5: 3, 6: 3, 7: 3, 8: 3})
    assert pairing(t) == ([(4, 1), (2, 3)], [])
    # contrast: 2 lost to 9 as white in round 1 instead of the bye, so 2 (W,B) has a mild
    # white preference: 2-4 (4 strong white wins, 5.2.2) and 2-3 (5.2.4, 2 white) each deny one
    # mild preference, C13 is equal and the first candidate stands: 3-1 (5.2.1), 4-2
    t2 = tour(9, [[(5, 1, "1/2"), (3, 7, "1/2"), (6, 8, "1/2"), (2, 9, "0-1"), (4, "Z")],
                  [(1, 6, "1/2"), (7, 2, "0-1"), (8, 3, "1/2"), (5, 4, "0-1"), (9, "Z")]],
              gone_from=dict.fromkeys(range(5, 10), 3))
    assert pairing(t2) == ([(3, 1), (4, 2)], [])


def test_c15_mdp_opponent_who_upfloated_last_round_avoided() -> None:
    """Round 3; 5-8 have withdrawn.  Scores: 1 on 2, 2, 3, 4 on 1.  In round 2, 2 (0 points)
    met 8 (½): 2 upfloated; 3 and 4 downfloated.  1 (B,W: mild black) floats into {2,3,4}
    (2: W,B and 3: W,B mild white; 4: B,W mild black).  First candidate 1-2, 3-4 meets every
    colour preference and has no resident downfloater, but 1's opponent 2 upfloated in the
    previous round (C15).  Next transposition 1-3, 2-4: also every preference met, and 3 did
    not upfloat: taken.  Boards: 3-1 (2 points) first, then 2-4."""
    t = tour(8, [[(5, 1, "0-1"), (2, 6, "0-1"), (3, 7, "1-0"), (8, 4, "1/2")],
                 [(1, 6, "1-0"), (8, 2, "0-1"), (5, 3, "1-0"), (4, 7, "1/2")]],
             gone_from={5: 3, 6: 3, 7: 3, 8: 3})
    assert pairing(t) == ([(3, 1), (2, 4)], [])
    # contrast: 2 meets 5 (0 points, no upfloat) and 3 loses to 8 in round 2 instead: same
    # scores and colours, C15 equal, so the first candidate stands: 2-1, 3-4
    t2 = tour(8, [[(5, 1, "0-1"), (2, 6, "0-1"), (3, 7, "1-0"), (8, 4, "1/2")],
                  [(1, 6, "1-0"), (5, 2, "0-1"), (8, 3, "1-0"), (4, 7, "1/2")]],
              gone_from={5: 3, 6: 3, 7: 3, 8: 3})
    assert pairing(t2) == ([(2, 1), (3, 4)], [])


def test_c16_resident_downfloater_from_two_rounds_ago_avoided() -> None:
    """Round 3; 5-10 have withdrawn; 1-2 is a forbidden pair.  Scores: 1, 2, 3 on 1½, 4 on 0.
    2 got the PAB in round 1 (a downfloat, Art. 1.4.3); nobody among 1-3 floated in round 2
    (all their round-2 opponents had equal scores).  {1,2,3} downfloats one (C6, C7 equal).
    Preferences: 1 (W,B) mild white, 2 (B) strong white, 3 (B,W) mild black, so 1-3 and 2-3
    both meet every preference (C12/C13 equal); C14, C15 do not apply.  The first candidate
    1-3 downfloats 2, who downfloated two rounds before: C16 takes 2-3 and floats 1 instead.
    {1|4}: 1 and 4 both W,B (mild white, same history): 5.2.4 gives 1 white."""
    t = tour(10, [[(2, "U"), (1, 5, "1-0"), (6, 3, "0-1"), (4, 7, "0-1"), (9, 10, "1-0"), (8, "F")],
                  [(7, 1, "1/2"), (8, 2, "1/2"), (3, 9, "1/2"), (5, 4, "1-0"), (6, 10, "1/2")]],
             gone_from=dict.fromkeys(range(5, 11), 3), forbidden=((1, 2),))
    assert pairing(t) == ([(2, 3), (1, 4)], [])
    # contrast: 2 beat 11 as white in round 1 (no PAB, no float): 2 (W,B) mild white, C16
    # equal, so the first candidate 1-3 stands and 2 floats: {2|4}, same history, 5.2.4: 2-4
    t2 = tour(11, [[(2, 11, "1-0"), (1, 5, "1-0"), (6, 3, "0-1"), (4, 7, "0-1"), (9, 10, "1-0"),
                    (8, "F")],
                   [(7, 1, "1/2"), (8, 2, "1/2"), (3, 9, "1/2"), (5, 4, "1-0"), (6, 10, "1/2")]],
              gone_from=dict.fromkeys(range(5, 12), 3), forbidden=((1, 2),))
    assert pairing(t2) == ([(1, 3), (2, 4)], [])


def test_c17_mdp_opponent_who_upfloated_two_rounds_ago_avoided() -> None:
    """The C15 case one round later: round 4; 5-12 have withdrawn.  Rounds 1-2 as in the C15
    test (2 upfloated in round 2, 3 and 4 downfloated); 9 had two full-point byes, 10-12 one.
    Round 3: everybody drew against an equal score (1-9, 10-2, 11-3, 4-12): no floats.
    Scores: 1 on 2½, 2, 3, 4 on 1½.  Preferences: 1 (B,W,W) and 4 (B,W,W) absolute black,
    2 and 3 (W,B,B) absolute white, so both 1-2/3-4 and 1-3/2-4 meet every preference;
    C14-C16 do not apply (no resident downfloater, no upfloat in round 3).  The first candidate
    gives 1 the opponent 2, who upfloated two rounds before (C17): 1-3, 2-4 is taken."""
    t = tour(12, [[(5, 1, "0-1"), (2, 6, "0-1"), (3, 7, "1-0"), (8, 4, "1/2"),
                   (9, "F"), (10, "F"), (11, "F"), (12, "F")],
                  [(1, 6, "1-0"), (8, 2, "0-1"), (5, 3, "1-0"), (4, 7, "1/2"),
                   (9, "F"), (10, "Z"), (11, "Z"), (12, "Z")],
                  [(1, 9, "1/2"), (10, 2, "1/2"), (11, 3, "1/2"), (4, 12, "1/2"),
                   (5, "Z"), (6, "Z"), (7, "Z"), (8, "Z")]],
             gone_from=dict.fromkeys(range(5, 13), 4))
    assert pairing(t) == ([(3, 1), (2, 4)], [])


def test_c18_mdp_who_downfloated_last_round_is_paired_rather_than_floated_again() -> None:
    """Round 3; 5-12 have withdrawn; 1-2 is a forbidden pair.  Scores: 1 and 2 on 2, 3 on 1,
    4 on 0.  2 downfloated in round 2 (beat 8, who had 0); 1 did not (beat 6, equal score).
    {1,2} pairs nobody, both float into {1,2|3}: one MDP is paired, the other floats on
    (C6, C7 equal; C8: {x|4} pairs either way).  Preferences: 1 and 2 (B,W) mild black, 3 and
    4 (W,B) mild white, so C12/C13 are equal; C14-C17 do not apply.  The first MDP set {1}
    pairs 1-3 and leaves 2, who downfloated last round, to float again; C18 counts the score
    difference of such an MDP, and one that floats on counts as more than any pairing in the
    bracket (Held's reading, §2.6 of the reference; bbpPairings does the same), so {2}: 3-2,
    and 1 floats to {1|4}: 4-1."""
    t = tour(12, [[(5, 1, "0-1"), (7, 2, "0-1"), (3, 9, "1-0"), (4, 12, "0-1"), (10, 11, "1-0"),
                   (6, 8, "1-0")],
                  [(1, 6, "1-0"), (2, 8, "1-0"), (10, 3, "1-0"), (11, 4, "1-0"),
                   (5, "Z"), (7, "Z"), (9, "Z"), (12, "Z")]],
             gone_from=dict.fromkeys(range(5, 13), 3), forbidden=((1, 2),))
    pairs, byes = pairing(t)
    assert sorted(pairs) == [(3, 2), (4, 1)] and byes == []
    # contrast: 2 beats 12 (1 point, no float) in round 2 instead -> C18 equal, the first MDP
    # set {1} stays: 3-1, and 2 floats to {2|4}: 4-2
    t2 = tour(12, [[(5, 1, "0-1"), (7, 2, "0-1"), (3, 9, "1-0"), (4, 12, "0-1"), (10, 11, "1-0"),
                    (6, 8, "1-0")],
                   [(1, 6, "1-0"), (2, 12, "1-0"), (10, 3, "1-0"), (11, 4, "1-0"),
                    (5, "Z"), (7, "Z"), (9, "Z"), (8, "Z")]],
              gone_from=dict.fromkeys(range(5, 13), 3), forbidden=((1, 2),))
    assert sorted(pairing(t2)[0]) == [(3, 1), (4, 2)]


def test_c19_upfloater_meets_the_mdp_with_the_smaller_score_difference() -> None:
    """Round 3; 5-12 have withdrawn; 1-2 is a forbidden pair.  Scores: 1 on 2, 2 on 1½, 3 and
    4 on 1.  3 upfloated in round 2 (0 points against 12's ½); nobody else floated.  1 and 2
    cannot meet, so both float into {1,2|3,4}.  Preferences: 1, 2 (B,W) mild black; 3, 4
    (W,B) mild white: 1-3/2-4 and 1-4/2-3 both meet all (C12/C13 equal).  In both candidates 3
    is an MDP opponent (C15 equal); no MDP downfloated last round (C18).  C19: 3's score
    difference is 1 against 1 but ½ against 2, so the transposition 1-4, 2-3 is taken:
    4-1, 3-2."""
    t = tour(12, [[(5, 1, "0-1"), (7, 2, "1/2"), (3, 8, "0-1"), (4, 9, "1-0"), (6, 10, "1-0"),
                   (11, 12, "1/2")],
                  [(1, 6, "1-0"), (2, 11, "1-0"), (12, 3, "0-1"), (8, 4, "1-0"),
                   (5, "Z"), (7, "Z"), (9, "Z"), (10, "Z")]],
             gone_from=dict.fromkeys(range(5, 13), 3), forbidden=((1, 2),))
    assert pairing(t) == ([(4, 1), (3, 2)], [])
    # contrast: 3 beats 10 (0 points, no upfloat) in round 2 instead: C19 equal, the first
    # candidate stands: 3-1, 4-2
    t2 = tour(12, [[(5, 1, "0-1"), (7, 2, "1/2"), (3, 8, "0-1"), (4, 9, "1-0"), (6, 10, "1-0"),
                    (11, 12, "1/2")],
                   [(1, 6, "1-0"), (2, 11, "1-0"), (10, 3, "0-1"), (8, 4, "1-0"),
                    (5, "Z"), (7, "Z"), (9, "Z"), (12, "Z")]],
              gone_from=dict.fromkeys(range(5, 13), 3), forbidden=((1, 2),))
    assert pairing(t2) == ([(3, 1), (4, 2)], [])


def test_c20_mdp_who_downfloated_two_rounds_ago_is_paired_rather_than_floated_again() -> None:
    """The C18 case with the downfloat two rounds back: 2 got the PAB in round 1 (a downfloat,
    Art. 1.4.3) and in round 2 beat 12, who also had 1 point (no float).  Scores as in C18: 1
    and 2 on 2 (1-2 forbidden), 3 on 1, 4 on 0; 1 (B,W) mild black, 2 (W) strong black, 3 and 4
    (W,B) mild white: C12/C13 equal, C14-C19 do not apply.  C20 prefers pairing 2 (whose
    floating on counts as the larger difference) over 1: 3-2 and 4-1."""
    t = tour(12, [[(5, 1, "0-1"), (2, "U"), (3, 9, "1-0"), (4, 12, "0-1"), (10, 11, "1-0"),
                   (6, 8, "1-0"), (7, "Z")],
                  [(1, 6, "1-0"), (2, 12, "1-0"), (10, 3, "1-0"), (11, 4, "1-0"),
                   (5, "Z"), (7, "Z"), (9, "Z"), (8, "Z")]],
             gone_from=dict.fromkeys(range(5, 13), 3), forbidden=((1, 2),))
    pairs, byes = pairing(t)
    assert sorted(pairs) == [(3, 2), (4, 1)] and byes == []


def test_c21_upfloater_from_two_rounds_ago_meets_the_mdp_with_the_smaller_difference() -> None:
    """The C19 case one round later: round 4; 5-16 have withdrawn; 1-2 forbidden.  Round 3:
    everybody drew against an equal score (13 had two full-point byes, 14 F and H, 15 and 16
    F and Z): no floats.  Scores: 1 on 2½, 2 on 2, 3 and 4 on 1½; 3 upfloated in round 2.
    Preferences: 1, 2 (B,W,W) absolute black, 3, 4 (W,B,B) absolute white: all met either way.
    3 is an MDP opponent in both candidates (C17 equal), nobody floated in round 3 (C15, C19)
    and no MDP ever downfloated (C18, C20).  C21: 3's difference is 1 against 1, ½ against 2:
    the transposition 4-1, 3-2."""
    t = tour(16, [[(5, 1, "0-1"), (7, 2, "1/2"), (3, 8, "0-1"), (4, 9, "1-0"), (6, 10, "1-0"),
                   (11, 12, "1/2"), (13, "F"), (14, "F"), (15, "F"), (16, "F")],
                  [(1, 6, "1-0"), (2, 11, "1-0"), (12, 3, "0-1"), (8, 4, "1-0"),
                   (5, "Z"), (7, "Z"), (9, "Z"), (10, "Z"), (13, "F"), (14, "H"), (15, "Z"),
                   (16, "Z")],
                  [(1, 13, "1/2"), (2, 14, "1/2"), (15, 3, "1/2"), (16, 4, "1/2")]
                  + [(p, "Z") for p in range(5, 13)]],
             gone_from=dict.fromkeys(range(5, 17), 4), forbidden=((1, 2),))
    assert pairing(t) == ([(4, 1), (3, 2)], [])
    # contrast: 3 beats 10 (0 points, no upfloat) in round 2 instead: C21 equal, the first
    # candidate stands: 3-1, 4-2
    t2 = tour(16, [[(5, 1, "0-1"), (7, 2, "1/2"), (3, 8, "0-1"), (4, 9, "1-0"), (6, 10, "1-0"),
                    (11, 12, "1/2"), (13, "F"), (14, "F"), (15, "F"), (16, "F")],
                   [(1, 6, "1-0"), (2, 11, "1-0"), (10, 3, "0-1"), (8, 4, "1-0"),
                    (5, "Z"), (7, "Z"), (9, "Z"), (12, "Z"), (13, "F"), (14, "H"), (15, "Z"),
                    (16, "Z")],
                   [(1, 13, "1/2"), (2, 14, "1/2"), (15, 3, "1/2"), (16, 4, "1/2")]
                   + [(p, "Z") for p in range(5, 13)]],
              gone_from=dict.fromkeys(range(5, 17), 4), forbidden=((1, 2),))
    assert pairing(t2) == ([(3, 1), (4, 2)], [])
