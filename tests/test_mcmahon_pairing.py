"""McMahon pairing (``mcmahon``): pairings and handicaps derived by hand from the rules.

The rules (core/pairing/mcmahon/engine.py, OpenGotha 3.51's pairing value, maximised):
MMS scale 30k = 0 … 1k = 29, 1d = 30; initial MMS = rank clamped to [floor, bar]; no rematch;
per pair the score value 10^11·(1 − x)(1 + x/2), x = group difference / R (R = score groups
from floor − 1 to bar + 2 + rounds paired); draw-ups/draw-downs (10^8/5 per scenario step, up
to 10^7 for the drawn players' places); seeding 5·10^6 (split-and-random in rounds 1–2, then
split-and-slip); geography (club factor 3, country factor 1); colour balance 10^6; then
closeness in the list.  Handicap = MMS difference (each MMS capped at the handicap bar, 1d =
30 by default) − 1, at most 9; the weaker player takes Black, komi ½; even games komi 7.5.

Many tests below set ``early_rounds`` to 0 so that round 1 is paired with split-and-slip (the
name-based lot of split-and-random is derived in its own test).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.changes import apply_pairing
from core.errors import PairingImpossible, TournamentError
from core.go.mcmahon_handicap import handicap, lot
from core.go.mcmahon_options import McMahonOptions, mcmahon_options
from core.go.ranks import parse_rank
from core.changes.go import record_game
from core.model import Bye, ByeKind, Player, RequestedBye, Tournament
from core.pairing.registry import get_system

RANKS = ["3d", "1d", "1k", "2k", "2k", "4k", "5k", "9k"]
HALF, EVEN = Fraction(1, 2), Fraction(15, 2)


def event(ranks=RANKS, rounds=3, **go) -> Tournament:
    players = tuple(Player(pno=i, name=f"Player{i}, Ann", extra={"go_rank": r})
                    for i, r in enumerate(ranks, start=1))
    return Tournament(id="mm", name="MM", system="mcmahon", total_rounds=rounds, players=players,
                      options={"go": {"bar": "1d", "floor": "5k", **go}})


def pair(t: Tournament):
    return get_system("mcmahon").pair(t)


def boards(rp) -> list[tuple[int, int, int, Fraction]]:
    return [(b.white, b.black, b.handicap, b.komi) for b in rp.boards]


def pairs(rp) -> list[frozenset[int]]:
    return [frozenset((b.white, b.black)) for b in rp.boards]


def board_of(t: Tournament, round_no: int, pno: int) -> int:
    return next(i for i, b in enumerate(t.rounds[round_no - 1].boards, 1) if pno in (b.white, b.black))


def test_round_one_by_hand():
    """Bar 1d (MMS 30), floor 5k (MMS 25).  Initial MMS: 3d→30, 1d→30, 1k→29, 2k→28, 2k→28,
    4k→26, 5k→25, 9k→25.  Groups 30 {1,2}, 29 {3}, 28 {4,5}, 26 {6}, 25 {7,8}.

    Σd²: 1-2 (0), 3 with 4 or 5 (1), the other 2k with 6 (4), 7-8 (0) = 5; every other
    matching costs more (1-3 forces 2 onto a 2k: 1+4+4 = 9; 6-7 leaves 8 to a 2k: 1+1+9 = 11).
    The two optima (3-4 & 5-6, 3-5 & 4-6) tie on draws (round 1), on who is drawn (3 and 6
    are alone; the 2k drawn is ½ from the middle either way), seeding and colours (one even
    game, one handicap game each); closeness decides: places 3,4 and 5,6 are 1 apart
    (1+1 = 2) against 2 apart (4+4 = 8).
    Handicaps: 30-30, 29-28 → 1−1 = 0: even, komi 7.5; 28-26 → 2−1 = 1: 6 Black, komi ½;
    25-25 even.  Boards by the higher MMS: 1-2, 3-4, 5-6, 7-8."""
    rp = pair(event())
    assert pairs(rp) == [frozenset(p) for p in ((1, 2), (3, 4), (5, 6), (7, 8))]
    assert boards(rp)[2] == (5, 6, 1, HALF)
    for b in (rp.boards[0], rp.boards[1], rp.boards[3]):
        assert (b.handicap, b.komi) == (0, EVEN)
        # balances are 0 for everyone: the colours of even games come from the stored-seed lot
        assert lot("mm", 1, b.white, b.black) is True
    assert rp.byes == ()


def round_two_event() -> Tournament:
    """Round 1 as above, with colours recorded from the nigiri: 1 (W) beats 2, 4 beats 3 (W),
    5 (W, 1 stone) beats 6, 8 beats 7 (W)."""
    t = event()
    t = apply_pairing(t, pair(t))
    t = record_game(t, 1, board_of(t, 1, 1), 1, white=1)
    t = record_game(t, 1, board_of(t, 1, 3), 4, white=3)
    t = record_game(t, 1, board_of(t, 1, 5), 5)
    return record_game(t, 1, board_of(t, 1, 7), 8, white=7)


def test_round_two_by_hand():
    """MMS after round 1: 1→31, 2→30, 3→29, 4→29, 5→29, 6→26, 7→25, 8→26.  Groups 31 {1},
    30 {2}, 29 {3,4,5}, 26 {6,8}, 25 {7}.  Draws in round 1: 3 and 5 were drawn down, 4 and 6
    drawn up.  Order inside 29 by SOS: 3 (opp 4: 29), 4 (opp 3: 29; ties with 3 on SOS and
    SOSOS, 1k before 2k), 5 (opp 6 26 + 1 stone given = 27) → places 3, 4, 5; inside 26:
    6 (SOS 29 − 1 = 28), 8 (25).

    Σd²: 1-2 met, so 1 and 2 both go to the 29 group (4 + 1); the third 29 player drops to
    the 26s (9) and the other 26 meets 7 (1) — 7-8 met — total 15; keeping two 29s together
    sends 1 or 2 to the 26s (≥ 16).  Draws: the third 29 player drawn down — 4 compensates his
    draw-up (−1), 3 or 5 would be drawn down again (+1); 3 and 5 drawn down by 1 and 2
    (they are the lower, drawn up: compensation −1 each); 6 drawn down compensates (−1): so
    4-8, 6-7 and {1, 2} with {3, 5}.  Who is drawn: 3 and 5 are both 1 from the middle, a tie.
    Colours (Whites − Blacks in even games): 1 +1, 2 −1, 3 +1, 5 0.  1-3 (both +1: 1) with
    2-5 (−1 vs 0: 1) = 2; 1-5 (1) with 2-3 (opposite: 0) = 1 → 1-5 and 2-3.
    Boards: 1 (31) – 5 (29): MMS capped at the handicap bar 30 → 30−29−1 = 0, even; White to 5
    (fewer Whites).  2 (30) – 3 (29): even, White to 2 (−1 < +1).  4 (29) – 8 (26): 3−1 = 2
    stones, 8 Black, komi ½.  6 (26) – 7 (25): even, White to 6 (0 < +1).
    Tables (OpenGotha's: each game by its lower player, see test_mcmahon_tables.py): 2–3 and
    5–1 by 3 and 5, both 29, 3's SOS 29 above 5's 27; then 4–8 by 8 (26), 6–7 by 7 (25)."""
    rp = pair(round_two_event())
    assert boards(rp) == [(2, 3, 0, EVEN), (5, 1, 0, EVEN), (4, 8, 2, HALF), (6, 7, 0, EVEN)]
    assert "4 (MMS group 29) drawn down to 8 (MMS group 26)" in rp.explanations[2][0]


def test_bye_goes_to_the_lowest_player_without_one():
    """Seven players (the field above without 8): the bye goes to the lowest MMS, 7 (5k, 25);
    in round 2 to the lowest (MMS, then rank) of those who have not had one."""
    t = event()
    t = t.with_changes(players=t.players[:7])
    rp = pair(t)
    assert rp.byes == (Bye(7, ByeKind.PAB),)
    t = apply_pairing(t, rp)
    for i, b in enumerate(t.rounds[0].boards, 1):
        t = record_game(t, 1, i, b.white)
    rp2 = pair(t)
    bye = rp2.byes[0].pno
    assert bye != 7 and rp2.byes[0].kind is ByeKind.PAB
    from core.go.mms import scores

    s = scores(t)
    others = [p for p in s if p not in (7, bye)]
    assert all((s[bye].mms, s[bye].rank) <= (s[p].mms, s[p].rank) for p in others)


def test_requested_bye_is_an_absence_and_absent_gets_half_point_rounded_down():
    t = event(rounds=2)
    t = t.with_changes(requested_byes=(RequestedBye(8, 1, ByeKind.HALF),))
    rp = pair(t)
    assert Bye(8, ByeKind.HALF) in rp.byes  # the requested kind is kept
    assert all(8 not in (b.white, b.black) for b in rp.boards)
    t = apply_pairing(t, rp)
    from core.go.mms import scores

    assert scores(t)[8].mms == 25  # 25 + ½ absence rounded down
    t2 = t.with_changes(options={"go": {"bar": "1d", "floor": "5k", "absent_points": "1"}})
    assert scores(t2)[8].mms == 26


def test_no_rematch_ever():
    """Two players, two rounds: round 2 has no legal pair."""
    t = event(ranks=["1d", "1k"], rounds=2)
    t = apply_pairing(t, pair(t))
    t = record_game(t, 1, 1, 1)
    with pytest.raises(PairingImpossible):
        pair(t)


def test_handicap_rule():
    """Difference − correction, at most the ceiling; MMS capped at the handicap bar."""
    o = McMahonOptions(handicap_bar=None)
    assert handicap(Fraction(30), Fraction(29), o) == 0
    assert handicap(Fraction(30), Fraction(25), o) == 4
    assert handicap(Fraction(31), Fraction(10), o) == 9           # 21 − 1 = 20, ceiling 9
    assert handicap(Fraction(30), Fraction(25), McMahonOptions(handicap_bar=None, correction=0)) == 5
    assert handicap(Fraction(30), Fraction(25), McMahonOptions(handicap_bar=None, ceiling=3)) == 3
    # handicap bar 1d (MMS 30, the default): 3d (32) against 1k (29) counts as 30 − 29
    assert handicap(Fraction(32), Fraction(29), McMahonOptions()) == 0
    assert handicap(Fraction(32), Fraction(29), McMahonOptions(handicap_bar=None)) == 2


def test_split_and_fold_and_slip_in_one_group():
    """Eight 5k players (one group; places by rating 8..1): slip pairs 1-5, 2-6, 3-7, 4-8
    ((2·4 − 8)² = 0 for each); fold pairs 1-8, 2-7, 3-6, 4-5 (i + j − 7 = 0)."""
    players = tuple(Player(pno=i, name=f"P{i}", extra={"go_rank": "5k", "go_rating": 1650 - i})
                    for i in range(1, 9))
    base = Tournament(id="g", name="G", system="mcmahon", total_rounds=3, players=players,
                      options={"go": {"early_rounds": "0"}})
    slip = pair(base)
    assert set(pairs(slip)) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}
    fold = pair(base.with_changes(options={"go": {"seeding": "fold", "early_rounds": "0"}}))
    assert set(pairs(fold)) == {frozenset(p) for p in ((1, 8), (2, 7), (3, 6), (4, 5))}
    rnd = pair(base.with_changes(options={"go": {"seeding": "random", "early_rounds": "0"}}))
    assert all((min(p) <= 4) != (max(p) <= 4) for p in pairs(rnd))  # top half against bottom half


def test_club_mates_are_kept_apart():
    """Four 5k players in one group, clubs A, B, A, B (no country: all compatriots).  R = 27
    (floor 20k: MMS 10 − 1 = 9 to bar 4d: 33 + 2 = 35).  Slip: 1-3 and 2-4 are worth 5·10^6
    each (x = 2·2 − 4 = 0), 1-2, 3-4, 1-4, 2-3 5·10^6 − 5·10^6·4/16 = 3.75·10^6.  A pair from
    two clubs: g = 3·1.2/27 + 0.5/27 = 0.151852, worth 10^11·(1 − (1 − g)(1 + g/2)) ≈ 8.7·10^9,
    a club pair 0.  So 1-2 & 3-4 or 1-4 & 2-3 (equal); closeness picks 1-2 & 3-4 (1 + 1
    against 9 + 1).  With the criterion off, slip's 1-3, 2-4 again."""
    players = tuple(Player(pno=i, name=f"P{i}", club=c, extra={"go_rank": "5k", "go_rating": 1650 - i})
                    for i, c in enumerate("ABAB", start=1))
    t = Tournament(id="g", name="G", system="mcmahon", total_rounds=2, players=players,
                   options={"go": {"early_rounds": "0"}})
    assert set(pairs(pair(t))) == {frozenset((1, 2)), frozenset((3, 4))}
    off = t.with_changes(options={"go": {"club_gap": "0", "country_gap": "0", "early_rounds": "0"}})
    assert set(pairs(pair(off))) == {frozenset((1, 3)), frozenset((2, 4))}


@pytest.mark.parametrize(("key", "value", "words"), [
    ("bar", "5x", "is not a Go rank"),
    ("floor", "2d", "above the bar"),
    ("correction", "4", "from -1 to 3"),
    ("ceiling", "10", "from 0 to 9"),
    ("komi", "6.3", "whole or half number"),
    ("seeding", "zigzag", "slip, fold, random"),
    ("bye_points", "2", "0, 0.5 or 1"),
])
def test_bad_options_are_refused_with_a_clear_message(key, value, words):
    t = event(**{key: value})
    with pytest.raises(TournamentError, match=words):
        mcmahon_options(t)


def test_option_defaults_are_opengotha_mcmahon_defaults():
    """OpenGotha 3.51's ``initForMM``: seed system 1 split-and-random up to round 2 (its
    0-based "last round for seed system 1" = 1), then split-and-slip; draw-ups/downs from the
    middle, compensated; club factor 3, country factor 1; its weights."""
    o = mcmahon_options(Tournament(id="x", name="X", system="mcmahon", total_rounds=1))
    assert (o.bar, o.floor, o.handicap_bar) == (parse_rank("4d"), parse_rank("20k"), parse_rank("1d"))
    assert (o.correction, o.ceiling, o.komi, o.seeding) == (1, 9, EVEN, "slip")
    assert (o.early_seeding, o.early_rounds) == ("random", 2)
    assert (o.float_upper, o.float_lower, o.compensate_dudd) == ("middle", "middle", True)
    assert (o.club_gap, o.country_gap) == (3, 1)
    assert (o.balance_wb, o.minimize_score_difference, o.dudd_weight, o.maximize_seeding,
            o.avoid_same_geo) == (10 ** 6, 10 ** 11, 10 ** 8, 5 * 10 ** 6, 10 ** 11)
    assert (o.bye_points, o.absent_points) == (1, HALF)
    assert o.start_mms(parse_rank("1d")) == 30 and o.start_mms(parse_rank("30k")) == 10


def _field(ranks_ratings, **go) -> Tournament:
    go = {"early_rounds": "0", **go}
    players = tuple(Player(pno=i, name=f"P{i}", federation=fed,
                           extra={"go_rank": rank, "go_rating": rating})
                    for i, (rank, rating, fed) in enumerate(ranks_ratings, start=1))
    return Tournament(id="f", name="F", system="mcmahon", total_rounds=2, players=players,
                      options={"go": go})


@pytest.mark.parametrize(("mode", "expected"), [
    ("middle", {(2, 4), (1, 3)}), ("top", {(1, 4), (2, 3)}), ("bottom", {(3, 4), (1, 2)})])
def test_who_is_drawn_down(mode, expected):
    """Three 1d players (MMS 30, places 1, 2, 3 by rating) and one 1k (29): one 1d must meet
    the 1k (the same score value whoever it is, scenario 2 for all); the two left in the group
    are worth the same by slip (x = 2·1 − 3 = −1 or 2·2 − 3 = 1: 5·10^6 − 555555).  So the
    place value of the drawn player decides (10^7 × share, n = 3): middle (OpenGotha's
    default) (n − 1 − |2i − n + 1|)/n → place 2 gets 2/3, places 1 and 3 nothing; top
    (n − 1 − i)/n → place 1; bottom i/n → place 3."""
    t = _field([("1d", 2140, ""), ("1d", 2130, ""), ("1d", 2120, ""), ("1k", 2040, "")],
               float_upper=mode)
    assert {tuple(sorted(p)) for p in pairs(pair(t))} == expected


def test_compatriots_are_kept_apart():
    """Four 5k players, federations NED, GER, NED, FRA, no clubs (all "one club", as in
    OpenGotha): slip's 1-3 would be two Dutch players.  Two countries: g = 1/27 + 0.5/27,
    worth 10^11·(1 − (1 − g)(1 + g/2)) ≈ 2.9·10^9, far more than slip's 1.25·10^6 per pair;
    1-2 & 3-4 and 1-4 & 2-3 are worth the same; closeness picks 1-2 & 3-4."""
    t = _field([("5k", 1650, "NED"), ("5k", 1640, "GER"), ("5k", 1630, "NED"), ("5k", 1620, "FRA")])
    assert {tuple(sorted(p)) for p in pairs(pair(t))} == {(1, 2), (3, 4)}


def test_early_rounds_use_the_early_seeding():
    """Fold for round 1 only (OpenGotha's two seeding systems): 8 equal players pair 1-8, 2-7 …"""
    t = _field([("5k", 1650 - i, "") for i in range(1, 9)], early_seeding="fold", early_rounds="1")
    assert {tuple(sorted(p)) for p in pairs(pair(t))} == {(1, 8), (2, 7), (3, 6), (4, 5)}
