"""The golden game (Armageddon, "Altın Puan"): who plays which colour, and who wins.

Aktar p. 66–67: a draw eliminates White; if both flags fall, the player whose flag fell
later wins; colours by one lot whose winner chooses.  FIDE 2025 (FIDE World Cup regulations, docs/rules/playoffs.md) decides
colours by bidding instead: each player bids the time they accept as Black, the lower bid
plays Black with that time, equal bids → a lot.  Bids and lots are recorded in the context.
"""

from __future__ import annotations

from core.i18n import N_, _

from core.errors import InvalidResult
from core.model import GameResult
from core.playoff.games import Context
from core.playoff.rules import MatchRules
from core.playoff.timecontrol import TimeControl


def colours(ctx: Context, key: str, a: int, b: int, rules: MatchRules) -> tuple[int, int, TimeControl] | None:
    """``(white, black, time control)`` of the golden game, or ``None`` while bids are missing."""
    pair = f"{min(a, b)}-{max(a, b)}"
    if rules.armageddon_colours == "bid":
        bids = ctx.bids.get(f"{key}:{pair}", {})
        if str(a) not in bids or str(b) not in bids:
            return None
        bid_a, bid_b = int(bids[str(a)]), int(bids[str(b)])
        ctx.lots.append(_bid_record(key, pair, a, b, bid_a, bid_b))
        if bid_a == bid_b:
            black = int(ctx.draw(f"{key}:{pair}:bid-lot", N_("equal bids: lot for Black"), (a, b),
                                 [str(a), str(b)]))
        else:
            black = a if bid_a < bid_b else b
        white = b if black == a else a
        tc = TimeControl(rules.armageddon.base, rules.armageddon.increment, min(bid_a, bid_b))
        return white, black, tc
    winner = int(ctx.draw(f"{key}:{pair}:lot", N_("Armageddon lot"), (a, b), [str(a), str(b)]))
    choice = ctx.choices.get(f"{key}:{pair}", rules.choice)
    if choice not in ("white", "black"):
        raise InvalidResult(_('Armageddon choice for {key} must be white or black, not {choice!r}.').format(key=key, choice=choice))
    other = b if winner == a else a
    white, black = (winner, other) if choice == "white" else (other, winner)
    return white, black, rules.armageddon


def _bid_record(key: str, pair: str, a: int, b: int, bid_a: int, bid_b: int):
    from core.playoff.games import Lot

    return Lot(f"{key}:{pair}:bids", N_("Armageddon bids (seconds for Black)"), (a, b),
               f"{a}:{bid_a},{b}:{bid_b}", True)


def winner(result: GameResult, white: int, black: int, flag_later: str | None) -> int:
    """Who goes through after a golden game; a draw favours Black (Aktar p. 66)."""
    if result in (GameResult.WHITE_WINS, GameResult.WHITE_FORFEIT_WIN):
        return white
    if result in (GameResult.BLACK_WINS, GameResult.BLACK_FORFEIT_WIN, GameResult.DRAW):
        return black
    if result is GameResult.BOTH_LOSE:
        if flag_later == "white":
            return white
        if flag_later == "black":
            return black
        raise InvalidResult(
            _('both flags fell in an Armageddon game: say whose flag fell later (white or black).'))
    raise InvalidResult(_("an Armageddon game cannot end in a double forfeit; enter the arbiter's decision."))
