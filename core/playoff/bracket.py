"""Knockout stages played as mini-matches (tie-break playoffs and cup events).

The bracket itself — how many rounds, who advances without a game, who meets whom — is the
knockout pairing in :mod:`core.playoff.bracket_plan`; this module plays it through the
playoff machinery (mini-matches, placeholders for winners not yet known).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from core.playoff.bracket_plan import pair_round, plan_rounds, round_name
from core.playoff.games import Context, Entrant
from core.playoff.minimatch import play_match
from core.playoff.outcome import StageOutcome
from core.playoff.rules import MatchRules


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
    previous = ""
    for plan in plans:
        field = survivors + [e for e in entrants if entry_round.get(e, 1) == plan.number]
        field.sort(key=lambda e: position[e] if e in position else _placeholder_position(e))
        if previous and len(field) > 2 and any(isinstance(e, _Placeholder) for e in field):
            field = list[Entrant](reseeded_slots(previous, len(field)))
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
            if out.winner is None or out.loser is None:
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
            if out.winner is None or out.loser is None:
                pending = True
            else:
                third = (out.winner, out.loser)
        emitted.extend(this_round)
        losers_by_round.append(losers)
        previous = name
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


RESEEDED = "paired after {stage} ({slot})"
"""A slot of a round paired only when the previous round (``stage``) is complete: the
knockout re-seeds every round (first meets last among the survivors), so until every winner
is known nobody's opponent — nor which winners meet — is (docs/rules/playoffs.md)."""


def reseeded_slots(stage: str, size: int) -> list[_Placeholder]:
    """The ``size`` slots of a round to be paired after ``stage`` (:data:`RESEEDED`)."""
    return [_Placeholder(RESEEDED.format(stage=stage, slot=k), 10 ** 5 + k) for k in range(1, size + 1)]


_LATER_MATCH = re.compile(r"\.r(?:[2-9]|\d\d+)m(?:[2-9]|\d\d+)\.")


def reseeds(game_ids: Iterable[str]) -> bool:
    """Whether re-seeding decides pairings in these games: a round after the first has two
    matches or more (a final's two players meet however the field is ordered)."""
    return any(_LATER_MATCH.search(g) for g in game_ids)


def reseeding_note() -> str:
    """What a bracket says about re-seeding (docs/rules/playoffs.md), in the reader's language."""
    from core.i18n import _

    return _("Each round is re-seeded: the best-placed player still in meets the lowest-placed, "
             "so a round is paired only when the round before it is complete.")


class _Placeholder(str):
    """A not-yet-known winner; remembers the bracket slot it stands for (for ordering)."""

    slot: int

    def __new__(cls, text: str, slot: int) -> _Placeholder:
        obj = super().__new__(cls, text)
        obj.slot = slot
        return obj


def _placeholder_position(e: Entrant) -> int:
    return getattr(e, "slot", 10 ** 6)
