"""Knockout bracket pairing (Aktar p. 68 "Eşlendirme", Paarungssysteme "K.O.-System").

k players, t places to decide (t players go through).  Aktar's rules, in one formula:

- the bracket has ``R`` rounds, ``R`` the smallest m ≥ 1 with t·2^m ≥ k ("pad with imaginary
  players up to t·2^m"); after round r, ``t·2^(R-r)`` players remain;
- in each round the field is ordered by position (the seeding, best first); with ``M``
  matches to play, the best ``F − 2M`` advance without playing (their opponents would be
  imaginary players) and the other ``2M`` pair first v last (1:8, 2:7 ...).

This reproduces both seed examples: k=9, t=2 → 16-bracket, players 1–7 advance, 8 v 9; and
k=8, t=6 (k < 2t, "only a preliminary round") → the top 2t−k = 4 go through, 5:8 and 6:7.
Players seeded into a later round (Paarungssysteme: favourites "erst in einer späteren Runde
einsteigen") are counted in that round's field: the round before leaves room for them, so
the remaining-player counts stay t·2^(R-r) from their round on (FIDE World Cup 2025: 50
seeds enter round 2, 156 players fill round 1).

Aktar's other example (9 players → 6 after round 1) leads to 3 players in round 2 and
cannot go on without more imaginary players; it is left out (notes/playoff.md).
"""

from __future__ import annotations

from collections.abc import Mapping
import re
from dataclasses import dataclass
from typing import TypeVar

from core.errors import TournamentError
from core.i18n import N_, _

T = TypeVar("T")


class BracketError(TournamentError):
    """A knockout that cannot be built (nothing to decide, late entries that do not fit)."""


@dataclass(frozen=True)
class RoundPlan:
    """Shape of one knockout round: players in the field, byes, matches, who remains."""

    number: int
    field: int
    byes: int
    matches: int
    remaining: int


def rounds_needed(k: int, t: int) -> int:
    """Smallest m ≥ 1 with t·2^m ≥ k."""
    if t < 1:
        raise BracketError(_('at least one place must be decided.'))
    if k <= t:
        raise BracketError(_('{k} players for {t} places: there is nothing to play off.').format(k=k, t=t))
    m = 1
    while t * 2 ** m < k:
        m += 1
    return m


def plan_rounds(k: int, t: int, entering: Mapping[int, int] | None = None) -> list[RoundPlan]:
    """Round shapes for ``k`` players, ``t`` places; ``entering`` maps round → late entrants."""
    entering = dict(entering or {})
    late = sum(n for r, n in entering.items() if r > 1)
    total_rounds = rounds_needed(k, t)
    if any(r < 1 or r > total_rounds for r in entering if entering[r]):
        raise BracketError(
            _('seeded players can enter in rounds 2 to {total_rounds} of this knockout only.').format(total_rounds=total_rounds))
    plans = []
    survivors = 0
    for r in range(1, total_rounds + 1):
        field = survivors + (k - late if r == 1 else entering.get(r, 0))
        nominal_next = t * 2 ** (total_rounds - r)
        remaining = nominal_next - entering.get(r + 1, 0) if r < total_rounds else t
        matches = field - remaining
        if matches < 0 or 2 * matches > field:
            raise BracketError(
                _('round {r} would have {field} players for {remaining} places; the seeded players entering later do not fit this bracket.').format(r=r, field=field, remaining=remaining))
        plans.append(RoundPlan(r, field, field - 2 * matches, matches, remaining))
        survivors = remaining
    return plans


def pair_round(field: list[T], matches: int) -> tuple[list[T], list[tuple[T, T]]]:
    """Byes (the best) and pairs (first v last among the rest); ``field`` in position order."""
    byes = field[: len(field) - 2 * matches]
    rest = field[len(field) - 2 * matches:]
    pairs = [(rest[i], rest[len(rest) - 1 - i]) for i in range(matches)]
    return byes, pairs


ROUND_NAMES = {
    "Final": N_("Final"),
    "Semi-final": N_("Semi-final"),
    "Quarter-final": N_("Quarter-final"),
    "Preliminary round": N_("Preliminary round"),
    "Last round": N_("Last round"),
}
"""The English round names :func:`round_name` gives, marked for translation (they are stored
in playoff states, so they stay English there and are translated when shown)."""


def round_name(plan: RoundPlan, t: int, last: bool) -> str:
    """"Final", "Semi-final", "Quarter-final" for a single winner; else "Round r"."""
    if t == 1:
        if plan.remaining == 1:
            return "Final"
        if plan.remaining == 2:
            return "Semi-final"
        if plan.remaining == 4:
            return "Quarter-final"
    if plan.number == 1 and plan.byes:
        return "Preliminary round"
    return "Last round" if last else f"Round {plan.number}"


def translate_stage(stage: str) -> str:
    """The last part of a playoff stage label (``"Groups: Semi-final"``) in the active language."""
    name = stage.split(": ")[-1]
    if name in ROUND_NAMES:
        return _(ROUND_NAMES[name])
    m = re.match(r"^Round (\d+)$", name)
    if m:
        return _("Round {round}").format(round=int(m.group(1)))
    if name == "Match for third place":
        return _("Match for third place")
    return name
