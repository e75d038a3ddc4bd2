"""How unplayed rounds are valued under each regime (C.07 Arts. 15–16; Aktar pp. 77–80).

Two numbers per player and regime:

* the *adjusted score* — what the player is worth to the opponents' Buchholz/SB;
* the *dummy score* — what an own unplayed round contributes to the player's own BH/SB.

Legacy (Aktar "Ayarlanmış puan"): every round the player did not play counts as a draw
in the adjusted score; an own unplayed round is a game against a virtual opponent whose final
score is the player's score before that round + the virtual opponent's result in that round
+ a draw for every remaining round.

FIDE 2024 (C.07 as approved 2023): adjusted score = points at face value, except requested
byes/absences that are followed only by voluntary unplayed rounds (16.2.5), which count as
draws; the dummy has the player's own final score.

FIDE 2026: as 2024, with the dummy capped (16.4): forfeits by the scheduled opponent's
adjusted score, other unplayed rounds by draw points × number of rounds.

``fore`` (Fore Buchholz, Art. 8.3): every last-round game that was paired counts as a draw —
in round robins too ("Buchholz score calculated as if all paired games for the final round had
ended in draws": the sentence names no pairing system).
Round robins (pre-determined pairings, Art. 15.2): scores are otherwise taken at face value.

Point adjustments (penalties, bonuses: TRF-2026 ``299``) are part of a player's score in every
regime — own and adjusted — and no round of it (``Context.adjustment``).
"""

from __future__ import annotations

from core.i18n import N_

from core.tiebreaks.context import Cell, Context
from core.tiebreaks.regimes import Regime


def _fore_points(ctx: Context, pno: int, cell: Cell) -> int:
    if cell.round == ctx.rounds and cell.opponent is not None:
        return ctx.draw
    return cell.points


def own_scores(ctx: Context, fore: bool) -> dict[int, int]:
    """Final scores (scaled), with the last round as a draw in Fore mode."""
    key = ("own", fore)
    if key not in ctx.cache:
        if not fore:
            ctx.cache[key] = dict(ctx.total)
        else:
            ctx.cache[key] = {p: sum(_fore_points(ctx, p, c) for c in cells) + ctx.adjustment.get(p, 0)
                              for p, cells in ctx.cells.items()}
    return ctx.cache[key]


def adjusted_scores(ctx: Context, regime: Regime, fore: bool = False) -> dict[int, int]:
    """Adjusted score (scaled) of every player, as seen by the opponents."""
    key = ("adj", regime, fore)
    if key in ctx.cache:
        return ctx.cache[key]
    out: dict[int, int] = {}
    for pno, cells in ctx.cells.items():
        if ctx.round_robin:
            out[pno] = own_scores(ctx, fore)[pno]
            continue
        if regime is Regime.LEGACY:
            total = 0
            for c in cells:
                if fore and c.round == ctx.rounds and c.opponent is not None:
                    total += ctx.draw
                else:
                    total += c.points if c.played else ctx.draw
            out[pno] = total + ctx.adjustment.get(pno, 0)
            continue
        last_not_vur = 0
        for c in cells:
            if not c.vur:
                last_not_vur = c.round
        if fore and cells and cells[-1].round == ctx.rounds and cells[-1].paired:
            last_not_vur = ctx.rounds
        total = 0
        for c in cells:
            pts = _fore_points(ctx, pno, c) if fore else c.points
            if c.round <= last_not_vur or c.opponent is not None:
                total += pts
            else:
                total += ctx.draw
        out[pno] = total + ctx.adjustment.get(pno, 0)
    ctx.cache[key] = out
    return out


def dummy_score(ctx: Context, regime: Regime, pno: int, cell: Cell, fore: bool = False) -> tuple[int, str]:
    """Value (scaled) of an own unplayed round, and a sentence saying where it comes from (a
    msgid, translated when an explanation is shown: this runs for every standings)."""
    own = own_scores(ctx, fore)[pno]
    if regime is Regime.LEGACY:
        before = sum(c.points for c in ctx.cells[pno][: cell.round - 1])
        if cell.points < ctx.draw:
            result = ctx.win
        elif cell.points == ctx.draw:
            result = ctx.draw
        else:
            result = ctx.loss
        remaining = ctx.rounds - cell.round
        return before + result + ctx.draw * remaining, (
            N_("virtual opponent: score before the round + result against the player + draws after"))
    if regime is Regime.FIDE2024:
        return own, N_("dummy opponent with the player's own score (Art. 16.4, 2023/2024)")
    if cell.opponent is not None:
        opp = adjusted_scores(ctx, regime, fore)[cell.opponent]
        return min(own, opp), N_("dummy: lower of own score and the scheduled opponent's adjusted score (Art. 16.4.1)")
    cap = ctx.draw * ctx.rounds
    return min(own, cap), N_("dummy: lower of own score and draw points × rounds (Art. 16.4.2)")
