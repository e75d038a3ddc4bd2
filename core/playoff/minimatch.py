"""One mini-match between two players, evaluated from the results entered so far.

Order of play (Aktar p. 66–67): the regular games with colours balanced (a lot for the
first game's colours, then alternating); while level, the extensions, each after a new colour
lot (FIDE World Cup practice, docs/rules/playoffs.md); still level, the decider.  A segment of more than two
games stops as soon as its winner is certain.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.i18n import N_

from core.playoff import armageddon
from core.playoff.games import Context, Entrant, Game, game_points
from core.playoff.rules import MatchRules


@dataclass(frozen=True)
class MatchOutcome:
    """``winner``/``loser`` once decided (else ``None``); ``games`` every game id emitted."""

    winner: int | None
    loser: int | None
    games: tuple[str, ...]


def play_match(ctx: Context, path: str, stage: str, a: Entrant, b: Entrant, rules: MatchRules,
               after: tuple[str, ...]) -> MatchOutcome:
    """Emit the games of the match that exist now and return its state."""
    emitted: list[str] = []
    prev = after
    if isinstance(a, str) or isinstance(b, str):
        # Players unknown: plan the regular games (or the golden game) for the timetable.  Who
        # has White first is drawn later; the colours alternate, so the planned games do too
        # (a final's two games both listing one side as White said what no lot had drawn).
        if rules.segments:
            seg = rules.segments[0]
            for g in range(seg.games):
                gid = f"{path}.s0g{g + 1}"
                first, second = (a, b) if g % 2 == 0 else (b, a)
                ctx.add(Game(gid, stage, first, second, seg.time_control, "regular", prev, colours_open=True))
                emitted.append(gid)
                prev = (gid,)
        else:
            gid = f"{path}.arm"
            ctx.add(Game(gid, stage, a, b, rules.armageddon, "armageddon", prev, colours_open=True))
            emitted.append(gid)
        return MatchOutcome(None, None, tuple(emitted))

    score = {a: 0.0, b: 0.0}
    for s, seg in enumerate(rules.segments):
        first_white, first_black = ctx.colour_lot(f"{path}.s{s}", a, b)
        kind = "regular" if s == 0 else "extension"
        for g in range(seg.games):
            white, black = (first_white, first_black) if g % 2 == 0 else (first_black, first_white)
            gid = f"{path}.s{s}g{g + 1}"
            result, entry = ctx.result(gid, white, black)
            if result is not None:
                white, black = int(entry["white"]), int(entry["black"])
            ctx.add(Game(gid, stage, white, black, seg.time_control, kind, prev, result,
                         entry.get("flag_later"), entry.get("end")))
            emitted.append(gid)
            prev = (gid,)
            if result is None:
                # Emit the rest of this segment as ready-to-follow games, then wait.
                for h in range(g + 1, seg.games):
                    w2, b2 = (first_white, first_black) if h % 2 == 0 else (first_black, first_white)
                    gid2 = f"{path}.s{s}g{h + 1}"
                    ctx.add(Game(gid2, stage, w2, b2, seg.time_control, kind, prev))
                    emitted.append(gid2)
                    prev = (gid2,)
                return MatchOutcome(None, None, tuple(emitted))
            pw, pb = game_points(result)
            score[white] += pw
            score[black] += pb
            left = seg.games - g - 1
            if abs(score[a] - score[b]) > left:
                break
        if score[a] != score[b]:
            win = a if score[a] > score[b] else b
            return MatchOutcome(win, b if win == a else a, tuple(emitted))

    decided = _decide(ctx, path, stage, a, b, rules, prev, emitted)
    if decided is None:
        return MatchOutcome(None, None, tuple(emitted))
    return MatchOutcome(decided, b if decided == a else a, tuple(emitted))


def _decide(ctx: Context, path: str, stage: str, a: int, b: int, rules: MatchRules,
            prev: tuple[str, ...], emitted: list[str]) -> int | None:
    """Play the decider of a level match; ``None`` while its game is not finished."""
    if rules.decider == "lot":
        return int(ctx.draw(f"{path}.decider:{min(a, b)}-{max(a, b)}", N_("lot decides the match"),
                            (a, b), [str(a), str(b)]))
    if rules.decider == "armageddon":
        gid = f"{path}.arm"
        drawn = armageddon.colours(ctx, path + ".arm", a, b, rules)
        if drawn is None:
            ctx.add(Game(gid, stage, a, b, rules.armageddon, "armageddon", prev, colours_open=True))
            emitted.append(gid)
            return None
        white, black, tc = drawn
        result, entry = ctx.result(gid, white, black)
        if result is not None:
            white, black = int(entry["white"]), int(entry["black"])
        ctx.add(Game(gid, stage, white, black, tc, "armageddon", prev, result,
                     entry.get("flag_later"), entry.get("end")))
        emitted.append(gid)
        if result is None:
            return None
        return armageddon.winner(result, white, black, entry.get("flag_later"))
    # sudden death: single games until one is decisive; colours alternate after one lot.
    first_white, first_black = ctx.colour_lot(f"{path}.sd", a, b)
    for n in range(rules.sudden_death_max):
        white, black = (first_white, first_black) if n % 2 == 0 else (first_black, first_white)
        gid = f"{path}.sd{n + 1}"
        result, entry = ctx.result(gid, white, black)
        if result is not None:
            white, black = int(entry["white"]), int(entry["black"])
        ctx.add(Game(gid, stage, white, black, rules.sudden_death, "sudden_death", prev, result,
                     entry.get("flag_later"), entry.get("end")))
        emitted.append(gid)
        prev = (gid,)
        if result is None:
            return None
        pw, pb = game_points(result)
        if pw != pb:
            return white if pw > pb else black
    return int(ctx.draw(f"{path}.sd-lot:{min(a, b)}-{max(a, b)}",
                        N_("lot after the last sudden-death game"), (a, b), [str(a), str(b)]))
