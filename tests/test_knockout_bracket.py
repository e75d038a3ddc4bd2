"""Knockout brackets: Aktar's examples (p. 68) and an independent phantom bracket.

The independent construction pads the field with imaginary players to t·2^m and pairs
position i with position N+1-i, exactly as Aktar describes it; our engine never creates
phantoms (it computes byes), so agreement is a real check.
"""

import pytest

from core.playoff.bracket_plan import (
    BracketError,
    pair_round,
    plan_rounds,
    rounds_needed,
)
from core.playoff import create, enter_result, evaluate


def phantom_first_round(k: int, t: int):
    """Seed method: add imaginary players up to the smallest t·2^m ≥ k, pair 1:N, 2:N-1 ..."""
    n = t
    while n < k:
        n *= 2
    if n == t:
        n *= 2
    positions = list(range(1, n + 1))  # players 1..k, phantoms k+1..n
    byes, games = [], []
    for i in range(n // 2):
        a, b = positions[i], positions[n - 1 - i]
        if b > k:
            byes.append(a)
        else:
            games.append((a, b))
    return byes, games, n // 2


def test_seed_example_nine_players_two_places():
    # "İlk 7 oyuncu ... oynamayacaklardır. 8 ve 9 ön eleme turu oynayacaklardır ... 8 → 4 → 2"
    plans = plan_rounds(9, 2)
    assert [(p.field, p.byes, p.matches, p.remaining) for p in plans] == [
        (9, 7, 1, 8), (8, 0, 4, 4), (4, 0, 2, 2)]
    byes, pairs = pair_round(list(range(1, 10)), plans[0].matches)
    assert byes == [1, 2, 3, 4, 5, 6, 7] and pairs == [(8, 9)]


def test_seed_example_eight_players_six_places():
    # k < 2t: only a preliminary round; the top 4 qualify, 5–8 play two matches.
    plans = plan_rounds(8, 6)
    assert len(plans) == 1
    byes, pairs = pair_round(list(range(1, 9)), plans[0].matches)
    assert byes == [1, 2, 3, 4] and pairs == [(5, 8), (6, 7)]


def test_eight_players_first_against_last():
    byes, pairs = pair_round(list(range(1, 9)), plan_rounds(8, 1)[0].matches)
    assert byes == [] and pairs == [(1, 8), (2, 7), (3, 6), (4, 5)]


@pytest.mark.parametrize("t", [1, 2, 3, 5, 6])
@pytest.mark.parametrize("k", range(2, 41))
def test_first_round_agrees_with_phantom_bracket(k, t):
    if k <= t:
        with pytest.raises(BracketError):
            plan_rounds(k, t)
        return
    plans = plan_rounds(k, t)
    byes, pairs = pair_round(list(range(1, k + 1)), plans[0].matches)
    p_byes, p_games, remaining = phantom_first_round(k, t)
    assert byes == p_byes and pairs == p_games and plans[0].remaining == remaining
    # then the field halves down to t; the last stage has as many matches as places (p. 66)
    assert [p.remaining for p in plans] == [t * 2 ** (len(plans) - r) for r in range(1, len(plans) + 1)]
    if len(plans) > 1 or plans[0].byes == 0:
        assert plans[-1].matches == t


def test_k_less_than_2t_is_a_single_preliminary_round():
    for t in range(2, 12):
        for k in range(t + 1, 2 * t):
            plans = plan_rounds(k, t)
            assert len(plans) == 1
            assert plans[0].byes == 2 * t - k and plans[0].matches == k - t


def test_world_cup_2025_fifty_seeds_enter_round_two():
    # FIDE World Cup regulations, docs/rules/playoffs.md: 206 players, top 50 enter round 2; round 1 is 51 v 206, 52 v 205 ...
    plans = plan_rounds(206, 1, {1: 156, 2: 50})
    assert [(p.field, p.byes, p.matches) for p in plans[:2]] == [(156, 0, 78), (128, 0, 64)]
    assert rounds_needed(206, 1) == 8 and plans[-1].remaining == 1
    byes, pairs = pair_round(list(range(51, 207)), plans[0].matches)
    assert pairs[0] == (51, 206) and pairs[1] == (52, 205) and pairs[-1] == (128, 129)


def test_late_entries_that_do_not_fit_are_refused():
    with pytest.raises(BracketError):
        plan_rounds(8, 1, {1: 2, 2: 6})
    with pytest.raises(BracketError):
        plan_rounds(8, 1, {1: 4, 5: 4})


def test_seeded_players_enter_late_in_a_playoff():
    plan = {"kind": "knockout", "places": 1, "order": "seeded", "entry_round": {"1": 2, "2": 2},
            "rules": {"segments": [], "decider": "armageddon"}}
    st = create([11, 12, 13, 14, 15, 16], 1, plan=plan, seed=1)
    view = evaluate(st)
    first = [g for g in view.games if not g.planned]
    # round 1: 3..6 play first v last (13 v 16, 14 v 15); 11 and 12 wait for round 2
    assert sorted({frozenset((g.white, g.black)) for g in first}, key=sorted) == [
        frozenset((13, 16)), frozenset((14, 15))]


def test_knockout_places_share_by_round():
    # eight players, golden games, favourites always win: 1, 2, then 3-4, then 5-8 share
    plan = {"kind": "knockout", "places": 1, "order": "seeded",
            "rules": {"segments": [], "decider": "armageddon"}}
    st = create(list(range(1, 9)), 1, plan=plan, seed=5)
    while not (view := evaluate(st)).complete:
        g = view.ready[0]
        better = min(g.white, g.black)
        st = enter_result(st, g.id, "1-0" if g.white == better else "0-1")
    assert view.places == ((1,), (2,), (3, 4), (5, 6, 7, 8))


def test_third_place_match_separates_the_semi_final_losers():
    plan = {"kind": "knockout", "places": 1, "order": "seeded", "third_place": True,
            "rules": {"segments": [], "decider": "armageddon"}}
    st = create([1, 2, 3, 4], 1, plan=plan, seed=5)
    view = evaluate(st)
    third = [g for g in view.games if "third" in g.stage]
    assert len(third) == 1 and third[0].planned        # losers not known yet
    while not (view := evaluate(st)).complete:
        g = view.ready[0]
        better = min(g.white, g.black)
        st = enter_result(st, g.id, "1-0" if g.white == better else "0-1")
    assert view.places == ((1,), (2,), (3,), (4,))
    final = next(g for g in view.games if g.stage.endswith("Final"))
    third = next(g for g in view.games if "third" in g.stage)
    assert third.after == final.after                   # played alongside the final
