"""Hand-checked Dutch cases, one per rule, with the expected pairing derived from the rule text.

Each test builds a tiny history and states in its docstring how the answer follows from the
2026 text (C.04.3 Arts. 1–5; digest in docs/rules/dutch.md).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from core.errors import PairingImpossible
from core.model import (
    Board, Bye, ByeKind, Colour, GameResult, Player, RequestedBye, Round, Tournament,
)
from core.pairing.dutch import DUTCH
from core.pairing.dutch.colours import allocate
from core.pairing.dutch.criteria import Facts
from core.pairing.swiss.state import PlayerState, PreferenceKind, Status, colour_preference, Float

W, B = Colour.WHITE, Colour.BLACK


def tour(n: int, rounds: list[list[tuple]], **kw) -> Tournament:
    players = tuple(Player(i, f"P{i}", 2500 - 10 * i) for i in range(1, n + 1))
    out = []
    for r, items in enumerate(rounds, start=1):
        boards = tuple(Board(a, b, GameResult.parse(res)) for a, b, res in (x for x in items if len(x) == 3))
        byes = tuple(Bye(a, ByeKind(k)) for a, k in (x for x in items if len(x) == 2))
        out.append(Round(r, boards, byes))
    kw.setdefault("initial_colour", W)
    return Tournament("t", "t", players=players, rounds=tuple(out), **kw)


def boards(t: Tournament) -> tuple[list[tuple[int, int]], list[tuple[int, str]]]:
    p = DUTCH.pair(t)
    return [(b.white, b.black) for b in p.boards], [(y.pno, y.kind.value) for y in p.byes]


def state(pno: int, rank: int, colours: tuple[Colour, ...], score: Fraction = Fraction(0)) -> PlayerState:
    pref, kind, rep = colour_preference(colours)
    whites = sum(1 for c in colours if c is W)
    return PlayerState(
        pno=pno, rating=0, rank=rank, score=score, pairing_score=score, round_scores=(),
        colours=colours, colour_difference=2 * whites - len(colours), preference=pref,
        preference_kind=kind, repeated_colour=rep, opponents=frozenset(), floats=(), floats_2017=(),
        had_pab=False, bye_barred=False, bye_barred_2017=False, played_games=len(colours),
        unplayed_rounds=0, status=Status.PAIRED)


# ---------------------------------------------------------------- round 1, 5.2.5, Art. 3
def test_round1_art3_homogeneous_bracket_and_rule_5_2_5() -> None:
    """One scoregroup of 6: S1 = 1,2,3 against S2 = 4,5,6; the higher-ranked player of each
    pair gets the initial colour (white) if his TPN is odd, the other colour if even."""
    t = tour(6, [])
    assert boards(t) == ([(1, 4), (5, 2), (3, 6)], [])


def test_round1_odd_field_gets_pab_lowest_ranked_c5() -> None:
    """Seven players: the PAB goes to the last player (lowest score = all equal, C5; then the
    bracket order leaves the last one unpaired)."""
    t = tour(7, [], initial_colour=B)
    assert boards(t) == ([(4, 1), (2, 5), (6, 3)], [(7, "U")])


# ---------------------------------------------------------------- C1
def test_c1_no_rematch_forces_exchange() -> None:
    """All on 1 point after two rounds of draws; 1-3, 2-4 (S1/S2) and the transposition 1-4,
    2-3 are rematches, so only 1-2, 3-4 remain (C1).  Colours 5.2.1: 1 (WB) wants white, 2 (BW)
    black; 3 (BB) must have white, 4 (WW) black."""
    t = tour(4, [[(1, 3, "1/2"), (4, 2, "1/2")], [(4, 1, "1/2"), (2, 3, "1/2")]])
    assert boards(t) == ([(1, 2), (3, 4)], [])


def test_c1_forfeited_game_is_not_a_meeting() -> None:
    """C.04.2 Art. 3.5: players whose game was forfeited may meet again.  1 beat 2 by forfeit
    and 3 drew 4: scoregroups {1} and {2,3,4}... 1 floats down; pairing 1-2 again is allowed and
    1-2 is the first candidate of the heterogeneous bracket (MDP 1 with S2 head 2)."""
    t = tour(4, [[(1, 2, "+-"), (3, 4, "1-0")]], total_rounds=5)
    pairs, _ = boards(t)
    assert {frozenset(p) for p in pairs} == {frozenset((1, 3)), frozenset((2, 4))} or (
        frozenset((1, 2)) in {frozenset(p) for p in pairs})


def test_forbidden_pairs_are_never_paired() -> None:
    """XXP/260: 1 and 4 may not meet; round 1 becomes 1-5?  With 4 players S1 = 1,2 and
    S2 = 3,4 give 1-3, 2-4 anyway; forbid 1-3 so the first transposition 1-4, 2-3 is taken."""
    t = tour(4, [], forbidden=((1, 3),))
    assert boards(t) == ([(1, 4), (3, 2)], [])


# ---------------------------------------------------------------- C2, C5, C9, C12, C14
def test_c14_resident_downfloater_again_avoided_and_c5_c12_in_last_bracket() -> None:
    """R1: 1 beat 3, 2 beat 4, 5 had the PAB.  Round 2: scoregroup {1,2,5} must downfloat one.
    1-2 would downfloat 5, who downfloated last round (PAB = downfloat, Art. 1.4.3): C14.
    The next candidate (transposition) 1-5 downfloats 2 instead.  Last bracket {2 | 3,4}: the
    PAB goes to a 0-point player (C5); 2 already met 4 (C1), so 2-3 and 4 gets the PAB.
    Colours: 1 (W) wants black, 5 has none -> 5 white (5.2.1); 2 and 3 both had black
    (strong white, same history) -> 5.2.4, the higher-ranked 2 gets white.
    Board order: 5-1 (scores 1 and 1) before 2-3 (1 and 0)."""
    t = tour(5, [[(1, 3, "1-0"), (4, 2, "0-1"), (5, "U")]])
    assert boards(t) == ([(5, 1), (2, 3)], [(4, "U")])


def test_c2_pab_never_to_a_player_who_scored_a_win_without_playing() -> None:
    """5 had a full-point bye (F) and is alone on the lowest score with 4; 4 already had the
    PAB.  2026 C2 bars both from the PAB (F scores a win without playing), so the PAB must move
    up to a 1-point player."""
    t = tour(5, [[(1, 2, "1-0"), (3, 4, "1-0"), (5, "F")], [(1, 3, "1-0"), (2, 5, "1-0"), (4, "U")],
                 [(1, 4, "1-0"), (3, 5, "1-0"), (2, "Z")]])
    pairs, byes = boards(t)
    pab = [p for p, k in byes if k == "U"]
    assert pab and pab[0] not in (4, 5)
    # 2017 C.2 only bars PAB / forfeit wins: a full-point bye does not bar 5
    from core.pairing.swiss.state import player_states
    st = player_states(t)
    assert st[5].bye_barred and not st[5].bye_barred_2017


def test_requested_byes_are_not_paired_and_returned() -> None:
    """C.04.2 Art. 3.3: a player known to be absent is not paired; his bye is granted."""
    t = tour(5, [], requested_byes=(RequestedBye(2, 1, ByeKind.HALF),))
    pairs, byes = boards(t)
    assert all(2 not in p for p in pairs)
    assert (2, "H") in byes and len(pairs) == 2 and not any(k == "U" for _, k in byes)


def test_withdrawn_and_late_players_are_not_paired() -> None:
    players = (Player(1, "a", 2400), Player(2, "b", 2300), Player(3, "c", 2200, withdrawn_round=1),
               Player(4, "d", 2100), Player(5, "e", 2000, joined_round=2))
    t = Tournament("t", "t", players=players, initial_colour=W)
    p = DUTCH.pair(t)
    paired = {b.white for b in p.boards} | {b.black for b in p.boards}
    assert paired == {1, 2, 4} - {y.pno for y in p.byes} | set() or paired <= {1, 2, 4}
    assert 3 not in paired and 5 not in paired


def test_no_legal_pairing_raises_pairing_impossible() -> None:
    """Two players who already met cannot be paired again (C1): exit code 1 territory."""
    t = tour(2, [[(1, 2, "1-0")]])
    with pytest.raises(PairingImpossible):
        DUTCH.pair(t)


# ---------------------------------------------------------------- C3 and the topscorer exception
def test_c3_same_absolute_preference_incompatible_except_topscorers_in_last_round() -> None:
    a = dataclasses.replace(state(1, 0, (B, B)), pairing_score=Fraction(4))
    b = dataclasses.replace(state(2, 1, (W, B, B)), pairing_score=Fraction(2))
    c = state(3, 2, (W, W))
    for threshold, expected in ((None, False), (Fraction(3), True), (Fraction(5), False)):
        f = Facts.build([a, b, c], set(), threshold, "2026")
        # 1 and 2 both have an absolute preference for white
        assert f.compatible(0, 1) is expected
        # opposite absolute preferences are always compatible
        assert f.compatible(0, 2)


# ---------------------------------------------------------------- colour allocation Art. 5.2
def test_5_2_1_both_preferences_granted() -> None:
    p, q = state(1, 0, (B,)), state(2, 1, (W,))
    assert allocate(p, q, W, True) == (W, "5.2.1")


def test_5_2_2_stronger_preference_granted() -> None:
    p = state(1, 0, (B,))          # strong white
    q = state(2, 1, (W, B, B))     # absolute white (BB)
    assert allocate(p, q, W, True) == (B, "5.2.2")


def test_5_2_2_both_absolute_wider_colour_difference_wins() -> None:
    p = state(1, 0, (W, B, B))       # CD -1, absolute white
    q = state(2, 1, (B, W, B, B))    # CD -2, absolute white: wider
    assert allocate(p, q, W, True) == (B, "5.2.2")


def test_5_2_3_alternate_from_most_recent_differing_round() -> None:
    p = state(1, 0, (W, B, W, B))    # CD 0, mild white
    q = state(2, 1, (B, W, W, B))    # CD 0, mild white
    # going back: B/B, W/W, then p had B and q had W -> p now gets white, although p is the
    # lower-ranked one here (5.2.4 would have given white to q)
    assert allocate(p, q, W, False) == (W, "5.2.3")


def test_5_2_4_higher_ranked_preference() -> None:
    p, q = state(1, 0, (W, B)), state(2, 1, (W, B))  # same history, both mild white
    assert allocate(p, q, B, True) == (W, "5.2.4")
    assert allocate(q, p, B, False) == (B, "5.2.4")


def test_5_2_5_initial_colour_by_tpn_parity() -> None:
    p1, p2, p3 = state(1, 0, ()), state(2, 1, ()), state(3, 2, ())
    assert allocate(p1, p3, W, True) == (W, "5.2.5")   # TPN 1 odd: initial colour
    assert allocate(p2, p3, W, True) == (B, "5.2.5")   # TPN 2 even: the other colour
    assert allocate(p3, p2, B, False) == (B, "5.2.5")  # higher is 2 (even) -> 2 gets white


# ---------------------------------------------------------------- acceleration
def test_baku_virtual_points_change_brackets_not_scores() -> None:
    """Virtual points of 1 for players 1 and 2 in round 1: scoregroups {1,2} and {3,4}, so
    1-2 and 3-4 (rule 5.2.5 colours: TPN 1 and 3 odd -> white)."""
    t = tour(4, [], options={"virtual_points": {"1": {"1": "1"}, "2": {"1": "1"}}})
    assert boards(t) == ([(1, 2), (3, 4)], [])


def test_pab_downfloat_counts_for_c14_in_2026_float_definition() -> None:
    from core.pairing.swiss.state import player_states
    t = tour(5, [[(1, 3, "1-0"), (4, 2, "0-1"), (5, "U")]])
    assert player_states(t)[5].floats == (Float.DOWN,)
    assert player_states(t)[5].preference_kind is PreferenceKind.NONE


def test_cancel_flag_stops_the_engine_and_progress_is_reported() -> None:
    """The TUI pairs in a worker: a set cancel event must stop the engine (PairOptions)."""
    import threading

    from core.pairing.base import Cancelled, PairOptions

    t = tour(12, [])
    seen: list[float] = []
    DUTCH.pair(t, PairOptions(progress=lambda f, _text: seen.append(f)))
    assert seen and all(0 <= f <= 1 for f in seen)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        DUTCH.pair(t, PairOptions(cancel=stop))


def test_c5_pab_to_the_lowest_possible_score_even_if_the_top_bracket_must_float() -> None:
    """Round 3 of 3, 4 absent.  Scores: 1 and 3 on 2, 2 and 5 on 1 (they met in R1), 6 on 0.
    Pairing 1-3 would leave 2 and 5 (who cannot meet) for 6, so a 1-point player would get the
    PAB.  C5 (minimise the PAB receiver's score) ranks above C6, so 1 and 3 downfloat:
    {1,3 | 2,5} gives 1-5 (1 met 2) and 3-2, and 6 gets the PAB.  Colours: 1 and 5 both WB
    (mild white, no earlier difference) -> 5.2.4, higher-ranked 1 white; 3 (WB) white vs 2
    (BW) black by 5.2.1.  Boards: equal scores 2-1 on both, 1 ranks higher."""
    t = tour(6, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")],
                 [(2, 1, "0-1"), (4, 3, "0-1"), (6, 5, "0-1")]],
             total_rounds=3, requested_byes=(RequestedBye(4, 3, ByeKind.ZERO),))
    assert boards(t) == ([(1, 5), (3, 2)], [(6, "U"), (4, "Z")])


def test_c9_pab_to_the_player_with_fewest_unplayed_games() -> None:
    """Round 2 of 3.  1 beat 3, 2 beat 4, 5 was absent (zero-point bye, no float in 2026).
    {1,2}: 1-2, 2 (B) white.  {3,4,5} downfloats exactly one player, the PAB receiver: 3-4
    would give it to 5, who has an unplayed game (C9); the next transposition 3-5 gives it to
    4 (no unplayed games).  3 (B) white against 5 (no colour)."""
    t = tour(5, [[(1, 3, "1-0"), (4, 2, "0-1"), (5, "Z")]], total_rounds=3)
    assert boards(t) == ([(2, 1), (3, 5)], [(4, "U")])


def test_c12_colour_preferences_prefer_an_exchange_over_a_transposition() -> None:
    """All four drew in R1 (1-3 and 4-2 with the first named white).  S1 = 1,2 / S2 = 3,4:
    1-3 and 2-4 are rematches; the transposition 1-4, 2-3 gives 1 and 4 both preferring black
    and 2 and 3 both preferring white (two players denied, C12); the exchange 1-2, 3-4 meets
    every preference, so it is taken: 2 (B) white vs 1 (W), 3 (B) white vs 4 (W)."""
    t = tour(4, [[(1, 3, "1/2"), (4, 2, "1/2")]])
    assert boards(t) == ([(2, 1), (3, 4)], [])


def test_topscorers_may_break_colour_limits_in_the_last_round_c3_c10_c11() -> None:
    """Round 3 of 3.  1 and 2 won both games as black (2 points: topscorers, more than 50% of
    2) and have never met; both have an absolute preference for white.  In the last round C3
    does not bind topscorers, so the top bracket pairs them (C6 ranks above C10/C11); 5.2.2 does
    not decide (equal colour difference), nor 5.2.3 (identical histories), so 5.2.4 gives the
    higher-ranked 1 white and 2 gets a third black.  Below: 3 (WW, absolute black) cannot meet
    4 (met) or 5 (same absolute preference, C3), so 3-6 and 4-5; colours 5.2.2 (6 white) and
    5.2.1 (4 white).  Boards 1-2, then 6-3 before 4-5 (rank of 3 < rank of 4)."""
    history = [[(3, 1, "0-1"), (4, 2, "0-1"), (5, 6, "1/2")],
               [(5, 1, "0-1"), (6, 2, "0-1"), (3, 4, "1/2")]]
    assert boards(tour(6, history, total_rounds=3)) == ([(1, 2), (6, 3), (4, 5)], [])
    # not the last round: the same two may not meet (C3)
    pairs, _ = boards(tour(6, history, total_rounds=5))
    assert {1, 2} not in [set(p) for p in pairs]
