"""Registering teams, the reads: whether a team may enter now, the team a change added, what
a new roster does to the board order — asked by the front ends before they ask
:mod:`core.app` for the change (:mod:`core.changes.teams`, which front ends may not import).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.errors import TournamentError
from core.i18n import _
from core.model import Team, Tournament


def find_team(t: Tournament, team_id: int) -> Team:
    """Team ``team_id`` of the event, else a refusal listing the teams."""
    for team in t.teams:
        if team.id == team_id:
            return team
    known = ", ".join(f"{x.id} {x.name}" for x in t.teams) or _("none")
    raise TournamentError(_("there is no team {id}; teams: {known}").format(id=team_id, known=known))


def team_entry_refusal(t: Tournament) -> str | None:
    """Why no team can be registered now (``None``: it can) — asked before the name and the
    players are typed, so nobody types a team in vain.

    A team Swiss takes late entries like any Swiss: C.04.6 applies the General Handling Rules
    to teams, and C.04.2 Art. 2.4 says a late entry "get[s] no points for the rounds they
    missed, unless the tournament rules grant something" and is "paired only once they
    actually arrive".  The team gets the next team number, its TPN (the initial order of
    teams is the competition's; hakem's is the order of registration), no match and no match
    points for the rounds already paired.  A team round robin's table is drawn for a fixed
    number of teams: no entry after round 1."""
    if t.current_round and t.system != "swiss-team":
        return _("teams cannot be added after round 1 was paired")
    return None


def added_team_id(before: Tournament, after: Tournament) -> int:
    """The number of the team :func:`add_team` registered."""
    old = {x.id for x in before.teams}
    return next(x.id for x in after.teams if x.id not in old)


def board_order_change(t: Tournament, team_id: int, members: Iterable[int]) -> str | None:
    """What a new roster changes in the board order of a team that has played (``None``:
    nothing, or round 1 is not paired yet): the players whose board number moves.

    Why a warning and not a refusal: C.04.6 does not fix a team's board order, but it is the
    order a team's results are read by (board count, top-board result, the board-by-board
    crosstable) and competitions fix it before round 1; a change afterwards is a correction
    the arbiter must mean — the rounds paired keep their boards, the next ones use the new
    order.  The TUI asks before saving it; the CLI says it."""
    if not t.current_round:
        return None
    team = find_team(t, team_id)
    new = list(members)
    moved = [pno for board, pno in enumerate(team.members, start=1)
             if pno in new and new.index(pno) + 1 != board]
    left = [pno for pno in team.members if pno not in new]
    if not moved and not left:
        return None
    return _("team {name!r}: the board order changes after round {round} was paired ({players} on another "
             "board); the rounds paired keep their boards, the next rounds use the new order").format(
        name=team.name, round=t.current_round, players=", ".join(map(str, moved + left)))


def short_team_warnings(t: Tournament, team_ids: Iterable[int]) -> list[str]:
    """A line for each of these teams that can no longer fill every board of its matches: it
    will forfeit the boards it leaves empty (:func:`core.pairing.roundrobin.build.empty_boards`).
    Why a warning and not a refusal: a roster is often completed later, and a team short of a
    player still plays its other boards.  A withdrawn team (nobody left) is not paired at all."""
    from core.i18n import ngettext
    from core.teams.roster import teams_by_id

    boards = t.options.get("boards")
    if not boards:
        return []
    wanted = int(boards)
    round_no = len(t.rounds) + 1
    by_id = teams_by_id(t)
    out = []
    for team_id in dict.fromkeys(team_ids):
        team = by_id.get(team_id)
        if team is None:
            continue
        active = sum(1 for pno in team.members if t.has_player(pno) and t.player(pno).active_in(round_no))
        if 0 < active < wanted:
            out.append(ngettext(
                "team {name!r} has {count} player for {boards} boards: it forfeits the boards it "
                "leaves empty", "team {name!r} has {count} players for {boards} boards: it forfeits "
                "the boards it leaves empty", active).format(name=team.name, count=active, boards=wanted))
    return out
