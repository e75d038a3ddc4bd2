"""Reports and exports drawn from one read-only view of a tournament.

    from core.reports import View, all_reports, to_text, to_html
    view = View(tournament)                      # computed once: histories, standings
    for report in all_reports(view): print(to_text(report))

Screens (the TUI's Reports screen) use the same calls: ``report_kinds(view)`` lists what
applies to the tournament, ``build(view, kind, round_no=..., pno=..., key=...)`` makes one
report, and the renderers turn it into text/HTML/CSV/JSON.
"""

from core.reports.document import Column, GameCell, Marked, Points, Report, Table
from core.reports.render import to_csv, to_html, to_json, to_text
from core.reports.tables import (
    alphabetical_pairings, checkin_list, crosstable, pairing_list, player_card,
    result_sheet, standings_report,
)
from core.reports.teams import team_crosstable, team_sheets, team_standings_report
from core.reports.view import View
from core.reports.catalog import KINDS, all_reports, build, report_kinds

__all__ = ["Column", "GameCell", "KINDS", "Marked", "Points", "Report", "Table", "View", "all_reports",
           "alphabetical_pairings", "build", "checkin_list", "crosstable", "pairing_list", "player_card",
           "report_kinds", "result_sheet", "standings_report", "team_crosstable", "team_sheets",
           "team_standings_report", "to_csv", "to_html", "to_json", "to_text"]
