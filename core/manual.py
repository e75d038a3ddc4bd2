"""Warnings for a pairing made or changed by hand.

The arbiter may override the engine (C.04.2 Art. 4 lists when), so a manual pairing is not
refused for breaking a pairing criterion; but every absolute criterion it breaks is named, so
nobody does it by accident: rematches, a second bye, forbidden pairs, three times the same
colour or a colour difference above two.
"""

from __future__ import annotations

from core.i18n import _
from core.model import ByeKind, Code, Colour, Tournament, colour_history, entries


def manual_pairing_warnings(t: Tournament, round_no: int) -> list[str]:
    """Absolute criteria broken by round ``round_no`` (judged on the rounds before it)."""
    rnd = t.round(round_no)
    history = entries(t, round_no - 1)
    out: list[str] = []
    forbidden = [set(g) for g in t.forbidden_for(round_no)]
    for i, b in enumerate(rnd.boards, start=1):
        met = {e.opponent for e in history.get(b.white, []) if e.played}
        if b.black in met:
            out.append(_("Board {board}: {white} and {black} have already played each other.").format(
                board=i, white=b.white, black=b.black))
        if any({b.white, b.black} <= g for g in forbidden):
            out.append(_("Board {board}: {white} and {black} must not be paired (forbidden pairing).").format(
                board=i, white=b.white, black=b.black))
        for pno, colour in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            seq = colour_history(history.get(pno, [])) + [colour]
            diff = sum(1 if c is Colour.WHITE else -1 for c in seq)
            if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]:
                out.append(_("Board {board}: player {pno} gets the same colour three times in a row.").format(
                    board=i, pno=pno))
            elif abs(diff) > 2:
                out.append(_("Board {board}: player {pno} would have a colour difference of {diff}.").format(
                    board=i, pno=pno, diff=abs(diff)))
    for y in rnd.byes:
        if y.kind is ByeKind.PAB and any(e.code in (Code.PAB, Code.FORFEIT_WIN, Code.FULL_BYE)
                                         for e in history.get(y.pno, [])):
            out.append(_("Player {pno} gets a pairing-allocated bye after already scoring a point "
                         "without playing.").format(pno=y.pno))
    return out
