"""Random Swiss tournaments, every round paired by one of our engines (``hakem generate``).

Why: property tests, differential tests against other engines and benchmarks all need
realistic histories — draws, forfeits, half/full/zero-point requested byes, withdrawals — that
are reproducible.  Everything random comes from one ``random.Random(seed)``; nothing depends on
the clock or the hash seed.
"""

from __future__ import annotations

from core.i18n import _

import random
from dataclasses import dataclass

from core.errors import TournamentError
from core.model import (
    Board, ByeKind, Colour, GameResult, Player, PointSystem, RequestedBye, Round, Tournament,
)
from core.pairing.base import PairOptions


@dataclass(frozen=True)
class Settings:
    """What the generator varies; rates are probabilities per player (or board) and round."""

    players: int = 30
    rounds: int = 7
    seed: int = 1
    draws: float = 0.3
    """Share of played games that end in a draw."""
    forfeits: float = 0.02
    byes: float = 0.03
    """Chance that a player requests a bye for a round (60% half, 30% zero, 10% full point)."""
    withdrawals: float = 0.01
    """Chance per round that a player leaves the event for good."""
    points: PointSystem = PointSystem()


def new_tournament(s: Settings, system: str, rng: random.Random) -> Tournament:
    ratings = sorted((rng.randint(1000, 2800) for _ in range(s.players)), reverse=True)
    players = tuple(Player(pno=i + 1, name=f"Player {i + 1:04d}", rating=r)
                    for i, r in enumerate(ratings))
    points = s.points
    if system == "double-swiss":
        from core.pairing.doubleswiss.state import match_points

        points = match_points(points)
    return Tournament(id=f"gen{s.seed}", name=f"Generated tournament {s.seed}", system=system,
                      total_rounds=s.rounds, points=points, players=players,
                      initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)))


def _result(rng: random.Random, s: Settings, white: Player, black: Player) -> GameResult:
    if rng.random() < s.forfeits:
        return rng.choice((GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
                           GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
                           GameResult.DOUBLE_FORFEIT))
    if rng.random() < s.draws:
        return GameResult.DRAW
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    return GameResult.WHITE_WINS if rng.random() < expected else GameResult.BLACK_WINS


def generate(s: Settings, system: str = "dutch", options: PairOptions | None = None) -> Tournament:
    """Play ``s.rounds`` random rounds; each round is paired by the registered ``system``.

    Raises :class:`~core.errors.PairingImpossible` (with the round number) if the engine finds
    no legal pairing, which can happen with very few players and many rounds.
    """
    from core.pairing.registry import get_system

    if s.players < 2:
        raise TournamentError(_('a Swiss tournament needs at least 2 players, not {players}').format(players=s.players))
    if s.rounds < 1:
        raise TournamentError(_('the number of rounds must be at least 1, not {rounds}').format(rounds=s.rounds))
    engine = get_system(system)
    rng = random.Random(s.seed)
    t = new_tournament(s, system, rng)
    gone: set[int] = set()
    for r in range(1, s.rounds + 1):
        if options is not None:
            options.check()
            options.report((r - 1) / s.rounds, f"round {r}")
        requested: list[RequestedBye] = []
        for p in t.players:
            if p.pno in gone:
                continue
            if r > 1 and rng.random() < s.withdrawals:
                gone.add(p.pno)
                continue
            if rng.random() < s.byes:
                kind = rng.choices((ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL), (6, 3, 1))[0]
                requested.append(RequestedBye(p.pno, r, kind))
        requested += [RequestedBye(pno, r, ByeKind.ZERO) for pno in sorted(gone)]
        if len(requested) > len(t.players) - 2:
            requested = requested[: max(0, len(t.players) - 2)]
        t = t.with_changes(requested_byes=tuple(sorted(requested, key=lambda b: b.pno)))
        pairing = engine.pair(t, options)
        boards = tuple(Board(b.white, b.black, _result(rng, s, t.player(b.white), t.player(b.black)), game=b.game)
                       for b in pairing.boards)
        byes = tuple(sorted(pairing.byes, key=lambda b: (b.kind is not ByeKind.PAB, b.pno)))
        t = t.with_changes(rounds=t.rounds + (Round(r, boards, byes),), requested_byes=())
    return t


__all__ = ["Settings", "generate", "new_tournament"]
