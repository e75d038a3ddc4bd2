"""Team events: rosters and board order, board points and match points (2/1/0).

Why a package of its own: the team pairing systems (team round robin, Reisepartner,
Scheveningen, Skalitzka) build boards from rosters, and the tie-break engine computes team
standings from the same board and match points; both import these small functions.
"""

from core.teams.roster import board_pairs, line_up, team_of, teams_by_id
from core.teams.sheets import SheetCell, team_sheet
from core.teams.scoring import (
    MatchPoints,
    MatchScore,
    TeamStanding,
    match_scores,
    team_standings,
)

__all__ = [
    "MatchPoints", "MatchScore", "TeamStanding", "board_pairs", "line_up", "match_scores",
    "team_of", "team_standings", "teams_by_id", "SheetCell", "team_sheet",
]
