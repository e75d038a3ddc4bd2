"""The chosen pairs of a procedural Swiss system as a :class:`~core.pairing.base.RoundPairing`."""

from __future__ import annotations

from collections.abc import Iterable

from core.model import Board, Bye, ByeKind
from core.pairing.base import RoundPairing
from core.pairing.swiss.context import Context
from core.pairing.swiss.state import Status, board_order_key


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
    expl: dict[object, tuple[str, ...]] = {}
    index = {frozenset(wb): i for i, wb in enumerate(ordered)}
    for key, lines in ctx.notes.items():
        if isinstance(key, frozenset) and key in index:
            expl[index[key]] = tuple(lines)
        elif key == "bye" or isinstance(key, str):
            expl[key] = tuple(lines)
    return RoundPairing(round=ctx.round_no, boards=tuple(Board(w, b) for w, b in ordered),
                        byes=tuple(byes), explanations=expl)
