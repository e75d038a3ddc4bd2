"""Baku acceleration (C.04.7, 2026): expected values are the examples of the FIDE text."""

from fractions import Fraction

import pytest

from core.model import Player, PointSystem, Tournament
from core.pairing.swiss.acceleration import (
    AccelerationError, accelerated_rounds, group_a, virtual_points)


def _t(n: int, rounds: int = 9, **kw) -> Tournament:
    players = tuple(Player(pno=i, name=f"P{i}", rating=2500 - i) for i in range(1, n + 1))
    return Tournament(id="t", name="T", total_rounds=rounds, players=players,
                      acceleration=kw.pop("acceleration", "baku"), **kw)


def test_group_a_size_161_players_is_82():
    # C.04.7: GA = first half rounded up to an even number; N = 161 gives 82.
    assert group_a(_t(161)) == frozenset(range(1, 83))


@pytest.mark.parametrize("n,size", [(4, 2), (5, 4), (10, 6), (12, 6), (13, 8)])
def test_group_a_is_two_times_ceil_n_over_4(n, size):
    assert len(group_a(_t(n))) == size


def test_nine_rounds_full_points_in_rounds_1_to_3_half_in_4_5():
    t = _t(20, rounds=9)
    assert accelerated_rounds(9) == 5
    for r, expected in [(1, 1), (2, 1), (3, 1), (4, Fraction(1, 2)), (5, Fraction(1, 2)), (6, 0), (9, 0)]:
        vp = virtual_points(t, r)
        assert vp[1] == expected and vp[10] == expected, r
        assert vp[11] == 0 and vp[20] == 0, r   # GB never gets virtual points


def test_eleven_rounds_match_points_2_1_0():
    # Example of C.04.7: 11-round team event, match points 2/1/0: rounds 1-3 +2, 4-6 +1.
    ps = PointSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), pab=Fraction(2),
                     forfeit_win=Fraction(2), full_bye=Fraction(2), half_bye=Fraction(1))
    t = _t(8, rounds=11, points=ps)
    got = [virtual_points(t, r)[1] for r in range(1, 12)]
    assert got == [2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0]


def test_late_entry_above_last_ga_player_joins_ga():
    t = _t(8)
    # pno 3 renumbered in as a late entry (joined round 2): the initial list has 7 players,
    # GA size 2*ceil(7/4) = 4 -> the fourth initial player (pno 5) is the last GA member.
    players = tuple(p if p.pno != 3 else Player(pno=3, name="Late", joined_round=2) for p in t.players)
    t = t.with_changes(players=players)
    assert group_a(t) == frozenset({1, 2, 3, 4, 5})


def test_no_acceleration_gives_zero():
    t = _t(10, acceleration=None)
    assert set(virtual_points(t, 1).values()) == {0}


def test_explicit_xxa_data_wins():
    t = _t(6, acceleration=None, options={"virtual_points": {"2": {"1": "1", "2": "0.5"}, "5": {"1": "1"}}})
    assert virtual_points(t, 1) == {1: 0, 2: 1, 3: 0, 4: 0, 5: 1, 6: 0}
    assert virtual_points(t, 2)[2] == Fraction(1, 2)
    assert virtual_points(t, 3)[2] == 0


def test_baku_refuses_points_where_win_is_not_two_draws():
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), pab=Fraction(3), forfeit_win=Fraction(3), full_bye=Fraction(3))
    with pytest.raises(AccelerationError):
        virtual_points(_t(8, points=ps), 1)


@pytest.mark.parametrize("system_id", ["dubov", "lim"])
def test_engines_pair_the_accelerated_groups_separately_in_round_1(system_id):
    # 8 players, Baku: GA = {1..4} carry one virtual point in round 1, so GA and GB are two
    # scoregroups, each paired top half against bottom half (1-3, 4-2 / 5-7, 8-6).
    from core.model import Colour
    from core.pairing.registry import get_system

    t = _t(8, rounds=9).with_changes(system=system_id, initial_colour=Colour.WHITE)
    p = get_system(system_id).pair(t)
    assert sorted((b.white, b.black) for b in p.boards) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    # standings are untouched: nobody has points before round 1
    from core.model import scores
    assert set(scores(t).values()) == {0}
