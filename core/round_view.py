"""What a paired round shows beside its boards, computed: the points before the round, a cup's
points in the match, the order of the rows (a team match before its boards), a team match's
score, a cup's players without a game and its boards' games, the reasons behind a cup's boards,
and what a correction does to the two players' points.

Why in core: the rounds pane (and any other front end) only *shows* these; the rules behind
them (which points stand beside a name in Go, when a cup's board was added, which boards make
a match) are the event's, and live with it — :mod:`core.model`, :mod:`core.go.summary`,
:mod:`core.playoff.cup`, :mod:`core.teams.scoring` do the counting, this module asks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.errors import TournamentError
from core.model import ByeKind, Round, Tournament, scores

if TYPE_CHECKING:
    from core.pairing.base import RoundPairing
    from core.teams.scoring import MatchScore

def scores_before_round(t: Tournament, round_no: int) -> dict[int, Fraction]:
    """What stands beside the names: chess points before the round (:func:`core.model.scores`),
    a Go event's MMS or level (a McMahon player starts on his rank's MMS)."""
    from core.fields import GO_SYSTEMS

    if t.system in GO_SYSTEMS:
        from core.go.summary import scores_before

        try:
            return scores_before(t, round_no)
        except TournamentError:  # a bad stored setting is reported by the engines, not here
            return {}
    return scores(t, round_no - 1)


def rounds_planned(t: Tournament) -> int:
    """The event's number of rounds as its header says it: a cup's knockout rounds counted from
    its bracket of the players registered now (before round 1 the stored number is the one the
    new-event form held — "round 0 of 5" for a cup of ten players, which plays four rounds);
    a round robin made without its rounds likewise from its table of the players registered now;
    the stored number elsewhere, and once a cup is paired (pairing sets it from the bracket)."""
    if t.system == "knockout" and not t.rounds and len(t.players) >= 2:
        from core.playoff.cup import bracket_rounds

        try:
            return bracket_rounds(t)
        except TournamentError:  # a bad stored setting is reported when pairing
            return t.total_rounds
    if t.options.get("rounds_from_players") and not t.rounds and len(t.players) >= 2:
        # a round robin made without its rounds: the table of the players registered now
        # (round 1 fixes it; the stored 1 is a placeholder: "round 0 of 1")
        from core.pairing.roundrobin import rounds_needed

        try:
            return rounds_needed(t)
        except TournamentError:
            return t.total_rounds
    return t.total_rounds


def cup_points(t: Tournament, round_no: int) -> dict[int, tuple[Fraction, Fraction]]:
    """A cup's boards: each player's points in the match before the board's game (not the
    event's, which count earlier matches and rounds passed without a game); empty for other
    systems, and for a cup whose stored state the engine refuses (it says why when pairing)."""
    if t.system != "knockout":
        return {}
    from core.playoff.cup_bracket import points_before_games

    try:
        return points_before_games(t, round_no)
    except TournamentError:
        return {}


def board_order(rnd: Round) -> list[int | str]:
    """Row order of a round's boards: board indices, each team match (``"m<k>"``) followed by
    its boards; boards outside every match (individual events: all of them) in board order."""
    if not rnd.matches:
        return list(range(len(rnd.boards)))
    out: list[int | str] = []
    seen: set[int] = set()
    for k, match in enumerate(rnd.matches):
        out.append(f"m{k}")
        out.extend(match.boards)
        seen.update(match.boards)
    out.extend(i for i in range(len(rnd.boards)) if i not in seen)
    return out


@dataclass(frozen=True)
class MatchLine:
    """One team match of a round: the teams, and either its score or the bye's points."""

    home: str
    away: str
    score: MatchScore | None
    """Board points so far (``None`` for a pairing-allocated bye)."""
    match_points: tuple[Fraction, Fraction] | None
    """Each team's match points once every board has a result; a bye's (match, game) points."""


def match_lines(t: Tournament, rnd: Round) -> dict[str, MatchLine]:
    """Each team match of ``rnd`` by its row key (``"m<k>"``, :func:`board_order`)."""
    from core.teams.scoring import bye_points
    from core.teams.scoring import MatchPoints, match_scores

    teams = {team.id: team.name for team in t.teams}
    round_scores = iter([s for s in match_scores(t) if s.rounds == (rnd.number,)])
    out = {}
    for k, match in enumerate(rnd.matches):
        home = teams.get(match.home, str(match.home))
        if match.bye:  # a team Swiss's pairing-allocated bye: the points of a drawn match
            out[f"m{k}"] = MatchLine(home, "", None, bye_points(t))
            continue
        score = next(round_scores)
        points = score.match_points(MatchPoints()) if score.complete else None
        out[f"m{k}"] = MatchLine(home, teams.get(match.away, str(match.away)), score,
                                 None if points is None else (Fraction(points[0]), Fraction(points[1])))
    return out


def cup_round(t: Tournament, round_no: int, short: bool = False) -> tuple[dict[int, str], dict[str, list[int]]]:
    """A cup's round: why each player off the boards has no game (eliminated, through without a
    game, waiting for the next stage; ``short``: in a table cell's few words), and the boards of
    each game (the Armageddon named), in board order; empty for other systems."""
    if t.system != "knockout" or not round_no:
        return {}, {}
    from core.playoff.cup import away_status, board_games

    try:
        away, games = away_status(t, round_no, short), board_games(t, round_no)
    except TournamentError:
        return {}, {}
    by_game: dict[str, list[int]] = {}
    for board, label in games.items():
        by_game.setdefault(label, []).append(board)
    return away, by_game


def cup_reasons(t: Tournament, round_no: int, pairing: RoundPairing) -> dict[Any, Any] | None:
    """Why each board of a cup's round is there: the engine's words for the regular games it
    paired, "added because the match was level" for the tie-break games the results added;
    ``None`` when the engine would now pair the round's first boards differently."""
    from core.i18n import _
    from core.playoff.cup import board_games

    boards = t.round(round_no).boards
    n = len(pairing.boards)
    if [(b.white, b.black) for b in pairing.boards] != [(b.white, b.black) for b in boards[:n]]:
        return None
    reasons: dict[Any, Any] = dict(getattr(pairing, "explanations", {}) or {})
    games = board_games(t, round_no)
    for i in range(n, len(boards)):
        reasons[i] = (_("{game}: added to the round when the match was level.").format(game=games.get(i + 1, "")),)
    return reasons


@dataclass(frozen=True)
class Correction:
    """What a board's new result changes: each player's points before and after (white,
    black), and the later rounds that were paired with the old result (empty if none)."""

    points: Mapping[int, tuple[Fraction, Fraction]]
    later_rounds: range


def correction(before: Tournament, after: Tournament, round_no: int, board_no: int) -> Correction:
    """What changing board ``board_no`` of round ``round_no`` turns ``before`` into ``after``
    (the desk's own change, previewed: :func:`core.app.rounds.preview_result`)."""
    board = before.round(round_no).boards[board_no - 1]
    old, new = scores(before), scores(after)
    return Correction({pno: (old[pno], new[pno]) for pno in (board.white, board.black)},
                      range(round_no + 1, before.current_round + 1))


@dataclass(frozen=True)
class OffBoard:
    """A player of the round without a board: the bye given (``None``: absent), or in a cup why
    there is no game (eliminated, through without a game, waiting for the next stage)."""

    pno: int
    bye: ByeKind | None = None
    away: str = ""


def off_the_boards(t: Tournament, round_no: int, short: bool = False) -> list[OffBoard]:
    """The players without a board in round ``round_no``, by pairing number: a cup's with why
    (``short``: in a table cell's few words, :func:`cup_round`),
    then those with a bye and those still in the event but absent; the players of a team with
    the pairing-allocated bye are not listed (the team's row says so), nor withdrawn players
    without a bye."""
    rnd = t.round(round_no)
    on_board = {x for b in rnd.boards for x in (b.white, b.black)}
    resting = {m.home for m in rnd.matches if m.bye}
    on_board |= {pno for team in t.teams if team.id in resting for pno in team.members}
    byes = {b.pno: b.kind for b in rnd.byes}
    away = cup_round(t, round_no, short)[0]
    out = []
    for p in sorted(t.players, key=lambda p: p.pno):
        if p.pno in on_board:
            continue
        if p.pno in away:
            out.append(OffBoard(p.pno, away=away[p.pno]))
        elif p.pno in byes or p.active_in(round_no):
            out.append(OffBoard(p.pno, byes.get(p.pno)))
    return out
