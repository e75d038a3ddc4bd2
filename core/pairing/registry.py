"""Registered pairing systems, looked up by id (``dutch``, ``berger`` ...).

Entries name ``module:attribute`` so that importing the registry stays cheap: a system's
module is imported only when it is used (start-up time of the TUI matters over SSH).
"""

from __future__ import annotations

from core.i18n import _

import importlib

from core.errors import TournamentError
from core.pairing.base import PairingSystem

# id -> "module:attribute" of an object implementing PairingSystem.  One line per system.
SYSTEMS: dict[str, str] = {
    "dutch": "core.pairing.dutch:DUTCH",
    "dutch-2017": "core.pairing.dutch:DUTCH_2017",
    "dubov": "core.pairing.dubov:dubov",
    "dubov-1997": "core.pairing.dubov:dubov_1997",
    "burstein": "core.pairing.burstein:burstein",
    "burstein-legacy": "core.pairing.burstein:burstein_legacy",
    "lim": "core.pairing.lim:lim",
    "berger": "core.pairing.roundrobin.system:berger",
    "double-berger": "core.pairing.roundrobin.system:double_berger",
    "rutsch": "core.pairing.roundrobin.system:rutsch_system",
    "reisepartner": "core.pairing.roundrobin.reisepartner:reisepartner_system",
    "scheveningen": "core.pairing.roundrobin.team_systems:scheveningen_system",
    "skalitzka": "core.pairing.roundrobin.team_systems:skalitzka_system",
    "knockout": "core.playoff.cup:system",
    "gamma": "core.go.pairing:SYSTEM",
}


def system_ids() -> list[str]:
    return sorted(SYSTEMS)


def get_system(system_id: str) -> PairingSystem:
    """Return the system object; unknown ids give a clear error listing the known ones."""
    target = SYSTEMS.get(system_id)
    if target is None:
        raise TournamentError(
            _('unknown pairing system {system_id!r}; known: {value}').format(system_id=system_id, value=', '.join(system_ids()) or 'none'))
    module, _sep, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)
