"""Article 4 of the Double-Swiss System (FIDE C.04.5): who has White in game 1 of a match.

Why after the pairing and never during it: the text has no colour criterion; the colours of
a match are decided once the pairs are known.  The match's second game is played with the
colours reversed (Preface), so one colour per match is all there is to decide.

In our words, for the higher-ranked player (4.2: higher score, then smaller TPN) and his
opponent, the first rule that decides:

* 4.3.1 neither has a colour yet: the higher-ranked player gets the initial colour if his
  TPN is odd, the other colour if it is even;
* 4.3.2 the player with fewer Whites gets White;
* 4.3.3 going back from the last match, at the first match in which their colours differed,
  the higher-ranked player gets the colour he did not have then;
* 4.3.4 the higher-ranked player gets the colour other than his last one;
* 4.3.5 the opponent gets the colour other than his last one.
"""

from __future__ import annotations

from core.model import Colour
from core.pairing.doubleswiss.state import Entrant


def higher_ranked(a: Entrant, b: Entrant) -> tuple[Entrant, Entrant]:
    """4.2: (the higher-ranked player, his opponent)."""
    return (a, b) if (-a.score, a.pno) < (-b.score, b.pno) else (b, a)


def allocate(a: Entrant, b: Entrant, initial: Colour) -> tuple[int, int, str]:
    """(White in game 1, Black in game 1, the article that decided)."""
    hi, lo = higher_ranked(a, b)

    def give(colour: Colour, article: str) -> tuple[int, int, str]:
        return (hi.pno, lo.pno, article) if colour is Colour.WHITE else (lo.pno, hi.pno, article)

    if not hi.colours and not lo.colours:
        return give(initial if hi.pno % 2 else initial.opposite, "4.3.1")
    whites_hi = hi.colours.count(Colour.WHITE)
    whites_lo = lo.colours.count(Colour.WHITE)
    if whites_hi != whites_lo:
        return give(Colour.WHITE if whites_hi < whites_lo else Colour.BLACK, "4.3.2")
    for mine, theirs in zip(reversed(hi.colours), reversed(lo.colours)):
        if mine is not theirs:
            return give(mine.opposite, "4.3.3")
    if hi.colours:
        return give(hi.colours[-1].opposite, "4.3.4")
    return give(lo.colours[-1], "4.3.5")
