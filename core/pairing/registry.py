"""Registered pairing systems, looked up by id (``dutch``, ``berger`` ...).

Entries name the family package so that importing the registry stays cheap: a system's
module is imported only when it is used (start-up time of the TUI matters over SSH).
"""

from __future__ import annotations

import importlib

from core.errors import TournamentError
from core.i18n import _
from core.pairing.base import PairingSystem

# id -> family: the package ``core/pairing/<family>/`` whose ``system`` module holds the
# registered object, named after the id (upper case, "-" → "_": ``dutch-2017`` →
# ``DUTCH_2017``); see :func:`module_name` and :func:`object_name`.
SYSTEMS: dict[str, str] = {
    "dutch": "dutch",
    "dutch-2017": "dutch",
    "dubov": "dubov",
    "dubov-1997": "dubov",
    "burstein": "burstein",
    "burstein-legacy": "burstein",
    "lim": "lim",
    "double-swiss": "doubleswiss",
    "berger": "roundrobin",
    "double-berger": "roundrobin",
    "rutsch": "roundrobin",
    "reisepartner": "roundrobin",
    "scheveningen": "roundrobin",
    "skalitzka": "roundrobin",
    "knockout": "knockout",
    "gamma": "gamma",
    "mcmahon": "mcmahon",
    "keizer": "keizer",
    "swiss-team": "swissteam",
}


def module_name(system_id: str) -> str:
    """The module holding a system's registered object: ``core.pairing.<family>.system``."""
    return f"core.pairing.{SYSTEMS[system_id]}.system"


def object_name(system_id: str) -> str:
    """The name of a system's registered object in its module: ``dutch-2017`` → ``DUTCH_2017``."""
    return system_id.upper().replace("-", "_")


def system_ids() -> list[str]:
    return sorted(SYSTEMS)


def get_system(system_id: str) -> PairingSystem:
    """Return the system object; unknown ids give a clear error listing the known ones."""
    target = SYSTEMS.get(system_id)
    if target is None:
        raise TournamentError(
            _('unknown pairing system {system_id!r}; known: {value}').format(system_id=system_id, value=', '.join(system_ids()) or 'none'))
    system: PairingSystem = getattr(importlib.import_module(module_name(system_id)), object_name(system_id))
    return system
