"""What each team did in each round of a team event: opponent, colour, match and game points,
played or not, the pairing-allocated bye.

Why one place: the team Swiss engine (its scores, colours, floats and bye rules), the team
standings and the team tie-breaks all read the same facts from the boards; a match counts as
played when at least one of its games was played over the board (a match whose every game
is forfeited gives no colour and no meeting, C.04.6 Art. 1.6.1 and C.04.2 Art. 3.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.model import Match, Round, Tournament
from core.teams.scoring import bye_points, empty_board_wins, forfeited_by_both, match_points_of


@dataclass(frozen=True)
class TeamRound:
    """One team in one round."""

    round: int
    opponent: int | None
    """``None``: the pairing-allocated bye (``bye``) or no match at all."""
    game_points: Fraction
    opponent_game_points: Fraction
    played: bool
    white: bool
    """The team's first board had White (C.04.6 Art. 1.6.1); meaningful when ``played``."""
    complete: bool
    bye: bool = False
    lost_by_both: bool = False
    """Both teams forfeited every board: a match lost by both
    (:func:`core.teams.scoring.match_points_of`)."""

    def match_points(self) -> int:
        """The team's match points for this match (not for the bye)."""
        return match_points_of(self.game_points, self.opponent_game_points, self.lost_by_both)


def _side(t: Tournament, rnd: Round, match: Match, members: set[int]) -> tuple[Fraction, Fraction, bool, bool, bool]:
    """(home points, away points, played, home had White on board 1, complete)."""
    home_pts = away_pts = Fraction(0)
    played, complete = False, True
    for i in match.boards:
        board = rnd.boards[i]
        home_white = board.white in members
        if board.result is None:
            complete = False
            continue
        wc, bc = board.result.codes(board.unrated)
        w, b = t.points.for_code(wc), t.points.for_code(bc)
        home_pts += w if home_white else b
        away_pts += b if home_white else w
        played |= board.result.played
    first_white = bool(match.boards) and rnd.boards[match.boards[0]].white in members
    return home_pts, away_pts, played, first_white, complete


def team_history(t: Tournament, upto: int | None = None) -> dict[int, list[TeamRound]]:
    """Per team id, one entry per round it had a match or the bye in (rounds ≤ ``upto``)."""
    members = {team.id: set(team.members) for team in t.teams}
    out: dict[int, list[TeamRound]] = {team.id: [] for team in t.teams}
    _, bye_gp = bye_points(t) if any(m.bye for r in t.rounds for m in r.matches) else (0, Fraction(0))
    for rnd in t.rounds:
        if upto is not None and rnd.number > upto:
            break
        for match in rnd.matches:
            if match.bye:
                out.setdefault(match.home, []).append(
                    TeamRound(rnd.number, None, Fraction(bye_gp), Fraction(0), False, False, True, True))
                continue
            hp, ap, played, home_white, complete = _side(t, rnd, match, members.get(match.home, set()))
            extra_home, extra_away, _empty = empty_board_wins(
                t, rnd, match, members.get(match.home, set()), members.get(match.away, set()))
            hp, ap = hp + extra_home, ap + extra_away
            both = forfeited_by_both(rnd, match)
            out.setdefault(match.home, []).append(
                TeamRound(rnd.number, match.away, hp, ap, played, home_white, complete, lost_by_both=both))
            out.setdefault(match.away, []).append(
                TeamRound(rnd.number, match.home, ap, hp, played, not home_white, complete, lost_by_both=both))
    return out
