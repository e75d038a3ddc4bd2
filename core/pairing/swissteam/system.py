"""The registered ``swiss-team`` system: the event's teams → C.04.6 facts → the engine → team
matches board by board, with an explanation per match and for the bye.

Options read from ``Tournament.options`` (JSON values):
- ``colour_preferences``: ``"A"`` (default), ``"B"`` or ``"none"`` (Art. 1.7);
- ``primary``: ``"match"`` (default) or ``"game"`` points as the score (Art. 1.2);
- ``secondary_colours``: use the secondary score for the first-team (Art. 4.2.2; default true);
- ``boards``: boards per match (default: the smallest roster);
- ``pab_match_points``, ``pab_game_points``: the bye's points (default: a drawn match, Art. 1.4).
"""

from __future__ import annotations

from fractions import Fraction

from core.errors import TournamentError
from core.i18n import _
from core.model import BYE_TEAM, Bye, Colour, Match, Tournament
from core.pairing.base import PairOptions, RoundPairing, System, next_round
from core.pairing.roundrobin.build import team_round
from core.pairing.swiss.acceleration import BAKU, AccelerationError, accelerated_rounds, full_rounds
from core.pairing.swissteam.engine import TeamPairing, pair_round
from core.pairing.swissteam.explain import explain
from core.pairing.swissteam.field import PREFERENCE_TYPES, RoundRules, TeamState
from core.teams.scoring import bye_points, match_boards
from core.teams.history import team_history
from core.teams.roster import line_up, team_absent, teams_by_id
from core.teams.scoring import MatchPoints


def rules_of(t: Tournament, round_no: int) -> RoundRules:
    """The competition's choices (options) for this round."""
    kind = str(t.options.get("colour_preferences", "A"))
    if kind not in PREFERENCE_TYPES:
        raise TournamentError(_("colour preferences must be A, B or none, not {value!r}").format(value=kind))
    initial = "B" if t.initial_colour is Colour.BLACK else "W"
    return RoundRules(round_no, t.total_rounds, kind, initial,
                      bool(t.options.get("secondary_colours", True)))


def game_primary(t: Tournament) -> bool:
    primary = str(t.options.get("primary", "match"))
    if primary not in ("match", "game"):
        raise TournamentError(_("the primary score must be match or game points, not {value!r}").format(value=primary))
    return primary == "game"


def virtual_match_points(t: Tournament, round_no: int) -> dict[int, Fraction]:
    """Baku acceleration for teams (C.04.7, "applicable to any Swiss system"): the first
    2·⌈N/4⌉ teams by number (GA) get the match points of a win in the first half of the
    accelerated rounds, half of them in the rest (the first ⌈R/2⌉ rounds); the pairing score
    only.  With game points as the primary score Baku cannot be used (C.04.7's note)."""
    if (t.acceleration or "").lower() != BAKU:
        return {}
    if game_primary(t):
        raise AccelerationError(_("Baku acceleration cannot be used when game points are the primary "
                                  "score of a team Swiss (C.04.7)."))
    ids = sorted(team.id for team in t.teams)
    group = ids[:2 * ((len(ids) + 3) // 4)]
    if round_no <= full_rounds(t.total_rounds):
        extra = Fraction(MatchPoints().win)
    elif round_no <= accelerated_rounds(t.total_rounds):
        extra = Fraction(MatchPoints().win, 2)
    else:
        return {}
    return dict.fromkeys(group, extra)


def team_states(t: Tournament, round_no: int) -> dict[int, TeamState]:
    """The facts of every team that plays in ``round_no`` (a team none of whose players is
    available is not paired, C.04.2 Art. 3.3); the score is the pairing score (with Baku
    acceleration's virtual match points)."""
    mp = MatchPoints()
    bye_mp, bye_gp = bye_points(t)
    swap = game_primary(t)
    history = team_history(t, round_no - 1)
    virtual = virtual_match_points(t, round_no)
    out: dict[int, TeamState] = {}
    for team in t.teams:
        score = second = Fraction(0)
        colours, played, barred = "", 0, False
        opponents: set[int] = set()
        for entry in history.get(team.id, []):
            if entry.bye:
                m, g = bye_mp, bye_gp
                barred = True
            else:
                g = entry.game_points
                m = Fraction(entry.match_points())
                if entry.played and entry.opponent is not None:
                    colours += "W" if entry.white else "B"
                    opponents.add(entry.opponent)
                    played += 1
                elif m == mp.win:
                    barred = True  # won by forfeit (C2)
            score, second = score + m, second + g
        if swap:
            score, second = second, score
        score += virtual.get(team.id, 0)
        out[team.id] = TeamState(team.id, score, second, colours, frozenset(opponents), False,
                                 barred, played)
    _mark_floaters(t, round_no, history, out, swap)
    by_id = teams_by_id(t)
    return {tid: s for tid, s in out.items()
            if line_up(t, by_id[tid], round_no) and not team_absent(t, by_id[tid], round_no)}


def _mark_floaters(t: Tournament, round_no: int, history, states: dict[int, TeamState], swap: bool) -> None:
    """Art. 1.5: a floater of the previous round met an opponent with a different score
    (the scores before that round)."""
    if round_no < 2:
        return
    virtual = virtual_match_points(t, round_no - 1)  # the pairing scores of that round
    before = {tid: _score_before(history.get(tid, []), round_no - 1, t, swap) + virtual.get(tid, 0)
              for tid in states}
    for tid, s in states.items():
        last = [e for e in history.get(tid, []) if e.round == round_no - 1]
        if last and last[0].opponent is not None and last[0].opponent in before:
            if before[tid] != before[last[0].opponent]:
                states[tid] = TeamState(s.tpn, s.score, s.secondary, s.colours, s.opponents, True,
                                        s.bye_barred, s.matches)


def _score_before(entries, round_no: int, t: Tournament, swap: bool) -> Fraction:
    bye_mp, bye_gp = bye_points(t)
    total = Fraction(0)
    for e in entries:
        if e.round >= round_no:
            break
        if e.bye:
            total += bye_gp if swap else bye_mp
        elif swap:
            total += e.game_points
        else:
            total += e.match_points()
    return total


def compute(t: Tournament, options: PairOptions) -> tuple[int, dict[int, TeamState], TeamPairing]:
    round_no = next_round(t)
    if len(t.teams) < 2:
        raise TournamentError(_("a team Swiss needs at least two teams"))
    states = team_states(t, round_no)
    return round_no, states, pair_round(list(states.values()), rules_of(t, round_no), options)


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """The engine of ``swiss-team``: each match board by board, the team with White on board
    1 first (White on the odd boards), the bye as a match without boards."""
    t = tournament
    round_no, states, result = compute(t, options)
    boards = match_boards(t)
    built = team_round(t, round_no, [(w, b, "odd") for w, b, _ in result.boards], boards=boards)
    matches = list(built.matches)
    if result.bye is not None:
        matches.append(Match(result.bye, BYE_TEAM, ()))
    explanations = dict(built.explanations)
    for key, lines in explain(t, states, result, built).items():
        explanations[key] = tuple(explanations.get(key, ())) + lines
    return RoundPairing(round_no, built.boards, _team_byes(t, round_no) + built.byes, explanations,
                        tuple(matches))


def _team_byes(t: Tournament, round_no: int) -> tuple[Bye, ...]:
    """The requested byes granted: those of the players of a team absent from the round
    (:func:`core.changes.teams.request_team_bye`), so the round records the absence."""
    absent = {pno for team in t.teams if team_absent(t, team, round_no) for pno in team.members}
    return tuple(Bye(b.pno, b.kind) for b in t.requested_byes if b.round == round_no and b.pno in absent)


def complete(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """A round paired by hand (``round set``, the manual-pairing screen) has only boards: its
    matches come from the rosters, the team with White on board 1 named first; when the
    teams to pair are odd and one of them is left without a match, that team has the
    pairing-allocated bye (Art. 1.4)."""
    if pairing.matches:
        return pairing
    from core.model import Round
    from core.teams.roster import derive_matches

    matches = derive_matches(Round(pairing.round, pairing.boards), tournament.teams)
    playing = team_states(tournament, pairing.round)
    left = sorted(set(playing) - {x for m in matches for x in (m.home, m.away)})
    if len(playing) % 2 and len(left) == 1:
        matches += (Match(left[0], BYE_TEAM, ()),)
    return RoundPairing(pairing.round, pairing.boards, pairing.byes, pairing.explanations, matches)


SWISS_TEAM = System("swiss-team", "2026", pair, complete)
