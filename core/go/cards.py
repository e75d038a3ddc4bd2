"""Participant cards: what every player did in every round, with levels (the Gamma procedure).

Why: the Gamma scheme is run from paper cards; everything else (pairing, the coefficient,
the table, both exports) reads these values, so they are derived in one place from the rounds
of the :class:`~core.model.Tournament`.

Mapping from the model (documented in notes/go.md):

* a board with ``WHITE_WINS``/``BLACK_WINS`` → a win ("+") and a loss ("−");
* ``WHITE_FORFEIT_WIN``/``BLACK_FORFEIT_WIN`` → the same win/loss, flagged ``forfeit``;
* ``DOUBLE_FORFEIT`` → both players refused the round ("--");
* ``DRAW`` → jigo (level unchanged; not possible with the half-integer komi the Gamma procedure asks
  for, accepted so that a result typed through the generic CLI never breaks the cards);
  ``BOTH_LOSE`` → a loss for both;
* a pairing-allocated bye (``ByeKind.PAB``) → the odd-number rest ("++");
* any other round without a game (zero/half/full bye, absence, before a late entry or after a
  withdrawal) → a refusal ("--").

Level: +1 after a win or a rest, unchanged after a loss, jigo or refusal.  Technical sum:
+1 per refusal, −1 per rest.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from core.go.registration import start_levels
from core.model import ByeKind, Colour, GameResult, Tournament


class Outcome(enum.Enum):
    """What a round was for one player; the value is the card's result mark."""

    WIN = "+"
    LOSS = "-"
    JIGO = "="
    REST = "++"
    """Left without a game because of the odd number of players (counts like a win)."""
    REFUSAL = "--"
    """Did not take part in the round (level unchanged, technical +1)."""
    PENDING = "?"
    """Paired, result not in yet."""

    @property
    def played(self) -> bool:
        """A game with an opponent (even if pending or won by forfeit)."""
        return self in (Outcome.WIN, Outcome.LOSS, Outcome.JIGO, Outcome.PENDING)

    @property
    def raises_level(self) -> bool:
        return self in (Outcome.WIN, Outcome.REST)


@dataclass(frozen=True)
class CardRound:
    """One row of a participant card.

    ``handicap`` is the number of stones on the board (0 for an even game); ``signed_handicap``
    is the card's "colour and handicap" entry as a number: +h when playing White (giving h),
    −h when playing Black (receiving h).
    """

    round: int
    level_before: int
    outcome: Outcome
    opponent: int | None = None
    colour: Colour = Colour.NONE
    handicap: int = 0
    komi: Fraction | None = None
    forfeit: bool = False

    @property
    def signed_handicap(self) -> int:
        return self.handicap if self.colour is Colour.WHITE else -self.handicap


@dataclass(frozen=True)
class Card:
    """A player's whole card: start level, rounds, final level and technical sum."""

    pno: int
    start_level: int
    rounds: tuple[CardRound, ...]

    @property
    def final_level(self) -> int:
        return self.start_level + sum(1 for r in self.rounds if r.outcome.raises_level)

    @property
    def technical(self) -> int:
        """+1 per refusal, −1 per odd-number rest (seed: "сумма технических результатов")."""
        return sum(1 if r.outcome is Outcome.REFUSAL else -1 if r.outcome is Outcome.REST else 0
                   for r in self.rounds)

    @property
    def rests(self) -> int:
        return sum(1 for r in self.rounds if r.outcome is Outcome.REST)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.rounds if r.outcome is Outcome.WIN)

    def level_before(self, round_no: int) -> int:
        """Level before ``round_no`` (the final level for a round after the last one)."""
        level = self.start_level
        for r in self.rounds:
            if r.round >= round_no:
                break
            if r.outcome.raises_level:
                level += 1
        return level

    def opponents(self) -> set[int]:
        return {r.opponent for r in self.rounds if r.opponent is not None}


_WIN_LOSS = {
    GameResult.WHITE_WINS: (Outcome.WIN, Outcome.LOSS, False),
    GameResult.BLACK_WINS: (Outcome.LOSS, Outcome.WIN, False),
    GameResult.WHITE_FORFEIT_WIN: (Outcome.WIN, Outcome.LOSS, True),
    GameResult.BLACK_FORFEIT_WIN: (Outcome.LOSS, Outcome.WIN, True),
    GameResult.DOUBLE_FORFEIT: (Outcome.REFUSAL, Outcome.REFUSAL, True),
    GameResult.DRAW: (Outcome.JIGO, Outcome.JIGO, False),
    GameResult.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS, False),
}


def cards(t: Tournament, upto: int | None = None) -> dict[int, Card]:
    """Every player's card over rounds 1..``upto`` (default: all paired rounds)."""
    last = len(t.rounds) if upto is None else min(upto, len(t.rounds))
    start = start_levels(t)
    rows: dict[int, list[tuple]] = {p.pno: [] for p in t.players}
    for rnd in t.rounds[:last]:
        seen: set[int] = set()
        for board in rnd.boards:
            komi = board.komi
            handicap = board.handicap or 0
            if board.result is None:
                w_out, b_out, forfeit = Outcome.PENDING, Outcome.PENDING, False
            else:
                w_out, b_out, forfeit = _WIN_LOSS[board.result]
            if w_out is Outcome.REFUSAL:
                rows.setdefault(board.white, []).append((rnd.number, Outcome.REFUSAL, None,
                                                         Colour.NONE, 0, None, True))
                rows.setdefault(board.black, []).append((rnd.number, Outcome.REFUSAL, None,
                                                         Colour.NONE, 0, None, True))
            else:
                rows.setdefault(board.white, []).append((rnd.number, w_out, board.black,
                                                         Colour.WHITE, handicap, komi, forfeit))
                rows.setdefault(board.black, []).append((rnd.number, b_out, board.white,
                                                         Colour.BLACK, handicap, komi, forfeit))
            seen.update((board.white, board.black))
        for bye in rnd.byes:
            outcome = Outcome.REST if bye.kind is ByeKind.PAB else Outcome.REFUSAL
            rows.setdefault(bye.pno, []).append((rnd.number, outcome, None, Colour.NONE, 0, None,
                                                 False))
            seen.add(bye.pno)
        for pno, hist in rows.items():
            if pno not in seen:
                hist.append((rnd.number, Outcome.REFUSAL, None, Colour.NONE, 0, None, False))
    out: dict[int, Card] = {}
    for pno, hist in rows.items():
        level = start.get(pno, 0)
        built = []
        for number, outcome, opp, colour, handicap, komi, forfeit in hist:
            built.append(CardRound(number, level, outcome, opp, colour, handicap, komi, forfeit))
            if outcome.raises_level:
                level += 1
        out[pno] = Card(pno, start.get(pno, 0), tuple(built))
    return out
