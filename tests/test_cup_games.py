"""A cup's games as the rating and the TRF file see them (review rev35b #24, #31).

The cup used throughout: three players, rules ``seed-rapid`` (games of 20 minutes, two more
of 20 minutes while level, then an Armageddon of White 5 min, Black 4 min) and no time control
of the event's own.  Round 1: 1 advances without a game, 2 and 3 play: 2 wins game 1, 3 wins
game 2, the two extension games are drawn, the Armageddon ends 0-0 with 3's flag falling later,
so 3 goes through.  Round 2 (final): 1 beats 3 twice.
"""

from fractions import Fraction

from core import changes
from core.changes.cup import set_flag_later
from core.model import GameResult, Player, Tournament


def _won_by(winner):
    return lambda b: "1-0" if b.white == winner else "0-1"


def three_player_cup() -> Tournament:
    players = (Player(1, "Ahn, A", rating=2300), Player(2, "Berg, B", rating=2200), Player(3, "Cole, C", rating=2100))
    t = Tournament(id="cup", name="Cup", system="knockout", total_rounds=2, players=players,
                   options={"knockout": {"rules": "seed-rapid"}})
    t = changes.pair_next_round(t)
    plan = [_won_by(2), _won_by(3), lambda b: "1/2", lambda b: "1/2", lambda b: "0-0"]
    for board_no, result in enumerate(plan, start=1):
        b = t.round(1).boards[board_no - 1]
        t = changes.set_result(t, 1, board_no, result(b))
    arm = t.round(1).boards[4]
    assert arm.game.endswith(".arm") and arm.result is GameResult.BOTH_LOSE
    t = set_flag_later(t, 1, 5, "white" if arm.white == 3 else "black")
    t = changes.pair_next_round(t)
    for board_no in (1, 2):
        t = changes.set_result(t, 2, board_no, _won_by(1)(t.round(2).boards[board_no - 1]))
    return t


def _cells(text: str) -> dict[int, tuple[str, list[str]]]:
    """pno → (points field, round cells) of each 001 record (cells from column 92, 10 wide)."""
    out = {}
    for line in text.splitlines():
        if line.startswith("001"):
            rest = line[91:]
            out[int(line[4:8])] = (line[80:84].strip(), [rest[i:i + 8] for i in range(0, len(rest), 10)])
    return out


def test_trf_of_a_cup_writes_passes_as_no_game_and_the_flag_decided_armageddon_as_a_win():
    """TRF rounds are the games' rounds (5 in round 1, 2 in the final: ``142 7``); the pass is
    no bye (blank, 0 points: ``F`` is a requested full-point bye, ``U`` one per round, both a
    win); the 0-0 Armageddon is a win for 3, whose flag fell later.  Points by hand: 1: two final
    wins = 2; 2: 1 + 0 + ½ + ½ + 0 = 2; 3: 0 + 1 + ½ + ½ + 1 + 0 + 0 = 3."""
    from core.trf import write_trf

    t = three_player_cup()
    text = write_trf(t)
    assert "\n142 7\n" in text
    cells = _cells(text)
    assert cells[1][0] == "2.0" and [c.strip() for c in cells[1][1][:5]] == [""] * 5
    assert "F" not in "".join(cells[1][1]) and "U" not in "".join(cells[1][1])
    assert cells[2][0] == "2.0" and cells[3][0] == "3.0"
    assert cells[3][1][4].startswith("   2 ") and cells[3][1][4].endswith(" 1")
    assert cells[2][1][4].startswith("   3 ") and cells[2][1][4].endswith(" 0")
