"""Round robins through the validated commands (the path the UI and CLI take)."""

from __future__ import annotations

import pytest

from core import changes as c
from core.errors import TournamentError
from core.model import ByeKind, GameResult, Tournament, scores
from core.changes.lots import draw_lots
from core.pairing.roundrobin.lot import table_order

NAMES = [("Ali", 2100), ("Veli", 2000), ("Ayse", 1900), ("Can", 2200), ("Deniz", 1800)]


def club(system: str = "berger", rounds: int = 5) -> Tournament:
    t = Tournament(id="rr", name="Club RR", system=system, total_rounds=rounds)
    for name, rating in NAMES:
        t = c.add_player(t, name, rating=rating)
    return t


def test_drawn_berger_event_through_commands() -> None:
    t = draw_lots(club(), seed=3)
    by_number = {k + 1: t.player(pno).name for k, pno in enumerate(table_order(t))}
    for _ in range(5):
        t = c.pair_next_round(t)
        for board in range(1, len(t.rounds[-1].boards) + 1):
            t = c.set_result(t, t.current_round, board, "1-0")
    # the drawn numbers survive the renumbering by rating at round 1
    assert {k + 1: t.player(pno).name for k, pno in enumerate(table_order(t))} == by_number
    name = {p.pno: p.name for p in t.players}
    # FIDE table for 5 (6 with the phantom), round 2: 6-4 (4 free), 5-3, 1-2
    r2 = t.rounds[1]
    number = {v: k for k, v in by_number.items()}
    assert [(number[name[b.white]], number[name[b.black]]) for b in r2.boards] == [(5, 3), (1, 2)]
    assert r2.byes[0].kind is ByeKind.PAB and number[name[r2.byes[0].pno]] == 4
    assert sum(scores(t).values()) == 10 + 5  # ten games won, five byes worth 1
    with pytest.raises(TournamentError):
        c.pair_next_round(t)


def test_withdrawn_player_opponents_score_the_forfeit() -> None:
    """After a withdrawal the table goes on; the withdrawn player's table game stays on its
    board as a forfeit ("+" for the opponent, "−" for them, Aktar p. 61), the other boards
    are unchanged, and nobody gets a full-point bye."""
    t = club(rounds=5)
    t = c.pair_next_round(t)
    for board in range(1, len(t.rounds[-1].boards) + 1):
        t = c.set_result(t, 1, board, "1/2")
    t = c.withdraw(t, 2)
    full = []
    while t.current_round < 5:
        t = c.pair_next_round(t)
        rnd = t.rounds[-1]
        assert not [y for y in rnd.byes if y.kind is ByeKind.FULL]
        for board, b in enumerate(rnd.boards, start=1):
            if 2 in (b.white, b.black):
                assert b.result is (GameResult.BLACK_FORFEIT_WIN if b.white == 2 else GameResult.WHITE_FORFEIT_WIN)
                full.append(b.black if b.white == 2 else b.white)
            else:
                t = c.set_result(t, t.current_round, board, "1/2")
    # from the FIDE table for 5: rounds 2–5 of player 2 are four table games or three and
    # the free round; every such opponent gets exactly one forfeit point
    order = table_order(t)
    from core.pairing.roundrobin.berger import single_cycle

    k = order.index(2) + 1
    expected = sorted(order[(b if w == k else w) - 1] for rnd in single_cycle(5)[1:]
                      for w, b in rnd.games if k in (w, b))
    assert sorted(full) == expected
