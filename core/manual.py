"""Warnings for a pairing made or changed by hand — the one implementation every front end uses.

The arbiter may override the engine (C.04.2 Art. 4 lists when), so a manual pairing is not
refused for breaking a pairing criterion; but every absolute criterion it breaks is named, so
nobody does it by accident: rematches, forbidden pairs, three times the same colour or a
colour difference above two, a pairing-allocated bye after a point scored without playing,
more than one such bye, a player twice or an active player left out.  The same function judges
a draft still on the screen and a round already saved.  A Double-Swiss round is judged match by
match: its second games are the first ones reversed (C.04.5 Preface).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from core.i18n import _, ngettext
from core.model import (
    Board,
    Bye,
    ByeKind,
    Code,
    Colour,
    Tournament,
    colour_history,
    entries,
)


def manual_pairing_warnings(t: Tournament, round_no: int) -> list[str]:
    """Absolute criteria broken by the stored round ``round_no`` (judged on the rounds before it)."""
    rnd = t.round(round_no)
    return draft_warnings(t, round_no, rnd.boards, rnd.byes)


def draft_warnings(t: Tournament, round_no: int, boards: Iterable[Board],
                   byes: Iterable[Bye]) -> list[str]:
    """Absolute criteria a pairing of round ``round_no`` would break, given the rounds before
    it (the draft need not be saved: the manual pairing screen shows these live)."""
    boards, byes = tuple(boards), tuple(byes)
    history = entries(t, round_no - 1)
    out: list[str] = []
    forbidden = [set(g) for g in t.forbidden_for(round_no)]
    double = t.system == "double-swiss"
    for i, b in enumerate(boards, start=1):
        if double and b.game == "g2":  # a match's second game: judged with its first
            continue
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
    for y in byes:
        if y.kind is ByeKind.PAB and any(e.code in (Code.PAB, Code.FORFEIT_WIN, Code.FULL_BYE)
                                         for e in history.get(y.pno, [])):
            out.append(_("Player {pno} gets a pairing-allocated bye after already scoring a point "
                         "without playing.").format(pno=y.pno))
    if sum(1 for y in byes if y.kind is ByeKind.PAB) > 1:
        out.append(_("More than one pairing-allocated bye."))
    out.extend(_coverage(t, round_no, boards, byes))
    return out


def _coverage(t: Tournament, round_no: int, boards: tuple[Board, ...], byes: tuple[Bye, ...]) -> list[str]:
    """A player on two boards (or a board and a bye), and an active player left out.  A
    Double-Swiss match's two games are one pairing (C.04.5 Preface): its second game is not
    counted again."""
    double = t.system == "double-swiss"
    seen = Counter([x for b in boards if not (double and b.game == "g2") for x in (b.white, b.black)]
                   + [y.pno for y in byes])
    out = [ngettext("Player {pno} appears {n} time in the pairing.",
                    "Player {pno} appears {n} times in the pairing.", n).format(pno=pno, n=n)
           for pno, n in sorted(seen.items()) if n > 1]
    out.extend(_("Player {pno} is neither paired nor given a bye.").format(pno=p.pno)
               for p in sorted(t.players, key=lambda p: p.pno)
               if p.active_in(round_no) and p.pno not in seen)
    return out
