"""Knockout as a tournament system of its own (cup events, seeds/001 "K.O.-System").

The pairing system ``knockout`` (:mod:`core.pairing.knockout.system`) pairs from the state
this module replays.  The mini-match games are ordinary boards in
ordinary rounds: each tournament round holds the next game of every match still running
(regular games, extensions, Armageddon), so results are entered as for any event and the
bracket is re-derived from the rounds every time (:func:`replay`) — a corrected result changes
the next pairing, exactly as in a playoff.

Settings live in ``Tournament.options["knockout"]`` (all optional):

    {"places": 1,                         # how many players go through (1: a winner)
     "rules": "seed-rapid" | {...},       # preset name or MatchRules JSON
     "order": "seeded" | "lot",           # bracket positions: starting rank or a drawn lot
     "seeded": 4,                         # with "lot": the best 4 are seeded, the rest drawn
     "third_place": false,                # semi-final losers play for 3rd place
     "seed": 1234,                        # lots; default derived from the tournament id
     "start": "10:00",                    # timetable: first games (HH:MM, default 10:00)
     "breaks": {"between_games": 5, "between_stages": 10},   # timetable, minutes
     "boards": 8,                         # timetable: boards available (default: enough)
     "entry_round": {"<pno>": 2},         # seeded players entering in a later knockout round
     "flag_later": {"<round>.<board>": "white"|"black"},   # Armageddon, both flags fell
     "lots": {...}, "choices": {...}, "bids": {...}}       # as in a playoff state

Seeding is the starting rank (pairing numbers, i.e. rating order; unrated players by lot
when the numbers are drawn), seeds/000 p. 66.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from core.errors import PairingImpossible, TournamentError
from core.i18n import _
from core.model import Tournament
from core.playoff import lots
from core.playoff.games import Context
from core.playoff.plan import evaluate as evaluate_plan
from core.playoff.rules import PRESETS, MatchRules
from core.playoff.state import PlayoffError, PlayoffView, _parse_clock
from core.playoff.timetable import Slot


@dataclass(frozen=True)
class CupState:
    """The knockout derived from a tournament: its view, plus the playoff state used."""

    state: dict[str, Any]
    view: PlayoffView
    byes: dict[str, tuple[int, ...]]


def _settings(t: Tournament) -> dict[str, Any]:
    return dict(t.options.get("knockout", {}))


def _plan(t: Tournament) -> dict[str, Any]:
    cfg = _settings(t)
    rules = cfg.get("rules", "seed-rapid")
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise TournamentError(_('unknown knockout rules {rules!r}; use one of {value}.').format(rules=rules, value=', '.join(sorted(PRESETS))))
        rules_json = PRESETS[rules].to_json()
    else:
        rules_json = MatchRules.from_json(rules).to_json()
    players = sorted(p.pno for p in t.players)
    entry = {str(players.index(int(pno)) + 1): int(r) for pno, r in dict(cfg.get("entry_round", {})).items()
             if int(pno) in players}
    return {"kind": "knockout", "name": "", "places": int(cfg.get("places", 1)), "rules": rules_json,
            "order": cfg.get("order", "seeded"), "seeded": int(cfg.get("seeded", 0)),
            "entry_round": entry, "third_place": bool(cfg.get("third_place", False))}


def _evaluate(state: dict[str, Any]) -> tuple[PlayoffView, dict[str, tuple[int, ...]]]:
    ctx = Context(seed=state["seed"], results=state["results"], manual_lots=state.get("lots", {}),
                  choices=state.get("choices", {}), bids=state.get("bids", {}))
    players = tuple(state["players"])
    out = evaluate_plan(ctx, state["plan"], players, "p", (), int(state["places"]))
    places = None if out.places is None else tuple(tuple(int(e) for e in g) for g in out.places)
    superseded = tuple(sorted(set(state["results"]) - ctx.used))
    return PlayoffView(tuple(ctx.games), tuple(ctx.lots), places, superseded), dict(ctx.byes)


def replay(t: Tournament) -> CupState:
    """Match every board of every round to the knockout game it is, and apply its result.

    Raises when a board pairs players who have no game due in that round (the arbiter
    changed a pairing in a way the bracket cannot follow).
    """
    cfg = _settings(t)
    players = sorted(p.pno for p in t.players)
    if len(players) < 2:
        raise PairingImpossible(_('a knockout needs at least two players.'))
    state: dict[str, Any] = {
        "players": players, "places": int(cfg.get("places", 1)), "plan": _plan(t),
        "seed": int(cfg["seed"]) if "seed" in cfg else lots.seed_from("knockout", t.id),
        "results": {}, "lots": dict(cfg.get("lots", {})), "choices": dict(cfg.get("choices", {})),
        "bids": dict(cfg.get("bids", {})),
    }
    flags = dict(cfg.get("flag_later", {}))
    for rnd in t.rounds:
        _forfeit_withdrawn(t, state, rnd.number)
        view, _byes = _evaluate(state)
        ready = list(view.ready)
        for bno, board in enumerate(rnd.boards, start=1):
            pair = {board.white, board.black}
            match = next((g for g in ready if {g.white, g.black} == pair), None)
            if match is None:
                raise TournamentError(
                    _('round {number}, board {bno}: players {white} and {black} have no knockout game due in this round.').format(number=rnd.number, bno=bno, white=board.white, black=board.black))
            ready.remove(match)
            if board.result is not None:
                entry = {"white": board.white, "black": board.black, "result": board.result.value}
                flag = flags.get(f"{rnd.number}.{bno}")
                if flag:
                    entry["flag_later"] = flag
                state["results"][match.id] = entry
    _forfeit_withdrawn(t, state, t.current_round + 1)
    view, byes = _evaluate(state)
    return CupState(state, view, byes)


def _forfeit_withdrawn(t: Tournament, state: dict[str, Any], round_no: int) -> None:
    """Games due from ``round_no`` on for a withdrawn player are lost by forfeit (no board).

    If both players withdrew, the better seed is given the forfeit win so the bracket can go
    on (that player forfeits the next match in turn).
    """
    gone = {p.pno for p in t.players if not p.active_in(round_no)}
    if not gone:
        return
    while True:
        view, _byes = _evaluate(state)
        due = [g for g in view.ready if g.white in gone or g.black in gone]
        if not due:
            return
        for g in due:
            white_stays = g.white not in gone or (g.black in gone and g.white < g.black)
            state["results"][g.id] = {"white": g.white, "black": g.black,
                                      "result": "+-" if white_stays else "-+"}


DEFAULT_START = "10:00"


def start_of_day(text: str) -> str:
    """A cup's start time: ``HH:MM`` read by the playoff clock parser, and before midnight (the
    playoff parser allows 24:10 and beyond for games that run late, not for a first round)."""
    if _parse_clock(text) >= 24 * 60:
        raise PlayoffError(_('time {text!r} must be written HH:MM.').format(text=text))
    return text.strip()


def cup_timetable(t: Tournament, cup: CupState | None = None) -> tuple[dict[str, Any], list[Slot]]:
    """The timetable of a cup event: every game known now with board and clock times.

    The same list scheduling as a playoff's (each game waits for the previous game of its
    match, +5 min, and for the stage before, +10 min; estimates 2 × base + 2 × 60 × increment),
    but it starts at the cup's own start time (``options["knockout"]["start"]``) instead of
    half an hour after an event.  Games played have no end time on their boards, so the whole
    day stays an estimate; it is re-derived from the bracket after every result.
    """
    from core.playoff.state import DEFAULT_BREAKS
    from core.playoff.timetable import timetable

    cfg = _settings(t)
    cup = cup or replay(t)
    start = start_of_day(str(cfg.get("start", DEFAULT_START)))
    boards = cfg.get("boards")
    state = dict(cup.state, start=start, first_board=1,
                 max_boards=int(boards) if boards else None,
                 breaks=dict(DEFAULT_BREAKS, **dict(cfg.get("breaks", {})), after_event=0))
    return state, timetable(state, cup.view)


def cup_places(t: Tournament) -> tuple[tuple[int, ...], ...] | None:
    """Final places of a finished knockout (groups share), ``None`` while it runs."""
    return replay(t).view.places


# -- what the screens say about a cup: who has no board and why, which game a board is, the
# -- stage each player reached -----------------------------------------------------------

_ROUND_OF = re.compile(r"^p\.r(\d+)m")


def _knockout_round(game_id: str) -> int:
    m = _ROUND_OF.match(game_id)
    return int(m.group(1)) if m else 0


def _before(t: Tournament, round_no: int) -> CupState:
    """The cup as it stood when round ``round_no`` was paired (results of earlier rounds only)."""
    return replay(t.with_changes(rounds=tuple(t.rounds[: max(0, round_no - 1)])))


def _stage_names(view: PlayoffView) -> dict[int, str]:
    """Knockout round number → its name ("Final", "Semi-final", "Preliminary round"…)."""
    out: dict[int, str] = {}
    for g in view.games:
        out.setdefault(_knockout_round(g.id), g.stage)
    return out


def away_status(t: Tournament, round_no: int) -> dict[int, str]:
    """Why each player without a board in round ``round_no`` has none, in words.

    A cup round holds the next game of every running match, so a player off the boards is
    eliminated, went through without a game (a bye of the bracket), or has won the match and
    waits for the next stage; "absent" would be wrong for all three.
    """
    from core.playoff.labels import stage_text

    cup = _before(t, round_no)
    view, names = cup.view, _stage_names(cup.view)
    on_board = ({x for b in t.round(round_no).boards for x in (b.white, b.black)}
                if 0 < round_no <= len(t.rounds) else set())
    out: dict[int, str] = {}
    for p in sorted(pl.pno for pl in t.players):
        if p in on_board:
            continue
        mine = [g for g in view.games if p in (g.white, g.black)]
        running = [g for g in mine if g.result is None]
        if running:
            n = _knockout_round(running[0].id)
            if p in cup.byes.get(f"p.r{n - 1}", ()):
                out[p] = _("advances without a game ({stage})").format(stage=stage_text(names.get(n - 1, "")))
            else:
                out[p] = _("through to the {stage}; waits for the other matches").format(
                    stage=stage_text(names.get(n, "")))
        elif view.places is not None and p in view.places[0]:
            out[p] = _("winner")
        elif mine:
            out[p] = _("eliminated in the {stage}").format(stage=stage_text(mine[-1].stage))
    return out


def board_games(t: Tournament, round_no: int) -> dict[int, str]:
    """Board number → what its game is ("Quarter-final · Armageddon (White 5′, Black 4′; …)")."""
    from core.playoff.labels import game_title, stage_text

    if not 0 < round_no <= len(t.rounds):
        return {}
    ready = list(_before(t, round_no).view.ready)
    out: dict[int, str] = {}
    for bno, board in enumerate(t.round(round_no).boards, start=1):
        game = next((g for g in ready if {g.white, g.black} == {board.white, board.black}), None)
        if game is not None:
            ready.remove(game)
            out[bno] = f"{stage_text(game.stage)} · {game_title(game)}"
    return out


def stage_groups(t: Tournament) -> list[list[int]]:
    """Players grouped by the stage they reached, best first: the finished cup's places; while
    it runs, by the furthest knockout round, players still in it before those out at that
    round.  The standings put these groups first and the event's criteria after (seeds/000
    p. 67: players eliminated at the same stage share)."""
    cup = replay(t)
    if cup.view.places is not None:
        return [sorted(g) for g in cup.view.places]
    reached: dict[int, tuple[int, bool]] = {}
    for g in cup.view.games:
        n = _knockout_round(g.id)
        for p in (g.white, g.black):
            if isinstance(p, int):
                reached[p] = max(reached.get(p, (0, False)), (n, g.result is None))
    for path, players in cup.byes.items():
        for p in players:
            reached.setdefault(p, (int(path.rsplit("r", 1)[-1]) + 1, True))
    keys = sorted(set(reached.values()), reverse=True)
    groups = [sorted(p for p, k in reached.items() if k == key) for key in keys]
    rest = sorted(p.pno for p in t.players if p.pno not in reached)
    return groups + ([rest] if rest else [])


def stage_reached(t: Tournament) -> dict[int, str]:
    """Each player's stage in words: "winner", "final", "semi-final"… (the standings' note)."""
    from core.playoff.labels import stage_text

    cup = replay(t)
    names = _stage_names(cup.view)
    out: dict[int, str] = {}
    for g in cup.view.games:
        for p in (g.white, g.black):
            if isinstance(p, int):
                out[p] = stage_text(names.get(_knockout_round(g.id), g.stage))
    if cup.view.places is not None:
        for p in cup.view.places[0]:
            out[p] = _("winner")
    return out
