"""Manual pairings: accepted when coherent, with a warning for every absolute criterion broken."""

from __future__ import annotations

from core import changes
from core.manual import manual_pairing_warnings
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import RoundPairing


def _event() -> Tournament:
    t = Tournament(id="m", name="Manual", total_rounds=5, forbidden=((2, 3),))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100), ("E", 2000)):
        t = changes.add_player(t, name, rating=rating)
    return t


def _round(t: Tournament, boards, byes=()) -> Tournament:
    t = changes.apply_pairing(t, RoundPairing(t.current_round + 1, tuple(boards), tuple(byes)), manual=True)
    for i in range(len(boards)):
        t = changes.set_result(t, t.current_round, i + 1, "1/2")
    return t


def test_a_clean_manual_round_has_no_warnings():
    t = _round(_event(), [Board(1, 3), Board(4, 2)], [Bye(5, ByeKind.PAB)])
    assert manual_pairing_warnings(t, 1) == []
    assert t.rounds[0].manual


def test_rematch_forbidden_pair_and_second_bye_are_named():
    t = _round(_event(), [Board(1, 3), Board(4, 2)], [Bye(5, ByeKind.PAB)])
    t = _round(t, [Board(4, 1), Board(5, 2)], [Bye(3, ByeKind.PAB)])
    t = changes.apply_pairing(t, RoundPairing(3, (Board(2, 3), Board(1, 4)), (Bye(5, ByeKind.PAB),)), manual=True)
    warnings = manual_pairing_warnings(t, 3)
    assert "Board 1: 2 and 3 must not be paired (forbidden pairing)." in warnings
    assert "Board 2: 1 and 4 have already played each other." in warnings
    assert "Player 5 gets a pairing-allocated bye after already scoring a point without playing." in warnings
    assert len(warnings) == 3


def test_colour_rules_are_named():
    # player 1: White in rounds 1 and 2; a third White in a row is named
    t = _round(_event(), [Board(1, 3), Board(4, 2)], [Bye(5, ByeKind.PAB)])
    t = _round(t, [Board(1, 4), Board(5, 2)], [Bye(3, ByeKind.PAB)])
    t = changes.apply_pairing(t, RoundPairing(3, (Board(1, 5), Board(2, 3)), (Bye(4, ByeKind.PAB),)), manual=True)
    assert "Board 1: player 1 gets the same colour three times in a row." in manual_pairing_warnings(t, 3)
    # player 2: Black in rounds 1 and 2, White now: no warning for player 2
    assert not any("player 2" in w for w in manual_pairing_warnings(t, 3))


def test_a_double_swiss_round_is_judged_match_by_match():
    # C.04.5 Preface: every pairing is a match of two games, colours alternating.  A round
    # typed 1-2, 3-4 is stored as four boards (game 2 reversed): nobody "appears 2 times",
    # and repeating match 1 in round 2 is one rematch (board 1, the match's first game), not
    # one per game.
    from core.model import Player

    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    t = Tournament(id="d", name="D", system="double-swiss", total_rounds=3, players=players)

    def match_round(t: Tournament, pairs) -> Tournament:
        boards = tuple(b for w, bl in pairs for b in (Board(w, bl, game="g1"), Board(bl, w, game="g2")))
        return _round(t, boards)

    t = match_round(t, [(1, 2), (3, 4)])
    assert manual_pairing_warnings(t, 1) == []
    t = match_round(t, [(1, 2), (3, 4)])
    assert manual_pairing_warnings(t, 2) == ["Board 1: 1 and 2 have already played each other.",
                                             "Board 3: 3 and 4 have already played each other."]
