"""Drawing the numbers again when a player leaves between the draw and round 1.

Why a module of its own: the draw is redone by the first draw's method (by lot,
:mod:`~core.pairing.roundrobin.lot`, or Varma's sets, :mod:`~core.pairing.roundrobin.varma`,
which builds on the lot's record), so this sits above both.
"""

from __future__ import annotations

from core.errors import RoundError
from core.i18n import _
from core.model import Tournament
from core.pairing.roundrobin.lot import draw_lots
from core.pairing.roundrobin.varma import draw_varma


def redraw_without(t: Tournament, pno: int, seed: int) -> Tournament:
    """A player left after the draw and before round 1: remove them and draw again.

    Aktar p. 60: "Kura çekiminden sonra, birinci turdan önce, ayrılan … bir oyuncu olursa
    kura çekimi yenilenir."  The player is removed from the player list (they never played).
    """
    if t.rounds:
        raise RoundError(_('a player leaving after round 1 is paired is a withdrawal, not a redraw'))
    t.player(pno)
    remaining = tuple(p for p in t.players if p.pno != pno)
    t2 = t.with_changes(players=remaining)
    if "lot" not in t.options:
        return t2
    method = t.options["lot"].get("method", "lot")
    if method == "varma":
        return draw_varma(t2, seed, reason=f"player {pno} left before round 1")
    return draw_lots(t2, seed, reason=f"player {pno} left before round 1")
