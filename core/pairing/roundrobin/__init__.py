"""All-play-all systems: Berger tables (single/double), the German round formula, Varma
draws, withdrawals, Rutschsystem, Reisepartnersystem, Scheveningen and Skalitzka.

Modules: :mod:`berger` (FIDE rotation), :mod:`german` (formula and pencil construction of
Paarungssysteme), :mod:`double`, :mod:`lot` and :mod:`varma` (drawing numbers), :mod:`withdrawals`
(50 % rule), :mod:`rutsch`, :mod:`reisepartner`, :mod:`scheveningen`, :mod:`skalitzka`,
:mod:`build` (table → RoundPairing) and :mod:`system` (the registered systems, one
:class:`~core.pairing.base.System` each).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import _

if TYPE_CHECKING:
    from core.model import Tournament


def rounds_needed(tournament: Tournament) -> int:
    """How many rounds the tournament's all-play-all system has for its participants (for
    setting ``Tournament.total_rounds`` when the event is created or the field changes)."""
    from core.errors import TournamentError
    from core.pairing.roundrobin.reisepartner import schedule
    from core.pairing.roundrobin.system import SCHEDULES
    from core.pairing.roundrobin.team_systems import scheveningen_rounds

    system = tournament.system
    if system in SCHEDULES:
        return len(SCHEDULES[system](tournament))
    if system == "reisepartner":
        return len(schedule(len(tournament.teams)))
    if system == "scheveningen":
        return scheveningen_rounds(tournament)
    if system == "skalitzka":
        return 2
    raise TournamentError(_('{system!r} is not an all-play-all system').format(system=system))
