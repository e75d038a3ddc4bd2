"""Code → English name of every tie-break: the one table the i18n layer wraps with gettext.

Why one table: tie-break names appear in the settings screen, in standings headers and in
``explain`` output; translators must find them in one place, and code never spells a name
twice.  Keys are the registry codes (FIDE C.07 acronyms where FIDE has one).  In the i18n
package, not beside the tie-breaks: the pairing engines' explanations name tie-breaks too, and
an engine never imports the tie-break package.
"""

from __future__ import annotations

NAMES: dict[str, str] = {
    "PTS": "Points",
    "DE": "Direct encounter",
    "WIN": "Number of wins",
    "WON": "Number of games won",
    "BPG": "Number of games played with black",
    "BWG": "Number of games won with black",
    "PS": "Progressive score",
    "REP": "Rounds elected to play",
    "STD": "Standard points",
    "TPN": "Tournament pairing number",
    "KASH": "Kashdan score",
    "BH": "Buchholz",
    "BBH": "Buchholz of Buchholz",
    "AOB": "Average of opponents' Buchholz",
    "FB": "Fore Buchholz",
    "SB": "Sonneborn-Berger",
    "KS": "Koya score",
    "KSX": "Extended Koya score",
    "ARO": "Average rating of opponents",
    "TPR": "Tournament performance rating",
    "TPRS": "Performance rating (350-point rule)",
    "PTP": "Perfect tournament performance",
    "APRO": "Average performance rating of opponents",
    "APPO": "Average perfect performance of opponents",
    "RTNG": "Rating",
    "LOT": "Drawing of lots",
    "MP": "Match points",
    "GP": "Game points",
    "MPVGP": "Match points versus game points",
    "EDE": "Extended direct encounter",
    "BC": "Board count",
    "SSSC": "Score and strength combination",
    "BBE": "Bottom-board elimination",
    "EMMSB": "Extended Sonneborn-Berger (opponents' match points × own match points)",
    "EMGSB": "Extended Sonneborn-Berger (opponents' match points × own game points)",
    "EGMSB": "Extended Sonneborn-Berger (opponents' game points × own match points)",
    "EGGSB": "Extended Sonneborn-Berger (opponents' game points × own game points)",
    "TBR": "Best result on the highest board",
    "MMS": "McMahon score",
    "SOS": "Sum of opponents' McMahon scores",
    "SODOS": "Sum of defeated opponents' McMahon scores",
    "SOSOS": "Sum of opponents' SOS",
    "SOSM1": "Sum of opponents' McMahon scores without the lowest",
    "SOSM2": "Sum of opponents' McMahon scores without the two lowest",
    "CUSS": "Cumulative sum of McMahon scores",
    "NBW": "Number of wins",
    "CAT": "Category",
    "SDC": "Simplified direct confrontation",
    "DC": "Direct confrontation",
    "LEVEL": "Level (Gamma scheme)",
    "COEF": "Coefficient (Gamma scheme)",
    "KZR": "Keizer score",
    "KZV": "Keizer value",
}
"""English names, keyed by code (the gettext msgids)."""

TEAM_NAMES: dict[tuple[str, str], str] = {
    ("SB", "MP"): "Sonneborn-Berger (opponents' match points × own match points, as EMMSB)",
    ("SB", "GP"): "Sonneborn-Berger (opponents' game points × own game points, as EGGSB)",
}
"""Names a team event shows instead, keyed by (code, primary score): what an individual
definition computes once "score" is the team's match or game points (C.07 Art. 9.1 read for
teams; notes/tiebreaks.md "Disagreements settled")."""

MODIFIER_NAMES: dict[str, str] = {
    "C": "cut {n} (drop the {n} least significant values)",
    "M": "median {n} (drop the {n} lowest and the {n} highest values)",
    "L": "limit moved by {n} half-points",
    "P": "forfeits count as played games",
    "U": "unrated players count as rated {n}",
    "F": "Fore Buchholz of the opponents",
}
"""Descriptions of the C.07 Art. 14 modifiers (format strings for gettext)."""

REGIME_NAMES: dict[str, str] = {
    "legacy": "virtual opponent (pre-2023 rules, seed booklet)",
    "2024": "FIDE C.07 2023/2024 (dummy opponent with own score)",
    "2026": "FIDE C.07 2026 (capped dummy, VUR cut rule)",
}
"""How each unplayed-round regime is stated on standings outputs."""


def name_of(code: str, team_primary: str | None = None) -> str:
    """English name of a base code (``BH``), or the code itself if unknown; in a team event
    (``team_primary`` ``MP``/``GP``) the team reading where it differs (``TEAM_NAMES``)."""
    if team_primary:
        team = TEAM_NAMES.get((code.upper(), team_primary.upper()))
        if team:
            return team
    return NAMES.get(code.upper(), code)
