"""Direct encounter (C.07 Art. 6) and Koya (Art. 9.2, Aktar pp. 74–75) on hand-built events.

Every expected order below is worked out by hand from the rule text in the test's comment.
"""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, GameResult, Player, Round, Tournament
from core.standings import compute_standings
from core.tiebreaks import build_context, compute, parse_code
from core.tiebreaks.direct import order_group

WIN, LOSS, DRAW = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
FF = GameResult.WHITE_FORFEIT_WIN


def event(games: list[tuple[int, int, int, GameResult]], system: str = "dutch", n: int | None = None) -> Tournament:
    """games: (round, white, black, result)."""
    pnos = sorted({g[1] for g in games} | {g[2] for g in games} | set(range(1, (n or 0) + 1)))
    rounds = max(g[0] for g in games)
    by_round = {r: tuple(Board(w, b, res) for rr, w, b, res in games if rr == r) for r in range(1, rounds + 1)}
    return Tournament(id="t", name="t", system=system, total_rounds=rounds,
                      players=tuple(Player(p, f"P{p}", rating=2000 - p) for p in pnos),
                      rounds=tuple(Round(r, by_round[r]) for r in range(1, rounds + 1)))


def de(t: Tournament, group: list[int], code: str = "DE") -> list[list[int]]:
    return order_group(build_context(t), parse_code(code), group)


def test_all_met_separate_standings():
    # 1: 1 + ½ = 1½, 2: 0 + 1 = 1, 3: 0 + ½ = ½  (Art. 6.2)
    t = event([(1, 1, 2, WIN), (2, 2, 3, WIN), (3, 1, 3, DRAW)])
    assert de(t, [1, 2, 3]) == [[1], [2], [3]]


def test_all_met_cycle_stays_tied():
    t = event([(1, 1, 2, WIN), (2, 2, 3, WIN), (3, 3, 1, WIN)])
    assert de(t, [1, 2, 3]) == [[1, 2, 3]]


def test_all_met_subsets_reexamined():
    # scores 1:2, 2:2, 3:1, 4:1; re-applying Art. 6 to {1,2}: 1 beat 2; to {3,4}: 4 beat 3
    t = event([(1, 1, 2, WIN), (1, 3, 4, LOSS), (2, 1, 3, LOSS), (2, 2, 4, WIN), (3, 1, 4, WIN), (3, 2, 3, WIN)])
    assert de(t, [1, 2, 3, 4]) == [[1], [2], [4], [3]]


def test_partial_not_alone_whatever_the_missing_results():
    # 1 beat 2; 3 met nobody: 3 could still reach 2 > 1 → nobody is certain to be first (6.3)
    t = event([(1, 1, 2, WIN), (2, 3, 4, WIN)])
    assert de(t, [1, 2, 3]) == [[1, 2, 3]]


def test_partial_leader_certain_rest_reexamined():
    # 1 beat 2 and 3 (2 points); 2 and 3 never met: best cases 1 each → 1 first; {2,3} tied
    t = event([(1, 1, 2, WIN), (2, 1, 3, WIN)])
    assert de(t, [1, 2, 3]) == [[1], [2, 3]]


def test_partial_unmet_player_could_overtake():
    # 1 beat 2 and 3, 2 beat 3; 4 met none of them and could score 3 > 2
    t = event([(1, 1, 2, WIN), (2, 1, 3, WIN), (3, 2, 3, WIN)], n=4)
    assert de(t, [1, 2, 3, 4]) == [[1, 2, 3, 4]]


def test_repeated_meetings_are_averaged():
    # 1–2 twice (1 won, then lost): average ½ each; both drew 3 → 1:1, 2:1, 3:1 → all tied.
    # (Summing instead would give 1½, 1½, 1 and put 3 last.)
    t = event([(1, 1, 2, WIN), (2, 2, 1, WIN), (3, 1, 3, DRAW), (4, 2, 3, DRAW)])
    assert de(t, [1, 2, 3]) == [[1, 2, 3]]
    # 1 won then drew: 1 has ¾ against 2 → 1 first
    t = event([(1, 1, 2, WIN), (2, 2, 1, DRAW)])
    assert de(t, [1, 2]) == [[1], [2]]


def test_forfeits_excluded_unless_p_modifier():
    t = event([(1, 1, 2, FF)])
    assert de(t, [1, 2]) == [[1, 2]]
    assert de(t, [1, 2], "DE/P") == [[1], [2]]


def test_de_value_in_standings_is_rank_within_group():
    # 1 and 2 tie on 1 point; 2 beat 1.  3 leads with 1½.
    t = event([(1, 1, 2, LOSS), (1, 3, 4, DRAW), (2, 1, 4, WIN), (2, 2, 3, LOSS)])
    s = compute_standings(t, ["DE"])
    assert [(r.rank, r.pno) for r in s.rows] == [(1, 3), (2, 2), (3, 1), (4, 4)]
    assert s.row(2).values["DE"] == 1 and s.row(1).values["DE"] == 2 and s.row(3).values["DE"] == 0
    assert s.row(2).decided_by == "DE"


# -- Koya ----------------------------------------------------------------------------------------
RESULTS = {(1, 2): DRAW, (1, 3): WIN, (1, 4): DRAW, (1, 5): WIN, (1, 6): LOSS,
           (2, 3): DRAW, (2, 4): WIN, (2, 5): DRAW, (2, 6): WIN,
           (3, 4): WIN, (3, 5): DRAW, (3, 6): DRAW,
           (4, 5): WIN, (4, 6): DRAW,
           (5, 6): WIN}
BERGER6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
           [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


def round_robin() -> Tournament:
    # totals: 1:3, 2:3½, 3:2½, 4:2, 5:2, 6:2 — 50 % of 5 games = 2½
    games = [(r, min(a, b), max(a, b), RESULTS[(min(a, b), max(a, b))])
             for r, pairs in enumerate(BERGER6, start=1) for a, b in pairs]
    return event(games, system="berger")


def test_round_robin_totals():
    pts = compute(round_robin(), ["PTS"]).values["PTS"]
    assert [pts[p] for p in range(1, 7)] == [3, Fraction(7, 2), Fraction(5, 2), 2, 2, 2]


def test_koya_and_limit():
    v = compute(round_robin(), ["KS", "KS/L+1", "KS/L-1"]).values
    # KS: points against 1, 2, 3 (≥ 2½)
    assert [v["KS"][p] for p in range(1, 7)] == [Fraction(3, 2), 1, Fraction(1, 2), Fraction(1, 2), 1, Fraction(3, 2)]
    # limit 3: only 1 and 2 qualify
    assert [v["KS/L+1"][p] for p in range(1, 7)] == [Fraction(1, 2), Fraction(1, 2), Fraction(1, 2),
                                                     Fraction(1, 2), Fraction(1, 2), 1]
    # limit 2: everyone qualifies → Koya = points
    assert [v["KS/L-1"][p] for p in range(1, 7)] == [3, Fraction(7, 2), Fraction(5, 2), 2, 2, 2]


def test_extended_koya_steps_down():
    v = compute(round_robin(), ["KSX"]).values["KSX"]
    # thresholds 2½, 2, 1½, 1, ½, 0 — from 2 down everyone qualifies
    assert v[5] == (1, 2, 2, 2, 2, 2)
    assert v[4][:2] == (Fraction(1, 2), 2)


def test_koya_ranks_the_tied_players():
    s = compute_standings(round_robin(), ["KS"])
    assert [r.pno for r in s.rows] == [2, 1, 3, 6, 5, 4]
    assert s.regime.value == "2026"  # no start date → the current rules


def test_round_robin_warns_about_buchholz_in_2026_only():
    t = round_robin()
    assert any("round robins" in w for w in compute_standings(t, ["BH"], regime="2026").warnings)
    assert not any("round robins" in w for w in compute_standings(t, ["BH"], regime="2024").warnings)
