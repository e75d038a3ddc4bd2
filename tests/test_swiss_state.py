"""Per-player pairing state (core.pairing.swiss.state), checked against the rule texts.

Expected values are read off C.04.1 / C.04.2 / C.04.3 (2026 and 2017 wording; digests in
docs/rules/swiss.md and docs/rules/dutch.md), by hand for tiny histories.
"""

from __future__ import annotations

from fractions import Fraction

from core.model import (
    Board, Bye, ByeKind, Colour, GameResult, Player, PointSystem, RequestedBye, Round, Tournament,
)
from core.pairing.swiss.state import (
    Float, PreferenceKind, Status, board_order_key, colour_preference, infer_initial_colour,
    player_states, round_one_pairs, topscorer_threshold,
)

W, B = Colour.WHITE, Colour.BLACK


def tour(n: int, rounds: list[list[tuple]], **kw) -> Tournament:
    """rounds: per round a list of (white, black, result) or (pno, "U"|"H"|"F"|"Z")."""
    players = tuple(Player(i, f"P{i}", 2500 - i) for i in range(1, n + 1))
    out = []
    for r, items in enumerate(rounds, start=1):
        boards = tuple(Board(a, b, GameResult.parse(res)) for a, b, res in (x for x in items if len(x) == 3))
        byes = tuple(Bye(a, ByeKind(k)) for a, k in (x for x in items if len(x) == 2))
        out.append(Round(r, boards, byes))
    return Tournament("t", "t", players=players, rounds=tuple(out), **kw)


def test_colour_preference_kinds_rule_1_7() -> None:
    # no games: no preference
    assert colour_preference([]) == (Colour.NONE, PreferenceKind.NONE, Colour.NONE)
    # CD = 0: mild, alternate with the last game
    assert colour_preference([W, B])[:2] == (W, PreferenceKind.MILD)
    # CD = +1: strong for black
    assert colour_preference([W])[:2] == (B, PreferenceKind.STRONG)
    # same colour in the two latest games: absolute
    assert colour_preference([B, W, W]) == (B, PreferenceKind.ABSOLUTE, W)
    # |CD| > 1: absolute even if the last two differ
    assert colour_preference([W, W, B, W, W, B])[:2] == (B, PreferenceKind.ABSOLUTE)


def test_unplayed_rounds_do_not_count_in_colour_history_c0402_3_4() -> None:
    # player 1: W (played), forfeit win (no colour), W (played) -> "WuW" is read "uWW": absolute B
    t = tour(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "+-"), (4, 2, "1-0")], [(1, 4, "1-0"), (2, 3, "1-0")]])
    s = player_states(t)[1]
    assert s.colours == (W, W)
    assert s.preference is B and s.preference_kind is PreferenceKind.ABSOLUTE
    assert s.played_games == 2 and s.unplayed_rounds == 1
    # forfeit: the two players did not meet (C.04.2 Art. 3.5)
    assert 3 not in s.opponents and {2, 4} <= s.opponents


def test_bye_eligibility_2026_and_2017_c2() -> None:
    # 1: PAB; 2: full-point bye; 3: forfeit win; 4: forfeit loss; 5: half-point bye; 6: zero bye
    t = tour(8, [[(1, "U"), (2, "F"), (3, 4, "+-"), (5, "H"), (6, "Z"), (7, 8, "1-0")]])
    st = player_states(t)
    barred_2026 = {p for p, s in st.items() if s.bye_barred}
    barred_2017 = {p for p, s in st.items() if s.bye_barred_2017}
    # 2026 (C.04.1 Art. 4): PAB, or a win's points scored without playing (F, forfeit win)
    assert barred_2026 == {1, 2, 3}
    # 2017 C.2: PAB or forfeit win only
    assert barred_2017 == {1, 3}


def test_float_definitions_2026_and_2017() -> None:
    # round 1: 1 PAB, 2 half bye, 3 zero bye, 4 forfeit-loses to 5, 6-7 played (equal scores)
    # round 2: 1 (1 pt) plays 7 (0 pt) -> 1 downfloat, 7 upfloat
    t = tour(7, [[(1, "U"), (2, "H"), (3, "Z"), (5, 4, "+-"), (6, 7, "1-0")],
                 [(1, 7, "1-0"), (5, 6, "1/2"), (2, 3, "1/2"), (4, "Z")]])
    st = player_states(t)
    f26 = {p: s.floats[0] for p, s in st.items()}
    f17 = {p: s.floats_2017[0] for p, s in st.items()}
    # 2026 Art. 1.4.3/1.4.4: PAB and any unplayed round scoring more than a loss downfloat
    assert f26 == {1: Float.DOWN, 2: Float.DOWN, 3: Float.NONE, 4: Float.NONE,
                   5: Float.DOWN, 6: Float.NONE, 7: Float.NONE}
    # 2017 A.4: every player who does not play gets a downfloat
    assert f17 == {1: Float.DOWN, 2: Float.DOWN, 3: Float.DOWN, 4: Float.DOWN,
                   5: Float.DOWN, 6: Float.NONE, 7: Float.NONE}
    assert st[1].floats[1] is Float.DOWN and st[7].floats[1] is Float.UP
    assert st[2].floats[1] is Float.DOWN  # 2 (0.5) played 3 (0)
    assert st[3].floats[1] is Float.UP


def test_status_requested_bye_and_late_entry() -> None:
    players = (Player(1, "a"), Player(2, "b"), Player(3, "c", joined_round=3), Player(4, "d"))
    t = Tournament("t", "t", players=players, requested_byes=(RequestedBye(2, 1, ByeKind.HALF),))
    st = player_states(t)
    assert st[1].status is Status.PAIRED
    assert st[2].status is Status.REQUESTED_BYE
    assert st[3].status is Status.ABSENT


def test_pairing_score_includes_virtual_points_only_for_pairing() -> None:
    t = tour(4, [[(1, 3, "1-0"), (4, 2, "1/2")]],
             options={"virtual_points": {"1": {"2": "1"}, "2": {"2": "1"}}})
    st = player_states(t)
    assert st[1].score == 1 and st[1].pairing_score == 2
    assert st[2].score == Fraction(1, 2) and st[2].pairing_score == Fraction(3, 2)
    assert st[3].pairing_score == 0


def test_topscorer_threshold_only_in_final_round() -> None:
    t = Tournament("t", "t", total_rounds=5)
    assert topscorer_threshold(t, 4) is None
    assert topscorer_threshold(t, 5) == 2  # more than 50% of 4 points
    t3 = Tournament("t", "t", total_rounds=5, points=PointSystem(win=Fraction(3), draw=Fraction(1)))
    assert topscorer_threshold(t3, 5) == 6


def test_round_one_top_half_against_bottom_half_seed_003_section_14() -> None:
    # 40 players, white drawn for #1: 1-21, 22-2, 3-23, 24-4 ...
    pairs = round_one_pairs(list(range(1, 41)), W)
    assert pairs[:4] == [(1, 21), (22, 2), (3, 23), (24, 4)]
    assert len(pairs) == 20
    # ... or the mirror when black is drawn
    assert round_one_pairs(list(range(1, 41)), B)[:4] == [(21, 1), (2, 22), (23, 3), (4, 24)]
    # odd number: the last player gets the bye
    assert round_one_pairs([1, 2, 3, 4, 5], W)[-1] == (5, 0)


def test_board_order_rule_c0402_3_6() -> None:
    t = tour(6, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1/2")]])
    st = player_states(t)
    # boards: 1 (1) - 2 (1): higher score first; 3 (.5) - 6 (.5); 4 (0) - 5 (0)
    boards = [(st[4], st[5]), (st[3], st[6]), (st[2], st[1])]
    boards.sort(key=lambda b: board_order_key(*b))
    assert [(a.pno, b.pno) for a, b in boards] == [(2, 1), (3, 6), (4, 5)]


def test_initial_colour_inferred_from_round_one() -> None:
    assert infer_initial_colour(tour(4, [[(1, 3, "1-0"), (4, 2, "1-0")]])) is W
    assert infer_initial_colour(tour(4, [[(3, 1, "1-0"), (2, 4, "1-0")]])) is B
    # top player had the PAB (no colour): the next paired player decides, parity shifted
    assert infer_initial_colour(tour(3, [[(1, "U"), (2, 3, "1-0")]])) is B
    assert infer_initial_colour(Tournament("t", "t")) is None
