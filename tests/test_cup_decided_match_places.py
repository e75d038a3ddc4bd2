"""A cup's decided match decides its places at once (review rev34e F-h): the match for third
place won while the final is still being played makes its winner 3rd and its loser 4th, and a
decided final makes its winner 1st and its loser 2nd while third place is still open.

By hand: 4 players, one Armageddon game a match; semi-finals 1–4 and 2–3 won by 1 and 2; the
final is 1–2 and the match for third place 3–4."""

from __future__ import annotations

from core import changes
from core.standings import compute_standings, place_text
from tests.test_knockout_cup import cup, play_round


def _final_round():
    t = cup(4, third_place=True, rules={"segments": [], "decider": "armageddon"})
    t = play_round(t, lambda b: "1-0" if b.white < b.black else "0-1")
    return changes.pair_next_round(t)


def _won(t, game: str, winner: int):
    n = t.current_round
    board_no, board = next((i, b) for i, b in enumerate(t.round(n).boards, start=1) if b.game.startswith(game))
    return changes.set_result(t, n, board_no, "1-0" if board.white == winner else "0-1")


def _places(t) -> dict[int, str]:
    return {r.pno: place_text(r) for r in compute_standings(t).rows}


def test_third_place_decided_while_the_final_is_played() -> None:
    t = _won(_final_round(), "p.third", 4)
    assert _places(t) == {1: "1=", 2: "1=", 4: "3", 3: "4"}


def test_final_decided_while_third_place_is_played() -> None:
    t = _won(_final_round(), "p.r2m1", 2)
    assert _places(t) == {2: "1", 1: "2", 3: "3=", 4: "3="}
