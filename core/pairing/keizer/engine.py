"""The Keizer pairing: from the top of the ranking down, avoiding recent rematches.

The rule the clubs state ("nummer 1 tegen nummer 2, 3 tegen 4 …, niet binnen N ronden opnieuw
tegen elkaar") made exact, so that a hand derivation gives the same boards:

* the players of the evening are taken in the order of the Keizer ranking after the previous
  evening (:func:`core.pairing.keizer.scoring.keizer_ranking`);
* the highest player not yet paired meets the highest player below him whom he may meet and
  whose leaving still lets everybody else be paired (a perfect matching of the rest exists,
  :func:`core.pairing.matching.max_matching`) — so the result is the first pairing in that
  top-down order, found without trial and error;
* two players may meet when they are not a forbidden pair, have met fewer than
  ``max_meetings`` times (when set) and at least ``rematch_gap`` evenings lie between their
  last game and this one.  When no pairing keeps that, the gap is shortened one evening at a
  time (then the meetings limit dropped) and the board says so;
* an odd field: the bye goes to the lowest player (``bye_rotation``: the lowest with the
  fewest byes so far) whose leaving lets the others be paired;
* colours (the clubs' rule, notes/keizer.md): the player with fewer Whites than Blacks so far
  (colour balance) gets White; equal balance and an earlier game between the two — the
  colours of their last game reversed; otherwise the lower-placed player gets White.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.model import Colour, Tournament, entries
from core.pairing.base import PairOptions
from core.pairing.keizer.options import KeizerOptions
from core.pairing.matching import max_matching


@dataclass(frozen=True)
class Rule:
    """Who may meet whom: a rematch gap and a meetings limit (0 = none)."""

    gap: int
    max_meetings: int


def rules(options: KeizerOptions) -> list[Rule]:
    """The event's rule first, then each relaxation in turn (shorter gaps, then no limit)."""
    out = [Rule(gap, options.max_meetings) for gap in range(options.rematch_gap, -1, -1)]
    if options.max_meetings:
        out.append(Rule(0, 0))
    return out


class Field:
    """The pairs that may meet in ``round_no`` under ``rule``."""

    def __init__(self, t: Tournament, round_no: int, rule: Rule, met: dict[frozenset[int], list[int]]) -> None:
        self.round_no = round_no
        self.rule = rule
        self.met = met
        self.forbidden = {frozenset((a, b)) for group in t.forbidden_for(round_no)
                          for a in group for b in group if a != b}

    def blocked(self, a: int, b: int) -> tuple[str, int] | None:
        """Why ``a`` and ``b`` may not meet: (``forbidden``|``meetings``|``gap``, round of
        their last game), or ``None``."""
        pair = frozenset((a, b))
        if pair in self.forbidden:
            return ("forbidden", 0)
        rounds = self.met.get(pair, [])
        if not rounds:
            return None
        if self.rule.max_meetings and len(rounds) >= self.rule.max_meetings:
            return ("meetings", rounds[-1])
        if self.round_no - rounds[-1] - 1 < self.rule.gap:
            return ("gap", rounds[-1])
        return None

    def pairable(self, players: Sequence[int]) -> bool:
        """Whether ``players`` can all be paired with each other."""
        if len(players) % 2:
            return False
        found = max_matching(list(players), lambda a, b: self.blocked(a, b) is None)
        return len(found) == len(players)


@dataclass(frozen=True)
class Choice:
    """One board as the search chose it: the two players and the ones skipped between them,
    each with the reason (a :meth:`Field.blocked` answer, or ``None`` for "the others could
    not all be paired")."""

    top: int
    opponent: int
    skipped: tuple[tuple[int, tuple[str, int] | None], ...] = ()


def top_down(order: Sequence[int], field: Field, options: PairOptions) -> list[Choice] | None:
    """The top-down pairing of ``order`` (best first), or ``None`` if none exists."""
    if not field.pairable(order):
        return None
    rest = list(order)
    out: list[Choice] = []
    while rest:
        top, below = rest[0], rest[1:]
        skipped: list[tuple[int, tuple[str, int] | None]] = []
        for candidate in below:
            options.check()
            reason = field.blocked(top, candidate)
            others = [p for p in below if p != candidate]
            if reason is None and field.pairable(others):
                out.append(Choice(top, candidate, tuple(skipped)))
                rest = others
                break
            skipped.append((candidate, reason))
    return out


def bye_candidates(order: Sequence[int], byes: dict[int, int], rotation: bool) -> list[int]:
    """Who may get the bye, in turn: from the bottom up (``rotation``: fewest byes first)."""
    bottom_up = list(reversed(order))
    if rotation:
        bottom_up.sort(key=lambda p: byes.get(p, 0))
    return bottom_up


@dataclass(frozen=True)
class Balance:
    """A player's colours so far: games with White minus games with Black."""

    whites: int
    blacks: int

    @property
    def value(self) -> int:
        return self.whites - self.blacks


def balances(t: Tournament) -> dict[int, Balance]:
    out = {}
    for pno, hist in entries(t).items():
        out[pno] = Balance(sum(e.colour is Colour.WHITE for e in hist), sum(e.colour is Colour.BLACK for e in hist))
    return out


def last_white(t: Tournament, a: int, b: int) -> tuple[int, int] | None:
    """(round, who had White) of the last game played between ``a`` and ``b``."""
    for rnd in reversed(t.rounds):
        for board in rnd.boards:
            if {board.white, board.black} == {a, b} and (board.result is None or board.result.played):
                return rnd.number, board.white
    return None


def colours(t: Tournament, upper: int, lower: int, balance: dict[int, Balance]) -> tuple[int, int, str, int]:
    """(white, black, reason, round) for ``upper`` (placed higher) against ``lower``; reason is
    ``balance``, ``reversed`` (round = their last game) or ``lower``."""
    bu, bl = balance[upper].value, balance[lower].value
    if bu != bl:
        white = upper if bu < bl else lower
        return white, lower if white == upper else upper, "balance", 0
    last = last_white(t, upper, lower)
    if last is not None:
        round_no, had_white = last
        white = lower if had_white == upper else upper
        return white, upper if white == lower else lower, "reversed", round_no
    return lower, upper, "lower", 0
