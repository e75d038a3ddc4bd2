"""Team events: rosters and board order, board points and match points (2/1/0).

Why a package of its own: the team pairing systems (team round robin, Reisepartner,
Scheveningen, Skalitzka) build boards from rosters, and the tie-break engine computes team
standings from the same board and match points; both import these small functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from core.teams.roster import board_pairs, line_up, team_of, teams_by_id
    from core.teams.scoring import MatchPoints, MatchScore, TeamStanding, match_scores, team_standings
    from core.teams.sheets import SheetCell, team_sheet

_WHERE = {
    "board_pairs": "roster", "line_up": "roster", "team_of": "roster", "teams_by_id": "roster",
    "MatchPoints": "scoring", "MatchScore": "scoring", "TeamStanding": "scoring", "match_scores": "scoring",
    "team_standings": "scoring", "SheetCell": "sheets", "team_sheet": "sheets",
}
"""Where each name lives: a name loads its module on first use, so that reading a TRF file's
team lines (the roster alone) does not import the scoring and the sheets."""
__all__ = [
    "MatchPoints", "MatchScore", "TeamStanding", "board_pairs", "line_up", "match_scores",
    "team_of", "team_standings", "teams_by_id", "SheetCell", "team_sheet",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'core.teams' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"core.teams.{module}"), name)
