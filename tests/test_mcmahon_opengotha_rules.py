"""McMahon cases where hakem's former pairing differed from OpenGotha 3.51's (found by the
differential harness tests/benchmarks/mcmahon_opengotha.py), each derived by hand from
OpenGotha's pairing value (core/pairing/mcmahon/engine.py states the formulas).

Common numbers: default bar 4d (MMS 33) and floor 20k (MMS 10); in round 1 the score groups
run from 10 − 1 = 9 to 33 + 2 + 0 = 35, so R = 27.  Score value of a pair d groups apart:
10^11·(1 − d/27)(1 + d/54); one group apart it loses 10^11·(1 − 26·55/(27·54)) =
10^11·28/1458 ≈ 1.92·10^9.  Geography: g = max(club, country) + min/2 + 0.5/R (club ratio
3·1.2/R for different clubs, country ratio 1/R for different countries), worth
10^11·(1 − (1 − g)(1 + g/2)) = 10^11·(g/2 + g²/2).
"""

from __future__ import annotations

from core.changes import apply_pairing, set_result
from core.model import Board, Bye, ByeKind, Player, RequestedBye, Tournament
from core.pairing.base import RoundPairing
from core.pairing.mcmahon.engine import name_lot
from core.pairing.registry import get_system
from core.standings import compute_standings


def _pair(t: Tournament):
    return get_system("mcmahon").pair(t)


def _pairs(rp) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in rp.boards}


def _player(pno: int, rank: str, club: str = "", country: str = "", rating: int | None = None) -> Player:
    extra: dict = {"go_rank": rank}
    if country:
        extra["country"] = country
    if rating is not None:
        extra["go_rating"] = rating
    return Player(pno=pno, name=f"P{pno}, X", club=club, extra=extra)


def test_compatriots_stay_in_their_groups_rather_than_float():
    """Two 9k French (MMS 21) and two 10k German players (MMS 20), four clubs.

    Compatriots inside their groups (1-2, 3-4): score value 10^11 each; geography with two
    clubs of one country: g = 3.6/27 + 0.5/27 = 0.151852 → 10^11·(0.075926 + 0.011529)
    ≈ 8.745·10^9 each.  Both floating (1-3, 2-4 or 1-4, 2-3): each loses 1.920·10^9 of score;
    geography with two countries: g = 3.6/27 + (1/27)/2 + 0.5/27 = 0.170370 → 10^11·(0.085185
    + 0.014513) ≈ 9.970·10^9, a gain of only 1.224·10^9 per pair (0.64 of a one-group float).
    So OpenGotha keeps the compatriots together (the rest — seeding ≤ 5·10^6 and draw-ups —
    is three orders smaller).  hakem's former squares made a compatriot pair cost 2 groups'
    worth and floated both."""
    players = (_player(1, "9k", "Paris", "FR"), _player(2, "9k", "Lyon", "FR"),
               _player(3, "10k", "Bonn", "DE"), _player(4, "10k", "Köln", "DE"))
    t = Tournament(id="geo", name="G", system="mcmahon", total_rounds=3, players=players)
    assert _pairs(_pair(t)) == {frozenset((1, 2)), frozenset((3, 4))}


def test_bye_goes_to_the_lowest_rank_plus_twice_the_mms():
    """Five players, floor 20k (MMS 10); our rank numbers 1d = 21, 1k = 20, 20k = 1, 25k = −4.
    P1 20k (MMS 10), P2 25k (MMS 10, at the floor), P3 10k (MMS 20), P4 5k (MMS 25), P5 3k
    (MMS 27).  Round 1 (by hand): P3 beats P1, P2 beats P4, P5 has the bye.  Before round 2:
    P1 MMS 10, P2 11, P3 21, P4 25, P5 28 (one bye).  OpenGotha's weights rank + 2·MMS +
    1000·byes: P1 1 + 20 = 21, P2 −4 + 22 = 18, P3 11 + 42 = 53, P4 16 + 50 = 66, P5 1000 + ….
    The bye goes to P2 (18): the weaker player who won, not P1, who has the lowest MMS (the
    former rule).  P1, P3, P4, P5 can still be paired without a rematch (P1-P4, P3-P5)."""
    players = (_player(1, "20k"), _player(2, "25k"), _player(3, "10k"), _player(4, "5k"), _player(5, "3k"))
    t = Tournament(id="bye", name="B", system="mcmahon", total_rounds=3, players=players)
    t = apply_pairing(t, _hand_round(1, ((3, 1), (2, 4)), bye=5))
    t = set_result(t, 1, 1, "1-0")
    t = set_result(t, 1, 2, "1-0")
    assert [b.pno for b in _pair(t).byes if b.kind is ByeKind.PAB] == [2]


def _hand_round(number: int, games: tuple[tuple[int, int], ...], bye: int) -> RoundPairing:
    boards = tuple(Board(white=w, black=b) for w, b in games)
    return RoundPairing(number, boards, (Bye(bye, ByeKind.PAB),), {})


def test_absent_players_count_in_group_sizes_and_places():
    """Slip seeding from round 1 (``early_rounds`` 0).  1d: P1, P2, P3 present, P4 and P5
    absent (requested byes); 1k: P6 alone.  One 1d must float to P6.  OpenGotha's group of 1d
    has n = 5 (absent players count), places 0..4 by name.  Draw-down place value, middle
    mode, 10^7·(n − 1 − |2i − n + 1|)/n: P1 (i = 0) 0, P2 (i = 1) 10^7·2/5 = 4·10^6,
    P3 (i = 2) 10^7·4/5 = 8·10^6.  The two left play in the group, slip 5·10^6 − 5·10^6·x²/25
    with x = 2|i − j| − 5: P1-P2 x = −3 → 3.2·10^6, P1-P3 x = −1 → 4.8·10^6, P2-P3 → 3.2·10^6.
    Totals: P3 drawn 8 + 3.2 = 11.2·10^6, P2 drawn 4 + 4.8 = 8.8·10^6, P1 drawn 0 + 3.2.
    So P3-P6 and P1-P2.  Counting only the present players (n = 3) would draw P2, the middle."""
    players = tuple(_player(i, "1d") for i in range(1, 6)) + (_player(6, "1k"),)
    t = Tournament(id="abs", name="A", system="mcmahon", total_rounds=2, players=players,
                   requested_byes=(RequestedBye(4, 1, ByeKind.ZERO), RequestedBye(5, 1, ByeKind.ZERO)),
                   options={"go": {"early_rounds": "0"}})
    assert _pairs(_pair(t)) == {frozenset((3, 6)), frozenset((1, 2))}


def test_split_and_random_lot_from_the_names():
    """OpenGotha's lot for a pair: names joined in alphabetical order, Σ code × position,
    × 1234567, modulo (top + 1); mirrored when the first-listed name is the later one.
    "a" + "b": 97·1 + 98·2 = 293; 293·1234567 = 361728131; 361728131 mod 11 = 361728131 −
    11·32884375 = 6.  Listed the other way: 10 − 6 = 4."""
    assert 293 * 1234567 == 361728131 and 361728131 - 11 * 32884375 == 6
    assert name_lot(10, "a", "b") == 6
    assert name_lot(10, "b", "a") == 4


def test_split_and_random_in_round_one_by_default():
    """Four 5k players P1..P4 (default: rounds 1–2 split-and-random, places by rating: P1
    2050 … P4 2020).  Halves: places 0, 1 on top, 2, 3 below; only cross pairs are worth
    anything: 5·10^6 − lot, lot = name_lot(10^6, first, second) with the higher-placed player
    first, the names "P1X" … (surname + first name).  1-3 & 2-4 against 1-4 & 2-3: the larger
    sum of 10^7 − lots wins, i.e. the smaller sum of lots — computed here from the lot alone
    (derived above), so the test checks that round 1 uses it rather than slip's 1-3, 2-4."""
    players = tuple(_player(i, "5k", rating=2060 - 10 * i) for i in range(1, 5))
    t = Tournament(id="rnd", name="R", system="mcmahon", total_rounds=3, players=players)
    lot = {(a, b): name_lot(10 ** 6, f"P{a}X", f"P{b}X") for a, b in ((1, 3), (2, 4), (1, 4), (2, 3))}
    expected = ({frozenset((1, 3)), frozenset((2, 4))} if lot[1, 3] + lot[2, 4] < lot[1, 4] + lot[2, 3]
                else {frozenset((1, 4)), frozenset((2, 3))})
    assert _pairs(_pair(t)) == expected
    assert lot[1, 3] + lot[2, 4] != lot[1, 4] + lot[2, 3]


def test_default_criteria_are_opengothas():
    """A new McMahon event ranks by OpenGotha's defaults MMS, SOSM, SOSOSM (our MMS, SOS,
    SOSOS), without SODOS."""
    t = Tournament(id="c", name="C", system="mcmahon", total_rounds=1,
                   players=(_player(1, "1k"), _player(2, "2k")))
    assert compute_standings(t).tiebreaks == ("MMS", "SOS", "SOSOS")


def test_mms_correction_per_player():
    """OpenGotha's per-player MMS correction (−1..+2), added after bar and floor: bar 1d.
    A 1d (30), B 2k (28) corrected +2 → 30, C 1k (29), D 2k (28).  Groups 30 {A, B},
    29 {C}, 28 {D}: A-B in their group and C-D one group apart (a single float) is worth more
    than any matching with two floats (A-C, B-D without the correction).  SOS without a game
    counts the corrected initial MMS; a correction of 3 is refused naming the player."""
    import pytest

    from core.errors import TournamentError
    from core.go.mms import scores

    def field(correction: object) -> Tournament:
        b = Player(pno=2, name="P2, X", extra={"go_rank": "2k", "mms_correction": correction})
        return Tournament(id="corr", name="C", system="mcmahon", total_rounds=2,
                          players=(_player(1, "1d"), b, _player(3, "1k"), _player(4, "2k")),
                          options={"go": {"bar": "1d"}})

    t = field(2)
    assert {p: s.start_mms for p, s in scores(t).items()} == {1: 30, 2: 30, 3: 29, 4: 28}
    assert _pairs(_pair(t)) == {frozenset((1, 2)), frozenset((3, 4))}
    assert _pairs(_pair(field(0))) == {frozenset((1, 3)), frozenset((2, 4))}
    with pytest.raises(TournamentError, match="MMS correction of P2, X: 3 must be a whole number from -1 to 2"):
        scores(field(3))


def test_handicap_from_the_rank_instead_of_the_mms():
    """Floor 20k (MMS 10): a 15k (MMS 15) against a 22k (raised to the floor: MMS 10).
    Handicap from the MMS (OpenGotha's default): 15 − 10 − 1 = 4 stones.  From the rank
    (``handicap_basis`` rank, OpenGotha's "handicap based on MMS" off): 15 − 8 − 1 = 6.
    The 15k takes White either way; a bad basis is refused with the allowed values."""
    import pytest

    from core.errors import TournamentError
    from core.go.mcmahon_options import mcmahon_options

    def board(**go: str):
        t = Tournament(id="hb", name="H", system="mcmahon", total_rounds=2,
                       players=(_player(1, "15k"), _player(2, "22k")), options={"go": go})
        [b] = _pair(t).boards
        return b.white, b.black, b.handicap

    assert board() == (1, 2, 4)
    assert board(handicap_basis="rank") == (1, 2, 6)
    with pytest.raises(TournamentError, match="mms, rank"):
        mcmahon_options(Tournament(id="x", name="X", system="mcmahon", total_rounds=1,
                                   options={"go": {"handicap_basis": "rating"}}))


def test_minimize_handicap_and_its_exemptions():
    """OpenGotha's "minimize handicap" weight (0 by default in McMahon) with its thresholds.
    Bar 1k (MMS 29), bar threshold off, rank threshold 1d; P1 1d, P2 1k, P3 1d, P4 1k — all
    MMS 29, one group; seeding weight 0, so only this term and closeness in the list (P1..P4
    by name) differ.  The 1d players are exempt (rank ≥ 1d): they count as the top score,
    29 + 2 + 0 = 31; R = 29 + 2 − (10 − 1) + 1 = 23.  P1-P3 and P2-P4 (x = 0 twice) are worth
    2W; P1-P2 and P3-P4 (x = 2/23 twice) less.  With the threshold out of reach (9d) nobody is
    exempt, every pair is worth W, and closeness picks P1-P2, P3-P4 (1 + 1 against 2 + 2)."""
    def pairs(**go: str) -> set[frozenset[int]]:
        t = Tournament(id="hd", name="H", system="mcmahon", total_rounds=3,
                       players=(_player(1, "1d"), _player(2, "1k"), _player(3, "1d"), _player(4, "1k")),
                       options={"go": {"bar": "1k", "bar_threshold": "no", "maximize_seeding": "0",
                                       "minimize_handicap": "1000000000", **go}})
        return _pairs(_pair(t))

    assert pairs() == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairs(rank_threshold="9d") == {frozenset((1, 2)), frozenset((3, 4))}
