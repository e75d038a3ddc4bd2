"""Cups stored before a tournament round became a knockout round (one game of every running
match per round, boards without game labels) still open, read and go on in that shape; the
new shape's game labels survive the store's JSON."""

from __future__ import annotations

from core import changes
from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament, entries
from core.playoff.cup import away_status, board_games, legacy, replay
from core.serialize import tournament_from_dict, tournament_to_dict
from core.standings import compute_standings


def old_cup() -> Tournament:
    """9 players (Aktar p. 68: 1-7 advance without a game, 8 v 9) after the preliminary
    match's two games, stored one game per round: 8 won game 1, game 2 drawn (1½-½)."""
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, 10))
    rounds = (Round(1, (Board(8, 9, GameResult.WHITE_WINS),), tuple(Bye(p, ByeKind.FULL) for p in range(1, 8))),
              Round(2, (Board(9, 8, GameResult.DRAW),)))
    t = Tournament(id="old", name="Old cup", system="knockout", total_rounds=4, players=players, rounds=rounds,
                   options={"knockout": {"rules": "seed"}})
    data = tournament_to_dict(t)
    assert all("game" not in b for r in data["rounds"] for b in r["boards"])   # the old JSON
    return tournament_from_dict(data)


def test_old_cup_reads_as_before():
    t = old_cup()
    assert legacy(t)
    cup = replay(t)
    assert [(g.id, g.result.value) for g in cup.view.games if g.result] == [
        ("p.r1m1.s0g1", "1-0"), ("p.r1m1.s0g2", "1/2")]
    assert board_games(t, 2) == {1: "Preliminary round · Game 2 (3 min + 3 s)"}
    assert away_status(t, 2)[1] == "advances without a game (Preliminary round)"
    points = {r.pno: r.points for r in compute_standings(t).rows}
    assert points[8] == 1.5 and points[9] == 0.5 and points[1] == 1
    assert len(entries(t)[8]) == 2


def test_old_cup_is_paired_on_in_its_shape():
    t = changes.pair_next_round(old_cup())
    # the next game of every match: the four quarter-finals' first games in round 3
    assert t.current_round == 3 and legacy(t)
    assert sorted(sorted((b.white, b.black)) for b in t.rounds[2].boards) == [[1, 8], [2, 7], [3, 6], [4, 5]]
    assert all(b.game == "" for b in t.rounds[2].boards)


def test_game_labels_survive_the_json():
    players = tuple(Player(i, f"Player {i}") for i in range(1, 3))
    t = changes.pair_next_round(Tournament(id="c", name="C", system="knockout", players=players,
                                            options={"knockout": {"rules": "seed"}}))
    back = tournament_from_dict(tournament_to_dict(t))
    assert [b.game for b in back.rounds[0].boards] == ["p.r1m1.s0g1", "p.r1m1.s0g2"]
    assert back == t and not legacy(back)
