"""Round-robin playoff groups (Aktar p. 69 (2)) and how their ties are broken.

A tied round robin is broken Aktar's way: golden games in round-robin form among the
players still tied (default), or "drop the lowest by the next tie-break and apply (1)"
(``drop_lowest``).  When golden games go round in a circle (each player beat one other), the
lowest by tie-break order is dropped and the others go on — for two players that is the
seed's "if two players each eliminated the other → golden game".  Only ties that touch the
places to decide are played off; lower ties stay shared.

The schedule is the Berger table (C.05 Annex 1), generated here from its formula.
"""

from __future__ import annotations

from fractions import Fraction

from core.playoff.games import Context, Entrant, Game, game_points
from core.playoff.minimatch import play_match
from core.playoff.outcome import StageOutcome
from core.playoff.rules import MatchRules
from core.playoff.timecontrol import TimeControl


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Rounds of ``(white, black)`` 1-based positions; an odd ``n`` drops the games against
    the dummy ``n + 1`` (that player sits out the round).  FIDE C.05 Annex 1 formula."""
    m = n + (n % 2)
    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, m):
        games: list[tuple[int, int]] = []
        for i in range(1, m):
            if (2 * i) % (m - 1) == (r + 1) % (m - 1):
                games.append((m, i) if r % 2 == 0 else (i, m))
        for a in range(1, m):
            for b in range(a + 1, m):
                if (a + b) % (m - 1) == (r + 1) % (m - 1):
                    games.append((a, b) if (b - a) % 2 == 1 else (b, a))
        rounds.append([g for g in games if max(g) <= n])
    return rounds


def play_round_robin(ctx: Context, path: str, stage: str, entrants: tuple[Entrant, ...], *,
                     time_control: TimeControl, cycles: int = 1, pair_rules: MatchRules | None = None,
                     decide: int = 1, tie: str = "golden", tie_rules: MatchRules,
                     golden: MatchRules, after: tuple[str, ...], circular_drop: bool = False
                     ) -> StageOutcome:
    """Evaluate one round robin; ``pair_rules`` makes every pairing a mini-match (golden games).

    ``circular_drop`` is set for a golden-game tie-break round robin: if it ends with everyone
    still level, the lowest is dropped instead of playing the same round robin again.
    """
    n = len(entrants)
    emitted: list[str] = []
    points: dict[Entrant, Fraction] = {e: Fraction(0) for e in entrants}
    pending = any(isinstance(e, str) for e in entrants)
    prev_round: tuple[str, ...] = after
    for cycle in range(cycles):
        for r, pairs in enumerate(berger_rounds(n), start=1):
            this_round: list[str] = []
            for bno, (w, b) in enumerate(pairs, start=1):
                white, black = entrants[w - 1], entrants[b - 1]
                if cycle % 2 == 1:
                    white, black = black, white
                gid = f"{path}.c{cycle + 1}r{r}b{bno}"
                if pair_rules is not None:
                    out = play_match(ctx, gid, stage, white, black, pair_rules, prev_round)
                    this_round.extend(out.games)
                    if out.winner is None:
                        pending = True
                    else:
                        points[out.winner] += 1
                    continue
                result, entry = ctx.result(gid, white, black)
                if result is not None:
                    white, black = int(entry["white"]), int(entry["black"])
                ctx.add(Game(gid, stage, white, black, time_control, "round_robin", prev_round,
                             result, entry.get("flag_later"), entry.get("end")))
                this_round.append(gid)
                if result is None:
                    pending = True
                else:
                    pw, pb = game_points(result)
                    points[white] += Fraction(pw)
                    points[black] += Fraction(pb)
            emitted.extend(this_round)
            prev_round = tuple(this_round) or prev_round
    if pending:
        return StageOutcome(None, tuple(emitted))

    order = sorted(points, key=lambda e: (-points[e], entrants.index(e)))
    groups: list[tuple[Entrant, ...]] = []
    for e in order:
        if groups and points[groups[-1][0]] == points[e]:
            groups[-1] = groups[-1] + (e,)
        else:
            groups.append((e,))
    if circular_drop and len(groups) == 1 and n > 1:
        # Everyone level again: drop the lowest by tie-break order, the others play on.
        rest = resolve_tie(ctx, path + ".drop", stage, entrants[:-1], decide, tie, tie_rules,
                           golden, tuple(emitted))
        if rest.places is None:
            return StageOutcome(None, tuple(emitted) + rest.games)
        return StageOutcome(rest.places + ((entrants[-1],),), tuple(emitted) + rest.games)

    places: list[tuple[Entrant, ...]] = []
    position = 0
    waiting = False
    for gi, group in enumerate(groups):
        if len(group) > 1 and position < decide:
            sub = resolve_tie(ctx, f"{path}.tb{gi + 1}", f"{stage} tie-break", group,
                              decide - position, tie, tie_rules, golden, tuple(emitted))
            emitted.extend(sub.games)
            if sub.places is None:
                waiting = True
            else:
                places.extend(sub.places)
        else:
            places.append(group)
        position += len(group)
    if waiting:
        return StageOutcome(None, tuple(emitted))
    return StageOutcome(tuple(places), tuple(emitted))


def resolve_tie(ctx: Context, path: str, stage: str, group: tuple[Entrant, ...], decide: int,
                tie: str, tie_rules: MatchRules, golden: MatchRules, after: tuple[str, ...]
                ) -> StageOutcome:
    """Separate ``group`` (in tie-break order) enough to fill ``decide`` places."""
    if len(group) == 1:
        return StageOutcome((group,), ())
    if len(group) == 2:
        rules = golden if tie == "golden" else tie_rules
        out = play_match(ctx, path + ".m", stage, group[0], group[1], rules, after)
        if out.winner is None or out.loser is None:
            return StageOutcome(None, out.games)
        return StageOutcome(((out.winner,), (out.loser,)), out.games)
    if tie == "golden":
        return play_round_robin(ctx, path + ".g", stage, group, time_control=golden.armageddon,
                                pair_rules=golden, decide=decide, tie=tie, tie_rules=tie_rules,
                                golden=golden, after=after, circular_drop=True)
    # drop_lowest: the lowest by tie-break order takes the last of these places.
    rest = resolve_tie(ctx, path, stage, group[:-1], decide, tie, tie_rules, golden, after)
    if rest.places is None:
        return rest
    return StageOutcome(rest.places + ((group[-1],),), rest.games)
