"""Reports and exports drawn from one read-only view of a tournament.

    from core.reports import View, all_reports, to_text, to_html
"""

from core.reports.document import Column, Points, Report, Table
from core.reports.render import to_csv, to_html, to_json, to_text
from core.reports.tables import (
    all_reports, alphabetical_pairings, checkin_list, crosstable, pairing_list, player_card,
    result_sheet, standings_report, team_sheets,
)
from core.reports.view import View

__all__ = ["Column", "Points", "Report", "Table", "View", "all_reports", "alphabetical_pairings",
           "checkin_list", "crosstable", "pairing_list", "player_card", "result_sheet",
           "standings_report", "team_sheets", "to_csv", "to_html", "to_json", "to_text"]
