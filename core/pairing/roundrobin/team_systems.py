"""Registered team systems built on whole-team schedules: ``scheveningen`` and ``skalitzka``.

Participants are ``Tournament.teams`` in table order (:func:`lot.table_order` with
``unit="team"``); each team's roster (``Team.members``) gives its players in board order.
Options (``Tournament.options``): ``boards`` (players per team taking part, default: the
smallest roster), ``colours`` (Scheveningen: ``"team"`` or ``"balanced"``), ``double``
(Scheveningen: play every match twice, colours reversed).
"""

from __future__ import annotations

from fractions import Fraction

from core.errors import PairingImpossible, RoundError, TournamentError
from core.i18n import _
from core.model import Board, Match, Team, Tournament
from core.pairing.base import PairOptions, RoundPairing
from core.pairing.roundrobin import scheveningen as sch
from core.pairing.roundrobin import skalitzka as ska
from core.pairing.roundrobin.berger import single_cycle
from core.pairing.roundrobin.lot import table_order
from core.teams.roster import line_up, teams_by_id


def _size(t: Tournament, teams: list[Team]) -> int:
    smallest = min(len(team.members) for team in teams)
    wanted = t.options.get("boards")
    size = int(wanted) if wanted else smallest
    if size < 1 or size > smallest:
        raise TournamentError(
            _('every team needs {size} players for this system; the smallest roster has {smallest}').format(size=size, smallest=smallest))
    return size


def _line_up(t: Tournament, team: Team, round_no: int, size: int) -> tuple[int, ...]:
    """The ``size`` players of ``team`` for this round: the roster in board order, a player
    who is no longer available replaced by moving the next ones up (reserves)."""
    players = line_up(t, team, round_no, size)
    if len(players) < size:
        raise PairingImpossible(
            _('team {name!r} has only {value} available players; {size} are needed').format(name=team.name, value=len(players), size=size))
    return players


def average_rating(t: Tournament, team: Team, size: int) -> Fraction:
    members = team.members[:size]
    return Fraction(sum(t.player(p).rating for p in members), len(members))


def scheveningen_plan(t: Tournament) -> tuple[list[list[tuple[int, int] | None]], int]:
    """Stages of team pairings (table order, first-named first; ``None`` = free team)
    and the number of rounds per match."""
    order = table_order(t, unit="team")
    if len(order) < 2:
        raise TournamentError(_('Scheveningen needs at least two teams'))
    by_id = teams_by_id(t)
    size = _size(t, [by_id[i] for i in order])
    per_match = size * (2 if t.options.get("double") else 1)
    stages: list[list[tuple[int, int] | None]] = []
    for rnd in single_cycle(len(order)):
        stage: list[tuple[int, int] | None] = [(order[w - 1], order[b - 1]) for w, b in rnd.games]
        stages.append(stage)
    return stages, per_match


def scheveningen_rounds(t: Tournament) -> int:
    stages, per_match = scheveningen_plan(t)
    return len(stages) * per_match


def pair_scheveningen(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``scheveningen``: two teams, or a round robin of Scheveningen matches."""
    t = tournament
    stages, per_match = scheveningen_plan(t)
    number = t.current_round + 1
    if number > len(stages) * per_match:
        raise RoundError(_('all {value} rounds are paired; there is no round {number}').format(value=len(stages) * per_match, number=number))
    stage = stages[(number - 1) // per_match]
    sub = (number - 1) % per_match
    by_id = teams_by_id(t)
    size = _size(t, list(by_id.values()))
    colours = str(t.options.get("colours", "team"))
    rounds = sch.match_rounds(size, colours, bool(t.options.get("double")))
    boards: list[Board] = []
    matches: list[Match] = []
    explanations: dict[object, tuple[str, ...]] = {}
    playing: set[int] = set()
    for pair in stage:
        if pair is None:
            continue
        first, second = (by_id[pair[0]], by_id[pair[1]])
        # A keeps its seats: the higher average rating; ties keep the table order
        if average_rating(t, second, size) > average_rating(t, first, size):
            first, second = second, first
        sides = (_line_up(t, first, number, size), _line_up(t, second, number, size))
        start = len(boards)
        for (ws, wi), (bs, bi) in rounds[sub]:
            boards.append(Board(sides[ws][wi - 1], sides[bs][bi - 1]))
        matches.append(Match(first.id, second.id, tuple(range(start, len(boards)))))
        explanations[start] = (_(
            "Scheveningen {first} (keeps its seats) against {second}, round {number} of "
            "{rounds}.").format(first=first.name, second=second.name, number=sub + 1,
                               rounds=per_match),)
        playing.update(pair)
    free = [tid for tid in sorted(by_id) if tid not in playing]
    if free:
        explanations["bye"] = tuple(_("Team {team} has no match in this stage.").format(team=tid)
                                for tid in free)
    return RoundPairing(number, tuple(boards), (), explanations, tuple(matches))


def pair_skalitzka(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``skalitzka``: three teams, two rounds (Aktar p. 61)."""
    t = tournament
    order = table_order(t, unit="team")
    if len(order) != 3:
        raise TournamentError(_('Skalitzka is for exactly three teams, not {value}').format(value=len(order)))
    by_id = teams_by_id(t)
    teams = [by_id[i] for i in order]
    size = _size(t, teams)
    if size % 2:
        raise TournamentError(_('Skalitzka needs an even number of players per team, not {size}').format(size=size))
    number = t.current_round + 1
    if number > 2:
        raise RoundError(_('Skalitzka has two rounds; there is no round {number}').format(number=number))
    seats = ska.rounds(size)[number - 1]
    sides = [_line_up(t, team, number, size) for team in teams]
    boards: list[Board] = []
    groups: dict[tuple[int, int], list[int]] = {}
    for (wt, wi), (bt, bi) in seats:
        groups.setdefault((min(wt, bt), max(wt, bt)), []).append(len(boards))
        boards.append(Board(sides[wt][wi - 1], sides[bt][bi - 1]))
    matches = tuple(Match(teams[a].id, teams[b].id, tuple(idx))
                    for (a, b), idx in sorted(groups.items()))
    return RoundPairing(number, tuple(boards), (), {
        "table": (_("Skalitzka round {number}: every player meets one player of each other "
                   "team.").format(number=number),)},
        matches)

