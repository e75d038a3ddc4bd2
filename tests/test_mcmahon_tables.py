"""Board numbers of a McMahon round as OpenGotha 3.51 numbers its tables
(``Tournament.renumberTablesByBestScoreThenRating``, ``GameComparator.BEST_SCR_ORDER``).

Read in that code: each game is represented by White, replaced by Black when
``ScoredPlayerComparator.compare(White, Black) == -1`` — which means White is placed *higher* —
or when they are equal on the placement criteria and Black's rating is higher.  So the
representative is the game's lower player on the criteria (MMS, SOS, SOSOS before the round),
on equal criteria the higher rated; games are ordered by their representatives' criteria, then
ratings, higher first.  hakem numbered boards by the pair's higher MMS, then the pair's sum of
MMS, then the lower pairing number."""

from __future__ import annotations

from fractions import Fraction

from core.changes import apply_pairing
from core.changes.go import record_game
from core.go.mms import scores
from core.model import Board, Player, Tournament
from core.pairing.base import RoundPairing
from core.pairing.mcmahon.tables import table_order
from core.pairing.registry import get_system

EVEN = Fraction(15, 2)


def event(ranks: dict[int, tuple[str, int]], bar: str) -> Tournament:
    players = tuple(Player(pno=pno, name=f"Player{pno}, Ann", extra={"go_rank": rank, "go_rating": rating})
                    for pno, (rank, rating) in sorted(ranks.items()))
    return Tournament(id="tables", name="Tables", system="mcmahon", total_rounds=3, players=players,
                      options={"go": {"bar": bar, "floor": "20k"}})


def test_round_one_tables_follow_the_better_players_rating():
    """Bar 1d: every player (1d–3d) starts on MMS 30, SOS 0 — the criteria tie everywhere, so
    each game is represented by its higher rated player and the games follow those ratings.
    Ratings: 6 2390, 1 2350, 4 2200, 5 2120, 3 2110, 2 2100.  Round 1 splits the one group by
    rating (places 1–3 against 4–6), so 6, 1 and 4 meet 5, 3 and 2 in some order and represent
    the three games: tables 6's game, 1's game, 4's game.  (The old order —
    equal MMS and sums — put the game of pairing number 1 on board 1.)"""
    t = event({1: ("3d", 2350), 2: ("1d", 2100), 3: ("1d", 2110), 4: ("2d", 2200),
               5: ("1d", 2120), 6: ("3d", 2390)}, bar="1d")
    rp = get_system("mcmahon").pair(t)
    better = [max((b.white, b.black), key=lambda pno: t.player(pno).extra["go_rating"]) for b in rp.boards]
    assert better == [6, 1, 4]
    assert {b.white for b in rp.boards} | {b.black for b in rp.boards} == set(range(1, 7))


def test_round_one_a_game_is_placed_by_its_lower_player():
    """Bar 4d: 3d = MMS 32, 1d = 30, 2k = 28.  Games 1 (3d) – 2 (2k) and 3 (1d) – 4 (1d):
    1–2 is represented by 2 (28), 3–4 by the higher rated of two 30s; 30 > 28, so 3–4 takes
    table 1 — the old order put 1–2 first by its higher MMS (32)."""
    t = event({1: ("3d", 2350), 2: ("2k", 1850), 3: ("1d", 2050), 4: ("1d", 2060)}, bar="4d")
    assert table_order(t, [(1, 2), (3, 4)], scores(t), False) == [(3, 4), (1, 2)]


def played_round_one() -> Tournament:
    """Bar 4d: 3d = 32, 1d = 30, 1k = 29.  Round 1, even games: 1 (1d) beats 2 (1k), 3 (1d)
    beats 4 (1d), 5 (3d) beats 6 (3d).  After it: 1 → 31 (SOS = 2's 29), 3 → 31 (SOS = 4's
    30), 5 → 33, 6 → 32, 4 → 30, 2 → 29."""
    t = event({1: ("1d", 2050), 2: ("1k", 1950), 3: ("1d", 2050), 4: ("1d", 2050),
               5: ("3d", 2350), 6: ("3d", 2350)}, bar="4d")
    t = apply_pairing(t, RoundPairing(1, tuple(Board(w, b, None, handicap=0, komi=EVEN)
                                               for w, b in ((1, 2), (3, 4), (5, 6))), ()))
    for board, winner in ((1, 1), (2, 3), (3, 5)):
        t = record_game(t, 1, board, winner)
    return t


def test_equal_mms_the_lower_players_sos_decides():
    """Round 2 games 5–1 and 6–3 (from :func:`played_round_one`): represented by 1 and 3, both
    31; 3's SOS 30 beats 1's 29, so 6–3 takes table 1 — the old order put 5–1 first by its
    higher MMS (33 against 32)."""
    t = played_round_one()
    all_scores = scores(t)
    assert [all_scores[p].mms for p in range(1, 7)] == [31, 29, 31, 30, 33, 32]
    assert table_order(t, [(5, 1), (6, 3)], all_scores, False) == [(6, 3), (5, 1)]


def test_the_round_counts_as_unplayed_so_a_higher_initial_mms_places_higher():
    """OpenGotha's criteria at the round count it as a round nobody played: SOS adds the
    player's own initial MMS.  Bar 4d: 2d = 31, 1d = 30, 1k = 29.  Round 1, even games: 3 (1d)
    beats 2 (1d), 1 (1k) beats 4 (2d) → 2 and 1 both MMS 30 with SOS 31 (3's and 4's MMS), their
    opponents' SOS both 30: a tie before the round, which 1's rating (2040 against 2000) would
    decide.  At the round: 2's SOS 31 + 30 = 61, 1's 31 + 29 = 60, so 2–4 (represented by 2)
    takes table 1, then 1–3."""
    t = event({1: ("1k", 2040), 2: ("1d", 2000), 3: ("1d", 2050), 4: ("2d", 2250)}, bar="4d")
    t = apply_pairing(t, RoundPairing(1, (Board(2, 3, None, handicap=0, komi=EVEN),
                                          Board(1, 4, None, handicap=0, komi=EVEN)), ()))
    t = record_game(record_game(t, 1, 1, 3), 1, 2, 1)
    all_scores = scores(t)
    assert [all_scores[p].mms for p in (1, 2, 3, 4)] == [30, 30, 31, 31]
    assert table_order(t, [(1, 3), (2, 4)], all_scores, False) == [(2, 4), (1, 3)]
