"""Knockout brackets (seeds/000 p. 68 "Eşlendirme", seeds/001 "K.O.-System").

k players, t places to decide (t players go through).  The seed's rules, in one formula:

- the bracket has ``R`` rounds, ``R`` the smallest m ≥ 1 with t·2^m ≥ k ("pad with imaginary
  players up to t·2^m"); after round r, ``t·2^(R-r)`` players remain;
- in each round the field is ordered by position (the seeding, best first); with ``M``
  matches to play, the best ``F − 2M`` advance without playing (their opponents would be
  imaginary players) and the other ``2M`` pair first v last (1:8, 2:7 ...).

This reproduces both seed examples: k=9, t=2 → 16-bracket, players 1–7 advance, 8 v 9; and
k=8, t=6 (k < 2t, "only a preliminary round") → the top 2t−k = 4 go through, 5:8 and 6:7.
Players seeded into a later round (seeds/001: favourites "erst in einer späteren Runde
einsteigen") are counted in that round's field: the round before leaves room for them, so
the remaining-player counts stay t·2^(R-r) from their round on (FIDE World Cup 2025: 50
seeds enter round 2, 156 players fill round 1).

The seed's other example (9 players → 6 after round 1) leads to 3 players in round 2 and
cannot go on without more imaginary players; it is left out (notes/playoff.md).
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass
from typing import Mapping

from core.errors import TournamentError
from core.playoff.games import Context, Entrant
from core.playoff.minimatch import play_match
from core.playoff.outcome import StageOutcome
from core.playoff.rules import MatchRules


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


def pair_round(field: list[Entrant], matches: int) -> tuple[list[Entrant], list[tuple[Entrant, Entrant]]]:
    """Byes (the best) and pairs (first v last among the rest); ``field`` in position order."""
    byes = field[: len(field) - 2 * matches]
    rest = field[len(field) - 2 * matches:]
    pairs = [(rest[i], rest[len(rest) - 1 - i]) for i in range(matches)]
    return byes, pairs


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


def play_knockout(ctx: Context, path: str, stage: str, entrants: tuple[Entrant, ...], *, places: int,
                  rules: MatchRules, after: tuple[str, ...], entry_round: Mapping[Entrant, int] | None = None,
                  third_place: bool = False) -> StageOutcome:
    """Evaluate a knockout over ``entrants`` given in position order (best first).

    Places: for one place, the winner, the runner-up, then each round's losers sharing; for
    t places, the t who got through share, then each round's losers, latest round first.
    ``third_place`` (one place only): the semi-final losers play for 3rd place alongside the
    final instead of sharing 3rd–4th.
    """
    entry_round = dict(entry_round or {})
    position = {e: i for i, e in enumerate(entrants)}
    counts: dict[int, int] = {}
    for e in entrants:
        counts[entry_round.get(e, 1)] = counts.get(entry_round.get(e, 1), 0) + 1
    plans = plan_rounds(len(entrants), places, counts)
    emitted: list[str] = []
    losers_by_round: list[list[Entrant]] = []
    survivors: list[Entrant] = []
    pending = False
    gate = after
    third: tuple[Entrant, Entrant] | None = None
    for plan in plans:
        field = survivors + [e for e in entrants if entry_round.get(e, 1) == plan.number]
        field.sort(key=lambda e: position[e] if e in position else _placeholder_position(e))
        byes, pairs = pair_round(field, plan.matches)
        ctx.byes[f"{path}.r{plan.number}"] = tuple(e for e in byes if isinstance(e, int))
        name = round_name(plan, places, plan is plans[-1])
        label = f"{stage}: {name}" if stage else name
        this_round: list[str] = []
        winners: list[Entrant] = list(byes)
        losers: list[Entrant] = []
        for i, (a, b) in enumerate(pairs, start=1):
            out = play_match(ctx, f"{path}.r{plan.number}m{i}", label, a, b, rules, gate)
            this_round.extend(out.games)
            if out.winner is None:
                pending = True
                slot = position[a] if a in position else _placeholder_position(a)
                winners.append(_Placeholder(f"winner of {name} match {i}", slot))
                if third_place:
                    losers.append(_Placeholder(f"loser of {name} match {i}", slot))
            else:
                winners.append(out.winner)
                losers.append(out.loser)
        semi_losers = losers_by_round[-1] if losers_by_round else []
        if third_place and places == 1 and plan.remaining == 1 and len(semi_losers) == 2:
            a, b = sorted(semi_losers, key=lambda e: position.get(e, _placeholder_position(e)))
            out = play_match(ctx, f"{path}.third", f"{stage}: Match for third place" if stage
                             else "Match for third place", a, b, rules, gate)
            this_round.extend(out.games)
            if out.winner is None:
                pending = True
            else:
                third = (out.winner, out.loser)
        emitted.extend(this_round)
        losers_by_round.append(losers)
        survivors = winners
        gate = tuple(this_round) or gate
    if pending:
        return StageOutcome(None, tuple(emitted))
    ordered = sorted(survivors, key=lambda e: position[e])
    result: list[tuple[Entrant, ...]] = [tuple(ordered)]
    for r, losers in enumerate(reversed(losers_by_round)):
        if r == 1 and third is not None:
            result.extend([(third[0],), (third[1],)])
        elif losers:
            result.append(tuple(sorted(losers, key=lambda e: position[e])))
    return StageOutcome(tuple(result), tuple(emitted))


class _Placeholder(str):
    """A not-yet-known winner; remembers the bracket slot it stands for (for ordering)."""

    slot: int

    def __new__(cls, text: str, slot: int) -> "_Placeholder":
        obj = super().__new__(cls, text)
        obj.slot = slot
        return obj


def _placeholder_position(e: Entrant) -> int:
    return getattr(e, "slot", 10 ** 6)
