"""The chosen pairs of a procedural Swiss system as a :class:`~core.pairing.base.RoundPairing`.

Every board says why these two met (same scoregroup, or who floated) and whether a player
did not get the colour he was due, in the words the Dutch explanations use; the systems add
their own notes (PAB, floats, relaxed limits) through :meth:`Context.note`.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.i18n import _
from core.i18n.terms import colour_name
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Board, Bye, ByeKind, Colour
from core.pairing.base import RoundPairing
from core.pairing.swiss.context import Context
from core.pairing.swiss.state import PlayerState, Status, board_order_key

def _who(s: PlayerState) -> str:
    return _("{pno} ({points} points)").format(pno=s.pno, points=format_points(s.pairing_score))


def board_lines(white: PlayerState, black: PlayerState) -> list[str]:
    """Why these two met and how the colours fell, for one board."""
    hi, lo = sorted((white, black), key=lambda s: (-s.pairing_score, s.rank))
    if hi.pairing_score == lo.pairing_score:
        lines = [_("Both players are in the {points}-point scoregroup.").format(
            points=format_points(hi.pairing_score))]
    else:
        lines = [_("{high} and {low} meet across scoregroups: one of them floated (no better "
                   "pairing for their brackets).").format(high=_who(hi), low=_who(lo))]
    missed = [(s, got) for s, got in ((white, Colour.WHITE), (black, Colour.BLACK))
              if s.played_games and s.preference is not Colour.NONE and s.preference is not got]
    if not missed:
        lines.append(_("Colours: both players get the colour they are due, or have none due."))
    for s, got in missed:
        lines.append(_("Colours: {pno} is due {due} but gets {got} (both players were due the "
                       "same colour).").format(pno=s.pno, due=colour_name(s.preference.value),
                                               got=colour_name(got.value)))
    return lines


def build_round(ctx: Context, boards: Iterable[tuple[int, int]], pab: int | None) -> RoundPairing:
    """Boards in board order (C.04.2 Art. 3.6), the PAB and the requested byes of the round."""
    st = ctx.states
    ordered = sorted(boards, key=lambda wb: board_order_key(st[wb[0]], st[wb[1]]))
    byes: list[Bye] = []
    if pab is not None:
        byes.append(Bye(pab, ByeKind.PAB))
    for rb in sorted(ctx.tournament.requested_byes, key=lambda r: r.pno):
        if rb.round == ctx.round_no and st.get(rb.pno) is not None and st[rb.pno].status is Status.REQUESTED_BYE:
            byes.append(Bye(rb.pno, rb.kind))
    expl: dict[object, tuple[str, ...]] = {
        i: tuple(board_lines(st[w], st[b])) for i, (w, b) in enumerate(ordered)}
    index = {frozenset(wb): i for i, wb in enumerate(ordered)}
    for key, lines in ctx.notes.items():
        if isinstance(key, frozenset) and key in index:
            expl[index[key]] = expl[index[key]] + tuple(lines)
        elif key == "bye" or isinstance(key, str):
            expl[key] = tuple(lines)
    return RoundPairing(round=ctx.round_no, boards=tuple(Board(w, b) for w, b in ordered),
                        byes=tuple(byes), explanations=expl)
