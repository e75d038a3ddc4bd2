"""A cup's standings by Aktar's knockout rules (p. 67): players out at the same
stage share their places — "3. ve 4. oyuncular yarı finalde elendiyse, üçüncülük ve
dördüncülük ödülünü eşit olarak paylaşırlar" (if the 3rd and 4th players went out in the
semi-final, they share the 3rd and 4th prizes equally) — and a final still level has no 1st
and 2nd yet.  Points inside a stage (byes count a full point, extension games count too) and
the event's criteria are shown but do not order such players.
"""

from __future__ import annotations

from core import changes
from core.model import Player, Tournament
from core.standings import compute_standings
from tests.test_knockout_stages import finish as _play


def _cup4() -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, 5))
    return Tournament(id="cup4", name="Cup", system="knockout", total_rounds=2, players=players,
                      options={"knockout": {"rules": "seed"}})


def _semi_finals(board) -> str:
    # 1 v 4: 1 wins both games (4 out with 0); 2 v 3: 2 wins game 1, game 2 drawn (3 out with ½)
    top = min(board.white, board.black)
    if {board.white, board.black} == {2, 3} and board.game.endswith("g2"):
        return "1/2"
    return "1-0" if board.white == top else "0-1"


def test_semi_final_losers_share_third_and_a_level_final_has_no_winner_yet() -> None:
    t = _play(changes.pair_next_round(_cup4()), _semi_finals)
    t = changes.pair_next_round(t)  # the final, 1 v 2
    # both regular games of the final drawn: the match is level, extension games follow
    t = _play(t, lambda board: "1/2" if board.game.endswith(("s0g1", "s0g2")) else None)
    rows = {r.pno: r for r in compute_standings(t).rows}
    assert rows[1].points != rows[2].points and rows[3].points != rows[4].points  # 3 v 2½, ½ v 0
    assert (rows[1].rank, rows[1].shared) == (rows[2].rank, rows[2].shared) == (1, True)
    assert (rows[3].rank, rows[3].shared) == (rows[4].rank, rows[4].shared) == (3, True)


def test_a_decided_final_gives_first_and_second() -> None:
    t = _play(changes.pair_next_round(_cup4()), _semi_finals)
    t = _play(changes.pair_next_round(t), lambda board: "1-0" if board.white == 2 else "0-1")
    rows = {r.pno: r for r in compute_standings(t).rows}
    assert (rows[2].rank, rows[2].shared) == (1, False) and (rows[1].rank, rows[1].shared) == (2, False)
    assert rows[3].rank == rows[4].rank == 3
