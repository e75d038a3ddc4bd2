"""Board points and match points of team matches (Aktar p. 73).

A match is won by the team with more than half of the board points: 2 match points; a drawn
match 1; a lost match 0 (``MatchPoints`` allows other values).  A match that both teams
forfeited on every board is lost by both (:func:`match_points_of`).  Board points are the points
of the tournament's :class:`~core.model.PointSystem` per board (1/½/0, forfeit win 1).

``aggregate="round"`` scores every ``Round.matches`` entry on its own (leagues: one match per
round).  ``aggregate="pair"`` joins all entries between the same two teams into one match
(Scheveningen, Skalitzka: a match spreads over several rounds).
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass, field
from fractions import Fraction

from core.errors import TournamentError
from core.model import GameResult, Match, Round, Tournament, team_adjusted_points


@dataclass(frozen=True)
class MatchPoints:
    win: int = 2
    draw: int = 1
    loss: int = 0


def forfeited_by_both(rnd: Round, match: Match) -> bool:
    """Both teams forfeited every board of ``match`` (each board ``--``)."""
    return bool(match.boards) and all(rnd.boards[i].result is GameResult.DOUBLE_FORFEIT for i in match.boards)


def empty_board_wins(t: Tournament, rnd: Round, match: Match, home_members: set[int],
                     away_members: set[int]) -> tuple[Fraction, Fraction, int]:
    """(home, away) points of the boards one team of ``match`` left empty, and how many.

    Why: a team that fields fewer players than the match has boards forfeits the boards it
    cannot fill; the present opponent on each of them wins by forfeit (recorded as a forfeit
    win without an opponent, :attr:`core.model.Bye.forfeit_win`), and those points count in the
    match's game points like any other board's."""
    home = away = Fraction(0)
    count = 0
    if match.bye:
        return home, away, count
    for bye in rnd.byes:
        if bye.trf_code != "+":  # written by hakem (a forfeit win) or read from a TRF (kept as
            continue             # a pairing-allocated bye with the file's code and points)
        if bye.pno in home_members:
            home += t.points.for_code(bye.code)
        elif bye.pno in away_members:
            away += t.points.for_code(bye.code)
        else:
            continue
        count += 1
    return home, away, count


def match_points_of(own: Fraction, other: Fraction, lost_by_both: bool = False,
                    mp: MatchPoints = MatchPoints()) -> int:
    """A team's match points from the game points of both teams.

    Why ``lost_by_both``: a game forfeited by both players is lost by both (``--``, a forfeit
    loss for each); a team that forfeits every board has forfeited the match, so a match both
    teams forfeited on every board is lost by both — 0 match points each, not a drawn match
    (whose 1 each would reward two absent teams).  It stays a match not played: the teams may
    meet again (C.04.2 Art. 3.5) and each has a forfeit loss, a voluntary unplayed round, for
    the tie-breaks (C.07 Art. 16.2.4)."""
    if lost_by_both:
        return mp.loss
    return mp.win if own > other else mp.loss if own < other else mp.draw


@dataclass(frozen=True)
class MatchScore:
    """Board points of one (possibly multi-round) team match."""

    home: int
    away: int
    home_points: Fraction
    away_points: Fraction
    boards: int
    complete: bool
    rounds: tuple[int, ...] = ()
    lost_by_both: bool = False
    """Both teams forfeited every board (:func:`match_points_of`)."""

    def match_points(self, mp: MatchPoints = MatchPoints()) -> tuple[int, int]:
        """(home, away) match points; a win needs more than half the board points."""
        return (match_points_of(self.home_points, self.away_points, self.lost_by_both, mp),
                match_points_of(self.away_points, self.home_points, self.lost_by_both, mp))


def _board_points(t: Tournament, rnd: Round, index: int) -> tuple[Fraction, Fraction, bool]:
    board = rnd.boards[index]
    if board.result is None:
        return Fraction(0), Fraction(0), False
    wc, bc = board.result.codes(board.unrated)
    return t.points.for_code(wc), t.points.for_code(bc), True


def match_scores(t: Tournament, aggregate: str = "round") -> list[MatchScore]:
    """Scores of every team match, in round order (then first appearance)."""
    if aggregate not in ("round", "pair"):
        raise TournamentError(_("aggregate must be 'round' or 'pair', not {aggregate!r}").format(aggregate=aggregate))
    members = {team.id: set(team.members) for team in t.teams}
    merged: dict[tuple[int, ...], list] = {}
    order: list[tuple[int, ...]] = []
    for rnd in t.rounds:
        for m_index, match in enumerate(rnd.matches):
            if match.bye:  # a team Swiss's pairing-allocated bye: no match (team_standings)
                continue
            home_pts = away_pts = Fraction(0)
            complete = True
            for i in match.boards:
                w_pts, b_pts, done = _board_points(t, rnd, i)
                complete &= done
                board = rnd.boards[i]
                if board.white in members.get(match.home, ()):
                    home_pts += w_pts
                    away_pts += b_pts
                else:
                    home_pts += b_pts
                    away_pts += w_pts
            extra_home, extra_away, empty = empty_board_wins(
                t, rnd, match, members.get(match.home, set()), members.get(match.away, set()))
            home_pts += extra_home
            away_pts += extra_away
            if aggregate == "round":
                key: tuple[int, ...] = (rnd.number, m_index)
                home, away = match.home, match.away
            else:
                key = tuple(sorted((match.home, match.away)))
                home, away = key
                if match.home != home:
                    home_pts, away_pts = away_pts, home_pts
            if key not in merged:
                merged[key] = [home, away, Fraction(0), Fraction(0), 0, True, [], True]
                order.append(key)
            acc = merged[key]
            acc[2] += home_pts
            acc[3] += away_pts
            acc[4] += len(match.boards) + empty
            acc[5] = acc[5] and complete
            acc[6].append(rnd.number)
            acc[7] = acc[7] and forfeited_by_both(rnd, match)
    return [MatchScore(a[0], a[1], a[2], a[3], a[4], a[5], tuple(dict.fromkeys(a[6])), a[7])
            for a in (merged[k] for k in order)]


@dataclass(frozen=True)
class TeamStanding:
    team: int
    match_points: Fraction
    """The matches' match points plus the team's point adjustments (TRF 299)."""
    board_points: Fraction
    played: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    opponents: tuple[int, ...] = field(default=())


@dataclass
class _Tally:
    """One team's running totals while :func:`team_standings` reads the matches."""

    match_points: Fraction = Fraction(0)
    board_points: Fraction = Fraction(0)
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    opponents: list[int] = field(default_factory=list)


def _add_byes(t: Tournament, acc: dict[int, _Tally]) -> None:
    """A team Swiss's pairing-allocated byes: the points of a drawn match (C.04.6 Art. 1.4),
    no match played, no opponent."""
    byes = [(rnd, m.home) for rnd in t.rounds for m in rnd.matches if m.bye]
    if not byes:
        return
    mp, gp = bye_points(t)
    for _rnd, team in byes:
        a = acc.setdefault(team, _Tally())
        a.match_points += mp
        a.board_points += gp


def team_standings(t: Tournament, aggregate: str = "round", mp: MatchPoints = MatchPoints(),
                   primary: str = "match") -> list[TeamStanding]:
    """Teams ranked by match points then board points (``primary="match"``), or by board
    points then match points (``primary="board"``, e.g. Skalitzka); then by team id.  Only
    complete matches count, plus the teams' point adjustments (TRF 299); finer tie-breaks
    belong to :mod:`core.tiebreaks`."""
    acc = {team.id: _Tally() for team in t.teams}
    for s in match_scores(t, aggregate):
        if not s.complete:
            continue
        hm, am = s.match_points(mp)
        for team, mpts, bpts, opp in ((s.home, hm, s.home_points, s.away),
                                      (s.away, am, s.away_points, s.home)):
            a = acc.setdefault(team, _Tally())
            a.match_points += mpts
            a.board_points += bpts
            a.played += 1
            a.wins += mpts == mp.win
            a.draws += mpts == mp.draw and hm == am and not s.lost_by_both
            a.losses += mpts == mp.loss and (hm != am or s.lost_by_both)
            a.opponents.append(opp)
    _add_byes(t, acc)
    for team, (extra_mp, extra_bp) in team_adjusted_points(t).items():
        if team in acc:
            acc[team].match_points += extra_mp
            acc[team].board_points += extra_bp
    rows = [TeamStanding(team, a.match_points, a.board_points, a.played, a.wins, a.draws, a.losses,
                         tuple(a.opponents))
            for team, a in acc.items()]
    if primary == "board":
        rows.sort(key=lambda r: (-r.board_points, -r.match_points, r.team))
    else:
        rows.sort(key=lambda r: (-r.match_points, -r.board_points, r.team))
    return rows


def match_boards(t: Tournament) -> int:
    """Boards per match: the ``boards`` option, else the smallest roster."""
    wanted = t.options.get("boards")
    if wanted:
        return int(wanted)
    return min((len(team.members) for team in t.teams if team.members), default=1)


def bye_points(t: Tournament) -> tuple[Fraction, Fraction]:
    """The match and game points of a team's pairing-allocated bye: those of a drawn match
    unless the event says otherwise (C.04.6 Art. 1.4; options ``pab_match_points``,
    ``pab_game_points``)."""
    mp = t.options.get("pab_match_points")
    gp = t.options.get("pab_game_points")
    return (Fraction(str(mp)) if mp is not None else Fraction(1),
            Fraction(str(gp)) if gp is not None else Fraction(match_boards(t)) * t.points.win / 2)
