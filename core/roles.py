"""Roles: per tournament, who may enter results, correct a closed round, pair, change settings.

Why in the core: the CLI, the TUI and a forced SSH command must refuse the same things for the
same person; a front end that forgets to ask must not be able to bypass it.

The roles (most to least):

- **chief arbiter** — everything, including correcting a result after its round is closed
  (a later round has been paired), changing settings and the roles themselves;
- **arbiter** — results (of open rounds), pairing the next round, players, undo/redo of
  what an arbiter may do;
- **results** — *results entry only*: a result of an open round, nothing else (a club member
  at the board-side laptop, or an SSH key, see the README);
- **viewer** — reads only.

Who has which role is stored with the tournament (``options["roles"]``), mapped to Unix
identities — ``"user:alice"``, ``"group:club-arbiters"``, or ``"*"`` for everyone::

    {"chief-arbiter": ["user:alice"], "arbiter": ["group:club-arbiters"], "results": ["*"]}

Published pairings are the chief arbiter's (FIDE Arbiters' Manual, on the chief arbiter's
duties: the chief arbiter answers for the pairings; once a round's pairing is published only
the chief arbiter releases or changes it).  So an arbiter pairs the next round but neither
unpairs a round (``round.unpair``) nor changes a paired one (``round.change``): unpairing the
last round re-opens the round before it, whose results an arbiter could then change as if it
were open — a correction of a closed round, the chief arbiter's alone.  Undo follows the same
rule: undoing a change is allowed only to a role that may make that change itself
(:func:`require_undo`), so undoing the chief arbiter's pairing is an unpairing.

A tournament without a table gives everyone who can write the directory the chief arbiter's
role (what a club of one organiser expects); once a table exists, a user it does not name is a
viewer.  A person in several entries has the highest role named.  The identity is the real uid
of the process and its groups (never an environment variable); :func:`limit` caps the role of
the whole process (a forced SSH command runs with ``results`` whatever the table says).

The Unix permissions remain the outer wall: anyone with a shell and write access to the
directory can edit the files directly.  Roles make the hakem paths (CLI, TUI, SSH command) safe
for people who only get those paths.
"""

from __future__ import annotations

import grp
import os
import pwd
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from enum import Enum
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament

ROLES_OPTION = "roles"


class Role(Enum):
    """A person's role in one tournament (ordered from most to least)."""

    CHIEF_ARBITER = "chief-arbiter"
    ARBITER = "arbiter"
    RESULTS = "results"
    VIEWER = "viewer"

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    @property
    def label(self) -> str:
        """What the TUI and ``hakem roles`` show (e.g. "results entry only")."""
        return {Role.CHIEF_ARBITER: _("chief arbiter"), Role.ARBITER: _("arbiter"),
                Role.RESULTS: _("results entry only"), Role.VIEWER: _("viewer")}[self]


class PermissionDenied(TournamentError):
    """The user's role in this tournament does not allow the action."""


ACTIONS = ("result.enter", "result.correct", "round.pair", "round.unpair", "round.change", "player.change",
           "settings.change", "history.undo", "roles.change", "tournament.archive", "tournament.delete")
PERMISSIONS: dict[Role, frozenset[str]] = {
    Role.CHIEF_ARBITER: frozenset(ACTIONS),
    Role.ARBITER: frozenset({"result.enter", "round.pair", "player.change", "history.undo"}),
    Role.RESULTS: frozenset({"result.enter"}),
    Role.VIEWER: frozenset(),
}

_cap: Role | None = None
_request_cap: ContextVar[Role | None] = ContextVar("hakem_role_cap", default=None)
"""The cap a service request carries (its client process was capped: a forced SSH command
talking to the data service); per request, like the acting user."""


def limit(role: Role) -> None:
    """Cap the role of this whole process (it can only go down): a forced SSH command."""
    global _cap
    if _cap is None or role.rank > _cap.rank:
        _cap = role


def current_cap() -> Role | None:
    """The lowest of this process's cap and the running request's (``None``: no cap)."""
    caps = [c for c in (_cap, _request_cap.get()) if c is not None]
    return max(caps, key=lambda r: r.rank, default=None)


@contextmanager
def capped(role: Role | None) -> Iterator[None]:
    """Run one service request under its client's cap (a client can only lower its rights:
    the cap it sends is trusted because it never raises anything)."""
    token = _request_cap.set(role)
    try:
        yield
    finally:
        _request_cap.reset(token)


def _identity(uid: int | None) -> tuple[str, set[str]]:
    """(user name, group names) of ``uid`` (the acting user by default: the process's real
    user, or the data service's caller — :func:`core.identity.current_uid`)."""
    from core.identity import current_uid

    uid = current_uid() if uid is None else uid
    try:
        entry = pwd.getpwuid(uid)
        name, primary = entry.pw_name, entry.pw_gid
    except KeyError:
        return str(uid), set()
    gids = set(os.getgroups()) | {os.getgid()} if uid == os.getuid() else {primary}
    groups = set()
    for gid in gids:
        try:
            groups.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            groups.add(str(gid))
    if uid != os.getuid():
        groups |= {g.gr_name for g in grp.getgrall() if name in g.gr_mem}
    return name, groups


def table(t: Tournament) -> dict[str, list[str]]:
    """The tournament's role table (empty when none was set)."""
    raw = t.options.get(ROLES_OPTION) or {}
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): [str(w) for w in v] for k, v in raw.items() if isinstance(v, list)}


def _matches(who: str, name: str, groups: set[str]) -> bool:
    if who == "*":
        return True
    kind, _sep, value = who.partition(":")
    return (kind == "user" and value == name) or (kind == "group" and value in groups)


def names(whos: Iterable[str], uid: int | None = None) -> bool:
    """Whether ``uid`` (the acting user by default) is one of ``whos`` (``user:NAME``,
    ``group:NAME``, ``*``): the same matching as a role table's, for lists of the machine's
    own configuration (the managers of the club's rating lists)."""
    name, groups = _identity(uid)
    return any(_matches(w, name, groups) for w in whos)


def role_of(t: Tournament, uid: int | None = None) -> Role:
    """The role of ``uid`` (the process's user by default) in ``t``, capped by :func:`limit`."""
    from core.identity import serving_administrator

    entries = table(t)
    if not entries or serving_administrator(uid):
        role = Role.CHIEF_ARBITER  # the administrator can always put a role table right
    else:
        name, groups = _identity(uid)
        named = [Role(k) for k, whos in entries.items() if k in {r.value for r in Role}
                 and any(_matches(w, name, groups) for w in whos)]
        role = min(named, key=lambda r: r.rank, default=Role.VIEWER)
    cap = current_cap()
    if cap is not None and cap.rank > role.rank:
        role = cap
    return role


def allowed(t: Tournament, action: str, uid: int | None = None) -> bool:
    return action in PERMISSIONS[role_of(t, uid)]


def require(t: Tournament, action: str, uid: int | None = None) -> None:
    """Raise :class:`PermissionDenied` (naming the role and the action) unless allowed."""
    role = role_of(t, uid)
    if action not in PERMISSIONS[role]:
        raise PermissionDenied(_('your role in {name!r} is {role}: {action} is not allowed').format(
            name=t.name, role=role.label, action=action_label(action)))


def action_label(action: str) -> str:
    return {"result.enter": _("entering a result"),
            "result.correct": _("correcting a result of a closed round"),
            "round.pair": _("pairing a round"), "round.unpair": _("unpairing a round"),
            "round.change": _("changing the pairing of a paired round"),
            "player.change": _("changing players"), "settings.change": _("changing settings"),
            "history.undo": _("undo and redo"), "roles.change": _("changing roles"),
            "tournament.archive": _("archiving or unarchiving the tournament"),
            "tournament.delete": _("deleting the tournament")}.get(action, action)


def result_action(t: Tournament, round_no: int, board_no: int) -> str:
    """``result.correct`` for a board that has a result in a closed round (a later round is
    paired), else ``result.enter``."""
    closed = round_no < len(t.rounds)
    if closed and 1 <= round_no <= len(t.rounds):
        boards = t.rounds[round_no - 1].boards
        if 1 <= board_no <= len(boards) and boards[board_no - 1].result is not None:
            return "result.correct"
    return "result.enter"


_WILDCARD = frozenset("*?[]")


def grantee(who: str) -> str:
    """``who`` as a role table names it, checked against this machine's password and group
    databases: ``user:NAME`` / ``group:NAME`` of an existing user or group (a number only if
    such a uid/gid exists, stored as its name, so the table reads the same everywhere), or
    ``*`` alone (everyone).  Refused: whitespace anywhere (``"user:bob "`` was stored beside
    ``user:bob``), wildcards in a name (``user:*`` is not a pattern here), unknown names (a
    typo would grant nothing, silently)."""
    if who == "*":
        return who
    if who != who.strip() or any(c.isspace() for c in who):
        raise TournamentError(_("{who!r}: a user or group name has no spaces").format(who=who))
    kind, _sep, value = who.partition(":")
    if kind not in ("user", "group") or not value:
        raise TournamentError(_('{who!r}: write user:NAME, group:NAME or *').format(who=who))
    if _WILDCARD & set(value):
        raise TournamentError(_("{who!r}: no wildcards in a name (* alone means everyone)").format(who=who))
    found = _user_name(value) if kind == "user" else _group_name(value)
    if found is None:
        raise TournamentError((_("{who!r}: no such user on this machine") if kind == "user"
                               else _("{who!r}: no such group on this machine")).format(who=who))
    return f"{kind}:{found}"


def _user_name(value: str) -> str | None:
    try:
        return pwd.getpwnam(value).pw_name
    except KeyError:
        pass
    try:
        return pwd.getpwuid(int(value)).pw_name if value.isdigit() else None
    except (KeyError, OverflowError):
        return None


def _group_name(value: str) -> str | None:
    try:
        return grp.getgrnam(value).gr_name
    except KeyError:
        pass
    try:
        return grp.getgrgid(int(value)).gr_name if value.isdigit() else None
    except (KeyError, OverflowError):
        return None


def acting_name() -> str:
    """The acting user's name (the process's real user, or the data service's caller)."""
    return _identity(None)[0]


# -- what a change does, read from the states (so no front end can mislabel it) ----------------
def _board_key(board: Any) -> tuple[Any, ...]:
    return (board.white, board.black, board.handicap, board.komi)


def _tie_break_games(rb: Any, ra: Any) -> bool:
    """True when two versions of a cup's round differ only by tie-break games a result added
    or removed (labelled boards without a result at the end): part of entering that result,
    not a new pairing (``core.playoff.cup.after_result``)."""
    n = min(len(rb.boards), len(ra.boards))
    extra = rb.boards[n:] or ra.boards[n:]
    return ([_board_key(b) for b in rb.boards[:n]] == [_board_key(b) for b in ra.boards[:n]]
            and all(b.game and b.result is None for b in extra))


_CUP_GAME_KEYS = ("bids", "flag_later")
"""A cup's options that belong to one game's result, not to the event's settings."""


def _settings_part(t: Tournament) -> dict[str, Any]:
    """The options that are settings: without the role table and a cup's game entries."""
    out = {k: v for k, v in t.options.items() if k != ROLES_OPTION}
    if isinstance(out.get("knockout"), Mapping):
        out["knockout"] = {k: v for k, v in out["knockout"].items() if k not in _CUP_GAME_KEYS}
    return out


def _cup_game_part(t: Tournament) -> dict[str, Any]:
    cfg = t.options.get("knockout")
    return {k: cfg.get(k) for k in _CUP_GAME_KEYS} if isinstance(cfg, Mapping) else {}


def changes(before: Tournament, after: Tournament) -> set[str]:
    """The actions a change from ``before`` to ``after`` amounts to."""
    acts: set[str] = set()
    if table(before) != table(after):
        acts.add("roles.change")
    if len(after.rounds) > len(before.rounds):
        acts.add("round.pair")
    elif len(after.rounds) < len(before.rounds):
        acts.add("round.unpair")
    for rb, ra in zip(before.rounds, after.rounds):
        if rb == ra:
            continue
        if (rb.byes, rb.matches, rb.manual) != (ra.byes, ra.matches, ra.manual) \
                or ([_board_key(b) for b in rb.boards] != [_board_key(b) for b in ra.boards]
                    and not _tie_break_games(rb, ra)):
            acts.add("round.change")  # a published pairing changed: the chief arbiter's
            continue
        for n, (bb, ba) in enumerate(zip(rb.boards, ra.boards), start=1):
            if bb != ba:
                acts.add(result_action(before, rb.number, n))
    if (before.players, before.teams, before.requested_byes) != (after.players, after.teams, after.requested_byes):
        acts.add("player.change")  # a requested bye (a Keizer evening's announced absence) is a player's
    rest, rest_after = _settings_part(before), _settings_part(after)
    if _cup_game_part(before) != _cup_game_part(after):
        acts.add("result.enter")  # Armageddon bids, whose flag fell later: the game's result
    if rest != rest_after or _bare(before, after) != _bare(after, before):
        acts.add("settings.change")
    return acts


def _bare(t: Tournament, other: Tournament) -> Tournament:
    """``t``'s own fields, for comparing settings (no players, requested byes, rounds, teams,
    options).  The
    first colour, drawn by lot when round 1 is paired (``core.changes.prepare_next_round``, once),
    is part of that pairing, not a setting — between a state without rounds and one with them
    it is left out (an arbiter, who may pair, was refused round 1 as "changing settings")."""
    bare = t.with_changes(players=(), rounds=(), teams=(), options={}, requested_byes=())
    unpaired = t if not t.rounds else other if not other.rounds else None
    if unpaired is not None and (t.rounds or other.rounds) and unpaired.initial_colour is None:
        return bare.with_changes(initial_colour=None)
    return bare


def require_change(before: Tournament, after: Tournament) -> None:
    """Refuse a change whose effect the user's role (in ``before``) does not allow."""
    _require_all(before, changes(before, after))


def require_undo(before: Tournament, after: Tournament) -> None:
    """Refuse an undo (``before`` → ``after``) unless the role may both make its effect and
    the change it takes back (``after`` → ``before``): an arbiter, who may not unpair, may
    not undo a pairing, nor undo the chief arbiter's unpairing (which pairs nothing new: it
    puts back a round only the chief arbiter released).  Why both: judged by the effect
    alone, undo did what the role never could — undoing the chief arbiter's pairing
    re-opened the round before it for the arbiter to change.  A redo makes the change again:
    its effect is the change (:func:`require_change`)."""
    _require_all(before, changes(before, after) | changes(after, before))


def _require_all(before: Tournament, actions: set[str]) -> None:
    if current_cap() is None and not table(before):
        return  # no roles set: everyone who can write the directory may do everything
    role = role_of(before)
    for action in sorted(actions):
        if action not in PERMISSIONS[role]:
            require(before, action)
