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
    assert "\n222 1200\n" in text    # the regular games' 20 minutes, in seconds (record 222)
    cells = _cells(text)
    assert cells[1][0] == "2.0" and [c.strip() for c in cells[1][1][:5]] == [""] * 5
    assert "F" not in "".join(cells[1][1]) and "U" not in "".join(cells[1][1])
    assert cells[2][0] == "2.0" and cells[3][0] == "3.0"
    assert cells[3][1][4].startswith("   2 ") and cells[3][1][4].endswith(" 1")
    assert cells[2][1][4].startswith("   3 ") and cells[2][1][4].endswith(" 0")


def test_a_cup_of_20_minute_games_is_rated_as_rapid_not_standard():
    """Laws of Chess A.1: more than 10 and less than 60 minutes for 60 moves is rapid; the cup
    has no time control of its own, its games are played at 20 minutes."""
    from core.ratings.kind import event_rating_kind
    from core.reports.ratings import rating_changes_report
    from core.reports.view import View

    t = three_player_cup()
    assert event_rating_kind(t) == "rapid"
    assert rating_changes_report(View(t)).subtitle[-1] == "rapid"


def test_cup_rating_changes_leave_the_armageddon_out():
    """Each player's rapid games only; the Armageddon (White 5 min, Black 4 min: the players'
    clocks differ) is on no list, and its 0-0 on the flags is no game score.  By hand (K 20,
    table 8.1.2): 2 (2200) v 3 (2100), four 20-minute games: expected 4 × 0.64 = 2.56, score
    1 + 0 + ½ + ½ = 2, change 20 × (2 − 2.56) = −11.2; 3: 4 × 0.36 + 2 × 0.24 (v 2300) = 1.92,
    score 2, +1.6; 1: 2 × 0.76 = 1.52, score 2, +9.6."""
    from core.ratings.changes import rating_changes

    rows = {row.pno: row for row in rating_changes(three_player_cup(), "fide")}
    assert (rows[2].games, rows[2].score, rows[2].change) == (4, Fraction(2), Fraction(-56, 5))
    assert (rows[3].games, rows[3].score, rows[3].change) == (6, Fraction(2), Fraction(8, 5))
    assert (rows[1].games, rows[1].change) == (2, Fraction(48, 5))
    assert [(r, opp, reason) for r, opp, _rating, reason in rows[3].left_out] == [(1, 2, "unequal")]


def test_a_cup_game_at_a_faster_clock_is_left_for_its_own_list():
    """Rules of two 20-minute games, then two extension games of 3 min + 2 s (3 + 60 × 2 s = 5
    minutes for 60 moves: blitz, Laws of Chess B.1): the extension games are not rated with the
    rapid ratings — they go on the blitz list."""
    from core.playoff.rules import MatchRules, Segment
    from core.playoff.timecontrol import TimeControl
    from core.ratings.changes import rating_changes

    rules = MatchRules(segments=(Segment(2, TimeControl(1200)), Segment(2, TimeControl(180, 2)))).to_json()
    players = (Player(1, "Ahn, A", rating=2300), Player(2, "Berg, B", rating=2200))
    t = Tournament(id="cup", name="Cup", system="knockout", total_rounds=1, players=players,
                   options={"knockout": {"rules": rules}})
    t = changes.pair_next_round(t)
    for board_no, result in enumerate([_won_by(1), _won_by(2), _won_by(1), lambda b: "1/2"], start=1):
        t = changes.set_result(t, 1, board_no, result(t.round(1).boards[board_no - 1]))
    row = {r.pno: r for r in rating_changes(t, "fide")}[2]
    assert (row.games, row.score) == (2, Fraction(1))
    assert [reason for *_x, reason in row.left_out] == ["blitz", "blitz"]


def test_the_dwz_leaves_the_cup_armageddon_out_too():
    """The 0-0 on the flags is the match's decision, not a game lost by both: 2 and 3 have four
    games against each other for the DWZ (3 two more against 1)."""
    from dataclasses import replace

    from core.ratings.changes import rating_changes

    t = three_player_cup()
    t = t.with_changes(players=tuple(replace(p, national_rating=p.rating) for p in t.players))
    rows = {row.pno: row for row in rating_changes(t, "dwz")}
    assert (rows[2].games, rows[2].score) == (4, Fraction(2))
    assert (rows[3].games, rows[3].score) == (6, Fraction(2))
