"""The role table of an event changed: who is chief arbiter, arbiter, results keeper or viewer
(:mod:`core.roles` reads the table and decides what each may do)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.roles import ROLES_OPTION, Role, acting_name, role_of


def set_roles(t: Tournament, entries: Mapping[str, Iterable[str]]) -> Tournament:
    """The tournament with a new role table (validated: known roles, ``user:``/``group:``/``*``)."""
    clean: dict[str, list[str]] = {}
    for key, whos in entries.items():
        if key not in {r.value for r in Role}:
            raise TournamentError(_('unknown role {role!r}; use chief-arbiter, arbiter, results or viewer').format(role=key))
        listed = []
        for who in whos:
            kind, _sep, value = who.partition(":")
            if who != "*" and (kind not in ("user", "group") or not value):
                raise TournamentError(_('{who!r}: write user:NAME, group:NAME or *').format(who=who))
            listed.append(who)
        if listed:
            clean[key] = sorted(set(listed))
    options = {k: v for k, v in t.options.items() if k != ROLES_OPTION}
    if clean:
        options[ROLES_OPTION] = clean
    after = t.with_changes(options=options)
    if clean and role_of(after) is not Role.CHIEF_ARBITER and role_of(t) is Role.CHIEF_ARBITER:
        raise TournamentError(_('this table would leave you without the chief arbiter role; name yourself (user:{user}) first').format(user=acting_name()))
    return after
