"""Standings while a round has just been paired: the new round counts only once a result is in.

Independent construction: the same tournament with the new round removed gives the expected
standings (FIDE tie-breaks are defined on completed rounds; a pairing without results must
not turn into unplayed rounds with dummy opponents)."""

from __future__ import annotations

from core import changes
from core.demo import demo_tournament
from core.model import GameResult
from core.standings import compute_standings, rounds_started


def _play(t, result=GameResult.WHITE_WINS):
    t = changes.pair_next_round(t)
    for b in range(1, len(t.rounds[-1].boards) + 1):
        t = changes.set_result(t, t.current_round, b, result)
    return t


def _table(s):
    return [(r.rank, r.pno, r.points, dict(r.values)) for r in s.rows]


def test_a_round_without_results_does_not_count() -> None:
    t = _play(_play(demo_tournament("demo")), GameResult.DRAW)
    before = compute_standings(t)
    paired = changes.pair_next_round(t)
    assert rounds_started(paired) == 2 and rounds_started(t) == 2
    assert _table(compute_standings(paired)) == _table(before)
    # one result in: the round counts (live standings), exactly as with upto=3
    one = changes.set_result(paired, 3, 1, GameResult.BLACK_WINS)
    assert rounds_started(one) == 3
    assert _table(compute_standings(one)) == _table(compute_standings(one, upto=3))
    assert _table(compute_standings(one)) != _table(before)
