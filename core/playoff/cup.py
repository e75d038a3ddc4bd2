"""Knockout as a tournament system of its own (cup events, Paarungssysteme "K.O.-System").

The pairing system ``knockout`` (:mod:`core.pairing.knockout.system`) pairs from the state
this module replays.  A tournament round is one **knockout round** (Preliminary round,
Quarter-final …): its boards are every game of every match of that round, each labelled with
its game (``Board.game``, e.g. ``"p.r2m1.s0g2"``).  Pairing a knockout round puts the regular
games of all its matches on the boards (game 1 of every match, then game 2 …); when a result
leaves a match level, its tie-break games (extensions, Armageddon) are appended to the same
round (:func:`core.changes.cup.after_result`); the next knockout round is paired once every match is decided.
Results are entered as for any event and the bracket is re-derived from the boards every time
(:func:`replay`).  Readers with one cell per player per round (tie-breaks, crosstable, TRF)
see a knockout round as its consecutive game rounds (``core.model.game_rounds``).

Events stored before this shape (one game of every running match per tournament round, no
game labels) are still read as they were: :func:`replay` matches their boards by players,
and they are paired on in that shape (:func:`legacy`).

Settings live in ``Tournament.options["knockout"]`` (all optional):

    {"places": 1,                         # how many players go through (1: a winner)
     "rules": "seed-rapid" | {...},       # preset name or MatchRules JSON; "seed-rapid"
                                          # (the default) plays at the event's time control
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
when the numbers are drawn), Aktar p. 66.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from core.errors import PairingImpossible, TournamentError
from core.i18n import _, pgettext
from core.model import Board, Tournament
from core.playoff import lots
from core.playoff.games import Context, Game
from core.playoff.plan import evaluate as evaluate_plan
from core.playoff.rules import PRESETS, MatchRules
from core.playoff.state import PlayoffError, PlayoffView, _parse_clock, hh_mm
from core.playoff.timecontrol import TimeControl
from core.playoff.timetable import Slot


@dataclass(frozen=True)
class CupState:
    """The knockout derived from a tournament: its view, plus the playoff state used."""

    state: dict[str, Any]
    view: PlayoffView
    byes: dict[str, tuple[int, ...]]


def cup_settings(t: Tournament) -> dict[str, Any]:
    """A copy of the cup's settings (``options["knockout"]``), to read or to edit and store."""
    return dict(t.options.get("knockout", {}))


EVENT_CLOCK_RULES = "seed-rapid"
"""The rules a cup gets unless the organiser chooses others: two games, two more if level,
then Armageddon — at the event's time control (:func:`cup_rules`)."""


def event_clock(t: Tournament) -> TimeControl | None:
    """The event's time control as one clock (TRF-2026 record 222 with a single period, e.g.
    ``300+3``), else ``None`` (none set, or several periods such as ``40/5400+30:1800+30``)."""
    return single_clock(t.time_control_code)


def rules_with_clock(rules: str, clock: TimeControl | None) -> MatchRules:
    """The preset ``rules`` as a cup plays them at the event's one clock ``clock`` (the
    default rules only, :func:`cup_rules`): what the new-cup form shows while it is typed."""
    if clock is None or rules != EVENT_CLOCK_RULES:
        return PRESETS[rules]
    return replace(PRESETS[rules], segments=tuple(replace(s, time_control=clock) for s in PRESETS[rules].segments))


def single_clock(code: str) -> TimeControl | None:
    """A TRF-2026 record 222 code of one period as a clock, else ``None``."""
    code = code.strip()
    if not code or "/" in code or ":" in code:
        return None
    try:
        return TimeControl.parse(code)
    except TournamentError:
        return None


def cup_rules(t: Tournament) -> MatchRules:
    """The rules of the cup's matches. A cup's games are the event's games: with the default
    rules they are played at the event's time control (a 5+3 cup plays 5 min + 3 s, not the
    preset's 20 minutes, which stay for an event without a time control). Rules the organiser
    chose (another preset, or rules of their own) keep their clocks: they set them for the cup."""
    rules = cup_settings(t).get("rules", EVENT_CLOCK_RULES)
    if not isinstance(rules, str):
        return MatchRules.from_json(rules)
    if rules not in PRESETS:
        raise TournamentError(_('unknown knockout rules {rules!r}; use one of {value}.').format(
            rules=rules, value=', '.join(sorted(PRESETS))))
    return rules_with_clock(rules, event_clock(t))


def _plan(t: Tournament) -> dict[str, Any]:
    cfg = cup_settings(t)
    rules_json = cup_rules(t).to_json()
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


def legacy(t: Tournament) -> bool:
    """True for a cup stored in the earlier shape: one game of every running match per
    tournament round, boards without game labels."""
    return bool(t.rounds) and not any(b.game for r in t.rounds for b in r.boards)


def _initial_state(t: Tournament) -> dict[str, Any]:
    cfg = cup_settings(t)
    players = sorted(p.pno for p in t.players)
    if len(players) < 2:
        raise PairingImpossible(_('a knockout needs at least two players.'))
    return {
        "players": players, "places": int(cfg.get("places", 1)), "plan": _plan(t),
        "seed": int(cfg["seed"]) if "seed" in cfg else lots.seed_from("knockout", t.id),
        "results": {}, "lots": dict(cfg.get("lots", {})), "choices": dict(cfg.get("choices", {})),
        "bids": dict(cfg.get("bids", {})),
    }


def _entry(board: Board, flag: str | None) -> dict[str, Any]:
    assert board.result is not None
    entry: dict[str, Any] = {"white": board.white, "black": board.black, "result": board.result.value}
    if flag:
        entry["flag_later"] = flag
    return entry


def replay(t: Tournament) -> CupState:
    """Apply every board's result to the knockout game it is and derive the bracket.

    Raises when a board is not a game of the bracket any more (a corrected result decided its
    match earlier, or changed who plays), or pairs players who have no game due.
    """
    cup, stale = replay_stale(t)
    if stale:
        raise TournamentError(stale[0][2])
    return cup


def replay_stale(t: Tournament) -> tuple[CupState, list[tuple[int, int, str]]]:
    """The cup and its stale boards: ``(round, board, why)`` for each board that is no game
    of the bracket as the results now stand."""
    if legacy(t):
        return _replay_legacy(t), []
    state = _initial_state(t)
    flags = dict(cup_settings(t).get("flag_later", {}))
    for rnd in t.rounds:
        _forfeit_withdrawn(t, state, rnd.number)
        for bno, board in enumerate(rnd.boards, start=1):
            if board.result is not None and board.game:
                state["results"][board.game] = _entry(board, flags.get(f"{rnd.number}.{bno}"))
    _forfeit_withdrawn(t, state, t.current_round + 1)
    view, byes = _evaluate(state)
    games = {g.id: g for g in view.games}
    stale: list[tuple[int, int, str]] = []
    for rnd in t.rounds:
        for bno, board in enumerate(rnd.boards, start=1):
            game = games.get(board.game)
            if game is None or {game.white, game.black} != {board.white, board.black}:
                stale.append((rnd.number, bno, _(
                    'round {number}, board {bno}: players {white} and {black} have no knockout game due in this round.'
                ).format(number=rnd.number, bno=bno, white=board.white, black=board.black)))
    return CupState(state, view, byes), stale


def _replay_legacy(t: Tournament) -> CupState:
    """The earlier shape: each round's boards matched by players to the games due then."""
    state = _initial_state(t)
    cfg = cup_settings(t)
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
                state["results"][match.id] = _entry(board, flags.get(f"{rnd.number}.{bno}"))
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


_MATCH_OF = re.compile(r"^(p\.(?:r\d+m\d+|third))\.")


def match_of(game_id: str) -> str:
    """The match a game belongs to: ``"p.r2m1"`` for ``"p.r2m1.s1g2"``, ``"p.third"``."""
    m = _MATCH_OF.match(game_id)
    return m.group(1) if m else game_id


def _final_round(view: PlayoffView) -> int:
    return max((knockout_round(g.id) for g in view.games), default=0)


def round_of_game(game_id: str, view: PlayoffView) -> int:
    """The knockout round a game is played in (the match for third place: the final's)."""
    return knockout_round(game_id) or (_final_round(view) if game_id.startswith("p.third") else 0)


def playable_games(cup: CupState, round_no: int) -> list[Game]:
    """The games of knockout round ``round_no`` that can go on a board now, in playing order:
    game 1 of every match, then game 2 of every match …; tie-break games of a level match
    follow its regular games.  Games whose players or colours are not known yet (an Armageddon
    waiting for bids) are left out."""
    per_match: dict[str, list[Game]] = {}
    for g in cup.view.games:
        if round_of_game(g.id, cup.view) == round_no and not g.planned and not g.colours_open:
            per_match.setdefault(match_of(g.id), []).append(g)
    depth = max((len(v) for v in per_match.values()), default=0)
    return [games[k] for k in range(depth) for games in per_match.values() if k < len(games)]


def round_boards(cup: CupState, round_no: int) -> tuple[Board, ...]:
    """The boards of a newly paired knockout round: every regular game of every match (games
    already lost by forfeit — a withdrawn player — have no board)."""
    return tuple(Board(int(g.white), int(g.black), game=g.id) for g in playable_games(cup, round_no)
                 if g.result is None)


def waiting_armageddons(t: Tournament) -> list[Game]:
    """The Armageddon games of the running knockout round that wait for the players' bids."""
    if t.system != "knockout" or legacy(t) or not t.rounds:
        return []
    cup = replay(t)
    return [g for g in cup.view.games if g.kind == "armageddon" and g.colours_open and not g.planned
            and round_of_game(g.id, cup.view) == t.current_round]


def bracket_rounds(t: Tournament) -> int:
    """How many knockout rounds the cup has (its tournament rounds): "round 2 of 4"."""
    from core.playoff.bracket_plan import plan_rounds

    plan = _plan(t)
    counts: dict[int, int] = {}
    entry = {int(k): int(v) for k, v in plan["entry_round"].items()}
    for i in range(1, len(t.players) + 1):
        counts[entry.get(i, 1)] = counts.get(entry.get(i, 1), 0) + 1
    return len(plan_rounds(len(t.players), int(plan["places"]), counts))


DEFAULT_START = "10:00"


def start_of_day(text: str) -> str:
    """A cup's start time: ``HH:MM`` read by the playoff clock parser, and before midnight (the
    playoff parser allows 24:10 and beyond for games that run late, not for a first round)."""
    minutes = _parse_clock(text)
    if minutes >= 24 * 60:
        raise PlayoffError(_('time {text!r} must be written HH:MM.').format(text=text))
    return hh_mm(minutes)


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

    cfg = cup_settings(t)
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


def knockout_round(game_id: str) -> int:
    """The knockout round a game id names (``p.r2m1.s0g1`` → 2; 0 for none)."""
    m = _ROUND_OF.match(game_id)
    return int(m.group(1)) if m else 0


def _before(t: Tournament, round_no: int) -> CupState:
    """The cup as it stood when round ``round_no`` was paired (results of earlier rounds only)."""
    return replay(t.with_changes(rounds=tuple(t.rounds[: max(0, round_no - 1)])))


def _stage_names(view: PlayoffView) -> dict[int, str]:
    """Knockout round number → its name ("Final", "Semi-final", "Preliminary round"…)."""
    out: dict[int, str] = {}
    for g in view.games:
        out.setdefault(knockout_round(g.id), g.stage)
    return out


def _bye(stage: str, short: bool) -> str:
    """Through without a game: ``short``, the one word of a table's cell (the round's stage is
    named under the table), else the sentence with the stage."""
    if short:
        return pgettext("cup status, short", "bye")
    return _("advances without a game ({stage})").format(stage=stage)


def _out(stage: str, short: bool) -> str:
    """Eliminated in ``stage`` (``short``: a table's cell, "ausgeschieden: Viertelfinale" was cut
    at 80 columns)."""
    if short:
        return pgettext("cup status, short", "out: {stage}").format(stage=stage)
    return _("eliminated in the {stage}").format(stage=stage)


def away_status(t: Tournament, round_no: int, short: bool = False) -> dict[int, str]:
    """Why each player without a board in round ``round_no`` has none, in words; ``short``: in
    a few words for a table's cell (the rounds pane's boards; ``x`` there says them in full).

    A cup round holds the next game of every running match, so a player off the boards is
    eliminated, went through without a game (a bye of the bracket), or has won the match and
    waits for the next stage; "absent" would be wrong for all three.
    """
    from core.playoff.labels import stage_text

    if not legacy(t):
        return _away_by_round(t, round_no, short)
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
        bye = next((n for n in sorted(names) if p in cup.byes.get(f"p.r{n}", ())), None)
        if not mine and bye is not None:
            # the next round is paired only when this one ends (re-seeded), so a player with a
            # bye of the bracket has no game yet: still through without one
            out[p] = _bye(stage_text(names.get(bye, "")), short)
        elif running:
            n = knockout_round(running[0].id)
            if p in cup.byes.get(f"p.r{n - 1}", ()):
                out[p] = _bye(stage_text(names.get(n - 1, "")), short)
            elif short:
                out[p] = pgettext("cup status, short", "through: {stage}").format(stage=stage_text(names.get(n, "")))
            else:
                out[p] = _("through to the {stage}; waits for the other matches").format(
                    stage=stage_text(names.get(n, "")))
        elif view.places is not None and p in view.places[0]:
            out[p] = _("Winner")
        elif mine:
            out[p] = _out(stage_text(mine[-1].stage), short)
    return out


def _away_by_round(t: Tournament, round_no: int, short: bool = False) -> dict[int, str]:
    """:func:`away_status` of a cup whose rounds are knockout rounds: off the boards of a
    knockout round means through to the next one without a game, or out already."""
    from core.playoff.labels import stage_text

    cup = replay(t)
    names = _stage_names(cup.view)
    on_board = ({x for b in t.round(round_no).boards for x in (b.white, b.black)}
                if 0 < round_no <= len(t.rounds) else set())
    entry = {int(k): int(v) for k, v in dict(cup_settings(t).get("entry_round", {})).items()}
    out: dict[int, str] = {}
    for p in sorted(pl.pno for pl in t.players):
        if p in on_board:
            continue
        if entry.get(p, 1) > round_no:
            stage = stage_text(names.get(entry[p], ""))
            out[p] = (pgettext("cup status, short", "enters: {stage}") if short
                      else _("enters in the {stage}")).format(stage=stage)
            continue
        earlier = [g for g in cup.view.games if p in (g.white, g.black)
                   and 0 < round_of_game(g.id, cup.view) < round_no]
        if p in cup.byes.get(f"p.r{round_no}", ()):
            out[p] = _bye(stage_text(names.get(round_no, "")), short)
        elif earlier and not any(p in (g.white, g.black) and round_of_game(g.id, cup.view) > round_no
                                 for g in cup.view.games):
            out[p] = _out(stage_text(earlier[-1].stage), short)
    return out


def board_games(t: Tournament, round_no: int, short: bool = False) -> dict[int, str]:
    """Board number → what its game is ("Quarter-final · Armageddon (White 5 min, Black 4 min; …)");
    ``short``: the game alone, without stage and clock ("Extension 1, game 2"), for printed
    lists whose heading names the stage."""
    from core.playoff.labels import game_label, game_title, stage_text

    if not 0 < round_no <= len(t.rounds):
        return {}
    if not legacy(t):
        games = {g.id: g for g in replay(t).view.games}
        if short:
            return {bno: game_label(games[b.game]) for bno, b in enumerate(t.round(round_no).boards, start=1)
                    if b.game in games}
        return {bno: f"{stage_text(games[b.game].stage)} · {game_title(games[b.game])}"
                for bno, b in enumerate(t.round(round_no).boards, start=1) if b.game in games}
    ready = list(_before(t, round_no).view.ready)
    out: dict[int, str] = {}
    for bno, board in enumerate(t.round(round_no).boards, start=1):
        game = next((g for g in ready if {g.white, g.black} == {board.white, board.black}), None)
        if game is not None:
            ready.remove(game)
            out[bno] = f"{stage_text(game.stage)} · {game_title(game)}"
    return out


def stage_reached(t: Tournament) -> dict[int, str]:
    """Each player's stage in words: "winner", "final", "semi-final"… (the standings' note)."""
    from core.playoff.labels import stage_text

    cup = replay(t)
    names = _stage_names(cup.view)
    out: dict[int, str] = {}
    for g in cup.view.games:
        for p in (g.white, g.black):
            if isinstance(p, int):
                out[p] = stage_text(names.get(knockout_round(g.id), g.stage))
    if cup.view.places is not None:
        for p in cup.view.places[0]:
            out[p] = _("Winner")
    return out
