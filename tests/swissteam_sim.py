"""Random small team Swiss events at the level of C.04.6's facts, for the oracle tests.

Each round the engine pairs the teams, random match results follow (now and then a forfeited
match), and the facts the next round needs are updated: scores, played colours, opponents,
last round's floaters, who may no longer get the bye.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from core.pairing.swissteam.field import RoundRules, TeamState


def start(n: int) -> list[TeamState]:
    return [TeamState(tpn, Fraction(0)) for tpn in range(1, n + 1)]


def play(teams: list[TeamState], bye: int | None, boards: list[tuple[int, int]],
         rng: random.Random, boards_per_match: int = 4) -> list[TeamState]:
    """The teams after the round: random results; a forfeited match now and then."""
    by = {s.tpn: s for s in teams}
    new: dict[int, TeamState] = {}
    for s in teams:
        new[s.tpn] = replace(s, floated=False)
    if bye is not None:
        s = new[bye]
        new[bye] = replace(s, score=s.score + 1, secondary=s.secondary + Fraction(boards_per_match, 2),
                           bye_barred=True)
    for w, b in boards:
        sw, sb = by[w], by[b]
        floated = sw.score != sb.score
        if rng.random() < 0.04:  # forfeited: not played, no colour, no meeting
            winner, loser = (w, b) if rng.random() < 0.5 else (b, w)
            s = new[winner]
            new[winner] = replace(s, score=s.score + 2, secondary=s.secondary + boards_per_match,
                                  bye_barred=True)
            continue
        gw = Fraction(rng.randint(0, 2 * boards_per_match), 2)
        gb = boards_per_match - gw
        mw, mb = (2, 0) if gw > gb else (0, 2) if gw < gb else (1, 1)
        for tpn, opp, colour, mp, gp in ((w, b, "W", mw, gw), (b, w, "B", mb, gb)):
            s = new[tpn]
            new[tpn] = replace(s, score=s.score + mp, secondary=s.secondary + gp,
                               colours=s.colours + colour, opponents=s.opponents | {opp},
                               floated=floated, matches=s.matches + 1)
    return [new[t] for t in sorted(new)]


def random_rules(rng: random.Random, round_no: int, total: int) -> RoundRules:
    return RoundRules(round_no, total, rng.choice(("A", "A", "B", "none")), rng.choice("WB"),
                      rng.random() < 0.8)
