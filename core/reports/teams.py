"""Team-event reports: team standings, the team crosstable, team sheets, match titles.

Sources: Aktar p. 63 and 73 (team tables are kept per team — "Çizelgeler her takıma göre
düzenlenmelidir"; match points 2/1/0 and board points).  Team standings come from
``core.standings.compute_standings(t, team=True)`` (the team tie-break list), match and board
points from :mod:`core.teams`, so these pages never compute a score of their own.
"""

from __future__ import annotations

from fractions import Fraction

from core.standings import playoff_footnote, rounds_started
from core.i18n import _
from core.i18n.terms import regime_name
from core.reports.document import Column, Points, Report, Table
from core.reports.tables import rounds_counted
from core.reports.view import View
from core.model import team_adjusted_points

MP, GP = "MP", "GP"
"""The heads of match and game points: FIDE C.07's codes, international in every language like
the tie-break codes beside them (GP is one of them), explained in the reader's language by
:func:`points_legend`."""


def points_legend() -> str:
    """The note that explains the two codes, which it takes from the heads (in Russian the head
    was "GP" while the note explained "ИО")."""
    return _("{mp}: match points (win 2, draw 1, loss 0); {gp}: game points (board points).").format(mp=MP, gp=GP)


def team_standings_report(view: View) -> Report:
    """Teams by match points, then the team tie-break list (game points first by default)."""
    from core.teams import team_standings

    t = view.tournament
    s = view.team_standings
    played = {row.team: row for row in team_standings(t)}
    columns = [Column("rank", _("Rank"), "r"), Column("team", _("Team"), flex=True),
               Column("played", _("Matches"), "r", optional=True), Column("won", _("Won"), "r", optional=True),
               Column("drawn", _("Drawn"), "r", optional=True), Column("lost", _("Lost"), "r", optional=True),
               Column("match_points", MP, "r")]
    columns += [Column(code, code, "r") for code in s.tiebreaks]
    table = Table(columns)
    from core.reports.tables import adjustment_notes, rank_cell, tiebreak_label

    for row in s.rows:
        extra = played.get(row.pno)
        table.rows.append([rank_cell(row), row.name, extra.played if extra else 0, extra.wins if extra else 0,
                           extra.draws if extra else 0, extra.losses if extra else 0,
                           Points(row.points), *[row.values.get(code) for code in s.tiebreaks]])
    notes = [points_legend(),
             _("Tie-break regime: {regime}").format(regime=regime_name(s.regime.value))]
    if s.tiebreaks:
        notes.append(_("Tie-breaks: {list}").format(list="; ".join(
            f"{code} = {tiebreak_label(code, s.team_primary)}" for code in s.tiebreaks)))
    notes += [n for n in (playoff_footnote(s),) if n] + adjustment_notes(view) + list(s.warnings)
    sub = [t.name, rounds_counted(rounds_started(t), t.total_rounds)]
    return Report("team-standings", _("Team standings"), sub, [table], notes)


def team_crosstable(view: View) -> Report:
    """Teams × teams: board points scored against each opponent (several cells for a double
    round robin), then match points and rank."""
    from core.reports.tables import adjustment_notes, rank_cell
    from core.teams import match_scores

    t = view.tournament
    order = sorted(t.teams, key=lambda tm: tm.id)
    cells: dict[tuple[int, int], list[Points]] = {}
    for s in match_scores(t):
        if not s.complete:
            continue
        cells.setdefault((s.home, s.away), []).append(Points(s.home_points))
        cells.setdefault((s.away, s.home), []).append(Points(s.away_points))
    standing = {row.pno: row for row in view.team_standings.rows}
    adjusted = team_adjusted_points(t)  # the game points' penalties and bonuses (TRF 299)
    columns = [Column("team_id", _("No."), "r"), Column("team", _("Team"), flex=True)]
    columns += [Column(f"t{tm.id}", str(tm.id), "c") for tm in order]
    columns += [Column("match_points", MP, "r"), Column("game_points", GP, "r"),
                Column("rank", _("Rank"), "r")]
    table = Table(columns, css_class="grid")
    for tm in order:
        row = standing.get(tm.id)
        gp = sum((Fraction(v) for v in _game_points(view, tm.id)), adjusted.get(tm.id, (Fraction(0),) * 2)[1])
        rank = "-" if row is None else rank_cell(row)
        table.rows.append([tm.id, tm.name,
                           *["X" if tm.id == other.id else tuple(cells.get((tm.id, other.id), ()))
                             for other in order],
                           Points(row.points if row else Fraction(0)), Points(gp), rank])
    return Report("team-crosstable", _("Team crosstable"), [t.name], [table],
                  [_("Cells: board points scored against the team of that column."), points_legend(),
                   *[n for n in (playoff_footnote(view.team_standings),) if n], *adjustment_notes(view)])


def _game_points(view: View, team_id: int) -> list[Fraction]:
    from core.teams import match_scores

    out = []
    for s in match_scores(view.tournament):
        if s.complete and team_id in (s.home, s.away):
            out.append(s.home_points if s.home == team_id else s.away_points)
    return out


def team_sheets(view: View) -> Report:
    """One sheet per team (Aktar p. 63): members in board order, round by round the
    opponent's number, the colour and the points scored, and the member's total."""
    from core.reports.marks import colour_mark
    from core.reports.tables import _MARK_CODES

    t = view.tournament
    report = Report("teams", _("Team sheets"), [t.name])
    rounds = t.current_round
    for team in t.teams:
        columns = [Column("board", _("Board"), "r"), Column("pno", _("No."), "r", minor=True),
                   Column("name", _("Name"), flex=True, link="pno"),
                   Column("rating", _("Rating"), "r", optional=True, minor=True)]
        columns += [Column(f"r{r}", str(r), "r") for r in range(1, rounds + 1)]
        columns += [Column("points", _("Pts"), "r")]
        title = team.name + (f" ({team.short})" if team.short and team.short != team.name else "")
        table = Table(columns, title=title)
        for board, pno in enumerate(team.members, start=1):
            p = view.players.get(pno)
            cells: list[object] = []
            for e in view.history.get(pno, []):
                mark = _MARK_CODES.get(e.code, "") if e.code is not None else "*"
                if e.opponent is None:
                    cells.append("–")  # not in the line-up this round
                else:
                    side = view.seats.get((e.round, pno), "")
                    letter = colour_mark(side)  # forfeits keep the board colour
                    cells.append(f"{e.opponent}{letter}{mark}")
            cells += [""] * (rounds - len(cells))
            running = view.running.get(pno, [])
            table.rows.append([board, pno, p.name if p else "", (p.rating or "") if p else "",
                               *cells, Points(running[-1] if running else Fraction(0))])
        report.tables.append(table)
    report.notes.append(_("Cells: opponent's number, colour ({white} white, {black} black), result; + and − are "
                          "forfeits, – means not in the line-up.").format(
        white=colour_mark("w"), black=colour_mark("b")))
    return report
