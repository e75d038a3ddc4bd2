"""The registered knockout system: the next game of every match still running."""

from __future__ import annotations

import re

from core.errors import PairingImpossible, RoundError
from core.i18n import _
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import PairOptions, RoundPairing, System

_KO_ROUND = re.compile(r"^p\.r(\d+)m\d+\.")


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``knockout``: every running match's next game (regular, extension,
    Armageddon); players whose opponent is imaginary advance with a full-point bye."""
    from core.playoff.cup import replay
    from core.playoff.labels import game_title, stage_text

    if tournament.rounds and not tournament.rounds[-1].complete:
        raise RoundError(
            _('round {current_round} has games without a result; enter them first.').format(current_round=tournament.current_round))
    cup = replay(tournament)
    if cup.view.complete:
        raise PairingImpossible(_('the knockout is finished; there is nothing left to pair.'))
    ready = cup.view.ready
    if not ready:
        raise PairingImpossible(_('no knockout game can be paired yet (Armageddon bids missing?).'))
    boards = tuple(Board(g.white, g.black) for g in ready)  # type: ignore[arg-type]
    explanations: dict[object, tuple[str, ...]] = {}
    for i, g in enumerate(ready):
        stage = stage_text(g.stage) if g.stage else _("Knockout")
        explanations[i] = (f"{stage}: {game_title(g)}",)
    played_rounds = {int(m.group(1)) for m in (_KO_ROUND.match(gid) for gid in cup.state["results"]) if m}
    byes: list[Bye] = []
    for gid in sorted({int(m.group(1)) for m in (_KO_ROUND.match(g.id) for g in ready) if m}):
        if gid not in played_rounds:
            byes.extend(Bye(p, ByeKind.FULL) for p in cup.byes.get(f"p.r{gid}", ()))
    if byes:
        explanations["bye"] = (_("advance without a game: imaginary opponent (seeds/000 p. 68), "
                                 "recorded as a full-point bye"),)
    return RoundPairing(tournament.current_round + 1, boards, tuple(byes), explanations)


KNOCKOUT = System("knockout", "standard", pair)
