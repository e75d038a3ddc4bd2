"""A 10-player cup for the cup tests (Aktar p. 68: a 16-bracket, seeds 1-6 advance without
a game, 7 v 10 and 8 v 9 play the preliminary round), and that cup after its preliminary round."""

from __future__ import annotations

from core import changes
from core.model import Player, Tournament


def cup10() -> Tournament:
    players = tuple(Player(i, f"Player {i:02d}", rating=2400 - 10 * i) for i in range(1, 11))
    return Tournament(id="cup10", name="Club Cup", system="knockout", total_rounds=4, players=players,
                      options={"knockout": {"rules": "seed"}})


def played_preliminary() -> Tournament:
    """The 10-player cup after its preliminary round: 7 beat 10 (2–0); 8 v 9 level after the
    two games and the two extension games (all drawn), and the Armageddon drawn, which counts
    as a win for Black (Aktar p. 66)."""
    t = changes.pair_next_round(cup10())
    b = 1
    while b <= len(t.rounds[0].boards):
        board = t.rounds[0].boards[b - 1]
        result = "1/2" if {board.white, board.black} == {8, 9} else "1-0" if board.white == 7 else "0-1"
        t = changes.set_result(t, 1, b, result)
        b += 1
    return changes.pair_next_round(t)


def two_player_final(rules: str) -> Tournament:
    """Two players, one match (the final) with the given rules, round 1 paired."""
    players = tuple(Player(i, f"Player {i:02d}", rating=2400 - 10 * i) for i in range(1, 3))
    return changes.pair_next_round(Tournament(id=f"final-{rules}", name="Final", system="knockout",
                                               players=players, options={"knockout": {"rules": rules}}))
