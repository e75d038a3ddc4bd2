"""The event's prize groups and sharing rules, changed (:mod:`core.prizes.settings` reads them).

Why here: a front end reads the prize settings to show them and must not change them but
through :mod:`core.app` (the import contract on ``core.changes``).
"""

from __future__ import annotations

from dataclasses import replace

from core.changes.settings import set_settings
from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.prizes.settings import OPTION, SHARING, PrizeGroup, PrizeSettings, check_group, prize_settings, settings_to_json


def with_settings(t: Tournament, s: PrizeSettings) -> Tournament:
    """The tournament with these prize settings stored (through ``set_settings``)."""
    keys = [g.key for g in s.groups]
    if len(set(keys)) != len(keys):
        raise TournamentError(_("two prize groups have the same key"))
    options = dict(t.options)
    options[OPTION] = settings_to_json(s)
    return set_settings(t, options=options)


def add_group(t: Tournament, group: PrizeGroup, before: str | None = None) -> Tournament:
    """Add (or replace, keeping its place) a group; ``before`` puts a new one ahead of that key."""
    check_group(group)
    s = prize_settings(t)
    groups = list(s.groups)
    keys = [g.key for g in groups]
    if group.key in keys:
        groups[keys.index(group.key)] = group
    elif before is not None:
        s.group(before)
        groups.insert(keys.index(before), group)
    else:
        groups.append(group)
    return with_settings(t, replace(s, groups=tuple(groups)))


def remove_group(t: Tournament, key: str) -> Tournament:
    s = prize_settings(t)
    s.group(key)
    return with_settings(t, replace(s, groups=tuple(g for g in s.groups if g.key != key)))


def set_rules(t: Tournament, sharing: str | None = None, hort_percent: int | None = None,
              currency: str | None = None) -> Tournament:
    s = prize_settings(t)
    if sharing is not None and sharing not in SHARING:
        raise TournamentError(_("unknown prize sharing {value!r}; use none, equal or hort").format(value=sharing))
    if hort_percent is not None and not 0 <= hort_percent <= 100:
        raise TournamentError(_("the Hort share must be a percentage from 0 to 100"))
    return with_settings(t, replace(s, sharing=sharing if sharing is not None else s.sharing,
                                    hort_percent=hort_percent if hort_percent is not None else s.hort_percent,
                                    currency=currency.strip()[:8] if currency is not None else s.currency))
