"""Rutschsystem: Paarungssysteme's formula and colour rule against a simulation of the seating.

The simulation (``rutsch.simulate``) moves players round the table and reads colours off the
boards; its two free set-up choices (colour at seat 2, orientation of n's board) are taken
from round 1 of Paarungssysteme's colour rule, never from the schedule under test.
"""

from __future__ import annotations

import pytest

from core.pairing.roundrobin import rutsch
from core.pairing.roundrobin.berger import table_size


def setup_from_seed_round_1(players: int) -> tuple[bool, bool]:
    n = table_size(players)
    seat2_white = rutsch.seed_has_white(players, 2, n - 1) if n >= 4 else True
    n_board_side1_white = rutsch.seed_has_white(players, 1, n)
    return seat2_white, n_board_side1_white


@pytest.mark.parametrize("players", range(2, 31))
def test_formula_schedule_equals_seating(players: int) -> None:
    sim = rutsch.simulate(players, *setup_from_seed_round_1(players))
    sched = rutsch.schedule(players)
    assert len(sim) == len(sched) == table_size(players) - 1
    for s, r in zip(sim, sched):
        assert s.boards == r.games, (players, s.round)
        assert s.bye == r.bye


@pytest.mark.parametrize("players", range(2, 31))
def test_formula_opponents_equal_seating(players: int) -> None:
    """Opponent = 2R − Nr brought into 1..n−1, "yourself" = n, for every player and round."""
    sim = rutsch.simulate(players, *setup_from_seed_round_1(players))
    for s in sim:
        opp = {}
        for w, b in s.boards:
            opp[w], opp[b] = b, w
        for nr in range(1, players + 1):
            assert rutsch.opponent(players, nr, s.round) == opp.get(nr)


@pytest.mark.parametrize("players", range(4, 31))
def test_round_one_boards_alternate_along_a_side(players: int) -> None:
    """Paarungssysteme's rule in round 1 sets the boards 2..n/2 up alternating, as Paarungssysteme says."""
    n = table_size(players)
    colours = [rutsch.seed_has_white(players, k, n + 1 - k) for k in range(2, n // 2 + 1)]
    assert all(a != b for a, b in zip(colours, colours[1:]))


@pytest.mark.parametrize("players", range(2, 31))
def test_seed_colour_rule_against_seating(players: int) -> None:
    """The literal rule holds for table sizes n ≡ 2 (mod 4); for n ≡ 0 (mod 4) it disagrees
    with the seating exactly on games with an even difference of numbers."""
    n = table_size(players)
    wrong = []
    for s in rutsch.simulate(players, *setup_from_seed_round_1(players)):
        for w, b in s.boards:
            if not rutsch.seed_has_white(players, w, b):
                wrong.append((w, b))
    if n % 4 == 2:
        assert wrong == []
    else:
        assert all(abs(w - b) % 2 == 0 and n not in (w, b) for w, b in wrong)
        if n >= 8:
            assert wrong


@pytest.mark.parametrize("players", range(2, 31))
def test_every_pair_meets_exactly_once(players: int) -> None:
    met = [frozenset(g) for r in rutsch.schedule(players) for g in r.games]
    assert len(met) == len(set(met)) == players * (players - 1) // 2


@pytest.mark.parametrize("players", range(2, 31))
def test_highest_number_turns_the_board(players: int) -> None:
    n = table_size(players)
    if n != players:
        return
    colours = []
    for r in rutsch.schedule(players):
        (game,) = [g for g in r.games if n in g]
        colours.append(game[0] == n)
        assert game == ((n, r.number) if r.number % 2 == 0 else (r.number, n))
    assert all(a != b for a, b in zip(colours, colours[1:]))


@pytest.mark.parametrize("players", range(2, 31))
def test_seating_plan_equals_simulated_seats(players: int) -> None:
    for s in rutsch.simulate(players, True, True):
        assert tuple(sorted(rutsch.seating_plan(players, s.round).items())) == s.seats


@pytest.mark.parametrize("players", range(3, 31))
def test_literal_colour_rule_and_fixed_boards(players: int) -> None:
    """The reading served (notes/roundrobin.md): boards fixed, boards 2..n/2 alternating along
    one side, n's board turned every round.  Paarungssysteme's literal colour rule can be met by such
    boards exactly when the table size n ≡ 2 (mod 4); for n ≡ 0 (mod 4) none of the four
    set-ups (seat 2 White or Black on its side, n's board starting either way) meets it."""
    n = table_size(players)
    met = [all(rutsch.seed_has_white(players, w, b) for s in rutsch.simulate(players, s2, nb) for w, b in s.boards)
           for s2 in (True, False) for nb in (True, False)]
    assert any(met) == (n % 4 == 2)
