"""Playoff plans: a small JSON tree saying which stages run on which seeds.

Why a declarative tree: the organiser picks or overrides a format in the UI, the choice is
stored with the tournament (``Tournament.options["playoffs"]``) as plain JSON, and the same
tree is (a) evaluated against the results to get games and places and (b) described for the
dry run (``hakem playoff --tied K``).  Node kinds:

- ``match``: two entrants, one mini-match (``rules``);
- ``round_robin``: everyone plays everyone (``time_control``, ``cycles``), ties broken by
  ``tie`` (``golden`` or ``drop_lowest``) with ``golden``/``tie_rules``;
- ``knockout``: ``places`` go through; ``order`` ``"seeded"``, ``"lot"`` (with ``seeded``: the
  best n keep their positions, the rest are drawn) or a list of seeds (bracket positions); optional ``entry_round`` {seed: round} for players entering late and
  ``third_place`` (semi-final losers play for 3rd place);
- ``groups``: ``groups`` (lists of seeds) each run ``each``; the winners run ``final``; all
  other group players share the places after the final;
- ``split``: ``parts`` [[n, plan], ...] take the next n seeds each; the rest share the last
  places in tie-break order.  A part whose plan has ``continuing: true`` takes no new seeds:
  its players are the part before it minus that part's winner (at most n), and it decides
  their places.

Seeds inside a node are 1-based positions in the node's own entrant list.
"""

from __future__ import annotations

from core.i18n import N_, _

from typing import Any

from core.errors import TournamentError
from core.playoff import lots
from core.playoff.bracket import play_knockout
from core.playoff.games import Context, Entrant, Lot
from core.playoff.minimatch import play_match
from core.playoff.outcome import StageOutcome
from core.playoff.roundrobin import play_round_robin
from core.playoff.rules import MatchRules, golden_game
from core.playoff.timecontrol import TimeControl

KINDS = ("match", "round_robin", "knockout", "groups", "split")


class PlanError(TournamentError):
    """A playoff plan that does not fit its players."""


def _rules(node: dict[str, Any], key: str = "rules") -> MatchRules:
    data = node.get(key)
    return MatchRules.from_json(data) if data is not None else golden_game()


def evaluate(ctx: Context, node: dict[str, Any], entrants: tuple[Entrant, ...], path: str,
             after: tuple[str, ...], decide: int) -> StageOutcome:
    """Evaluate ``node`` for ``entrants`` (tie-break order); emits games into ``ctx``."""
    kind = node.get("kind")
    name = str(node.get("name", ""))
    decide = int(node.get("decide", decide))
    if len(entrants) == 0:
        return StageOutcome((), ())
    if len(entrants) == 1:
        return StageOutcome((tuple(entrants),), ())
    if kind == "match":
        if len(entrants) != 2:
            raise PlanError(_('a match needs two players, not {value}.').format(value=len(entrants)))
        out = play_match(ctx, path, name or "Match", entrants[0], entrants[1], _rules(node), after)
        if out.winner is None or out.loser is None:
            return StageOutcome(None, out.games)
        return StageOutcome(((out.winner,), (out.loser,)), out.games)
    if kind == "round_robin":
        golden = _rules(node, "golden")
        pair = node.get("pair_rules")
        return play_round_robin(
            ctx, path, name or "Round robin", entrants,
            time_control=TimeControl.parse(str(node.get("time_control", "180+3"))),
            cycles=int(node.get("cycles", 1)),
            pair_rules=MatchRules.from_json(pair) if pair is not None else None,
            decide=decide, tie=str(node.get("tie", "golden")),
            tie_rules=_rules(node, "tie_rules") if node.get("tie_rules") else golden,
            golden=golden, after=after)
    if kind == "knockout":
        order = _knockout_order(ctx, node, entrants, path)
        late = {entrants[int(s) - 1]: int(r) for s, r in dict(node.get("entry_round", {})).items()
                if int(s) <= len(entrants)}
        places = int(node.get("places", 1))
        if places >= len(order):
            return StageOutcome((tuple(order),), ())
        return play_knockout(ctx, path, name, tuple(order), places=places, rules=_rules(node),
                             after=after, entry_round=late,
                             third_place=bool(node.get("third_place", False)))
    if kind == "groups":
        return _groups(ctx, node, entrants, path, after, decide)
    if kind == "split":
        return _split(ctx, node, entrants, path, after, decide)
    raise PlanError(_('unknown playoff stage kind {kind!r}; use one of {value}.').format(kind=kind, value=', '.join(KINDS)))


def _knockout_order(ctx: Context, node: dict[str, Any], entrants: tuple[Entrant, ...], path: str
                    ) -> list[Entrant]:
    order = node.get("order", "seeded")
    if order == "seeded":
        return list(entrants)
    if order == "lot":
        if any(isinstance(e, str) for e in entrants):
            return list(entrants)
        # Paarungssysteme: the first pairings are drawn, "some favourites may be seeded first":
        # the best ``seeded`` keep their positions, the others are drawn into the rest.
        fixed: list[Entrant] = [int(e) for e in entrants[: max(0, int(node.get("seeded", 0)))]]
        drawable = [int(e) for e in entrants[len(fixed):]]
        key = f"{path}.draw:" + "-".join(str(e) for e in entrants)
        manual = ctx.manual_lots.get(key)
        if manual is not None:
            drawn = [int(x) for x in manual.split(",")]
            if sorted(drawn) != sorted(drawable):
                raise PlanError(_('the pairing lot {key} must list exactly the players {drawable}.').format(key=key, drawable=drawable))
        else:
            drawn = lots.shuffle(ctx.seed, key, drawable)
        ctx.lots.append(Lot(key, N_("pairing lot (bracket positions)"), tuple(drawable),
                            ",".join(str(x) for x in drawn), manual is not None))
        return fixed + list(drawn)
    seeds = [int(s) for s in order]
    if sorted(seeds) != list(range(1, len(entrants) + 1)):
        raise PlanError(_('the bracket order {seeds} must list the seeds 1 to {value} once each.').format(seeds=seeds, value=len(entrants)))
    return [entrants[s - 1] for s in seeds]


def _groups(ctx: Context, node: dict[str, Any], entrants: tuple[Entrant, ...], path: str,
            after: tuple[str, ...], decide: int) -> StageOutcome:
    groups = [[int(s) for s in g] for g in node["groups"]]
    seen = sorted(s for g in groups for s in g)
    if seen != list(range(1, len(entrants) + 1)):
        raise PlanError(_('the groups {groups} must share out the seeds 1 to {value}.').format(groups=groups, value=len(entrants)))
    emitted: list[str] = []
    winners: list[Entrant] = []
    others: list[Entrant] = []
    pending = False
    for gi, group in enumerate(groups):
        letter = chr(ord("A") + gi)
        members = tuple(entrants[s - 1] for s in group)
        sub = dict(node["each"])
        sub["name"] = f"Group {letter}: {sub.get('name', 'group')}"
        out = evaluate(ctx, sub, members, f"{path}.g{letter}", after, 1)
        emitted.extend(out.games)
        first = out.first()
        if first is None:
            pending = True
            winners.append(f"winner of group {letter}")
        else:
            winners.append(first)
            others.extend(e for e in members if e != first)
    final = evaluate(ctx, node["final"], tuple(winners), f"{path}.final", tuple(emitted) or after,
                     decide)
    emitted.extend(final.games)
    if pending or final.places is None:
        return StageOutcome(None, tuple(emitted))
    rest = tuple(sorted(others, key=entrants.index))
    return StageOutcome(final.places + ((rest,) if rest else ()), tuple(emitted))


def _split(ctx: Context, node: dict[str, Any], entrants: tuple[Entrant, ...], path: str,
           after: tuple[str, ...], decide: int) -> StageOutcome:
    """Each part takes the next seeds; a part marked ``continuing`` takes instead the players
    of the part before it other than its winner, and decides their places (Aktar p. 70,
    (10): "Kalan ödüller için, devam eden sekiz oyuncu (7) uygulanarak oynatılır")."""
    emitted: list[str] = []
    places: list[list[tuple[Entrant, ...]]] = []
    pending = False
    offset = 0
    previous: tuple[tuple[Entrant, ...], StageOutcome] | None = None
    for pi, (size, sub) in enumerate(node["parts"]):
        start = after
        if sub.get("continuing"):
            done_places = previous[1].places if previous is not None else None
            if previous is None or not done_places:
                pending = True
                continue
            before, done = previous
            members = tuple(e for e in before if e not in done_places[0])[: int(size)]
            start = done.games or after
            places[-1] = places[-1][:1]  # the previous part's other places are decided here
        else:
            members = entrants[offset: offset + int(size)]
            offset += len(members)
        if not members:
            continue
        out = evaluate(ctx, sub, tuple(members), f"{path}.p{pi + 1}", start, decide)
        emitted.extend(out.games)
        previous = (tuple(members), out)
        if out.places is None:
            pending = True
            places.append([])
        else:
            places.append(list(out.places))
    rest = tuple(entrants[offset:])
    if rest:
        places.append([rest])
    if pending:
        return StageOutcome(None, tuple(emitted))
    return StageOutcome(tuple(group for part in places for group in part), tuple(emitted))


# -- dry-run description --------------------------------------------------------------------

def describe(node: dict[str, Any], seeds: list[int] | None) -> list[dict[str, Any]]:
    """The stages of a plan as the dry run prints them (docs/cli.md): name, kind, groups of
    seeds (empty while the players depend on earlier results), games, time control."""
    kind = node.get("kind")
    name = str(node.get("name", ""))
    if seeds is not None and len(seeds) < 2 and kind != "groups":
        return []
    if kind == "match":
        rules = _rules(node)
        return [_stage(name or "Match", "armageddon" if rules.golden_only else "match", seeds, rules)]
    if kind == "round_robin":
        pair = node.get("pair_rules")
        tc = (MatchRules.from_json(pair).armageddon.encode() if pair is not None
              else str(node.get("time_control", "180+3")))
        return [{"name": name or "Round robin", "kind": "round_robin",
                 "groups": [list(seeds)] if seeds else [], "games": int(node.get("cycles", 1)),
                 "time_control": tc}]
    if kind == "knockout":
        rules = _rules(node)
        order = node.get("order", "seeded")
        shown = seeds
        if seeds is not None and isinstance(order, list):
            shown = [seeds[int(s) - 1] for s in order]
        return [_stage(name or "Knockout", "knockout", shown, rules)]
    if kind == "groups":
        groups = [[int(s) for s in g] for g in node["groups"]]
        per_group = [describe(node["each"], [seeds[s - 1] for s in g] if seeds else None)
                     for g in groups]
        stages = []
        for j, st in enumerate(per_group[0]):
            merged = dict(st)
            merged["name"] = f"Groups: {st['name']}"
            merged["groups"] = [pg[j]["groups"][0] for pg in per_group if pg[j]["groups"]] if seeds else []
            stages.append(merged)
        stages.extend(describe(node["final"], None))
        return stages
    if kind == "split":
        stages = []
        offset = 0
        for size, sub in node["parts"]:
            if sub.get("continuing"):  # players known only once the part before has a winner
                stages.extend(describe(sub, None))
                continue
            part = seeds[offset: offset + int(size)] if seeds is not None else None
            offset += int(size)
            if part is not None and len(part) < 2:
                continue
            stages.extend(describe(sub, part))
        return stages
    raise PlanError(_('unknown playoff stage kind {kind!r}; use one of {value}.').format(kind=kind, value=', '.join(KINDS)))


def _stage(name: str, kind: str, seeds: list[int] | None, rules: MatchRules) -> dict[str, Any]:
    if rules.golden_only and rules.decider == "sudden_death":
        games, tc = 1, rules.sudden_death.encode()
        kind = "match" if kind == "armageddon" else kind
    elif rules.golden_only:
        games, tc = 1, rules.armageddon.encode()
    else:
        games, tc = rules.segments[0].games, rules.segments[0].time_control.encode()
    return {"name": name, "kind": kind, "groups": [list(seeds)] if seeds else [], "games": games,
            "time_control": tc}
