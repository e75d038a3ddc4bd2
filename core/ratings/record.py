"""Where the inputs a rating change needs come from, per player.

Decided here once (the report, the TUI and the club register read the same):
- FIDE K (Rating Regulations 8.3.3): the K FIDE publishes on its list beside the player
  (7.1.2: the SK/RK/BK columns), taken when the player is registered or updated from a FIDE
  list and kept in ``extra["fide_k"]`` (or typed); else from the player's record:
  ``extra["fide_games"]`` (rated games before this event), ``extra["fide_2400"]`` (the
  published rating has reached 2400), the year of birth (``Player.birth``) against the year
  the event starts.  All three are set with ``hakem players record ID PNO``.  Nothing known:
  the player counts as established (K 20, or 10 from 2400), and the report marks the K
  "assumed".
- DWZ: the rating is ``Player.national_rating``, the index (earlier evaluations) is
  ``extra["dwz_index"]``, the age from the year of birth.
- GoR: the Go rating as registered (``core.go.ranks.go_rating``).
"""

from __future__ import annotations

import datetime

from core.model import Player, Tournament

FIDE_K_KEY = "fide_k"
"""``Player.extra``: the K FIDE publishes for the event's kind (from the list, or typed)."""


def birth_year(player: Player) -> int | None:
    """The year of ``Player.birth`` (``1990`` or ``1990-05-02``), ``None`` when not given."""
    text = (player.birth or "").strip()[:4]
    return int(text) if text.isdigit() else None


def event_year(t: Tournament) -> int:
    """The year the event starts (today's when no date is set)."""
    text = (t.start_date or "")[:4]
    return int(text) if text.isdigit() else datetime.date.today().year


def age(player: Player, t: Tournament) -> int | None:
    """Age in the event's year (the DSB and FIDE count by calendar year)."""
    year = birth_year(player)
    return event_year(t) - year if year else None


def int_field(player: Player, key: str) -> int | None:
    value = player.extra.get(key)
    if isinstance(value, bool) or value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
