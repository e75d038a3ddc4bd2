"""The one protocol every pairing system implements.

Why a protocol and not a base class: systems differ wildly (Dutch uses weighted matching,
Berger a table, Gamma a search); all the rest of hakem needs is "given the tournament so far,
give me the next round" plus an explanation an arbiter can read.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from core.errors import RoundError
from core.i18n import _
from core.model import Board, Bye, Match, Tournament


class Cancelled(Exception):
    """Raised inside an engine when :attr:`PairOptions.cancel` is set (the UI pressed Esc)."""


@dataclass
class PairOptions:
    """Run-time knobs that do not change the result: cancellation and progress reporting."""

    cancel: threading.Event | None = None
    progress: Callable[[float, str], None] | None = None
    """Called with a fraction 0..1 and a short text; must be cheap and thread-safe."""

    def check(self) -> None:
        """Engines call this in their loops; raises :class:`Cancelled` when asked to stop."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()

    def report(self, fraction: float, text: str = "") -> None:
        if self.progress is not None:
            self.progress(fraction, text)


ROUND_NOTE = "round"
"""The key of :attr:`RoundPairing.explanations` for lines about the whole round."""


@dataclass(frozen=True)
class RoundPairing:
    """The next round as an engine proposes it: boards in board order (no results) and byes.

    ``byes`` holds the pairing-allocated bye and the requested byes granted for this round.
    ``explanations`` maps a board index (0-based) or ``"bye"`` to arbiter-readable lines,
    and :data:`ROUND_NOTE` to what concerns the whole round (a rule the engine had to relax),
    said when the round is saved.
    """

    round: int
    boards: tuple[Board, ...]
    byes: tuple[Bye, ...] = ()
    explanations: dict[object, tuple[str, ...]] = field(default_factory=dict, compare=False)
    matches: tuple[Match, ...] = ()
    """Team events: which boards form which team match (copied to ``Round.matches``)."""


@runtime_checkable
class PairingSystem(Protocol):
    """What a registered system provides: its id, the ruleset it follows, and ``pair``."""

    id: str
    ruleset: str

    def pair(self, tournament: Tournament, options: PairOptions | None = None) -> RoundPairing:
        """Pair round ``tournament.current_round + 1``; raise PairingImpossible if none exists."""
        ...

    def complete(self, tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
        """A round paired by hand, with what the system derives for every board (Gamma:
        handicap, komi and the colours they imply); most systems return it unchanged."""
        ...


Completion = Callable[[Tournament, RoundPairing], RoundPairing]
"""What a system adds to a round paired by hand (``round set``, the manual-pairing screen)."""

Engine = Callable[[Tournament, str, PairOptions], RoundPairing]
"""A system's engine: the tournament so far, the ruleset, run-time options → the next round."""


@dataclass(frozen=True)
class System:
    """The registered object of every pairing system (Swiss, all-play-all, knockout, Gamma).

    Why one class: a caller (commands, CLI, TUI, simulation) only needs ``id``, ``ruleset`` and
    ``pair``; each system module supplies its engine function and registers one ``System`` per
    ruleset, named after the id (``dutch-2017`` → ``DUTCH_2017``, see :mod:`.registry`).
    ``ruleset`` is the edition of the rule text: a year for FIDE texts (``"2026"``, ``"2017"``,
    ``"1997"``), ``"legacy"`` for Burstein's undated pre-2026 text, ``"standard"`` for systems
    with one published text.  The registry id is the family name for the default ruleset and
    ``<family>-<ruleset>`` for another one.
    """

    id: str
    ruleset: str
    engine: Engine = field(compare=False, repr=False)
    completion: Completion | None = field(default=None, compare=False, repr=False)

    def pair(self, tournament: Tournament, options: PairOptions | None = None) -> RoundPairing:
        return self.engine(tournament, self.ruleset, options or PairOptions())

    def complete(self, tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
        return self.completion(tournament, pairing) if self.completion else pairing


def next_round(t: Tournament) -> int:
    """The number of the round an engine is asked to pair, after checking that the last round
    is complete and the event has rounds left (engines that build on every earlier result:
    Gamma, McMahon, Keizer)."""
    round_no = len(t.rounds) + 1
    if round_no > t.total_rounds:
        raise RoundError(_('all {total_rounds} rounds are already paired').format(total_rounds=t.total_rounds))
    if t.rounds and not t.rounds[-1].complete:
        raise RoundError(_('enter every result of round {value} before pairing round {round_no}')
                         .format(value=len(t.rounds), round_no=round_no))
    return round_no
