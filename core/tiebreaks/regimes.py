"""The three ways of valuing unplayed rounds, and which one a tournament uses by default.

Why a regime at all: the same crosstable gives different Buchholz and Sonneborn-Berger values
under the pre-2023 "virtual opponent" rule (Aktar pp. 77–83), under C.07 as approved in
2023 (in force 1 Aug 2024 – 28 Feb 2026: dummy opponent with the player's own score) and under
C.07 2026 (in force since 1 Mar 2026: capped dummy, Art. 16.4, and the VUR cut rule, Art. 16.5).
Mixing them inside one event is wrong, so the regime is chosen once per tournament — by start
date unless the organiser overrides it — and printed next to every standings list.
"""

from __future__ import annotations

from core.i18n import _

import enum

from core.errors import TournamentError


class Regime(enum.Enum):
    LEGACY = "legacy"
    FIDE2024 = "2024"
    FIDE2026 = "2026"


FIDE2024_FROM = "2023-09-01"
"""First day of the dummy-opponent rules for FIDE events (all rated events from 2024-04-01)."""
FIDE2026_FROM = "2026-03-01"
"""C.07 2026 is in force from this day (Council 02/02/2026)."""

_ALIASES = {
    "legacy": Regime.LEGACY, "virtual": Regime.LEGACY, "pre2023": Regime.LEGACY, "2022": Regime.LEGACY,
    "2023": Regime.FIDE2024, "2024": Regime.FIDE2024, "v2024": Regime.FIDE2024,
    "2026": Regime.FIDE2026, "v2026": Regime.FIDE2026,
}


def parse_regime(text: str) -> Regime:
    """Accept ``legacy``, ``2024`` (or ``2023``), ``2026`` and a few spellings."""
    key = text.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    raise TournamentError(_('unknown tie-break regime {text!r}; use legacy, 2024 or 2026').format(text=text))


def regime_for_date(start_date: str) -> Regime:
    """Default regime from an ISO start date (``YYYY-MM-DD``, ``YYYY/MM/DD`` or ``YYYY.MM.DD``).

    A missing or unreadable date means "a tournament starting now", i.e. the current rules:
    the answer must not depend on the clock, so we take the newest regime instead of today.
    """
    text = start_date.strip().replace("/", "-").replace(".", "-")
    if len(text) < 10 or not text[:4].isdigit():
        return Regime.FIDE2026
    text = text[:10]
    if text >= FIDE2026_FROM:
        return Regime.FIDE2026
    if text >= FIDE2024_FROM:
        return Regime.FIDE2024
    return Regime.LEGACY


def regime_of(tournament, override: str | Regime | None = None) -> Regime:
    """The regime that applies: explicit override, else the tournament's setting, else by date."""
    if isinstance(override, Regime):
        return override
    if override:
        return parse_regime(override)
    if getattr(tournament, "tiebreak_regime", None):
        return parse_regime(tournament.tiebreak_regime)
    return regime_for_date(getattr(tournament, "start_date", "") or "")
