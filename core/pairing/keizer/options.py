"""The Keizer settings of an event, read from ``Tournament.options["keizer"]`` and validated.

Why one module: the pairing engine, the scoring (standings, explanations), ``hakem new`` and
``hakem keizer settings`` all need the same value numbers, fractions, limits and rematch gap;
reading them in one place refuses a bad value with the same message everywhere.

The parameters are the ones the Dutch and Belgian clubs' regulations and the club programs
state (notes/keizer.md has the sources).  Fractions are exact (``1/3``, ``0.5``, ``66%``):

* value numbers — ``top`` (the first place's value; ``auto`` = step × ⌈3N/2⌉ for N players,
  so that a win against the first is worth about three wins against the last) and ``step``
  (what each place lower is worth less, default 1); a value never drops below 0;
* games, of the **opponent's** value — ``win`` 1, ``draw`` ½, ``loss`` 0, ``forfeit_win`` 1,
  ``forfeit_loss`` 0;
* evenings without a game, of the player's **own** value — ``bye`` ½ (the odd player out),
  ``excused`` ⅓ (an absence announced in advance: a requested zero- or half-point bye),
  ``unexcused`` 0 (not checked in, nothing announced), ``club_duty`` ⅔ (a full-point bye:
  playing for the club elsewhere that evening, arbiter duty), ``before_entry`` 0 (evenings
  before a late entry joined), ``withdrawn`` 0 (evenings after a withdrawal);
* ``own_value`` (yes) — the player's own value is counted once in the score;
* ``absence_limit`` (0 = none) — how many absences (excused or not) score at all; further
  ones score 0.  ``absence_halving`` (no) — each further absence scores half the one before;
* pairing — ``rematch_gap`` (3): rounds that must lie between two games of the same two
  players; ``max_meetings`` (0 = no limit): how often two players may meet in the event;
  ``bye_rotation`` (yes): the bye goes to the lowest player with the fewest byes so far
  (no: always to the lowest player).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.i18n import N_, _
from core.model import Tournament

GAME_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss")
"""Fractions of the opponent's value."""

OWN_KEYS = ("bye", "excused", "unexcused", "club_duty", "before_entry", "withdrawn")
"""Fractions of the player's own value."""

FLAG_KEYS = ("own_value", "absence_halving", "bye_rotation")

OPTION_HELP: dict[str, str] = {
    "top": N_("value of the first place: a whole number, or auto (step × 3N/2 for N players)"),
    "step": N_("how much less each place lower is worth (whole number, default 1)"),
    "win": N_("a win scores this fraction of the opponent's value (default 1)"),
    "draw": N_("a draw scores this fraction of the opponent's value (default 1/2)"),
    "loss": N_("a loss scores this fraction of the opponent's value (default 0)"),
    "forfeit_win": N_("a win by forfeit: fraction of the opponent's value (default 1)"),
    "forfeit_loss": N_("a loss by forfeit: fraction of the opponent's value (default 0)"),
    "bye": N_("the bye of an odd field: fraction of one's own value (default 1/2)"),
    "excused": N_("an absence announced in advance (zero- or half-point bye): fraction of one's "
                  "own value (default 1/3)"),
    "unexcused": N_("an absence without notice (not checked in): fraction of one's own value "
                    "(default 0)"),
    "club_duty": N_("away for the club (a full-point bye): fraction of one's own value "
                    "(default 2/3)"),
    "before_entry": N_("evenings before a late entry joined: fraction of one's own value "
                       "(default 0)"),
    "withdrawn": N_("evenings after a withdrawal: fraction of one's own value (default 0)"),
    "own_value": N_("count one's own value once in the score: yes or no (default yes)"),
    "absence_limit": N_("only this many absences score; 0 = no limit (default 0)"),
    "absence_halving": N_("each further absence scores half the one before: yes or no "
                          "(default no)"),
    "rematch_gap": N_("rounds that must lie between two games of the same players (default 3)"),
    "max_meetings": N_("how often two players may meet; 0 = no limit (default 0)"),
    "bye_rotation": N_("the bye goes to the lowest player with the fewest byes (yes) or always "
                       "to the lowest player (no); default yes"),
}
"""Every key of ``options["keizer"]`` with its help (the CLI's ``--kz-KEY`` flags)."""

OPTION_KEYS = tuple(OPTION_HELP)


@dataclass(frozen=True)
class KeizerOptions:
    """Validated Keizer settings (defaults: notes/keizer.md "Defaults")."""

    top: int | None = None
    """``None``: automatic (step × ⌈3N/2⌉)."""
    step: int = 1
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    bye: Fraction = Fraction(1, 2)
    excused: Fraction = Fraction(1, 3)
    unexcused: Fraction = Fraction(0)
    club_duty: Fraction = Fraction(2, 3)
    before_entry: Fraction = Fraction(0)
    withdrawn: Fraction = Fraction(0)
    own_value: bool = True
    absence_limit: int = 0
    absence_halving: bool = False
    rematch_gap: int = 3
    max_meetings: int = 0
    bye_rotation: bool = True

    def top_value(self, players: int) -> int:
        """The first place's value in a field of ``players``."""
        if self.top is not None:
            return self.top
        return self.step * math.ceil(Fraction(3 * players, 2))

    def values(self, players: int) -> list[int]:
        """Value number of each place, first place first (never below 0)."""
        top = self.top_value(players)
        return [max(0, top - i * self.step) for i in range(players)]

    def fraction(self, kind: str) -> Fraction:
        """The fraction of a result or absence kind (a key of :data:`GAME_KEYS` or
        :data:`OWN_KEYS`)."""
        value: Fraction = getattr(self, kind)
        return value


def values_problem(options: KeizerOptions, players: int) -> str | None:
    """Why a fixed ``top`` is too small for a field of ``players``, else None.  The rule: the
    last place's value, top − (N − 1) × step, must stay above 0 — at 0 a win against the last
    scores nothing and the places below share one value, so the ranking no longer pays for
    beating a stronger player.  ``auto`` (step × ⌈3N/2⌉) always keeps it above 0."""
    if options.top is None or players < 2:
        return None
    last = options.top - (players - 1) * options.step
    if last > 0:
        return None
    return _("Keizer values: with {players} players the last place is worth {top} − ({players} − 1) × {step} = "
             "{last}; the value of the last place must stay above 0: --kz-top {need} at least, or auto").format(
        players=players, top=options.top, step=options.step, last=last, need=(players - 1) * options.step + 1)


def _label(key: str) -> str:
    return "--kz-" + key.replace("_", "-")


def _fraction(key: str, value: Any) -> Fraction:
    text = str(value).strip().replace(",", ".")
    try:
        number = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        number = None
    if number is None or not 0 <= number <= 1:
        raise TournamentError(_("Keizer {key}: {value!r} must be a fraction from 0 to 1, such as "
                                "1/3, 0.5 or 66%").format(key=_label(key), value=value))
    return number


def _whole(key: str, value: Any, low: int) -> int:
    try:
        number: int | None = int(str(value).strip())
    except ValueError:
        number = None
    if number is None or not low <= number <= 10_000:
        raise TournamentError(_("Keizer {key}: {value!r} must be a whole number from {low} to 10000")
                              .format(key=_label(key), value=value, low=low))
    return number


def _flag(key: str, value: Any) -> bool:
    text = str(value).strip().lower()
    if text in ("yes", "true", "1", "on"):
        return True
    if text in ("no", "false", "0", "off"):
        return False
    raise TournamentError(_("Keizer {key}: {value!r} must be yes or no").format(key=_label(key), value=value))


def parse_options(raw: Mapping[str, Any]) -> KeizerOptions:
    """Settings from a mapping of keys to values as typed (strings) or stored; raises
    :class:`TournamentError` naming the first bad key."""
    unknown = sorted(k for k in raw if k not in OPTION_HELP)
    if unknown:
        raise TournamentError(_("unknown Keizer setting {key!r}; known: {known}").format(
            key=unknown[0], known=", ".join(OPTION_KEYS)))
    given = {k: v for k, v in raw.items() if v is not None and v != ""}
    fields: dict[str, Any] = {}
    for key, value in given.items():
        if key == "top":
            fields[key] = None if str(value).strip().lower() == "auto" else _whole(key, value, 1)
        elif key in GAME_KEYS or key in OWN_KEYS:
            fields[key] = _fraction(key, value)
        elif key in FLAG_KEYS:
            fields[key] = _flag(key, value)
        else:
            fields[key] = _whole(key, value, 1 if key == "step" else 0)
    return KeizerOptions(**fields)


def stored(raw: Mapping[str, Any]) -> dict[str, str]:
    """The settings as they are kept in ``options["keizer"]``: plain text per key, as typed
    (JSON keeps them; :func:`parse_options` reads them back exactly)."""
    return {k: str(v).strip() for k, v in raw.items() if v is not None and str(v).strip() != ""}


def keizer_options(t: Tournament) -> KeizerOptions:
    """The event's Keizer settings; raises :class:`TournamentError` naming a bad value."""
    raw = t.options.get("keizer") if t.options else None
    return parse_options(raw if isinstance(raw, Mapping) else {})
