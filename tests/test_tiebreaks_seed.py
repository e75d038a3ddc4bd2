"""The worked numbers of Aktar pp. 72–83 (legacy "virtual opponent" regime).

Şener (7 rounds, 5½ points, a forfeit win in round 2) met opponents whose adjusted scores
(unplayed rounds counted as draws) are 3½, —, 3, 6, 4½, 5½, 4½; the round-2 forfeit is valued
by the virtual opponent 1 + 0 + ½·5 = 3½.  Aktar gives Buchholz 30½, cut-1 27½, cut-2 24,
median 21½ and Sonneborn-Berger 22.  The progressive tables 1–4 give 16½/15½/14½/13.

The tournament is built so that every opponent reaches exactly Aktar's adjusted score,
playing the rest of their games against one-game filler players.
"""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from core.standings import compute_standings
from core.tiebreaks import compute, explain

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW
SENER, PELIN, CAGATAY, BERKE, KAMIL, MURAT, HASAN, VAHAP = 4, 24, 13, 10, 1, 3, 2, 11


def _build() -> Tournament:
    # Şener's games: (round, opponent, result for Şener as white)
    sener = {1: (PELIN, W), 2: (CAGATAY, GameResult.WHITE_FORFEIT_WIN), 3: (BERKE, W), 4: (KAMIL, D),
             5: (MURAT, W), 6: (HASAN, B), 7: (VAHAP, W)}
    # each opponent's results in their other six rounds (as white vs a filler), in round order
    others = {PELIN: [1, 1, 1, Fraction(1, 2), 0, 0], BERKE: [1, 1, 1, 0, 0, 0],
              KAMIL: [1, 1, 1, 1, 1, Fraction(1, 2)], MURAT: [1, 1, 1, 1, Fraction(1, 2), 0],
              HASAN: [1, 1, 1, 1, Fraction(1, 2), 0], VAHAP: [1, 1, 1, 1, Fraction(1, 2), 0],
              CAGATAY: [0, 0, 0, 0, 0, 0]}
    as_result = {1: W, 0: B, Fraction(1, 2): D}
    boards: dict[int, list[Board]] = {r: [] for r in range(1, 8)}
    filler = 100
    players = {SENER: "Şener", PELIN: "Pelin", CAGATAY: "Çağatay", BERKE: "Berke", KAMIL: "Kamil",
               MURAT: "Murat", HASAN: "Hasan", VAHAP: "Vahap"}
    for r, (opp, res) in sener.items():
        boards[r].append(Board(SENER, opp, res))
    for opp, results in others.items():
        met = next(r for r, (o, _) in sener.items() if o == opp)
        rounds = [r for r in range(1, 8) if r != met]
        for r, res in zip(rounds, results):
            filler += 1
            players[filler] = f"Filler {filler}"
            boards[r].append(Board(opp, filler, as_result[res]))
    return Tournament(id="seed", name="Seed example", total_rounds=7, system="dutch",
                      start_date="2019-05-01",
                      players=tuple(Player(p, n) for p, n in sorted(players.items())),
                      rounds=tuple(Round(r, tuple(boards[r])) for r in range(1, 8)))


def test_sener_points_and_regime_by_date():
    t = _build()
    s = compute_standings(t, ["BH"])
    assert s.regime.value == "legacy"  # 2019 start date → pre-2023 rules
    assert s.row(SENER).points == Fraction(11, 2)


def test_sener_buchholz_family_legacy():
    v = compute(_build(), ["BH", "BH/C1", "BH/C2", "BH/M1", "SB"], regime="legacy").values
    assert v["BH"][SENER] == Fraction(61, 2)
    assert v["BH/C1"][SENER] == Fraction(55, 2)
    assert v["BH/C2"][SENER] == 24
    assert v["BH/M1"][SENER] == Fraction(43, 2)
    assert v["SB"][SENER] == 22


def test_sener_explain_shows_virtual_opponent_and_cuts():
    e = explain(_build(), "BH/C2", SENER, regime="legacy")
    by_round = {c.round: c for c in e.contributions}
    assert by_round[2].value == Fraction(7, 2) and "virtual opponent" in by_round[2].basis
    assert by_round[4].value == 6
    assert {c.round for c in e.contributions if c.cut} == {3, 1}  # 3 and the first 3½
    assert e.value == 24 and e.regime == "legacy"


def test_sener_under_fide_regimes_differs_only_in_the_forfeit():
    # 2024: the forfeit counts as a dummy with Şener's own score 5½; 2026 caps it by the
    # scheduled opponent's adjusted score (Çağatay: 0 points, no unplayed rounds of his own
    # besides the forfeit loss → 0).  Opponents' scores are at face value under both.
    t = _build()
    face = {PELIN: Fraction(7, 2), BERKE: 3, KAMIL: 6, MURAT: Fraction(9, 2), HASAN: Fraction(11, 2),
            VAHAP: Fraction(9, 2)}
    v24 = compute(t, ["BH"], regime="2024").values["BH"][SENER]
    v26 = compute(t, ["BH"], regime="2026").values["BH"][SENER]
    assert v24 == sum(face.values()) + Fraction(11, 2)
    assert v26 == sum(face.values()) + 0


def _progressive_player() -> Tournament:
    # results 1, 0, ½, + (forfeit win), 1, 0, 0 — Aktar Tables 1–4
    res = [W, B, D, GameResult.WHITE_FORFEIT_WIN, W, B, B]
    rounds = tuple(Round(r, (Board(1, r + 1, res[r - 1]),)) for r in range(1, 8))
    players = tuple(Player(p, f"P{p}") for p in range(1, 9))
    return Tournament(id="ps", name="Progressive", total_rounds=7, players=players, rounds=rounds)


def test_progressive_tables():
    v = compute(_progressive_player(), ["PS", "PS/C1", "PS/C2", "PS/C3"], regime="legacy").values
    assert [v[c][1] for c in ("PS", "PS/C1", "PS/C2", "PS/C3")] == [
        Fraction(33, 2), Fraction(31, 2), Fraction(29, 2), 13]


def test_adjusted_score_counts_unplayed_as_half():
    # Aktar p. 77 Table 1: 3½ points with a forfeit win in round 4 → adjusted score 3.
    from core.tiebreaks.adjusted import adjusted_scores
    from core.tiebreaks.context import build_context
    from core.tiebreaks.regimes import Regime

    ctx = build_context(_progressive_player())
    assert ctx.frac(adjusted_scores(ctx, Regime.LEGACY)[1]) == 3


def test_kashdan_seed_rule():
    # win 4, draw 2, loss 1, point without playing 2: 4+1+2+2+4+1+1 = 15
    assert compute(_progressive_player(), ["KASH"]).values["KASH"][1] == 15


def test_bye_in_legacy_virtual_opponent():
    # a half-point bye in round 2 of 3 after a win: virtual opponent 1 + ½ + ½·1 = 2;
    # opponents 2 (0, ½, 1) and 3 (½, ½, ½) have 1½ each, all played.
    t = Tournament(id="b", name="b", total_rounds=3, players=tuple(Player(p, f"P{p}") for p in range(1, 5)),
                   rounds=(Round(1, (Board(1, 2, W), Board(3, 4, D))),
                           Round(2, (Board(3, 2, D),), (Bye(1, ByeKind.HALF),)),
                           Round(3, (Board(1, 3, D), Board(2, 4, W)))))
    e = explain(t, "BH", 1, regime="legacy")
    assert [c.value for c in e.contributions] == [Fraction(3, 2), 2, Fraction(3, 2)]
