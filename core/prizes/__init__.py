"""Prize groups of an event and who wins what (see :mod:`core.prizes.allocate` for the rules).

    from core.prizes import allocate, prize_settings
    result = allocate(tournament)          # the event's groups from options["prizes"]
    for award in result.awards["open"]: ...

The reads only: changing the groups is :mod:`core.changes.prizes` (front ends go through
:mod:`core.app`).
"""

from core.prizes.allocate import (
    Allocation,
    Award,
    Entrant,
    allocate,
    eligible,
    group_ranking,
)
from core.prizes.settings import (
    KINDS,
    SHARING,
    PrizeGroup,
    PrizeSettings,
    parse_amount,
    prize_settings,
)

__all__ = [
    "KINDS",
    "SHARING",
    "Allocation",
    "Award",
    "Entrant",
    "PrizeGroup",
    "PrizeSettings",
    "allocate",
    "eligible",
    "group_ranking",
    "parse_amount",
    "prize_settings",
]
