"""OpenGotha's pairing groups for a large field (3.51: ``Tournament.makeAutomaticPairing``,
``Pairing.PAIRING_GROUP_MIN_SIZE`` 200, ``PAIRING_GROUP_MAX_SIZE`` 600), by hand.

While more than 600 players are left, a group takes, score group by score group from the top
(from the bar's MMS + 2 + the rounds paired down to the floor's − 1), every player left at or
above that MMS, in the list of players to pair; it is complete after a score group when it
holds at least 200 players and an even number, or at once when it reaches 600 or when 200 or
fewer are left.  The rest is the last group.  Each group is matched on its own.
"""

from __future__ import annotations

import pytest

from core.go.mcmahon_options import McMahonOptions
from core.model import Player, Tournament
from core.pairing.mcmahon import engine
from core.pairing.mcmahon.engine import pairing_groups
from core.pairing.registry import get_system


@pytest.fixture
def small_groups(monkeypatch):
    """Groups of 4 to 12 instead of 200 to 600: the same rule on a field a test can pair."""
    monkeypatch.setattr(engine, "PAIRING_GROUP_MIN", 4)
    monkeypatch.setattr(engine, "PAIRING_GROUP_MAX", 12)


def test_fields_up_to_the_largest_group_stay_whole(small_groups):
    order = list(range(1, 13))
    assert pairing_groups(order, dict.fromkeys(order, 20), McMahonOptions(), 1) == [order]


def test_the_cut_by_hand(small_groups):
    # 16 players (listed in this order) on MMS 33 (1, 2, 3), 31 (4, 5), 30 (6–9), 25 (10–16);
    # levels from 33 + 2 + 0 = 35 down.  Level 33 gives 3 (odd), 31 → 5 (odd), 30 → 9 (odd);
    # level 25 takes 10 (6 left), 11 (5 left), 12 — the group has 12: full at once.  The 4
    # left are no more than 12: the last group.
    levels = {**dict.fromkeys((1, 2, 3), 33), **dict.fromkeys((4, 5), 31), **dict.fromkeys((6, 7, 8, 9), 30),
              **dict.fromkeys(range(10, 17), 25)}
    order = list(range(1, 17))
    assert pairing_groups(order, levels, McMahonOptions(), 1) == [list(range(1, 13)), [13, 14, 15, 16]]
    # with 14 players on MMS 25 instead of 7 (23 in all): the same first group of 12 (full
    # after 12); 11 are left, no more than 12: the last group
    levels.update(dict.fromkeys(range(17, 24), 25))
    order = list(range(1, 24))
    assert pairing_groups(order, levels, McMahonOptions(), 1) == [list(range(1, 13)), list(range(13, 24))]


def test_a_group_closes_at_the_first_even_count_of_the_smallest_size(small_groups):
    # 14 players: 1–4 on 33, 5–14 on 30.  Level 33 gives 4 (≥ 4, even): that is the group.
    levels = {**dict.fromkeys((1, 2, 3, 4), 33), **dict.fromkeys(range(5, 15), 30)}
    order = list(range(1, 15))
    assert pairing_groups(order, levels, McMahonOptions(), 1) == [[1, 2, 3, 4], list(range(5, 15))]


def club_on_the_bar() -> Tournament:
    """Four 5d players of club A (MMS 33, the bar), ten of ten other clubs from 3d to 2k."""
    ranks = ["5d"] * 4 + ["3d", "3d", "2d", "2d", "1d", "1d", "1k", "1k", "2k", "2k"]
    clubs = ["A"] * 4 + ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]
    players = tuple(Player(pno=i, name=f"P{i:02d}, X", club=c, extra={"go_rank": r, "country": "FR"})
                    for i, (r, c) in enumerate(zip(ranks, clubs), start=1))
    return Tournament(id="big", name="Big", system="mcmahon", total_rounds=3, players=players)


def test_the_groups_are_matched_apart(small_groups):
    """Four 5d players of one club on the bar (MMS 33) and ten players of other clubs below:
    as one field the four are floated to other clubs (a club pair loses the whole geography
    weight 10^11·… ≈ 8.7·10^9 against ≈ 1.9·10^9 a one-group float), cut into OpenGotha's
    groups they are the first group (4 on MMS 33: at least 4, even) and play each other."""
    boards = get_system("mcmahon").pair(club_on_the_bar()).boards
    inside = [b for b in boards if {b.white, b.black} <= {1, 2, 3, 4}]
    assert len(inside) == 2
    assert all({b.white, b.black} <= set(range(5, 15)) for b in boards if b not in inside)


def test_without_the_cut_the_club_mates_float(monkeypatch):
    monkeypatch.setattr(engine, "PAIRING_GROUP_MAX", 100)  # 14 players: one field
    boards = get_system("mcmahon").pair(club_on_the_bar()).boards
    assert not [b for b in boards if {b.white, b.black} <= {1, 2, 3, 4}]
