"""OpenGotha's simplified direct confrontation (SDC), by hand.

OpenGotha 3.51 (its placement criterion SDC): among the players tied on every criterion before
SDC, each pair's games are summed (+1 a win over the board, −1 a loss; wins by default, jigo
and "both lose" do not count) and limited to −1..1; when every two tied players have a
non-zero sum, a player's SDC is the number of tied players he beat, otherwise every tied
player's SDC is 0.  A larger SDC ranks higher; equal SDC stays tied for the next criterion.
"""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, GameResult, Player, Round, Tournament
from core.standings import compute_standings, explain_row

EVEN = Fraction(15, 2)
W, B, WF = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.WHITE_FORFEIT_WIN


def event(*rounds: tuple[tuple[int, int, GameResult], ...], players: int = 4) -> Tournament:
    """``players`` 5k players (MMS 25 each: between floor 20k and bar 4d), even games."""
    return Tournament(
        id="sdc", name="SDC", system="mcmahon", total_rounds=len(rounds),
        players=tuple(Player(pno=i, name=f"Player {i}", extra={"go_rank": "5k"}) for i in range(1, players + 1)),
        rounds=tuple(Round(n, tuple(Board(w, b, r, handicap=0, komi=EVEN) for w, b, r in boards))
                     for n, boards in enumerate(rounds, start=1)))


def places(t: Tournament, criteria: str) -> list[tuple[int, int, object]]:
    s = compute_standings(t, criteria)
    return [(r.rank, r.pno, r.values.get("SDC")) for r in s.rows]


def test_the_tied_player_who_won_their_game_ranks_first():
    # R1: 2 (W) beats 1; 4 beats 3.  R2: 4 beats 2 (B wins); 1 beats 3.
    # MMS: 4 = 27; 1 = 26, 2 = 26; 3 = 25.  {1, 2} tied: 2 beat 1 → SDC 2 = 1, 1 = 0.
    t = event(((2, 1, W), (4, 3, W)), ((2, 4, B), (1, 3, W)))
    assert places(t, "MMS") == [(1, 4, None), (2, 1, None), (2, 2, None), (4, 3, None)]  # shared without SDC
    assert places(t, "MMS,SDC") == [(1, 4, 0), (2, 2, 1), (3, 1, 0), (4, 3, 0)]


def test_a_win_by_default_decides_nothing():
    # the same, 2's win over 1 by default: that pair has sum 0 → SDC 0 for both, still tied
    t = event(((2, 1, WF), (4, 3, W)), ((2, 4, B), (1, 3, W)))
    assert places(t, "MMS,SDC") == [(1, 4, 0), (2, 1, 0), (2, 2, 0), (4, 3, 0)]


def test_every_pair_must_have_met():
    # six players, three rounds.  R1: 1 beats 2, 3 beats 4, 5 beats 6.  R2: 1 beats 3, 2 beats
    # 5, 4 beats 6.  R3: 4 (Black) beats 1, 2 beats 6, 3 beats 5.
    # MMS: 1, 2, 3, 4 = 27 (two wins each), 5 = 26, 6 = 25.  Tied {1, 2, 3, 4}: 2 and 3 never
    # met → SDC 0 for all four (OpenGotha: relevant only if every possible pair has played).
    t = event(((1, 2, W), (3, 4, W), (5, 6, W)), ((1, 3, W), (2, 5, W), (4, 6, W)),
              ((1, 4, B), (2, 6, W), (3, 5, W)), players=6)
    assert places(t, "MMS,SDC")[:4] == [(1, 1, 0), (1, 2, 0), (1, 3, 0), (1, 4, 0)]


def test_a_cycle_leaves_the_group_tied_and_a_full_order_separates_it():
    # four players, three rounds all-play-all.  Cycle: 1 beats 2, 2 beats 3, 3 beats 1; each
    # beats 4 → 1, 2, 3 on 27 with SDC 1 each (tied), 4 on 25.
    cycle = event(((1, 2, W), (3, 4, W)), ((3, 1, W), (2, 4, W)), ((2, 3, W), (1, 4, W)))
    assert places(cycle, "MMS,SDC") == [(1, 1, 1), (1, 2, 1), (1, 3, 1), (4, 4, 0)]


def test_explanation_names_the_group_and_the_rule():
    t = event(((2, 1, W), (4, 3, W)), ((2, 4, B), (1, 3, W)))
    s = compute_standings(t, "MMS,SDC")
    [item] = explain_row(t, s, 2, ["SDC"])
    assert item.value == 1 and any("1, 2" in note for note in item.notes)
    assert [(c.round, c.opponent) for c in item.contributions] == [(1, 1)]
