"""Double round robin: second cycle = first with colours reversed; FIDE's swap option."""

from __future__ import annotations

import pytest

from core.pairing.roundrobin.berger import single_cycle
from core.pairing.roundrobin.double import cycles


def colour_runs(players: int, swap: bool) -> int:
    """Longest run of one colour over the played games of any player."""
    seq: dict[int, str] = dict.fromkeys(range(1, players + 1), "")
    for rnd in cycles(players, 2, swap):
        for w, b in rnd.games:
            seq[w] += "W"
            seq[b] += "B"
    longest = 0
    for s in seq.values():
        run = 1
        for a, b in zip(s, s[1:]):
            run = run + 1 if a == b else 1
            longest = max(longest, run)
    return longest


@pytest.mark.parametrize("players", range(3, 21))
def test_second_cycle_reverses_colours(players: int) -> None:
    single = single_cycle(players)
    double = cycles(players, 2, swap_last_two=True)
    k = len(single)
    assert len(double) == 2 * k
    assert [r.number for r in double] == list(range(1, 2 * k + 1))
    for base, second in zip(single, double[k:]):
        assert second.games == tuple((b, w) for w, b in base.games)
        assert second.bye == base.bye
    # first cycle: the table with its last two rounds swapped
    assert [r.games for r in double[:k]] == (
        [r.games for r in single[:-2]] + [single[-1].games, single[-2].games])
    games = [g for r in double for g in r.games]
    assert len(set(games)) == len(games) == players * (players - 1)


@pytest.mark.parametrize("players", range(3, 21))
def test_swap_avoids_three_same_colours(players: int) -> None:
    """FIDE's reason for the swap: nobody gets one colour three times running."""
    assert colour_runs(players, swap=True) <= 2


@pytest.mark.parametrize("players", range(4, 21, 2))
def test_without_swap_even_tables_give_three_in_a_row(players: int) -> None:
    assert colour_runs(players, swap=False) == 3


def test_single_cycle_ignores_swap() -> None:
    assert cycles(6, 1, True) == cycles(6, 1, False)
