"""Ranks, kyu/dan notation, numbering, the top group and start levels (the Gamma procedure)."""

from __future__ import annotations

import pytest

from core.errors import TournamentError
from core.go.ranks import go_rating, parse_rank, rank_label, rank_of
from core.go.registration import START_LEVEL_KEY, compute_top_group, start_levels, top_group
from core.model import Player, Tournament


@pytest.mark.parametrize("rating, rank, label", [
    (2510, 25, "5d"), (2247, 22, "2d"), (952, 9, "12k"), (798, 7, "14k"),   # the Gamma procedure's examples
    (2100, 21, "1d"), (2099, 20, "1k"), (100, 1, "20k"), (99, 0, "21k"),
])
def test_rank_and_label(rating, rank, label):
    assert rank_of(rating) == rank
    assert rank_label(rank) == label
    assert parse_rank(label) == rank


def test_parse_rank_rejects_nonsense():
    for bad in ("", "5x", "d5", "0k"):
        with pytest.raises(TournamentError):
            parse_rank(bad)


def test_go_rating_sources():
    assert go_rating(Player(1, "A", 1500)) == 1500
    assert go_rating(Player(1, "A", 2400, extra={"go_rating": 1850})) == 1850
    assert go_rating(Player(1, "A", 0, extra={"go_rank": "3k"})) == 1800
    with pytest.raises(TournamentError):
        go_rating(Player(1, "A", extra={"go_rating": "strong"}))


def test_top_group_seed_width():
    # seed: a 5d leader gives (30 - 25) / 2 rounded up = 3 ranks: 25, 24, 23
    g = compute_top_group([25, 24, 23, 23, 20, 18], rounds=4)
    assert (g.width, g.ranks, g.size) == (3, (25, 24, 23), 4)


def test_top_group_widened_until_it_covers_the_rounds():
    # 25 and 22 only in the upper ranks: 25..23 holds 1; add 22 (2), 21 (2), 20 (3), 19 (4),
    # 18 (6) -> the Gamma procedure's level 18 for a 6-round event
    g = compute_top_group([25, 22, 20, 19, 18, 18, 15, 15, 9, 7], rounds=6)
    assert (g.lowest_rank, g.size) == (18, 6)


def test_top_group_whole_field_when_fewer_players_than_rounds():
    g = compute_top_group([20, 15, 10], rounds=5)
    assert (g.lowest_rank, g.size) == (10, 3)


def test_top_group_strong_leader_keeps_one_rank():
    g = compute_top_group([30, 29, 27, 27], rounds=2)
    assert (g.width, g.lowest_rank, g.size) == (1, 29, 2)


def test_start_levels_and_override():
    players = (Player(1, "A", 2510), Player(2, "B", 2247), Player(3, "C", 952),
               Player(4, "D", 798, extra={START_LEVEL_KEY: 10}))
    t = Tournament("t", "T", system="gamma", total_rounds=2, players=players)
    assert top_group(t).lowest_rank == 22
    assert start_levels(t) == {1: 22, 2: 22, 3: 9, 4: 10}


def test_late_entry_does_not_change_the_top_group():
    players = (Player(1, "A", 2500), Player(2, "B", 2300), Player(3, "C", 2000),
               Player(4, "Late", 2450, joined_round=2))
    t = Tournament("t", "T", system="gamma", total_rounds=2, players=players)
    g = top_group(t)
    assert (g.lowest_rank, g.size) == (23, 2)
    assert start_levels(t)[4] == 23
