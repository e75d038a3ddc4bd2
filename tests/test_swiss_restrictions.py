"""Event options that keep players apart in every Swiss system: the same federation in the
last rounds (Swiss Rules 1999 §22) and club-mates in the first rounds.  Each is an absolute
criterion like a forbidden pair, and the explanation names it on every board it decided."""

from __future__ import annotations

import dataclasses

import pytest

from core.pairing.registry import get_system
from core.pairing.swiss.restrictions import federation_threshold, option_pairs

from tests.test_acceleration_sim import pairs_of, tournament_from

SWISS = ["dutch", "dutch-2017", "dubov", "dubov-1997", "burstein", "burstein-legacy", "lim"]


def _with(t, changes):
    players = tuple(dataclasses.replace(p, **changes.get(p.pno, {})) for p in t.players)
    return t.with_changes(players=players)


def _club_event(system: str, rounds: int = 1):
    # 10 players, round 1.  Every Swiss system pairs the top half against the bottom half in
    # round 1 (1–6, 2–7 ... for the Dutch system; Burstein-legacy 1–5, 2–4 in its virtual-point
    # group): players 1, 5 and 6 are club-mates, so neither 1–6 nor 1–5 may appear.
    t = tournament_from([2400 - 20 * i for i in range(10)], [], total_rounds=7, system=system,
                        options={"club_mates": {"rounds": rounds}})
    return _with(t, {1: {"club": "Kadıköy SK"}, 5: {"club": "kadıköy sk "}, 6: {"club": "Kadıköy SK"}})


@pytest.mark.parametrize("system", SWISS)
def test_club_mates_are_not_paired_in_the_first_rounds(system):
    t = _club_event(system)
    pairing = get_system(system).pair(t)
    pairs = {frozenset(b) for b in pairs_of(pairing)}
    club = {1, 5, 6}
    assert not any(p <= club for p in pairs)
    assert len(pairs) == 5  # everybody is still paired
    # the option decided the board of player 1 (his opponent without it is a club-mate)
    free = get_system(system).pair(t.with_changes(options={}))
    free_pairs = {frozenset(b) for b in pairs_of(free)}
    assert any(p <= club for p in free_pairs)
    board = next(i for i, b in enumerate(pairing.boards) if 1 in (b.white, b.black))
    assert any("club-mates (Kadıköy SK)" in line for line in pairing.explanations.get(board, ()))


def test_club_mates_option_ends_after_its_rounds():
    t = _club_event("dutch", rounds=1)
    assert option_pairs(t, 1) and not option_pairs(t, 2)


def _federation_event(options):
    # Round 3 of 5 (inside the last three rounds).  R1: 1–5, 6–2, 3–7, 8–4 won by 1, 2, 3, 4;
    # R2: 3–1 and 2–4 won by 1 and 2, 5–7 and 8–6 won by 5 and 8.  Scores: 1, 2 → 2;
    # 3, 4, 5, 8 → 1; 6, 7 → 0.  1 and 2 (both TUR) are the whole 2-point group and have not
    # met, so without the option the Dutch system pairs 1–2.  P defaults to half the points
    # possible after two rounds (1); both have more.
    r1 = [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")]
    r2 = [(3, 1, "0-1"), (2, 4, "1-0"), (5, 7, "1-0"), (8, 6, "1-0")]
    t = tournament_from([2400 - 20 * i for i in range(8)], [r1, r2], total_rounds=5, system="dutch",
                        options=options)
    return _with(t, {1: {"federation": "TUR"}, 2: {"federation": "TUR"}, 3: {"federation": "GER"}})


def test_same_federation_not_paired_in_the_last_three_rounds():
    off = get_system("dutch").pair(_federation_event({}))
    assert frozenset((1, 2)) in {frozenset(b) for b in pairs_of(off)}
    t = _federation_event({"same_federation": {"rounds": 3}})
    assert federation_threshold(t, 3) == 1
    pairing = get_system("dutch").pair(t)
    pairs = {frozenset(b) for b in pairs_of(pairing)}
    assert frozenset((1, 2)) not in pairs
    # both float into the 1-point group: 1 has met 5 and 3, 2 has met 6 and 4
    one_point = {3, 4, 5, 8}
    for top in (1, 2):
        (opp,) = next(p for p in pairs if top in p) - {top}
        assert opp in one_point
        board = next(i for i, b in enumerate(pairing.boards) if top in (b.white, b.black))
        assert any("same federation (TUR)" in line for line in pairing.explanations[board])


def test_same_federation_threshold_and_rounds():
    # P given explicitly: with P = 2 nobody has *more* than 2 points, so 1–2 may meet.
    t = _federation_event({"same_federation": {"points": "2"}})
    assert option_pairs(t, 3) == {}
    # only the last rounds: with one last round, round 3 of 5 is free.
    assert option_pairs(_federation_event({"same_federation": {"rounds": 1}}), 3) == {}


@pytest.mark.parametrize("system", SWISS)
def test_same_federation_is_absolute_in_every_swiss_system(system):
    t = _federation_event({"same_federation": {}}).with_changes(system=system)
    pairs = {frozenset(b) for b in pairs_of(get_system(system).pair(t))}
    assert frozenset((1, 2)) not in pairs and len(pairs) == 4
