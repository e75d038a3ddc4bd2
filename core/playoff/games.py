"""Games, lots and the evaluation context shared by every playoff stage.

Why a context object: a playoff is never stored as "the bracket"; it is re-derived from its
plan, its seed and the results entered so far, every time.  The context carries those inputs
and collects what the derivation produces (the games that exist now, the lots drawn), so a
corrected result simply yields a new bracket and a new timetable on the next evaluation.

Entrants are pairing numbers (``int``) or, while unknown, a description (``str``) such as
``"winner of Group A"``; games with such a placeholder are *planned* (shown in the timetable,
no result possible yet).
"""

from __future__ import annotations

from core.i18n import N_, _

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping

from core.errors import InvalidResult
from core.model import GameResult
from core.playoff import lots
from core.playoff.timecontrol import TimeControl

Entrant = int | str


@dataclass(frozen=True)
class Game:
    """One playoff game as the current results imply it.

    ``after`` lists the games that must be finished before this one starts (the previous game
    of the match, or every game of the previous stage).  ``colours_open`` is True while the
    colours are not drawn yet (a player unknown, or Armageddon bids missing).
    """

    id: str
    stage: str
    white: Entrant
    black: Entrant
    time_control: TimeControl
    kind: str
    after: tuple[str, ...] = ()
    result: GameResult | None = None
    flag_later: str | None = None
    end: str | None = None
    colours_open: bool = False

    @property
    def planned(self) -> bool:
        """True while a player is not known yet."""
        return isinstance(self.white, str) or isinstance(self.black, str)

    @property
    def ready(self) -> bool:
        return not self.planned and not self.colours_open and self.result is None


@dataclass(frozen=True)
class Lot:
    """A drawing of lots, recorded so the arbiter can show it and anyone can replay it.

    ``value`` is what was drawn (``"white"``/``"black"`` for colour lots, a player list for
    pairing lots, a pairing number for a deciding lot); ``manual`` marks a lot drawn over the
    board and typed in by the arbiter instead of the seeded one.
    """

    key: str
    purpose: str
    """What the lot decides, in English (a msgid: ``_(purpose)`` where it is shown)."""
    players: tuple[int, ...]
    value: str
    manual: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "purpose": self.purpose, "players": list(self.players),
                "value": self.value, "manual": self.manual}


_DECISIVE = {
    GameResult.WHITE_WINS: (1, 0), GameResult.BLACK_WINS: (0, 1),
    GameResult.WHITE_FORFEIT_WIN: (1, 0), GameResult.BLACK_FORFEIT_WIN: (0, 1),
}


def game_points(result: GameResult) -> tuple[float, float]:
    """Match points of White and Black for one playoff game (halves as floats are exact)."""
    if result in _DECISIVE:
        return _DECISIVE[result]
    if result is GameResult.DRAW:
        return (0.5, 0.5)
    if result is GameResult.WHITE_HALF:
        return (0.5, 0.0)
    if result is GameResult.BLACK_HALF:
        return (0.0, 0.5)
    return (0.0, 0.0)  # 0-0 (both lost) and double forfeit


@dataclass
class Context:
    """Inputs of one evaluation and what it collects.  Mutable on purpose, never stored."""

    seed: int | str
    results: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    manual_lots: Mapping[str, str] = field(default_factory=dict)
    choices: Mapping[str, str] = field(default_factory=dict)
    bids: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    games: list[Game] = field(default_factory=list)
    lots: list[Lot] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    byes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Knockout round path (``"p.r1"``) → players advancing without a game in that round."""

    # -- lots --------------------------------------------------------------------------
    def draw(self, key: str, purpose: str, players: tuple[int, ...], options: list[str]) -> str:
        """Draw one of ``options`` for ``key`` (or take the arbiter's manual lot), record it."""
        manual = self.manual_lots.get(key)
        if manual is not None:
            if manual not in options:
                raise InvalidResult(
                    _('lot {key}: {manual!r} is not a possible outcome ({value}).').format(key=key, manual=manual, value=', '.join(options)))
            value = manual
        else:
            value = options[lots.draw(self.seed, key, len(options))]
        self.lots.append(Lot(key, purpose, players, value, manual is not None))
        return value

    def colour_lot(self, key: str, a: int, b: int) -> tuple[int, int]:
        """Aktar's colour procedure (p. 67): a lot names a winner, who then draws a colour.

        Both draws are recorded; returns ``(white, black)`` for the first game.  The key
        includes the players so a different pairing never reuses an old lot.
        """
        pair = f"{min(a, b)}-{max(a, b)}"
        winner = int(self.draw(f"{key}:{pair}:lot", N_("colour lot"), (a, b), [str(a), str(b)]))
        colour = self.draw(f"{key}:{pair}:colour", N_("colour drawn by the lot winner"), (winner,),
                           ["white", "black"])
        other = b if winner == a else a
        return (winner, other) if colour == "white" else (other, winner)

    # -- results -----------------------------------------------------------------------
    def result(self, game_id: str, white: Entrant, black: Entrant) -> tuple[GameResult | None, dict]:
        """The stored result of a game if it was entered for these very players.

        A result stored for other players (the bracket changed after a correction) is
        ignored: it belongs to a game that no longer exists.
        """
        entry = self.results.get(game_id)
        if entry is None or isinstance(white, str) or isinstance(black, str):
            return None, {}
        if {int(entry.get("white", -1)), int(entry.get("black", -1))} != {white, black}:
            return None, {}
        self.used.add(game_id)
        return GameResult.parse(str(entry["result"])), dict(entry)

    def add(self, game: Game) -> Game:
        self.games.append(game)
        return game
