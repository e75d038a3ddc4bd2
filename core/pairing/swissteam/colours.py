"""Colour preferences (C.04.6 Art. 1.7) and colour allocation (Art. 4).

A team's colour is the colour of its first board (Art. 1.6.1).  There is no absolute colour
preference in this system: colours never stop two teams from meeting, they only rank the
pairings of a bracket (C8, C9) and decide who gets White once the pairs are fixed.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.pairing.swissteam.field import RoundRules, TeamState

STRONG, MILD, SIMPLE = "strong", "mild", "simple"


@dataclass(frozen=True)
class Preference:
    colour: str  # 'W', 'B' or '' (none)
    strength: str = ""  # SIMPLE (Type A), STRONG or MILD (Type B)


NONE = Preference("")


def opposite(colour: str) -> str:
    return "B" if colour == "W" else "W"


def preference(team: TeamState, rules: RoundRules) -> Preference:
    """Art. 1.7.1 (Type A) and 1.7.2 (Type B).  The clauses for a difference beyond one, or for
    two equal colours in a row at a difference of 0 or ±1 towards them, come first: they are
    the simple (A) or strong (B) preference, also in the last round; Type B's mild clauses
    (a difference of ±1, or the last colour at 0 before the last round) come after."""
    kind = rules.preferences
    if kind == "none" or not team.colours:
        return NONE
    cd, last_two = team.colour_difference, team.colours[-2:]
    top = SIMPLE if kind == "A" else STRONG
    if cd < -1 or (cd in (0, -1) and last_two == "BB"):
        return Preference("W", top)
    if cd > 1 or (cd in (0, 1) and last_two == "WW"):
        return Preference("B", top)
    if kind == "A":
        return NONE
    if cd == -1:
        return Preference("W", MILD)
    if cd == 1:
        return Preference("B", MILD)
    if not rules.last_round:
        return Preference(opposite(team.colours[-1]), MILD)
    return NONE


def first_team(a: TeamState, b: TeamState, rules: RoundRules) -> tuple[TeamState, TeamState]:
    """Art. 4.2: the higher primary score, then the higher secondary score (unless the rules
    leave it out), then the smaller TPN; returns (first-team, other)."""
    def key(s: TeamState) -> tuple:
        return (-s.score, -s.secondary if rules.use_secondary else 0, s.tpn)
    return (a, b) if key(a) <= key(b) else (b, a)


def allocate(a: TeamState, b: TeamState, rules: RoundRules) -> tuple[int, int, str]:
    """Art. 4.3: (white TPN, black TPN, the article that decided)."""
    first, other = first_team(a, b, rules)

    def give(team: TeamState, colour: str, rule: str) -> tuple[int, int, str]:
        mate = other if team is first else first
        return (team.tpn, mate.tpn, rule) if colour == "W" else (mate.tpn, team.tpn, rule)

    if not first.colours and not other.colours:
        colour = rules.initial if first.tpn % 2 else opposite(rules.initial)
        return give(first, colour, "4.3.1")
    pf, po = preference(first, rules), preference(other, rules)
    if bool(pf.colour) != bool(po.colour):
        team, pref = (first, pf) if pf.colour else (other, po)
        return give(team, pref.colour, "4.3.2")
    if pf.colour and pf.colour != po.colour:
        return give(first, pf.colour, "4.3.3")
    if rules.preferences == "B" and pf.colour and (pf.strength == STRONG) != (po.strength == STRONG):
        team, pref = (first, pf) if pf.strength == STRONG else (other, po)
        return give(team, pref.colour, "4.3.4")
    if first.colour_difference != other.colour_difference:
        lower = first if first.colour_difference < other.colour_difference else other
        return give(lower, "W", "4.3.5")
    for cf, co in zip(reversed(first.colours), reversed(other.colours)):
        if cf != co:
            return give(first, opposite(cf), "4.3.6")
    if pf.colour:
        return give(first, pf.colour, "4.3.7")
    if first.colours:
        return give(first, opposite(first.colours[-1]), "4.3.8")
    return give(other, opposite(other.colours[-1]), "4.3.9")


def colour_costs(a: TeamState, b: TeamState, rules: RoundRules) -> tuple[int, int]:
    """C8 and C9 of one pair (Arts. 2.3.5, 2.3.6).  Art. 4.3.2–4.3.3 grant every preference
    unless both teams want the same colour, so a pair leaves one preference unfulfilled exactly
    then; 4.3.4 grants a strong one over a mild one, so a strong preference is left unfulfilled
    only when both are strong for the same colour (Type B)."""
    pa, pb = preference(a, rules), preference(b, rules)
    if not pa.colour or pa.colour != pb.colour:
        return 0, 0
    strong = rules.preferences == "B" and pa.strength == STRONG and pb.strength == STRONG
    return 1, int(strong)
