"""The standings' speed-ups change nothing: integer sort keys, memoised context cells and
rounds.

``core.standings`` splits tied groups on integer keys (every Fraction of a criterion times one
common denominator) and ``core.tiebreaks.context`` reuses immutable cells between requests.
Both must give exactly what the plain computation gives: here every standings of a few
hundred seeded random events (forfeits, byes, absences, withdrawals, three point systems,
cut/median/average/direct-encounter lists, three regimes) is computed with the speed-ups and
again with them switched off (Fraction keys, a fresh cell for every entry), and compared row by
row — ranks, ties, values, the criterion that decided each place, still-tied groups.  The
values themselves are pinned against a FIDE calculator by ``tests/test_tiebreaks_*.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

import core.standings as standings
import core.tiebreaks.context as context
from core import changes
from core.model import Board, Bye, ByeKind, Code, GameResult, Player, PointSystem, Round, Tournament
from core.changes.numbering import assign_pairing_numbers
from tests.tui_fixtures import circle_pairing

LISTS = (
    ("BH/C1", "BH", "SB", "WIN"),
    ("DE", "BH/M1", "AOB", "SB/C1"),
    ("PS", "BH/C2", "BPG", "WIN", "STD"),
    ("ARO", "SB", "BH", "DE"),
    ("BH", "FB", "BBH", "KS"),
)
THREE = PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(3),
                    pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1))
POINTS = (PointSystem(), THREE, PointSystem(pab=Fraction(1, 2)))
REGIMES = ("legacy", "2024", "2026")
RESULTS = (GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.DRAW,
           GameResult.WHITE_WINS, GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
           GameResult.DOUBLE_FORFEIT)


def random_event(seed: int) -> Tournament:
    """A Swiss-like event from circle-method rounds with random results and absences."""
    rnd = random.Random(seed)
    n = rnd.randrange(5, 41)
    rounds = rnd.randrange(1, min(9, n))
    players = tuple(Player(i + 1, f"P{i + 1}", rating=rnd.choice([0, 1200 + rnd.randrange(1200)]))
                    for i in range(n))
    t = assign_pairing_numbers(Tournament(id="", name="Random", total_rounds=rounds + 1, players=players,
                                          points=rnd.choice(POINTS)))
    done = []
    for r in range(1, rounds + 1):
        pairing = circle_pairing(t.with_changes(rounds=tuple(done)), r)
        boards, byes = [], list(pairing.byes)
        for b in pairing.boards:
            if rnd.random() < 0.06:  # both absent: one requested half-point bye, one nothing
                byes.append(Bye(b.white, ByeKind.HALF))
                continue
            result = None if (r == rounds and rnd.random() < 0.2) else rnd.choice(RESULTS)
            boards.append(Board(b.white, b.black, result))
        done.append(Round(r, tuple(boards), tuple(byes)))
    t = t.with_changes(rounds=tuple(done))
    if rounds > 2 and rnd.random() < 0.3:
        t = changes.withdraw(t, rnd.randrange(1, n + 1), rounds + 1)
    if rnd.random() < 0.25:  # the circle method is a round robin: its own rules (Art. 15.2)
        t = t.with_changes(system="berger")
    return t


def plain(monkeypatch) -> None:
    """Switch the speed-ups off: Fraction keys, no cell and no round's cells reused."""
    monkeypatch.setattr(standings, "_as_integers", lambda values: values)
    monkeypatch.setattr(context, "_CELLS_LIMIT", -1)  # the memos are emptied before every use
    monkeypatch.setattr(context, "_ROUND_KEYS", 0)


def rows(s: standings.Standings) -> list[tuple]:
    return [(r.rank, r.pno, r.points, r.shared, r.decided_by, r.withdrawn, tuple(sorted(r.values.items())))
            for r in s.rows]


@pytest.mark.parametrize("seed", range(120))
def test_same_standings_with_and_without_the_speed_ups(seed, monkeypatch):
    t = random_event(seed)
    codes = LISTS[seed % len(LISTS)]
    regime = REGIMES[seed % len(REGIMES)]
    fast = [standings.compute_standings(t, codes, regime=regime) for _ in range(2)]  # 2nd: memo warm
    with monkeypatch.context() as m:
        plain(m)
        slow = standings.compute_standings(replace(t), codes, regime=regime)  # a copy: no context kept
    for s in fast:
        assert rows(s) == rows(slow)
        assert s.unresolved == slow.unresolved
        assert s.warnings == slow.warnings


def test_integer_keys_keep_order_and_ties():
    values = {1: Fraction(7, 2), 2: Fraction(3), 3: Fraction(7, 2), 4: None, 5: 2, 6: Fraction(10, 3)}
    keys = standings._as_integers(values)
    assert all(isinstance(v, int) for p, v in keys.items() if p != 4) and keys[4] is None
    for a in values:
        for b in values:
            if values[a] is not None and values[b] is not None:
                assert (keys[a] < keys[b]) == (values[a] < values[b])
                assert (keys[a] == keys[b]) == (values[a] == values[b])
    assert standings._as_integers({1: (1, 2), 2: (2, 1)}) == {1: (1, 2), 2: (2, 1)}  # tuples untouched
    assert standings._as_integers({1: 1.5, 2: 2.0}) == {1: 1.5, 2: 2.0}  # floats untouched


def test_cells_shared_between_snapshots_and_separate_per_point_system():
    t = random_event(3).with_changes(points=PointSystem())
    a = context.build_context(t)
    b = context.build_context(t.with_changes(name="Same games"))
    assert all(x is y for p in a.cells for x, y in zip(a.cells[p], b.cells[p]))
    other = t.with_changes(points=THREE)
    c = context.build_context(other)
    pairs = [(x, y) for p in a.cells for x, y in zip(a.cells[p], c.cells[p])]
    assert all(x is not y for x, y in pairs)
    wins = [(x, y) for x, y in pairs if x.code is Code.WIN]
    assert wins and all((x.points, y.points) == (2, 3) for x, y in wins)  # scaled: ½ → 1, 1 → 2


def test_round_cells_are_those_of_the_whole_history():
    """Per-round cells (reused by round identity) against ``core.model.entries`` of the whole
    tournament, also after one result changes (only that round is rebuilt)."""
    from core.model import entries

    for seed in range(40):
        t = random_event(seed)
        for version in (t, changes.set_result(t, 1, 1, GameResult.DRAW) if t.rounds and t.rounds[0].boards else t):
            ctx = context.build_context(version)
            hist = entries(version)
            assert sorted(ctx.cells) == sorted(hist)
            for pno, rows in hist.items():
                assert [(c.round, c.opponent, c.code, c.colour) for c in ctx.cells[pno]] == [
                    (e.round, e.opponent, e.code, e.colour) for e in rows]
