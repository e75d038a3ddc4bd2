"""Report kinds by name: one place for the CLI (``hakem report``) and the TUI's Reports screen.

Why: both offer "which report, which round, which player"; a shared table keeps the names,
the arguments each kind needs and the error messages identical in both.
"""

from __future__ import annotations

from core.i18n import _

from core.errors import TournamentError
from core.reports.document import Report
from core.reports.view import View

KINDS = ("standings", "crosstable", "pairings", "alphabetical", "results", "card", "checkin",
         "team-standings", "team-crosstable", "teams", "bracket", "timetable", "go-cards", "go-table",
         "prizes", "ranking", "rating-changes", "norms")
"""Every kind; :func:`report_kinds` says which apply to a tournament."""


def report_kinds(view: View) -> list[str]:
    """The kinds that make sense for this tournament now (for a menu)."""
    t = view.tournament
    # a Go event's own table first: places there come from MMS or levels with the Go criteria
    out = ["go-table", "standings"] if view.is_go else ["standings"]
    if t.rounds:
        out += (["pairings"] if not has_crosstable(t) else ["crosstable", "pairings"]) + ["alphabetical", "results"]
    elif t.players:
        out.append("alphabetical")  # the participants by name, before round 1
    if t.players:
        out.append("card")
    out.append("checkin")
    if t.teams:
        out += ["team-standings", "team-crosstable", "teams"]
    if t.options.get("playoffs") or t.system == "knockout":
        out += ["bracket"]
    if t.options.get("playoffs") or t.system == "knockout":
        out += ["timetable"]
    if view.is_go:
        out += ["go-cards"]
    if t.options.get("prizes"):
        out += ["prizes", "ranking"]
    if t.rounds:
        out += ["rating-changes"] + ([] if view.is_go else ["norms"])
    return out


def has_crosstable(t) -> bool:
    """Whether the event has a crosstable (and a wallchart): not a cup — its table is the
    bracket; a crosstable of a cup had a column per game, a point for going on without one,
    and a total of game points that no knockout ranks by (Aktar p. 67: by the stage reached)."""
    return t.system != "knockout"


def build(view: View, kind: str, round_no: int | None = None, pno: int | None = None,
          key: str | None = None) -> Report:
    """One report.  ``round_no`` defaults to the last paired round; ``pno`` is needed for a
    card; ``key`` names the playoff (default: the only one, or the cup of a knockout) or, for
    a ``ranking``, the prize group, or, for ``rating-changes``, the rating system (``fide``,
    ``dwz``, ``gor``)."""
    from core.reports import tables  # a team's and a playoff's reports: imported by their kinds

    t = view.tournament
    rnd = round_no or t.current_round
    if kind == "alphabetical" and not rnd:
        return tables.alphabetical_list(view)  # before round 1: the participants by name
    if kind in ("pairings", "alphabetical", "results"):
        if not rnd:
            raise TournamentError(_('no round is paired yet'))
        if not 1 <= rnd <= t.current_round:
            raise TournamentError(_('round {rnd} is not paired (rounds paired: {current_round})').format(rnd=rnd, current_round=t.current_round))
    if kind == "crosstable" and not has_crosstable(t):
        raise TournamentError(_("a cup has no crosstable: its bracket is its table (hakem report {id} bracket).").format(
            id=t.id))
    if kind in ("standings", "crosstable") and round_no is not None:
        return _after_round(view, kind, round_no)
    if kind == "standings":
        return tables.standings_report(view)
    if kind == "crosstable":
        return tables.crosstable(view)
    if kind == "pairings":
        return tables.pairing_list(view, rnd)
    if kind == "alphabetical":
        return tables.alphabetical_pairings(view, rnd)
    if kind == "results":
        return tables.result_sheet(view, rnd)
    if kind == "card":
        if pno is None:
            raise TournamentError(_("give the player's number with --player"))
        return tables.player_card(view, pno)
    if kind == "checkin":
        return tables.checkin_list(view)
    if kind in ("team-standings", "team-crosstable", "teams"):
        if not t.teams:
            raise TournamentError(_('this tournament has no teams'))
        from core.reports import teams

        return {"team-standings": teams.team_standings_report, "team-crosstable": teams.team_crosstable,
                "teams": teams.team_sheets}[kind](view)
    if kind in ("bracket", "timetable"):
        keys = sorted(t.options.get("playoffs", {}))
        if key is None:
            if len(keys) == 1:
                key = keys[0]
            elif t.system == "knockout":
                key = "cup"
            else:
                if not keys:
                    raise TournamentError(_("“{name}” has no playoff; create one with hakem playoff or F7.").format(
                        name=t.name))
                raise TournamentError(_('give the playoff with --key ({value})').format(value=', '.join(keys)))
        from core.reports import playoffs

        return playoffs.playoff_report(view, key, kind)
    if kind == "prizes":
        from core.reports.prizes import prize_list

        return prize_list(view)
    if kind == "ranking":
        from core.prizes.settings import prize_settings
        from core.reports.prizes import special_ranking

        if key is None:
            keys = [g.key for g in prize_settings(t).groups]
            if not keys:  # nothing to name with --key: say how groups are made
                raise TournamentError(_("the event has no prize groups yet (hakem prizes add {id} ...).").format(id=t.id))
            raise TournamentError(_('give the prize group with --key ({value})').format(value=', '.join(keys)))
        return special_ranking(view, key)
    if kind in ("rating-changes", "norms"):
        from core.reports import ratings

        if kind == "norms":
            return ratings.norms_report(view, pno)
        return ratings.rating_changes_report(view, key)
    if kind in ("go-cards", "go-table"):
        from core.reports import go

        return go.go_report(view, kind)
    raise TournamentError(_('unknown report {kind!r}; use one of {value}').format(kind=kind, value=', '.join(KINDS)))


def all_reports(view: View) -> list[Report]:
    """Every report that applies to the tournament as it is now, in publishing order.

    Go (Gamma) events show the Gamma procedure's tournament table and participant cards from
    :mod:`core.go` instead of the chess standings, crosstable and pairing cards (places there
    come from levels and the coefficient, not from chess tie-breaks)."""
    from core.reports import go, playoffs, teams
    from core.reports.tables import (
        alphabetical_pairings, checkin_list, crosstable, pairing_list, player_card, result_sheet, standings_report,
    )

    t = view.tournament
    out: list[Report] = []
    go_pages = view.is_go
    if go_pages and t.players:
        out.append(go.go_report(view, "go-table"))
    if t.teams:
        out.append(teams.team_standings_report(view))
        if t.rounds:
            out.append(teams.team_crosstable(view))
    if t.players and not go_pages:
        out.append(standings_report(view))
    if t.rounds:
        if not go_pages and has_crosstable(t):
            out.append(crosstable(view))
        for r in range(t.current_round, 0, -1):
            out.append(pairing_list(view, r))
        out.append(alphabetical_pairings(view, t.current_round))
        out.append(result_sheet(view, t.current_round))
    out.append(checkin_list(view))
    if t.teams:
        out.append(teams.team_sheets(view))
    out += playoffs.playoff_reports(view)
    if go_pages and t.players:
        out.append(go.go_report(view, "go-cards"))
    else:
        for p in sorted(t.players, key=lambda p: p.pno):
            out.append(player_card(view, p.pno))
    return out


def _after_round(view: View, kind: str, round_no: int) -> Report:
    """The standings after round ``round_no`` (the page ``publish`` writes as
    ``standings-rN.html``) or the crosstable up to it; the current one for the round the
    standings already count (a round paired but not begun never counts, C.07).  A round not
    paired is refused naming how many are."""
    from core.reports import tables
    from core.reports.tables import rounds_counted
    from core.standings import after_round, rounds_started

    t = view.tournament
    if not 1 <= round_no <= t.current_round:
        raise TournamentError(_('round {rnd} is not paired (rounds paired: {current_round})').format(
            rnd=round_no, current_round=t.current_round))
    if round_no >= rounds_started(t):
        return tables.standings_report(view) if kind == "standings" else tables.crosstable(view)
    if kind == "standings":
        return tables.standings_report(view, upto=round_no)
    report = tables.crosstable(View(after_round(t, round_no), view.tiebreaks, view.regime))
    report.slug = f"crosstable-r{round_no}"
    report.subtitle.insert(1, rounds_counted(round_no, t.total_rounds))
    return report
