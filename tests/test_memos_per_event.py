"""The tie-break contexts and the rating changes belong to each event (issue 35 item 4).

The data service serves several events in one process.  The tie-break contexts (4 places),
the per-round cells (cleared for everyone past 8 events or player lists) and the rating
changes (8 places) were tables for the whole process: organisers of other events asking in
between evicted this event's, and the next draft key or refresh computed them again.  Now they
are kept on the snapshot (the contexts, the rating rows) and on the round (its cells), as the
running totals of ``core.model.scores`` are.

Expected values by hand.  Tie-breaks: round 1 is 1–2 and 3–4, round 2 is 1–3 and 4–2; with
1–2 1-0, 3–4 ½-½, 1–3 ½-½, 4–2 1-0 the points are 1: 1½, 2: 0, 3: 1, 4: 1½, so Buchholz
(the opponents' points) is 1: 0 + 1 = 1, 2: 1½ + 1½ = 3, 3: 1½ + 1½ = 3, 4: 1 + 0 = 1; with
every result turned round (0-1, ½-½, ½-½, 0-1) the points are 1: ½, 2: 2, 3: 1, 4: ½, and
Buchholz 1: 2 + 1 = 3, 2: ½ + ½ = 1, 3: ½ + ½ = 1, 4: 1 + 2 = 3.  Ratings (FIDE Rating
Regulations): 2000 against 1800 is D = 200, PD 0.76 / 0.24 (table 8.1.2), K 20 for either
with 50 rated games (8.3.3): the 2000 player winning gains 20 × 0.24 = 4.8, losing loses
20 × 0.76 = 15.2.
"""

from __future__ import annotations

import threading
from fractions import Fraction

import pytest

from core.model import Board, GameResult, Player, Round, Tournament
from core.ratings import changes
from core.ratings.changes import rating_changes
from core.standings import compute_standings
from core.tiebreaks import context

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
HALF = Fraction(1, 2)
EVENTS = 10
"""More than every old table held (4 contexts, 8 player lists, 8 rating snapshots)."""


def tiebreak_event(k: int) -> Tournament:
    """Event ``k``: the four players' games (turned round for odd ``k``) and ``k`` more players
    registered but not paired (each event its own player list)."""
    players = tuple(Player(i, f"Player {i}", 2000 - i) for i in range(1, 5 + k))
    one, two = ((W, D), (D, W)) if k % 2 == 0 else ((B, D), (D, B))
    rounds = (Round(1, (Board(1, 2, one[0]), Board(3, 4, one[1]))),
              Round(2, (Board(1, 3, two[0]), Board(4, 2, two[1]))))
    return Tournament(id=f"e{k}", name=f"e{k}", players=players, rounds=rounds, total_rounds=3)


def rating_event(k: int) -> Tournament:
    """Event ``k``: 2000 against 1800, won by the 2000 player for even ``k``, lost for odd."""
    players = (Player(1, "White", rating=2000, extra={"fide_games": "50"}),
               Player(2, "Black", rating=1800, extra={"fide_games": "50"}))
    result = W if k % 2 == 0 else B
    return Tournament(f"r{k}", f"r{k}", players=players, rounds=(Round(1, (Board(1, 2, result),)),),
                      total_rounds=1, start_date="2026-11-20")


def buchholz(t: Tournament) -> dict[int, Fraction]:
    return {row.pno: row.values["BH"] for row in compute_standings(t, tiebreaks="BH").rows if row.pno <= 4}


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """What was computed: each context (by event id) and each round's cells (by event id)."""
    seen: dict[str, list[str]] = {"contexts": [], "round cells": [], "rating rows": []}
    real_build, real_entries, real_games = context.build_context, context.entries, changes.rated_games

    def build(t, upto=None, round_robin=None):  # type: ignore[no-untyped-def]  # passes on to the real one
        seen["contexts"].append(t.id)
        return real_build(t, upto, round_robin)

    def entries(t, upto=None):  # type: ignore[no-untyped-def]  # passes on to the real one
        if isinstance(t, context._OneRound):
            seen["round cells"].append(f"{len(t.players)}")
        return real_entries(t, upto)

    def rated_games(t):  # type: ignore[no-untyped-def]  # passes on to the real one
        seen["rating rows"].append(t.id)
        return real_games(t)

    monkeypatch.setattr(context, "build_context", build)
    monkeypatch.setattr(context, "entries", entries)
    monkeypatch.setattr(changes, "rated_games", rated_games)
    return seen


def test_tie_break_contexts_of_events_asked_in_turn_are_kept(built: dict[str, list[str]]) -> None:
    events = [tiebreak_event(k) for k in range(EVENTS)]
    even = {1: Fraction(1), 2: Fraction(3), 3: Fraction(3), 4: Fraction(1)}
    odd = {1: Fraction(3), 2: Fraction(1), 3: Fraction(1), 4: Fraction(3)}
    for _turn in range(3):  # the organisers of every event take turns (the service answers all)
        for k, t in enumerate(events):
            assert buchholz(t) == (even if k % 2 == 0 else odd)
    assert built["contexts"] == [t.id for t in events]  # each built once, none evicted
    assert len(built["round cells"]) == 2 * EVENTS  # each round's cells once
    # a result entered: a new snapshot and round 2 new (1–3 now 1-0), round 1's cells kept;
    # points 1: 2, 2: 0, 3: ½, 4: 1½, so BH 1: 0 + ½, 2: 2 + 1½, 3: 1½ + 2, 4: ½ + 0
    changed = events[0].with_changes(rounds=(events[0].rounds[0], Round(2, (Board(1, 3, W), Board(4, 2, W)))))
    built["round cells"].clear()
    assert buchholz(changed) == {1: HALF, 2: 3 + HALF, 3: 3 + HALF, 4: HALF}
    assert len(built["round cells"]) == 1


def test_rating_changes_of_events_asked_in_turn_are_kept(built: dict[str, list[str]]) -> None:
    events = [rating_event(k) for k in range(EVENTS)]
    for _turn in range(3):
        for k, t in enumerate(events):
            won = k % 2 == 0
            assert [r.change for r in rating_changes(t)] == (
                [Fraction(48, 10), Fraction(-48, 10)] if won else [Fraction(-152, 10), Fraction(152, 10)])
    assert built["rating rows"] == [t.id for t in events]


def test_threads_asking_at_once_share_one_context(built: dict[str, list[str]]) -> None:
    t = tiebreak_event(0)
    got: list[context.Context] = []
    start = threading.Barrier(4)

    def ask() -> None:
        start.wait()
        got.append(context.shared_context(t))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 4 and all(ctx is got[0] for ctx in got)  # one context, one cache of values
