"""Rating changes are kept per snapshot: asked again for the same snapshot they are not
computed again, and a changed result (a new snapshot) gives the new changes.

Expected values by hand from the FIDE Rating Regulations: 2000 against 1800 is D = 200, PD
0.76 for the higher-rated player (table 8.1.2: 198–206), 0.24 for the lower; K 20 for a player
of 2000 with 50 rated games before (8.3.3), K 20 for the 1800 player likewise.  A win by the
2000 player: 20 × (1 − 0.76) = +4.8; the same game lost: 20 × (0 − 0.76) = −15.2."""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, GameResult, Player, Round, Tournament
from core.ratings import changes
from core.ratings.changes import rating_changes


def _event(result: GameResult) -> Tournament:
    players = (Player(1, "White", rating=2000, extra={"fide_games": "50"}),
               Player(2, "Black", rating=1800, extra={"fide_games": "50"}))
    return Tournament("t", "Test", players=players, rounds=(Round(1, (Board(1, 2, result),)),), total_rounds=1,
                      start_date="2026-11-20")


def test_the_same_snapshot_is_computed_once_and_a_new_one_again(monkeypatch):
    counted: list[Tournament] = []
    games = changes.rated_games

    def rated_games(t):
        counted.append(t)
        return games(t)

    monkeypatch.setattr(changes, "rated_games", rated_games)
    won = _event(GameResult.WHITE_WINS)
    first = rating_changes(won)
    assert [(r.pno, r.expected, r.change) for r in first] == [
        (1, 0.76, Fraction(48, 10)), (2, 0.24, Fraction(-48, 10))]
    first.clear()  # a caller's list is its own: the kept rows stay whole
    again = rating_changes(won)
    assert [r.change for r in again] == [Fraction(48, 10), Fraction(-48, 10)]
    assert counted == [won]  # asked twice, computed once
    lost = won.with_changes(rounds=(Round(1, (Board(1, 2, GameResult.BLACK_WINS),)),))
    assert [r.change for r in rating_changes(lost)] == [Fraction(-152, 10), Fraction(152, 10)]
    assert counted == [won, lost]
    assert [r.change for r in rating_changes(won)] == [Fraction(48, 10), Fraction(-48, 10)]  # the old one kept
    rating_changes(won, "dwz")  # another system: computed for it
    assert counted == [won, lost, won]
