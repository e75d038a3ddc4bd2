"""The running totals behind ``core.model.scores`` belong to each event (issue 35 item 4).

The data service serves several events in one process.  The totals were one table for the
process, holding the last event asked about: one organiser's question evicted another event's
totals (each answer then added up every round again) and every caller waited on one lock.
Now each round keeps the totals after it; an event's totals live with its snapshots.

Expected points are derived by hand from the games written in each test (1 a win, ½ a draw).
"""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest

import core.model as model
from core.model import Board, GameResult, Player, Round, Tournament, scores

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
HALF = Fraction(1, 2)


def event(tid: str, round1: tuple[GameResult, GameResult], round2: tuple[GameResult, GameResult]) -> Tournament:
    """Four players: round 1 is 1–2 and 3–4, round 2 is 1–3 and 4–2."""
    players = tuple(Player(i, f"Player {i}", 2000 - i) for i in range(1, 5))
    rounds = (Round(1, (Board(1, 2, round1[0]), Board(3, 4, round1[1]))),
              Round(2, (Board(1, 3, round2[0]), Board(4, 2, round2[1]))))
    return Tournament(id=tid, name=tid, players=players, rounds=rounds, total_rounds=3)


@pytest.fixture
def rounds_added(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of each round added up (one entry per round of a call that was not kept)."""
    added: list[int] = []
    real = model._add_round

    def counted(rnd: Round, before: dict[int, int], points: dict[model.Code, int]) -> dict[int, int]:
        added.append(rnd.number)
        return real(rnd, before, points)

    monkeypatch.setattr(model, "_add_round", counted)
    return added


def test_two_events_keep_their_totals_side_by_side(rounds_added: list[int]) -> None:
    # A: 1–2 1-0, 3–4 ½-½; 1–3 ½-½, 4–2 1-0  →  1: 1½, 2: 0, 3: 1, 4: 1½
    a = event("a", (W, D), (D, W))
    # B: 1–2 0-1, 3–4 1-0; 1–3 0-1, 4–2 ½-½  →  1: 0, 2: 1½, 3: 2, 4: ½
    b = event("b", (B, W), (B, D))
    assert scores(a) == {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF}
    assert scores(b) == {1: 0, 2: 1 + HALF, 3: 2, 4: HALF}
    assert rounds_added == [1, 2, 1, 2]
    # the organisers of A and B take turns (the service answers both): nothing is added again
    for _turn in range(3):
        assert scores(a)[1] == 1 + HALF and scores(b)[3] == 2
        assert scores(a, upto=1) == {1: 1, 2: 0, 3: HALF, 4: HALF}
    assert rounds_added == [1, 2, 1, 2]


def test_a_result_adds_up_its_round_again_and_a_correction_every_later_one(rounds_added: list[int]) -> None:
    a = event("a", (W, D), (D, W))
    other = event("b", (B, W), (B, D))
    assert scores(a) == {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF}
    scores(other)
    rounds_added.clear()
    # round 2, board 2 becomes ½-½ (the round's object is replaced, round 1's is the same)
    second = Round(2, (Board(1, 3, D), Board(4, 2, D)))
    a2 = a.with_changes(rounds=(a.rounds[0], second))
    assert scores(a2) == {1: 1 + HALF, 2: HALF, 3: 1, 4: 1}
    assert rounds_added == [2]
    # a correction of round 1 (board 1 now 0-1): round 2 is the same object, but its totals
    # were added up from the old round 1 and must not be read
    first = Round(1, (Board(1, 2, B), Board(3, 4, D)))
    a3 = a2.with_changes(rounds=(first, second))
    assert scores(a3) == {1: HALF, 2: 1 + HALF, 3: 1, 4: 1}
    assert scores(a3, upto=1) == {1: 0, 2: 1, 3: HALF, 4: HALF}
    assert rounds_added == [2, 1, 2]
    # every snapshot still answers for itself, and the other event kept its totals
    assert scores(a) == {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF}
    assert scores(a2) == {1: 1 + HALF, 2: HALF, 3: 1, 4: 1}
    assert scores(other) == {1: 0, 2: 1 + HALF, 3: 2, 4: HALF}
    # the round 2 that a2 and a3 share keeps the totals of the last prefix added up (a3's):
    # a2 adds it up again from its own round 1, whose totals were kept; A's own round 2 kept its
    assert rounds_added[3:] == [2]


def test_another_point_system_or_field_is_added_up_again() -> None:
    a = event("a", (W, D), (D, W))
    three = model.PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), pab=Fraction(3),
                              full_bye=Fraction(3), half_bye=Fraction(1))
    assert scores(a) == {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF}
    # the same rounds counted 3-1-0: 1: 3+1, 2: 0, 3: 1+1, 4: 1+3
    assert scores(a.with_changes(points=three)) == {1: 4, 2: 0, 3: 2, 4: 4}
    # a fifth player, registered late: absent from both rounds (a zero-point bye each)
    late = a.with_changes(players=a.players + (Player(5, "Player 5", 1500),))
    assert scores(late) == {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF, 5: 0}


def test_two_events_asked_from_many_threads_get_their_own_points() -> None:
    events = [(event("a", (W, D), (D, W)), {1: 1 + HALF, 2: 0, 3: 1, 4: 1 + HALF}),
              (event("b", (B, W), (B, D)), {1: 0, 2: 1 + HALF, 3: 2, 4: HALF})]
    wrong: list[object] = []

    def ask(first: int) -> None:
        for i in range(300):
            t, expected = events[(first + i) % 2]
            corrected = t.with_changes(rounds=(Round(1, t.rounds[0].boards), t.rounds[1]))
            for snapshot in (t, corrected):  # a new round 1 object: every later total added up again
                got = scores(snapshot)
                if got != expected:
                    wrong.append((t.id, got))

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not wrong
