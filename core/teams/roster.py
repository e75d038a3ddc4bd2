"""Rosters and board order of team events.

A team's roster is ``Team.members`` in board order (board 1 first).  For a round, the line-up
is the first active members of the roster: a member who is not available (withdrawn, not
yet joined) is skipped and everybody below moves up, as board-order rules require.
"""

from __future__ import annotations

from core.i18n import _

from core.errors import TournamentError, UnknownPlayer
from core.model import Match, Round, Team, Tournament


def teams_by_id(t: Tournament) -> dict[int, Team]:
    return {team.id: team for team in t.teams}


def team_rating(t: Tournament, team: Team) -> int:
    """The rating a team is listed with: its own (typed at registration, TRF-2026 310's
    strength) when given, else the mean of its rated roster players' ratings, rounded half up
    (0: nobody rated) — never one player's rating."""
    if team.rating:
        return team.rating
    ratings = [p.rating for p in t.players if p.pno in set(team.members) and p.rating]
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings)) if ratings else 0


def team_of(t: Tournament) -> dict[int, int]:
    """pno → team id (a player in two rosters is an error)."""
    out: dict[int, int] = {}
    for team in t.teams:
        for pno in team.members:
            if pno in out:
                raise TournamentError(
                    _('player {pno} is in the rosters of teams {value} and {id}').format(pno=pno, value=out[pno], id=team.id))
            out[pno] = team.id
    return out


def line_up(t: Tournament, team: Team, round_no: int, boards: int | None = None) -> tuple[int, ...]:
    """The members who play in ``round_no``, in board order, at most ``boards`` of them."""
    active: list[int] = []
    for pno in team.members:
        if not t.has_player(pno):
            raise UnknownPlayer(_('team {name!r} lists player {pno}, who is not registered').format(name=team.name, pno=pno))
        if t.player(pno).active_in(round_no):
            active.append(pno)
    return tuple(active if boards is None else active[:boards])


def team_absent(t: Tournament, team: Team, round_no: int) -> bool:
    """Every player of ``team`` who could play ``round_no`` has a requested bye in it: the
    team's own absence (:func:`core.changes.teams.request_team_bye`), not paired."""
    away = {b.pno for b in t.requested_byes if b.round == round_no}
    members = [pno for pno in team.members if t.has_player(pno) and t.player(pno).active_in(round_no)]
    return bool(members) and all(pno in away for pno in members)


def board_pairs(first: tuple[int, ...], second: tuple[int, ...],
                first_white_on: str = "odd") -> list[tuple[int, int]]:
    """Boards of a team match as ``(white, black)``: board i pairs ``first[i]`` with
    ``second[i]``; the first-named team has White on odd boards (FIDE convention for team
    events, ``"odd"``) or on even boards (``"even"``, the German league convention that the
    Reisepartner seed uses).  Only as many boards as both line-ups fill are paired."""
    if first_white_on not in ("odd", "even"):
        raise TournamentError(_("first_white_on must be 'odd' or 'even', not {first_white_on!r}").format(first_white_on=first_white_on))
    out: list[tuple[int, int]] = []
    for i, (a, b) in enumerate(zip(first, second), start=1):
        first_white = (i % 2 == 1) == (first_white_on == "odd")
        out.append((a, b) if first_white else (b, a))
    return out



def derive_matches(rnd: Round, teams: tuple[Team, ...] | list[Team]) -> tuple[Match, ...]:
    """Group a round's boards by the two teams playing on them, matches in order of their
    first board.  Inside a match the boards follow the rosters: a team record lists its players
    in board order (TRF-2026 ``310``: "players from column 74", board 1 first; record ``300``
    exists only for boards played out of that order), so a match's board 1 is the game of the
    players earliest on their rosters, whatever order the file lists the games in.  The team
    with White on the match's board 1 is named first (home).  Why here: a TRF has no record of
    the matches, and a team round paired by hand has only boards."""
    team_of = {pno: team.id for team in teams for pno in team.members}
    seat = {pno: i for team in teams for i, pno in enumerate(team.members)}
    groups: dict[frozenset[int], list[int]] = {}
    for index, board in enumerate(rnd.boards):
        home, away = team_of.get(board.white), team_of.get(board.black)
        if home is None or away is None or home == away:
            continue
        groups.setdefault(frozenset((home, away)), []).append(index)
    matches = []
    for indices in groups.values():
        first = rnd.boards[indices[0]]
        reference = team_of[first.white]  # one team's roster orders the match's boards

        def roster_key(i: int, reference: int = reference) -> tuple[int, int, int]:
            b = rnd.boards[i]
            own, other = (b.white, b.black) if team_of[b.white] == reference else (b.black, b.white)
            return seat[own], seat[other], i

        ordered = sorted(indices, key=roster_key)
        top = rnd.boards[ordered[0]]
        matches.append(Match(team_of[top.white], team_of[top.black], tuple(ordered)))
    return tuple(matches)
