"""OpenGotha's direct confrontation (DC), by hand.

OpenGotha 3.51 (its placement criterion DC, computed by ``mw.go.confrontation`` with "winners
up" and "transitivity kept"): among players tied on every criterion before DC, "a beat b" when
a's games over the board against b give exactly +1 net; players beating each other round a
cycle form a class whose inner games are dropped, every member taking the class's games with
outsiders; then from the bottom, among the players left who beat nobody left, those of the
worst seed (the criteria after DC) take the lowest free rank together.  DC = last rank − rank.
"""

from __future__ import annotations

from dataclasses import replace

from core.go.confrontation import cycle_classes, direct_confrontation
from core.model import GameResult, Tournament
from core.standings import compute_standings, explain_row
from tests.test_go_sdc import event as sdc_event

W = GameResult.WHITE_WINS


def event(ranks: dict[int, str], *rounds: tuple[tuple[int, int, GameResult], ...]) -> Tournament:
    """Even games (handicap 0) between players of the given ranks (floor 20k, bar 4d)."""
    base = sdc_event(*rounds, players=len(ranks))
    return replace(base, players=tuple(replace(p, extra={"go_rank": ranks[p.pno]}) for p in base.players))


def places(t: Tournament, criteria: str) -> list[tuple[int, int, object]]:
    return [(r.rank, r.pno, r.values.get("DC")) for r in compute_standings(t, criteria).rows]


def test_walraets_example_winners_up_and_a_cycle_kept_together():
    """The example in OpenGotha's confrontation code (its ``main``): seeds (higher better)
    1: 4, 2: 3, 3: 4, 4: 4, 5: 1, 6: 2; 3 beat 1, 1 beat 2, 2 beat 3 (a cycle), 1 and 3 beat
    4, 5 beat 2.  Class {1, 2, 3}: its inner games drop; every member beat 4 and lost to 5.
    From the bottom: free (beat nobody left) 4 and 6, worst seed 6 → rank 6 (no game: last,
    although its seed is above 5's); then 4 → 5; then 1, 2, 3 are free, worst seed 2 → 4;
    1 and 3 (seed 4 each) → 2 together; 5 → 1.  OpenGotha's program prints the same ranks
    (5: 1, 1: 2, 3: 2, 2: 4, 4: 5, 6: 6).  DC = 6 − rank."""
    beat = {(3, 1), (1, 2), (2, 3), (1, 4), (3, 4), (5, 2)}
    seed = {1: (-4,), 2: (-3,), 3: (-4,), 4: (-4,), 5: (-1,), 6: (-2,)}
    assert cycle_classes([1, 2, 3, 4, 5, 6], beat)[2] == frozenset({1, 2, 3})
    assert direct_confrontation([1, 2, 3, 4, 5, 6], beat, seed) == {5: 5, 1: 4, 3: 4, 2: 2, 4: 1, 6: 0}


def test_a_won_game_decides_against_the_seed():
    """1, 2, 6 are 5k (MMS 25), 3, 4, 5: 3 and 5 are 1k (29), 4 is 10k (20).
    R1: 1 beats 2, 3 beats 4, 5 beats 6.  R2: 4 beats 1, 2 beats 5, 6 beats 3.
    MMS: 1, 2, 6 = 26 (one win each); 3 = 30, 4 = 21, 5 = 30.
    SOS: 1 = 26 + 21 = 47, 2 = 26 + 30 = 56, 6 = 30 + 30 = 60.  DC, seeded by SOS: free 2 and
    6 (1 beat 2), worst seed 2 → rank 3; then 1 and 6 free, worst 1 → 2; 6 → 1.  DC: 6 = 2,
    1 = 1, 2 = 0.  By SOS alone 2 (56) would be above 1 (47); the game puts 1 first."""
    t = event({1: "5k", 2: "5k", 3: "1k", 4: "10k", 5: "1k", 6: "5k"},
              ((1, 2, W), (3, 4, W), (5, 6, W)), ((4, 1, W), (2, 5, W), (6, 3, W)))
    assert [r.pno for r in compute_standings(t, "MMS,SOS").rows][2:5] == [6, 2, 1]
    assert places(t, "MMS,DC,SOS")[2:5] == [(3, 6, 2), (4, 1, 1), (5, 2, 0)]


def test_a_cycle_stays_tied_and_a_pair_that_never_met_follows_the_seed():
    """1, 2, 3 are 5k (25); 4, 5, 6 are 1k (29).  R1: 1 beats 2, 4 beats 3, 5 beats 6.
    R2: 2 beats 3, 5 beats 1, 6 beats 4.  R3: 3 beats 1, 6 beats 2, 4 beats 5.
    MMS: 1, 2, 3 = 26; 4, 5, 6 = 31.  {1, 2, 3}: 1 beat 2, 2 beat 3, 3 beat 1 — one class, no
    game counts; SOS 83 each (26 + 31 + 26 in some order): DC 0 for all, still tied.
    {4, 5, 6}: 4 beat 5, 5 beat 6, 6 beat 4 — a cycle too."""
    t = event({1: "5k", 2: "5k", 3: "5k", 4: "1k", 5: "1k", 6: "1k"},
              ((1, 2, W), (4, 3, W), (5, 6, W)), ((2, 3, W), (5, 1, W), (6, 4, W)),
              ((3, 1, W), (6, 2, W), (4, 5, W)))
    assert places(t, "MMS,DC,SOS")[3:] == [(4, 1, 0), (4, 2, 0), (4, 3, 0)]


def test_two_net_wins_make_no_edge_as_in_opengotha():
    """OpenGotha's DC reads its matrix of net wins without limiting it (SDC limits it), and
    draws an edge only for exactly +1.  Four 5k players, four rounds:
    R1: 1 beats 2, 3 beats 4.  R2: 1 beats 2, 4 beats 3.  R3: 3 beats 1, 2 beats 4.
    R4: 4 beats 1, 2 beats 3.  Two wins each: all on MMS 27.  Edges: 3 beat 1, 4 beat 1,
    2 beat 4, 2 beat 3; 1–2 is +2 (no edge), 3–4 is 0.  No seed after DC.  From the bottom:
    only 1 beat nobody left → rank 4; then 3 and 4 → rank 2 together; 2 → rank 1.
    DC = 4 − rank: 2 = 3, 3 = 2, 4 = 2, 1 = 0.  (Were 1–2 an edge, 1 → 2 → 3 → 1 would be one cycle
    with everybody, and all would stay tied on 0.)"""
    t = event({1: "5k", 2: "5k", 3: "5k", 4: "5k"}, ((1, 2, W), (3, 4, W)), ((1, 2, W), (4, 3, W)),
              ((3, 1, W), (2, 4, W)), ((4, 1, W), (2, 3, W)))
    assert places(t, "MMS,DC") == [(1, 2, 3), (2, 3, 2), (2, 4, 2), (4, 1, 0)]


def test_explanation_names_the_group_and_the_cycle():
    t = event({1: "5k", 2: "5k", 3: "5k", 4: "1k", 5: "1k", 6: "1k"},
              ((1, 2, W), (4, 3, W), (5, 6, W)), ((2, 3, W), (5, 1, W), (6, 4, W)),
              ((3, 1, W), (6, 2, W), (4, 5, W)))
    s = compute_standings(t, "MMS,DC")
    [item] = explain_row(t, s, 2, ["DC"])
    assert item.value == 0 and any("1, 2, 3" in note and "cycle" in note for note in item.notes)
    assert [(c.round, c.opponent) for c in item.contributions] == [(1, 1), (2, 3)]
