"""Team events: the team context, match points (MP), game points (GP) and top-board result.

Why a context of teams: C.07 Arts. 11–13 and Aktar's team lists (p. 73, p. 85)
apply the individual definitions to teams with the primary score as "score" — Buchholz over
the opponents' match points, Sonneborn-Berger as opponent's MP × own MP in the match (C.07
Art. 9.1 "multiplying the final score of the opponents by the points scored against them";
= EMMSB of Art. 13.2, EGGSB when game points rank), direct encounter on match points.  So a
team event is turned into a :class:`Context` whose participants are teams, whose cells are the
team matches (points = the primary score) and whose ``secondary`` holds the other score.
Match scores come from :mod:`core.teams.scoring` (won 2, drawn 1, lost 0).
A team without a match in a round counts as absent (0 points, a voluntary unplayed round).
"""

from __future__ import annotations

from core.i18n import _

import math
from fractions import Fraction

from core.model import Code, Colour, Tournament, team_adjusted_points
from core.tiebreaks.context import Cell, Context, ROUND_ROBIN_SYSTEMS, scaled_by_round
from core.tiebreaks.explain import Contribution, Explanation
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec


def _lcm(values) -> int:
    out = 1
    for v in values:
        d = Fraction(v).denominator
        out = out * d // math.gcd(out, d)
    return out


def team_rows(t: Tournament, upto: int | None = None) -> dict[int, list[dict]]:
    """Per team, one row per round: opponent, MP, GP, played, board points by board."""
    from core.teams.scoring import MatchPoints, empty_board_wins, forfeited_by_both, match_points_of

    mp = MatchPoints()
    rounds = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    rows: dict[int, list[dict]] = {team.id: [dict(round=r, opponent=None, mp=0, gp=Fraction(0), played=False,
                                                  home=True, boards=())
                                             for r in range(1, rounds + 1)] for team in t.teams}
    members = {team.id: set(team.members) for team in t.teams}
    bye_mp_gp = None
    for rnd in t.rounds[:rounds]:
        for match in rnd.matches:
            if match.bye:  # a team Swiss's pairing-allocated bye (C.04.6 Art. 1.4)
                if bye_mp_gp is None:
                    from core.teams.scoring import bye_points, match_boards
                    bye_mp_gp = bye_points(t)
                    width = match_boards(t)
                if match.home in rows:
                    # the bye's game points on its boards as a drawn match's (C.04.6 Art. 1.4),
                    # so the board criteria (C.07 Art. 12: BC, TBR, BBE, which compare how
                    # equal game points lie on the boards) see every game point a team has:
                    # without them a team with the bye had fewer board points and the best BC
                    rows[match.home][rnd.number - 1] = dict(
                        round=rnd.number, opponent=None, mp=bye_mp_gp[0], gp=bye_mp_gp[1],
                        played=False, home=True, boards=(bye_mp_gp[1] / width,) * width, bye=True)
                continue
            board_pts: dict[int, list[Fraction]] = {match.home: [], match.away: []}
            played = False
            for i in match.boards:
                b = rnd.boards[i]
                if b.result is None:
                    w = bl = Fraction(0)
                else:
                    wc, bc = b.result.codes(b.unrated)
                    w, bl = t.points.for_code(wc), t.points.for_code(bc)
                    played |= b.result.played
                home_white = b.white in members.get(match.home, ())
                board_pts[match.home].append(w if home_white else bl)
                board_pts[match.away].append(bl if home_white else w)
            # the boards one team left empty, the lowest: a forfeit win for the other side
            home_won, away_won, empty = empty_board_wins(
                t, rnd, match, members.get(match.home, set()), members.get(match.away, set()))
            for _board in range(empty):
                board_pts[match.home].append(home_won / empty)
                board_pts[match.away].append(away_won / empty)
            hp, ap = sum(board_pts[match.home], Fraction(0)), sum(board_pts[match.away], Fraction(0))
            both = forfeited_by_both(rnd, match)
            hm, am = match_points_of(hp, ap, both, mp), match_points_of(ap, hp, both, mp)
            for team, opp, m, g, home in ((match.home, match.away, hm, hp, True),
                                          (match.away, match.home, am, ap, False)):
                if team in rows:
                    rows[team][rnd.number - 1] = dict(round=rnd.number, opponent=opp, mp=m, gp=g, played=played,
                                                      home=home, boards=tuple(board_pts[team]))
    return rows


def build_team_context(t: Tournament, primary: str = "MP", upto: int | None = None) -> Context:
    """A context whose participants are team ids; ``primary`` is ``MP`` or ``GP``."""
    rows = team_rows(t, upto)
    use_mp = primary != "GP"
    rounds = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    adjusted = team_adjusted_points(t, rounds) if t.team_adjustments else {}
    own = {team: values[0 if use_mp else 1] for team, values in adjusted.items()}
    other = {team: values[1 if use_mp else 0] for team, values in adjusted.items()}
    points = t.points
    scale = _lcm(own.values()) if use_mp else _lcm([points.win, points.draw, points.loss, points.forfeit_win,
                                                   *own.values()])
    cells: dict[int, list[Cell]] = {}
    secondary: dict[int, list[Fraction]] = {}
    total: dict[int, int] = {}
    boards = max((len(r["boards"]) for rs in rows.values() for r in rs), default=1) or 1
    for team, rs in rows.items():
        out = []
        for r in rs:
            value = int(r["mp"] * scale) if use_mp else int(r["gp"] * scale)
            if r.get("bye"):
                code, vur = Code.PAB, False
            elif r["opponent"] is None:
                code, vur = Code.ZERO_BYE, True
            elif r["mp"] == 2:
                code, vur = (Code.WIN if r["played"] else Code.FORFEIT_WIN), False
            elif r["mp"] == 1:
                code, vur = Code.DRAW, False
            else:
                code = Code.LOSS if r["played"] else Code.FORFEIT_LOSS
                vur = not r["played"]
            out.append(Cell(r["round"], r["opponent"], value, code, r["played"] and r["opponent"] is not None,
                            Colour.WHITE if r["home"] else Colour.BLACK, vur,
                            r["opponent"] is not None or bool(r.get("bye"))))
        cells[team] = out
        secondary[team] = [(r["gp"] if use_mp else Fraction(r["mp"])) for r in rs]
        total[team] = sum(c.points for c in out)
    adjustment = {team: int(value * scale) for team, value in own.items() if team in total and value}
    for team, value in adjustment.items():
        total[team] += value
    by_round = scaled_by_round([(a.teams, a.round, a.match_points if use_mp else a.game_points)
                                for a in t.team_adjustments], adjustment, rounds, scale)
    win = 2 * scale if use_mp else int(t.points.win * boards * scale)
    draw = 1 * scale if use_mp else int(t.points.draw * boards * scale)
    ctx = Context(t, len(next(iter(rows.values()), [])), scale, cells, total, {team.id: (team.rating or None) for team in t.teams},
                  win, draw, 0, t.system.lower() in ROUND_ROBIN_SYSTEMS or bool(t.options.get("round_robin")),
                  adjustment=adjustment, adjustment_rounds=by_round)
    ctx.cache["secondary"] = secondary
    ctx.cache["secondary_adjustment"] = {team: value for team, value in other.items() if value}
    ctx.cache["rows"] = rows
    ctx.cache["team"] = primary
    return ctx


def match_points(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    if ctx.cache.get("team") == "GP":
        return _secondary_totals(ctx)
    return {p: ctx.frac(v) for p, v in ctx.total.items()}


def game_points(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict:
    if ctx.cache.get("team") == "GP":
        return {p: ctx.frac(v) for p, v in ctx.total.items()}
    return _secondary_totals(ctx)


def _secondary_totals(ctx: Context) -> dict:
    """The other primary score's totals: its rounds plus the teams' adjustments (TRF 299)."""
    extra = ctx.cache.get("secondary_adjustment", {})
    return {p: sum(v, extra.get(p, Fraction(0))) for p, v in ctx.cache.get("secondary", {}).items()}


def top_board_result(ctx: Context, spec: TieBreakSpec | None = None, regime: Regime | None = None) -> dict:
    """Board points per board over the event, board 1 first, compared board by board
    (Aktar's "best result on the highest board"; C.07 Art. 12 TBR)."""
    rows = ctx.cache.get("rows", {})
    out = {}
    for team, rs in rows.items():
        width = max((len(r["boards"]) for r in rs), default=0)
        out[team] = tuple(sum((r["boards"][i] for r in rs if i < len(r["boards"])), Fraction(0))
                          for i in range(width))
    return out


def explain_team(ctx, spec, regime, pno):
    compute = {"MP": match_points, "GP": game_points, "TBR": top_board_result}[spec.base]
    rows = ctx.cache.get("rows", {}).get(pno, [])
    items = tuple(Contribution(r["round"], r["opponent"], r["mp"] if spec.base == "MP" else r["gp"],
                               _("match points") if spec.base == "MP" else _("game points")) for r in rows)
    extra = team_adjusted_points(ctx.tournament, ctx.rounds).get(pno)
    if extra and extra[0 if spec.base == "MP" else 1] and spec.base != "TBR":  # TRF 299, no round's
        items += (Contribution(None, None, extra[0 if spec.base == "MP" else 1], _("point adjustment")),)
    return Explanation(spec.code, name_of(spec.base), pno, compute(ctx, spec, regime).get(pno),
                       regime.value, items)
