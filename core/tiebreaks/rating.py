"""Rating-based tie-breaks (C.07 Art. 10; Aktar p. 84): ARO (with cuts), TPR, PTP, APRO,
APPO, RTNG and Aktar's performance rating with the 350-point rule (TPRS).

Unrated players (notes/reports.md, "Unrated players in rating tie-breaks"): Art. 10 leaves
their rating to the regulations (``/U1400`` rates them 1400). When the list says nothing — a
list announced before round 1 and a late entry without a rating — an unrated opponent gives
no rating: the game is left out of ARO, TPR and PTP, as FIDE's rating regulations leave out
games against unrated opponents, and a cut (Art. 14.1, the least significant value) takes a
game that gave no rating first. A player whose every opponent is unrated has no value.
Only games played over the board count; scores are 1/½/0 whatever the point system.
"""

from __future__ import annotations

from core.i18n import _

from fractions import Fraction

from core.model import Code
from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation
from core.tiebreaks.fidetables import dp_for_percent, expected_percent
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.spec import TieBreakSpec
from core.tiebreaks.values import round_half_up
from core.i18n import N_

UNRATED_NOTE = N_("Games against unrated opponents give no rating and are left out; a cut takes "
                  "them first (FIDE C.07 Art. 10, 14.1).")

_GAME_SCORE = {Code.WIN: Fraction(1), Code.SHORT_WIN: Fraction(1), Code.DRAW: Fraction(1, 2),
               Code.SHORT_DRAW: Fraction(1, 2), Code.LOSS: Fraction(0), Code.SHORT_LOSS: Fraction(0)}


def unrated_left_out(ctx: Context, spec: TieBreakSpec) -> bool:
    """True when some game over the board was against an opponent without a rating and the
    list does not say how to rate them: those games are left out (the note on the standings)."""
    if spec.unrated is not None:
        return False
    return any(c.played and c.opponent is not None and ctx.rating.get(c.opponent) is None
               for cells in ctx.cells.values() for c in cells)


Game = tuple[int, int, int | None, Fraction]
"""(round, opponent, opponent's rating or ``None`` when unrated, score)."""


def _all_games(ctx: Context, spec: TieBreakSpec, pno: int) -> list[Game]:
    """The games played over the board after the ``/Cn`` / ``/Mn`` cuts; a game against an
    unrated opponent is the least significant value, cut before the lowest rating."""
    games: list[Game] = []
    for c in ctx.cells[pno]:
        if c.played and c.opponent is not None and c.code is not None:
            r = ctx.rating.get(c.opponent)
            games.append((c.round, c.opponent, spec.unrated if r is None else r, _GAME_SCORE[c.code]))
    if spec.cut_low or spec.cut_high:  # a cut drops a pairing round whole (a Double-Swiss match)
        units: dict[int, list[Game]] = {}
        for g in sorted(games, key=lambda g: (g[2] is not None, g[2] or 0)):
            units.setdefault(ctx.unit(g[0]), []).append(g)
        ordered = list(units.values())
        low = min(spec.cut_low, len(ordered))
        high = min(spec.cut_high, len(ordered) - low)
        games = [g for unit in ordered[low:len(ordered) - high] for g in unit]
    return games


def _games(ctx: Context, spec: TieBreakSpec, pno: int) -> list[tuple[int, int, int, Fraction]]:
    """The games that count: after the cuts, those against opponents with a rating."""
    return [(r, o, x, s) for r, o, x, s in _all_games(ctx, spec, pno) if x is not None]


def _aro(games) -> int | None:
    if not games:
        return None
    return round_half_up(Fraction(sum(g[2] for g in games), len(games)))


def _tpr(games) -> int | None:
    aro = _aro(games)
    if aro is None:
        return None
    score = sum((g[3] for g in games), Fraction(0))
    percent = round_half_up(score * 100 / len(games))
    return aro + dp_for_percent(percent)


def _ptp(games) -> int | None:
    """Lowest integer rating whose expected score (table 8.1b, no 400 cap) reaches the score."""
    if not games:
        return None
    ratings = [g[2] for g in games]
    score100 = sum((g[3] for g in games), Fraction(0)) * 100
    if score100 == 0:
        return min(ratings) - 800
    if score100 > 100 * len(ratings):
        return max(ratings) + 800

    def reaches(r: int) -> bool:
        return sum(expected_percent(max(-800, min(800, r - x))) for x in ratings) >= score100

    low, high = min(ratings) - 801, max(ratings) + 800
    while high - low > 1:  # invariant: not reaches(low), reaches(high)
        mid = (low + high) // 2
        if reaches(mid):
            high = mid
        else:
            low = mid
    return high


def _per_player(ctx, spec, fn) -> dict:
    return {pno: fn(_games(ctx, spec, pno)) for pno in ctx.cells}


def aro(ctx, spec, regime):
    return _per_player(ctx, spec, _aro)


def tpr(ctx, spec, regime):
    return _per_player(ctx, spec, _tpr)


def ptp(ctx, spec, regime):
    return _per_player(ctx, spec, _ptp)


def tpr_350(ctx, spec, regime):
    """Aktar p. 84 "350 puan farkları dikkate alınarak": our reading — each opponent's
    rating is taken at most 350 points away from the player's own rating (the pre-2009 FIDE
    rating rule), then ARO + dp(p) as in TPR."""
    out = {}
    for pno in ctx.cells:
        own = ctx.rating.get(pno) or spec.unrated
        games = _games(ctx, spec, pno)
        if own is not None:
            games = [(r, o, max(own - 350, min(own + 350, x)), s) for r, o, x, s in games]
        out[pno] = _tpr(games)
    return out


def _average_of(ctx, spec, inner: dict) -> dict:
    out = {}
    for pno, cells in ctx.cells.items():
        vals = [inner[c.opponent] for c in cells if c.played and inner.get(c.opponent) is not None]
        out[pno] = round_half_up(Fraction(sum(vals), len(vals))) if vals else None
    return out


def _base(spec):
    return TieBreakSpec(code="X", base="X", unrated=spec.unrated)


def apro(ctx, spec, regime):
    return _average_of(ctx, spec, tpr(ctx, _base(spec), regime))


def appo(ctx, spec, regime):
    return _average_of(ctx, spec, ptp(ctx, _base(spec), regime))


def rtng(ctx, spec, regime):
    """Art. 10.6: the (first) rating, highest first."""
    return {pno: (r if r is not None else spec.unrated) for pno, r in ctx.rating.items()}


def explain_rating(compute):
    def explain(ctx, spec, regime, pno):
        value = compute(ctx, spec, regime)[pno]
        kept = {g[0] for g in _all_games(ctx, spec, pno)}
        items = []
        for c in ctx.cells[pno]:
            if c.played:
                r = ctx.rating.get(c.opponent)
                r = spec.unrated if r is None else r
                cut = c.round not in kept
                reason = _("lowest rating cut") if cut else ""
                if r is None:
                    reason = _("unrated opponent: left out")
                items.append(Contribution(c.round, c.opponent, r, _("opponent's rating"), cut or r is None,
                                          reason))
        notes = (_(UNRATED_NOTE),) if any(item.value is None for item in items) else ()
        return Explanation(spec.code, name_of(spec.base), pno, value, regime.value, tuple(items), notes)
    return explain
