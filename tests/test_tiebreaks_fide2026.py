"""C.07 Art. 16 worked by hand on a 6-player, 4-round Swiss with every unplayed-round category.

No numeric example of the 2026 annex was available to us (the reports of the change quote
only 57→55 and 74→69, without the crosstables), so each number below is derived
from the 2026 text (16.2–16.5) in the comments, and contrasted with the 2024 and legacy rules.

    R1: 1–2 1-0, 3–4 ½, 5–6 1-0
    R2: 1 PAB, 2–3 1-0, 4–5 +/- (4 wins by forfeit), 6 half-point bye
    R3: 1–3 +/- (1 wins by forfeit), 2–4 ½, 5–6 0-1
    R4: 1–4 0-1, 2–5 1-0, 3 zero-point bye (withdrawn), 6 half-point bye
Scores: 1: 3, 2: 2½, 3: ½, 4: 3, 5: 1, 6: 2.
(Cross-check, not the source: TieBreakServer 1.9.57 prints the same BH, BH/C1, SB, SB/C1 and FB
for every asserted value under /V2024 and /V2026.)
"""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from core.tiebreaks import build_context, compute
from core.tiebreaks.adjusted import adjusted_scores
from core.tiebreaks.regimes import Regime

W, B, D, FW = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW, GameResult.WHITE_FORFEIT_WIN
H = Fraction(1, 2)


def event() -> Tournament:
    rounds = (
        Round(1, (Board(1, 2, W), Board(3, 4, D), Board(5, 6, W))),
        Round(2, (Board(2, 3, W), Board(4, 5, FW)), (Bye(1, ByeKind.PAB), Bye(6, ByeKind.HALF))),
        Round(3, (Board(1, 3, FW), Board(2, 4, D), Board(5, 6, B))),
        Round(4, (Board(1, 4, B), Board(2, 5, W)), (Bye(3, ByeKind.ZERO), Bye(6, ByeKind.HALF))),
    )
    return Tournament(id="c07", name="C.07 Art. 16", total_rounds=4, rounds=rounds,
                      players=tuple(Player(p, f"P{p}", rating=2000) for p in range(1, 7)))


def values(codes, regime):
    return compute(event(), codes, regime=regime).values


def test_adjusted_scores_16_3():
    ctx = build_context(event())
    adj = {p: ctx.frac(v) for p, v in adjusted_scores(ctx, Regime.FIDE2026).items()}
    # 3: forfeit loss at face value (16.2.4), final zero bye counted as a draw (16.2.5): ½+0+0+½
    # 6: first half bye followed by a played round (16.2.3) and last-round half bye: face value
    assert adj == {1: 3, 2: Fraction(5, 2), 3: 1, 4: 3, 5: 1, 6: 2}


def test_dummy_caps_16_4():
    # player 1: R1 2½ (player 2); R2 PAB → min(3, ½·4) = 2; R3 forfeit win → min(3, adjusted(3)=1) = 1;
    # R4 3 (player 4) → 8½.  Under 2024 both dummies have the own score 3 → 11½.
    assert values(["BH"], "2026")["BH"][1] == Fraction(17, 2)
    assert values(["BH"], "2024")["BH"][1] == Fraction(23, 2)
    # SB: 2½·1 + 2·1 + 1·1 + 3·0 = 5½
    assert values(["SB"], "2026")["SB"][1] == Fraction(11, 2)
    # no VUR: Cut-1 drops the least value, the forfeit's 1
    assert values(["BH/C1"], "2026")["BH/C1"][1] == Fraction(15, 2)


def test_legacy_virtual_opponents_for_the_same_player():
    # opponents' unplayed rounds count as draws: 2 → 2½, 4 → ½+½+½+1 = 2½;
    # R2 PAB: 1 + 0 + ½·2 = 2; R3 forfeit win: 2 + 0 + ½·1 = 2½ → 2½+2+2½+2½ = 9½
    assert values(["BH"], "legacy")["BH"][1] == Fraction(19, 2)


def test_vur_cut_exception_16_5():
    # player 6 (2 points): R1 1 (player 5), R2 half bye → min(2, 2) = 2 (VUR), R3 1, R4 half bye 2 (VUR)
    v = values(["BH", "BH/C1", "SB", "SB/C1"], "2026")
    assert v["BH"][6] == 6
    # BH-C1 cuts the lowest VUR contribution (2), not the least value (1): 16.5.1
    assert v["BH/C1"][6] == 4
    # SB: 1·0 + 2·½ + 1·1 + 2·½ = 3; least significant = lowest-score opponent's lowest product (0),
    # lowest VUR product = 1 → cut the higher → 2
    assert v["SB"][6] == 3
    assert v["SB/C1"][6] == 2
    # the same exception in 2024 (dummy = own score 2 as well)
    assert values(["BH/C1"], "2024")["BH/C1"][6] == 4
    # legacy: no exception; adjusted(5) = 1 + ½ (forfeit loss as draw) = 1½; virtual opponents
    # R2: 0 + ½ + ½·2 = 1½, R4: 1½ + ½ + 0 = 2 → BH 6½, cut the lowest 1½ → 5
    lv = values(["BH", "BH/C1"], "legacy")
    assert lv["BH"][6] == Fraction(13, 2) and lv["BH/C1"][6] == 5


def test_forfeit_loser_own_buchholz():
    # player 3 (½): R1 3 (player 4), R2 2½, R3 forfeit loss → min(½, adjusted(1)=3) = ½,
    # R4 zero bye → min(½, 2) = ½ → 6½
    assert values(["BH"], "2026")["BH"][3] == Fraction(13, 2)


def test_fore_buchholz():
    # last-round games count as draws: 1 → 3½ own; adjusted 2 → 2, 4 → 2½; 3 unpaired in R4 → 1.
    # FB(1) = 2 + min(3½, 2) + min(3½, 1) + 2½ = 7½
    assert values(["FB"], "2026")["FB"][1] == Fraction(15, 2)
