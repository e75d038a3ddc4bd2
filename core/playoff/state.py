"""A playoff as stored with the tournament, and everything derived from it.

The stored state is plain JSON (it lives in ``Tournament.options["playoffs"][key]``):

    {"version": 1, "players": [pno, ...],          # tie-break order = seeding
     "places": 1, "plan": {...}, "seed": 1234,      # plan: core.playoff.plan tree
     "start": "18:30", "breaks": {"after_event": 30, "between_games": 5, "between_stages": 10},
     "first_board": 1, "max_boards": null,
     "results": {"<game id>": {"white": 5, "black": 3, "result": "1-0",
                                "flag_later": "white"?, "end": "19:12"?}},
     "lots": {"<lot key>": "<value>"},             # lots drawn over the board (override seeded)
     "choices": {"<key>": "white|black"},          # Armageddon lot winner's choice
     "bids": {"<key>": {"<pno>": seconds}},        # Armageddon bids
     "held_for": {"round": 5, "tied": [pno, ...], "places": [1, 3]}}  # the tie (core.ties.held_for)

Nothing derived (bracket, colours, timetable, places) is stored: :func:`evaluate` rebuilds it
from this state, so correcting a result recomputes the bracket and the timetable, and results
of games that no longer exist are reported as superseded (and dropped on the next change).
"""

from __future__ import annotations

from core.i18n import _, pgettext
from core.i18n.format import join_list

import copy
from dataclasses import dataclass
from typing import Any
from collections.abc import Mapping

from core.errors import InvalidResult, TournamentError
from core.model import GameResult, Tournament
from core.playoff import lots as lotmod
from core.playoff.formats import choose_format
from core.playoff.games import Context, Game, Lot
from core.playoff.plan import evaluate as evaluate_plan
from core.playoff.rules import MatchRules, Segment, override
from core.playoff.timecontrol import TimeControl

VERSION = 1
DEFAULT_BREAKS = {"after_event": 30, "between_games": 5, "between_stages": 10}
"""Minutes; Aktar p. 67: at least half an hour after the last game, about 5 minutes
between games, 10 between stages."""


class PlayoffError(TournamentError):
    """A playoff action that cannot be done (unknown game, result for an unknown player...)."""


@dataclass(frozen=True)
class PlayoffView:
    """Everything derived from a state: games now known, lots drawn, places when finished."""

    games: tuple[Game, ...]
    lots: tuple[Lot, ...]
    places: tuple[tuple[int, ...], ...] | None
    superseded: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return self.places is not None

    def game(self, game_id: str) -> Game:
        for g in self.games:
            if g.id == game_id:
                return g
        from core.playoff.labels import short_ids  # the ids the games' table shows, which --result takes

        ids = [g.id for g in self.games]
        short = short_ids(ids)
        raise PlayoffError(_("there is no playoff game {game_id!r} at this point of the playoff; its games: {ids}.").format(
            game_id=game_id, ids=", ".join(short[i] for i in ids)))

    @property
    def ready(self) -> tuple[Game, ...]:
        """Games that can be played now (players and colours known, no result yet)."""
        done = {g.id for g in self.games if g.result is not None}
        return tuple(g for g in self.games if g.ready and all(a in done for a in g.after))


def create(players: list[int], places: int = 1, *, plan: dict[str, Any] | None = None,
           variant: str | None = None, seed: int | None = None, start: str = "00:00",
           breaks: Mapping[str, int] | None = None, first_board: int = 1,
           max_boards: int | None = None, **overrides: Any) -> dict[str, Any]:
    """A new playoff state for ``players`` in tie-break order.

    ``overrides`` are the organiser's changes (see :func:`apply_overrides`).  ``seed`` defaults
    to one derived from the players, so the same tie always draws the same lots unless the
    caller (the store: tournament id and revision) supplies another.
    """
    if len(players) < 2:
        raise PlayoffError(_('a playoff needs at least two players.'))
    if len(set(players)) != len(players):
        raise PlayoffError(_('a player is listed twice for the playoff.'))
    if first_board < 1:
        raise PlayoffError(_('the first playoff board must be board 1 or higher.'))
    if max_boards is not None and max_boards < 1:
        raise PlayoffError(_('at least one board is needed for the playoff.'))
    chosen = plan if plan is not None else choose_format(len(players), places, variant)
    chosen = apply_overrides(chosen, **overrides) if overrides else copy.deepcopy(chosen)
    start = hh_mm(parse_start(start))
    return {
        "version": VERSION,
        "players": [int(p) for p in players],
        "places": int(places),
        "plan": chosen,
        "seed": int(seed) if seed is not None else lotmod.seed_from("playoff", *players),
        "start": start,
        "breaks": dict(DEFAULT_BREAKS, **dict(breaks or {})),
        "first_board": int(first_board),
        "max_boards": max_boards,
        "results": {},
        "lots": {},
        "choices": {},
        "bids": {},
    }


def evaluate(state: Mapping[str, Any]) -> PlayoffView:
    """Rebuild the playoff from its state (pure: same state → same view)."""
    ctx = Context(seed=state["seed"], results=state.get("results", {}),
                  manual_lots=state.get("lots", {}), choices=state.get("choices", {}),
                  bids=state.get("bids", {}))
    players = tuple(int(p) for p in state["players"])
    out = evaluate_plan(ctx, state["plan"], players, "p", (), int(state.get("places", 1)))
    superseded = tuple(sorted(set(state.get("results", {})) - ctx.used))
    places = None if out.places is None else tuple(tuple(int(e) for e in grp) for grp in out.places)
    return PlayoffView(tuple(ctx.games), tuple(ctx.lots), places, superseded)


def enter_result(state: Mapping[str, Any], game_id: str, result: str | GameResult, *,
                 flag_later: str | None = None, end: str | None = None) -> dict[str, Any]:
    """A new state with the result of ``game_id`` entered (or corrected).

    The game must exist at this point of the playoff with both players known.  After the
    change, results that belong to games which no longer exist (a corrected earlier result
    changed who plays) are dropped, so the stored state never carries stale results.
    """
    view = evaluate(state)
    game = view.game(game_id)
    if game.planned or game.colours_open:
        from core.playoff.labels import short_ids

        shown = short_ids([g.id for g in view.games]).get(game_id, game_id)
        if game.kind == "armageddon" and not game.planned:
            raise PlayoffError(_("game {game_id} cannot take a result yet: its colours go by the players' bids; "
                                 "enter them first: --bids {game_id} {white}=3:20,{black}=3:30 (the time each "
                                 "accepts as Black).").format(game_id=shown, white=game.white, black=game.black))
        raise PlayoffError(_("game {game_id} cannot take a result yet: its players are known once the games "
                             "before it have their results.").format(game_id=shown))
    parsed = result if isinstance(result, GameResult) else GameResult.parse(result)
    if flag_later not in (None, "white", "black"):
        raise InvalidResult(_('flag_later must be white or black.'))
    if game.kind == "armageddon":
        if parsed in (GameResult.WHITE_HALF, GameResult.BLACK_HALF):
            raise InvalidResult(_('an Armageddon game cannot end {result}; enter the winner (a draw sends '
                                  'Black through).').format(result=parsed.text))
        if parsed is GameResult.DOUBLE_FORFEIT:
            raise InvalidResult(_("an Armageddon game cannot end in a double forfeit; enter the arbiter's decision."))
        if parsed is GameResult.BOTH_LOSE and flag_later is None:
            raise InvalidResult(_('both flags fell in an Armageddon game: say whose flag fell later (white or black).'))
    if end is not None and _parse_clock(end) < _parse_clock(str(state.get("start") or "00:00")):
        raise PlayoffError(_('game {game_id} cannot end at {end}, before the playoff\'s start time {start} '
                             '(after midnight write 24:10 and so on).').format(game_id=game_id, end=end,
                                                                               start=state.get("start")))
    new = copy.deepcopy(dict(state))
    entry: dict[str, Any] = {"white": game.white, "black": game.black, "result": parsed.value}
    if flag_later is not None:
        entry["flag_later"] = flag_later
    if end is not None:
        entry["end"] = hh_mm(_parse_clock(end))
    new["results"][game_id] = entry
    return prune(new)


def remove_result(state: Mapping[str, Any], game_id: str) -> dict[str, Any]:
    """A new state without the result of ``game_id`` (undo of a wrong entry)."""
    new = copy.deepcopy(dict(state))
    if game_id not in new["results"]:
        raise PlayoffError(_('game {game_id} has no result to remove.').format(game_id=game_id))
    del new["results"][game_id]
    return prune(new)


def prune(state: dict[str, Any]) -> dict[str, Any]:
    """Drop results of games that no longer exist (repeat: dropping one can drop more)."""
    while True:
        stale = evaluate(state).superseded
        if not stale:
            return state
        for gid in stale:
            del state["results"][gid]


def set_lot(state: Mapping[str, Any], key: str, value: str) -> dict[str, Any]:
    """Record a lot drawn over the board; it replaces the seeded draw for ``key``."""
    new = copy.deepcopy(dict(state))
    new["lots"][key] = value
    evaluate(new)
    return prune(new)


def set_bids(state: Mapping[str, Any], game: str, bids: Mapping[int, int]) -> dict[str, Any]:
    """Record both players' Armageddon bids (seconds they accept as Black) for ``game``: its id
    as the games' table shows it (``arm``), in full (``p.r1m1.arm``), or the stored key
    (``p.r1m1.arm:1-2``).  An unknown game, a game that takes no bids, a player not in it or
    a bid beyond the clock is refused naming the game as the table does, nothing stored."""
    from core.playoff.labels import resolve_game, short_ids

    view = evaluate(state)
    ids = [g.id for g in view.games]
    short = short_ids(ids)
    gid = resolve_game(ids, game.split(":")[0])
    found = next((g for g in view.games if g.id == gid), None)
    if found is None:
        raise PlayoffError(_("the playoff has no game {game!r}; its games: {ids}.").format(
            game=game, ids=", ".join(short[i] for i in ids)))
    players = (found.white, found.black)
    pair = "-".join(str(p) for p in sorted(p for p in players if isinstance(p, int)))
    bid_for = found.kind == "armageddon" and (found.colours_open or f"{gid}:{pair}" in state.get("bids", {}))
    if not bid_for or found.result is not None or not all(isinstance(p, int) for p in players):
        raise PlayoffError(_("game {game} takes no bids: only an Armageddon whose colours are bid for, "
                             "its players known and no result in.").format(game=short[gid]))
    if set(bids) != set(players):
        raise PlayoffError(_("game {game} is played by {players}: give a bid for each of them.").format(
            game=short[gid], players=join_list(str(p) for p in sorted(players))))
    limit = found.time_control.base
    for pno, bid in bids.items():
        if not 0 < bid <= limit:
            from core.i18n.clock import duration_text

            raise PlayoffError(_("player {pno}: a bid is the time on Black's clock, at most {limit}, not {bid}.").format(
                pno=pno, limit=duration_text(limit), bid=duration_text(bid) if bid > 0 else bid))
    new = copy.deepcopy(dict(state))
    new["bids"][f"{gid}:{pair}"] = {str(p): int(s) for p, s in bids.items()}
    return prune(new)


def decided_places(state: Mapping[str, Any]) -> tuple[tuple[int, ...], ...] | None:
    """Ordered groups of the tied players once the playoff is over (``None`` before).

    Players in one group were eliminated at the same stage: they share those places and
    their prizes (Aktar p. 67).
    """
    return evaluate(state).places


def decided_order(state: Mapping[str, Any]) -> list[int] | None:
    """The tied players in their decided order, for the standings module to apply.

    Inside a shared group the tie-break order is kept (it is the seeding); ``None`` while the
    playoff is still running.
    """
    places = decided_places(state)
    if places is None:
        return None
    seeding = [int(p) for p in state["players"]]
    return [p for grp in places for p in sorted(grp, key=seeding.index)]


# -- storing in the tournament ---------------------------------------------------------------

def playoffs_of(tournament: Tournament) -> dict[str, Any]:
    """The tournament's playoff states by key (a copy; empty if there are none)."""
    return copy.deepcopy(dict(tournament.options.get("playoffs", {})))


def stored_playoff(tournament: Tournament, key: str) -> dict[str, Any]:
    """The state of the playoff ``key`` (a copy), refused in one line saying how to create it
    when there is none."""
    state = playoffs_of(tournament).get(key)
    if state is None:
        raise PlayoffError(_("there is no playoff {key!r} in {name!r}; create it with --players {numbers} "
                             "--places {count}.").format(key=key, name=tournament.name,
                                                         numbers=pgettext("placeholder", "NO,NO,..."),
                                                         count=pgettext("placeholder", "COUNT")))
    return state


# -- overrides -------------------------------------------------------------------------------

def apply_overrides(plan: dict[str, Any], *, games: int | None = None, time_control: str | None = None,
                    extensions: int | None = None, extension_time_control: str | None = None,
                    ladder: str | None = None, armageddon: bool | None = None,
                    armageddon_time_control: str | None = None, decider: str | None = None,
                    armageddon_colours: str | None = None, preset: str | None = None,
                    third_place: bool | None = None) -> dict[str, Any]:
    """The organiser's changes applied to every mini-match and round robin of ``plan``.

    ``preset`` replaces every match's rules by a named ladder (:data:`core.playoff.rules.PRESETS`)
    before the other changes.  Golden games stay golden games (Aktar chose them on purpose); Armageddon settings
    apply to every golden game; ``armageddon=False`` turns deciders into sudden death.
    """
    from core.playoff.rules import parse_ladder

    tc = TimeControl.parse(time_control) if time_control else None
    ext_tc = TimeControl.parse(extension_time_control) if extension_time_control else None
    lad: tuple[Segment, ...] | None = parse_ladder(ladder) if ladder else None
    arm_tc = TimeControl.parse(armageddon_time_control) if armageddon_time_control else None
    if arm_tc is not None and (arm_tc.black_base is None or arm_tc.black_base >= arm_tc.base):
        # Armageddon: a draw wins for Black, who has less time for it (the booklet: White 5
        # minutes, Black 4) — equal or more time for Black is no Armageddon
        raise PlayoffError(_('Armageddon time control {text!r}: Black must have less time than White, '
                             'e.g. W300-B240.').format(text=armageddon_time_control))
    if third_place and not _has_knockout(plan):
        from core.playoff.labels import stage_text

        raise PlayoffError(_('a match for third place exists only in a knockout; this playoff ({name}) '
                             'has none.').format(name=stage_text(str(plan.get("name", "")))))

    from core.playoff.rules import PRESETS

    if preset is not None and preset not in PRESETS:
        raise PlayoffError(_('unknown playoff preset {preset!r}; use one of {value}.').format(preset=preset, value=', '.join(sorted(PRESETS))))

    def fix_rules(data: dict[str, Any]) -> dict[str, Any]:
        rules = MatchRules.from_json(data)
        if preset is not None and not rules.golden_only:
            rules = PRESETS[preset]
        if rules.golden_only:
            rules = override(rules, armageddon=armageddon, armageddon_time_control=arm_tc,
                             decider=decider)
        else:
            rules = override(rules, games=games, time_control=tc, extensions=extensions,
                             extension_time_control=ext_tc, ladder=lad, armageddon=armageddon,
                             armageddon_time_control=arm_tc, decider=decider)
        if armageddon_colours is not None:
            from dataclasses import replace

            rules = replace(rules, armageddon_colours=armageddon_colours)
        return rules.to_json()

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(x) for x in node]
        if not isinstance(node, dict):
            return node
        out = {k: walk(v) for k, v in node.items()}
        for key in ("rules", "tie_rules", "golden", "pair_rules"):
            if isinstance(out.get(key), dict):
                out[key] = fix_rules(out[key])
        if out.get("kind") == "round_robin" and tc is not None:
            out["time_control"] = tc.encode()
        if out.get("kind") == "knockout" and third_place is not None:
            out["third_place"] = third_place
        return out

    return walk(plan)


def regular_time_control(plan: dict[str, Any]) -> TimeControl | None:
    """The time control of ``plan``'s regular games: what ``time_control`` in
    :func:`apply_overrides` (the CLI's ``--time-control``) replaces, so what a playoff plays
    when the organiser leaves it alone (the first match's first games, or the round robin's);
    None for a plan of golden games only (Armageddon, a golden-game knockout), which that
    option does not change."""
    def walk(node: Any) -> TimeControl | None:
        if isinstance(node, list):
            return next((tc for tc in map(walk, node) if tc is not None), None)
        if not isinstance(node, dict):
            return None
        if node.get("kind") == "round_robin" and "pair_rules" not in node:
            return TimeControl.parse(str(node.get("time_control", "180+3")))
        for key in ("rules", "tie_rules", "golden", "pair_rules"):
            if isinstance(node.get(key), dict):
                rules = MatchRules.from_json(node[key])
                if not rules.golden_only and rules.segments:
                    return rules.segments[0].time_control
        return next((tc for tc in map(walk, node.values()) if tc is not None), None)

    return walk(plan)


def _has_knockout(node: Any) -> bool:
    """Whether ``node`` (a plan or a part of one) holds a knockout stage."""
    if isinstance(node, list):
        return any(_has_knockout(x) for x in node)
    if not isinstance(node, dict):
        return False
    return node.get("kind") == "knockout" or any(_has_knockout(v) for v in node.values())


def hh_mm(minutes: int) -> str:
    """Minutes after midnight as stored, ``HH:MM`` (``19.30`` typed is kept as ``19:30``)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_start(text: str) -> int:
    """Minutes after midnight of a playoff's start (the end of the event's last game): a time
    of day, 00:00–23:59 — ``25:00`` is refused, not read as 01:00 of the next day."""
    minutes = _parse_clock(text)
    if minutes >= 24 * 60:
        raise PlayoffError(_('start time {text!r} is no time of day; write 00:00 to 23:59.').format(text=text))
    return minutes


def _parse_clock(text: str) -> int:
    """Minutes after midnight of ``"HH:MM"`` or ``"HH.MM"`` (``"24:10"`` and beyond allowed
    for late nights): :func:`core.i18n.clock.time_of_day`, the one clock reader."""
    from core.i18n.clock import time_of_day

    minutes = time_of_day(text, late=True)
    if minutes is None:
        raise PlayoffError(_('time {text!r} must be written HH:MM.').format(text=text))
    return minutes
