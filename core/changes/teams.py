"""Registering teams: validated changes ``Tournament -> Tournament`` for team events (the
reads that go with them, which front ends use, are :mod:`core.teams.registration`).

The rules are the team event's own — a roster is
the board order (board 1 first), a player plays for one team only, a team name is unique, and
teams come and go only before round 1 (the round-robin table is drawn for a fixed number of
teams).  Rosters may change later (a substitute joins, the board order is corrected): rounds
already paired keep their boards; later rounds use the new roster.  Like every command these
raise a :class:`~core.errors.TournamentError` naming what is wrong and change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from core.errors import TournamentError
from core.i18n import _
from core.model import Team, Tournament
from core.numbering import ranked_order
from core.teams.registration import find_team, team_entry_refusal


def _check_name(t: Tournament, name: str, team_id: int | None = None) -> str:
    from core.fields import name as checked_name

    name = checked_name(name, "team")
    if not name:
        raise TournamentError(_("a team needs a name"))
    for other in t.teams:
        if other.id != team_id and other.name.casefold() == name.casefold():
            raise TournamentError(_("there is already a team called {name!r} (team {id})").format(
                name=other.name, id=other.id))
    return name


def _short(short: str) -> str:
    """A team's short name (at most five characters, as the crosstables print it)."""
    from core.fields import name as checked_name

    return checked_name(short, "short")[:5]


def _check_members(t: Tournament, members: Iterable[int], team_id: int | None = None) -> tuple[int, ...]:
    """Members exist, appear once, and play for no other team."""
    members = tuple(members)
    seen: set[int] = set()
    for pno in members:
        if not t.has_player(pno):
            raise TournamentError(_("player {pno} is not registered in this tournament").format(pno=pno))
        if pno in seen:
            raise TournamentError(_("player {pno} is listed twice in the roster").format(pno=pno))
        seen.add(pno)
        for other in t.teams:
            if other.id != team_id and pno in other.members:
                raise TournamentError(_("player {pno} already plays for team {team!r}").format(
                    pno=pno, team=other.name))
    return members


def _check_before_round_one(t: Tournament, what: str) -> None:
    if t.current_round:
        raise TournamentError(what)


def _check_rating(rating: int) -> int:
    if not isinstance(rating, int) or not 0 <= rating <= 4000:
        raise TournamentError(_("team rating {value!r} must be a whole number from 0 to 4000").format(value=rating))
    return rating


def add_team(t: Tournament, name: str, members: Iterable[int] = (), short: str = "",
             rating: int = 0) -> Tournament:
    """Register a team with its roster in board order; it gets the next team number (a late
    entry in a team Swiss, :func:`team_entry_refusal`)."""
    refusal = team_entry_refusal(t)
    if refusal is not None:
        raise TournamentError(refusal)
    name = _check_name(t, name)
    roster = _check_members(t, members)
    team_id = max((x.id for x in t.teams), default=0) + 1
    team = Team(team_id, name, roster, _short(short), _check_rating(rating))
    return t.with_changes(teams=t.teams + (team,))


def edit_team(t: Tournament, team_id: int, name: str | None = None, short: str | None = None,
              rating: int | None = None) -> Tournament:
    """Change a team's name, short name or rating."""
    team = find_team(t, team_id)
    changes: dict = {}
    if name is not None:
        changes["name"] = _check_name(t, name, team_id)
    if short is not None:
        changes["short"] = _short(short)
    if rating is not None:
        changes["rating"] = _check_rating(rating)
    new = replace(team, **changes)
    return t.with_changes(teams=tuple(new if x.id == team_id else x for x in t.teams))


def set_roster(t: Tournament, team_id: int, members: Iterable[int]) -> Tournament:
    """Replace a team's roster (board order, board 1 first).  After round 1 a player who has
    already played for the team cannot leave it: the games played for it stay in its results."""
    team = find_team(t, team_id)
    roster = _check_members(t, members, team_id)
    if t.current_round:
        played = {pno for rnd in t.rounds for b in rnd.boards for pno in (b.white, b.black)}
        gone = [pno for pno in team.members if pno in played and pno not in roster]
        if gone:
            raise TournamentError(_("player {pno} has already played for team {team!r} and must stay "
                                    "in its roster").format(pno=gone[0], team=team.name))
    new = replace(team, members=roster)
    return t.with_changes(teams=tuple(new if x.id == team_id else x for x in t.teams))


def remove_team(t: Tournament, team_id: int) -> Tournament:
    """Delete a team (before round 1); its players stay registered.  Teams after it keep their
    numbers (team numbers are names, not positions)."""
    find_team(t, team_id)
    _check_before_round_one(t, _("teams cannot be removed after round 1 was paired"))
    adjustments = tuple(replace(a, teams=tuple(x for x in a.teams if x != team_id))
                        for a in t.team_adjustments if set(a.teams) - {team_id})
    return t.with_changes(teams=tuple(x for x in t.teams if x.id != team_id), team_adjustments=adjustments)


def teams_from_clubs(t: Tournament) -> Tournament:
    """One team per club (``Player.club``), roster in ranking order (rating, title, name), for
    players not yet in a team.  Clubs already present as a team name get the players added at
    the bottom of that team's roster."""
    _check_before_round_one(t, _("teams cannot be added after round 1 was paired"))
    in_team = {pno for team in t.teams for pno in team.members}
    clubs: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for p in ranked_order(t.players):
        club = p.club.strip()
        if not club or p.pno in in_team:
            continue
        key = club.casefold()
        names.setdefault(key, club)
        clubs.setdefault(key, []).append(p.pno)
    if not clubs:
        raise TournamentError(_("no player without a team has a club; give the players' clubs first"))
    for key in sorted(clubs, key=lambda k: names[k].casefold()):
        existing = next((x for x in t.teams if x.name.casefold() == key), None)
        if existing is None:
            t = add_team(t, names[key], clubs[key])
        else:
            t = set_roster(t, existing.id, existing.members + tuple(clubs[key]))
    return t


def _swiss_team(t: Tournament, team_id: int) -> Team:
    if t.system != "swiss-team":
        raise TournamentError(_("a team's bye or withdrawal is for a team Swiss; in this event request each "
                                "player's bye or withdrawal (`hakem players bye`, `hakem players withdraw`)"))
    return find_team(t, team_id)


def request_team_bye(t: Tournament, team_id: int, round_no: int) -> Tournament:
    """A team Swiss team known in advance to be absent from ``round_no``: not paired, 0 points
    (C.04.2 Art. 3.3, which C.04.6 applies to teams; the rules give nothing else for a team's
    absence).  Stored as a zero-point bye of every player still in the team; the pairing
    leaves out a team all of whose players have one
    (:func:`core.teams.roster.team_absent`)."""
    from core.changes.players import check_bye_round, store_bye
    from core.model import ByeKind

    team = _swiss_team(t, team_id)
    check_bye_round(t, round_no)
    members = [pno for pno in team.members if t.player(pno).active_in(round_no)]
    if not members:
        raise TournamentError(_("team {name!r} has nobody left to play in round {round_no}").format(
            name=team.name, round_no=round_no))
    for pno in members:
        t = store_bye(t, pno, round_no, ByeKind.ZERO)
    return t


def cancel_team_bye(t: Tournament, team_id: int, round_no: int) -> Tournament:
    """Undo :func:`request_team_bye`: the team is paired in ``round_no`` again."""
    from core.teams.roster import team_absent

    team = _swiss_team(t, team_id)
    if not team_absent(t, team, round_no):
        raise TournamentError(_("team {name!r} has no bye in round {round_no}").format(name=team.name, round_no=round_no))
    members = set(team.members)
    return t.with_changes(requested_byes=tuple(b for b in t.requested_byes
                                               if not (b.round == round_no and b.pno in members)))


def withdraw_team(t: Tournament, team_id: int, from_round: int | None = None) -> Tournament:
    """A team Swiss team withdrawn: not paired again (C.04.2 Art. 3.2, applied to teams by
    C.04.6); every player of its roster withdrawn from the same round."""
    from core.changes.players import withdraw

    team = _swiss_team(t, team_id)
    staying = [pno for pno in team.members if t.player(pno).withdrawn_round is None]
    if not staying:
        raise TournamentError(_("team {name!r} is already withdrawn").format(name=team.name))
    for pno in staying:
        t = withdraw(t, pno, from_round)
    return t
