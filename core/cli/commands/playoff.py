"""``hakem playoff`` — tie-break playoffs scheduled on the spot.

    hakem playoff --tied K --places T [--format text|json] [--start HH:MM] [options]   (dry run)
    hakem playoff ID --players PNO,PNO,... --places T [--start HH:MM] [options]      (create)
    hakem playoff ID [--show] | --result GAME RESULT [--correct] [--flag-later white|black] [--end HH:MM]
                     | --remove GAME | --lot KEY VALUE | --bids GAME PNO=TIME,PNO=TIME
                     | --choice KEY white|black                                       [--key NAME]

The dry run numbers the tied players 1..K in tie-break order and prints the format Aktar
prescribes; JSON: ``{"stages": [{"name", "kind", "groups", "games", "time_control"}, ...]}``.
With a tournament id the playoff is stored in ``options["playoffs"][KEY]``; every result
re-derives the bracket and the timetable, and a finished playoff writes its order into the
standings (tie orders, source ``playoff``).
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from core.cli.errors import CliError
from core.i18n import _
from core.playoff import (
    choose_format, clock, create, describe, evaluate, shared_place_labels, stage_times, timetable,
)
from core.playoff.labels import resolve_game, short_ids
from core.playoff.state import PlayoffView, _parse_clock, stored_playoff
from core.playoff.timetable import Slot
from core.playoff.timecontrol import armageddon_example
from core.errors import TournamentError

if TYPE_CHECKING:
    from core.model import Tournament


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in ("games", "time_control", "extensions", "extension_time_control", "ladder",
                 "armageddon_time_control", "decider", "armageddon_colours", "preset"):
        value = getattr(args, name, None)
        if value is not None:
            out[name] = value
    _check_clocks(out)
    if args.no_armageddon:
        out["armageddon"] = False
    if args.third_place:
        out["third_place"] = True
    return out


def _check_clocks(options: dict[str, Any]) -> None:
    """Each typed time control read before anything is changed (``10+5`` is 10 minutes + 5
    seconds, as the event's clock reads) and kept as its code; a refusal names its option
    (three options take one)."""
    from core.playoff.timecontrol import TimeControl

    for name in ("time_control", "extension_time_control", "armageddon_time_control"):
        if name in options:
            try:
                clock = TimeControl.read(str(options[name]))
                if name != "armageddon_time_control":  # its refusal (Black's time) quotes the typed text
                    options[name] = clock.encode()
            except TournamentError as error:
                raise TournamentError(_("--{option}: {error}").format(
                    option=name.replace("_", "-"), error=error)) from None


def _breaks(args: argparse.Namespace) -> dict[str, int]:
    out = {}
    for key, attr in (("after_event", "break_after_event"), ("between_games", "break_games"),
                      ("between_stages", "break_stages")):
        value = getattr(args, attr, None)
        if value is not None:
            if value < 0:
                raise CliError(_("--{value} must not be negative.").format(value=attr.replace('_', '-')))
            out[key] = value
    if out.get("after_event", MIN_BREAK_AFTER_EVENT) < MIN_BREAK_AFTER_EVENT and not args.force:
        raise CliError(_("--break-after-event {minutes}: the playoff needs at least {least} minutes after the "
                         "event's last game; --force takes a shorter break.").format(
                             minutes=out["after_event"], least=MIN_BREAK_AFTER_EVENT))
    return out


MIN_BREAK_AFTER_EVENT = 30
"""Minutes: the booklet's "son biten maçın ardından, en az yarım saat ara verilmelidir" (at
least half an hour after the last game ended).  Regulations may allow less: ``--force``."""


def _pnos(text: str) -> list[int]:
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise CliError(_("--players {text!r} must be pairing numbers separated by commas.").format(text=text)) from None
    if len(out) < 2:
        raise CliError(_("--players needs at least two pairing numbers."))
    return out


def _name(names: dict[int, str], who: object) -> str:
    """A player by number and name; a placeholder ("winner of Semi-final match 1", stored in
    English) in the reader's words."""
    from core.playoff.labels import entrant_text

    if isinstance(who, int):
        return f"{who} {names[who]}".strip() if who in names else str(who)
    return entrant_text({}, str(who))


def _time(seconds: int, relative: bool, start: int) -> str:
    if relative:
        minutes = (seconds - start + 59) // 60
        return f"+{minutes // 60}:{minutes % 60:02d}"
    return clock(seconds)


def _lot_text(lot: Any, names: dict[int, str]) -> str:
    """A lot in words: what it decided and who or what it gave ("Armageddon lot: 12 Ünal,
    Zeynep"), never its key (``--format json`` lists the keys ``--lot`` takes)."""
    value = lot.value
    if value in ("white", "black"):
        drawn = _side(value)
    else:
        drawn = ", ".join(_name(names, int(x)) if x.isdigit() else x for x in str(value).replace(" ", ",").split(",") if x)
    tag = " " + _("(drawn over the board)") if lot.manual else ""
    return f"  {_(lot.purpose)}: {drawn}{tag}"


def _segment_of(lot_base: str) -> str:
    """What a colour lot was drawn for, before its words, when not the match's first games:
    "Extension 1 — " (the two colour lots of a level match read as one lot said twice)."""
    import re

    found = re.search(r"\.s(\d+)(?::|$)", lot_base)
    if found and int(found.group(1)) > 0:
        return _("Extension {n}").format(n=int(found.group(1))) + " — "
    if re.search(r"\.sd(?::|$)", lot_base):
        return _("Sudden death") + " — "
    return ""


def _lot_lines(view: PlayoffView, names: dict[int, str]) -> list[str]:
    """The lots in words; a colour lot says which colour it gave to whom ("colour lot: 7 Krüger,
    Lena won the lot and drew Black: 12 Arslan, Emre has White, 7 Krüger, Lena Black in the first
    game") — its two draws (who draws the colour, and the colour drawn) told as one."""
    from core.i18n.clock import duration_text

    by_key = {lot.key: lot for lot in view.lots}
    games = {g.id: g for g in view.games}
    out = []
    for lot in view.lots:
        base, _sep, kind = lot.key.rpartition(":")
        tag = " " + _("(drawn over the board)") if lot.manual else ""
        colour = by_key.get(f"{base}:colour")
        if kind == "colour" and f"{base}:lot" in by_key:
            continue  # told with the lot whose winner drew it
        if kind == "lot" and colour is not None and lot.value.isdigit() and len(lot.players) == 2:
            winner = int(lot.value)
            other = lot.players[1] if lot.players[0] == winner else lot.players[0]
            white, black = (winner, other) if colour.value == "white" else (other, winner)
            text = (_("colour lot: {winner} won the lot and drew White: {white} has White, {black} Black in the "
                      "first game") if colour.value == "white" else
                    _("colour lot: {winner} won the lot and drew Black: {white} has White, {black} Black in the "
                      "first game"))
            out.append("  " + _segment_of(base) + text.format(winner=_name(names, winner), white=_name(names, white),
                                                              black=_name(names, black)) + tag)
            continue
        game = games.get(lot.key.split(":")[0])
        if kind == "bids":  # typed in by the arbiter, never drawn
            bids = [pair.split(":") for pair in lot.value.split(",")]
            out.append("  " + _("Armageddon bids (Black's time): {bids}").format(bids=", ".join(
                f"{_name(names, int(pno))} {duration_text(int(secs))}" for pno, secs in bids)))
            continue
        if kind == "lot" and game is not None and game.kind == "armageddon" and not game.planned \
                and lot.value.isdigit():
            out.append("  " + _("Armageddon lot: {winner} won the lot and chose the colours: {white} has White, "
                                "{black} Black").format(winner=_name(names, int(lot.value)),
                                                        white=_name(names, game.white),
                                                        black=_name(names, game.black)) + tag)
            continue
        out.append(_lot_text(lot, names))
    return out


def render_text(state: dict[str, Any], view: PlayoffView, slots: list[Slot], names: dict[int, str],
                relative: bool = False, first_place: int = 1) -> str:
    """Stages, the timetable (boards, clock times), lots and — once over — the places, in the
    reader's language.  Games are named as the published timetable names them ("Match 1:
    Game 2"), time controls in words; the short id beside each is what ``--result GAME`` takes."""
    from core.i18n import ngettext
    from core.playoff.labels import stage_text, time_control_text
    from core.playoff.timecontrol import TimeControl
    from core.reports.playoffs import game_names

    start = _parse_clock(str(state.get("start", "00:00"))) * 60
    lines = []
    players = [int(p) for p in state["players"]]
    for st in describe(state["plan"], list(range(1, len(players) + 1))):
        games = ngettext("{n} game at {time}", "{n} games at {time}", st["games"]).format(
            n=st["games"], time=time_control_text(TimeControl.parse(str(st["time_control"]))))
        if not st["groups"]:
            who = _("the winners of the stage before")
        elif names:  # the event's players by number and name, never the playoff's own seeding numbers
            who = "; ".join(" – ".join(_name(names, players[seed - 1]) for seed in g) for g in st["groups"])
        else:  # a dry run: the tied players as it numbered them (1 = first in tie-break order)
            who = _("tied players {numbers}").format(numbers="; ".join(", ".join(map(str, g)) for g in st["groups"]))
        lines.append(_("Stage: {stage} ({games}) — {players}").format(stage=stage_text(st["name"]), games=games,
                                                                     players=who))
    lines.append("")
    lines.append(_("Timetable:"))
    for stage, first, last in stage_times(slots):
        lines.append(f"  {_time(first, relative, start)}–{_time(last, relative, start)}  {stage_text(stage)}")
    lines.append("")
    ordered = sorted(slots, key=lambda s: (s.start, s.board))
    short = short_ids([s.game.id for s in slots])
    named = game_names([s.game for s in slots], with_stage=True)  # no stage column here
    rows = [(short[s.game.id], named[s.game.id], str(s.board), _time(s.start, relative, start),
             _time(s.end, relative, start), _name(names, s.game.white), _name(names, s.game.black),
             _result_text(s.game)) for s in ordered]
    header = (_("Id"), _("Game"), _("Bd"), _("Start"), _("End"), _("White"), _("Black"), _("Result"))
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    right = {2, 3, 4}
    for row in [header, *rows]:
        lines.append("  ".join(cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
                               for i, cell in enumerate(row)).rstrip())
    if view.lots:
        lines.append("")
        lines.append(_("Lots:"))
        lines.extend(_lot_lines(view, names))
    lines.append("")
    from core.playoff.labels import open_colours_notes
    from core.playoff.timetable import warnings

    lines.extend(open_colours_notes([s.game for s in slots]))  # what "by lot" in the result column means
    for warning in warnings(slots):
        lines.append(_("Warning: {warning}").format(warning=warning))
    if view.places is None:
        lines.append(_("The playoff is still running."))
    else:
        lines.append(_("Final order:"))
        labels = shared_place_labels(view.places, first_place)  # the event's places, not the playoff's own
        for group in view.places:
            lines.append(f"  {labels[group[0]]}: " + ", ".join(_name(names, p) for p in group))
    return "\n".join(lines) + "\n"


def _result_text(g: Any) -> str:
    from core.playoff.labels import open_colours_text

    result = g.result.text if g.result is not None else (open_colours_text(g) if g.colours_open else "")
    if g.flag_later:
        result += " " + _("(flag fell later: {side})").format(side=_side(g.flag_later))
    return result


def _side(value: str) -> str:
    """``white``/``black`` (a colour lot's value, whose flag fell later) in the reader's words."""
    return {"white": _("white"), "black": _("black")}.get(value, value)


def render_json(key: str, state: dict[str, Any], view: PlayoffView, slots: list[Slot]) -> dict[str, Any]:
    return {
        "key": key,
        "players": list(state["players"]),
        "places": state["places"],
        "complete": view.complete,
        "order": None if view.places is None else [list(g) for g in view.places],
        "stages": describe(state["plan"], list(range(1, len(state["players"]) + 1))),
        "games": [{"id": s.game.id, "stage": s.game.stage, "kind": s.game.kind,
                   "white": s.game.white, "black": s.game.black,
                   "time_control": s.game.time_control.encode(), "board": s.board,
                   "start": clock(s.start), "end": clock(s.end),
                   "result": s.game.result.value if s.game.result is not None else None,
                   "colours_by_lot": s.game.colours_open}
                  for s in slots],
        "lots": [lot.to_json() for lot in view.lots],
        "superseded": list(view.superseded),
        "state": state,
    }


def _dry_run(args: argparse.Namespace) -> int:
    if args.tied is None:
        raise CliError(_("give a tournament id, or --tied K for a dry run."))
    if args.tied < 2:
        raise CliError(_("--tied needs at least 2 players."))
    plan = choose_format(args.tied, args.places, args.variant)
    if args.format == "json":
        from core.playoff.state import apply_overrides

        overrides = _overrides(args)
        plan = apply_overrides(plan, **overrides) if overrides else plan
        print(json.dumps({"stages": describe(plan, list(range(1, args.tied + 1)))}))
        return 0
    state = create(list(range(1, args.tied + 1)), args.places, variant=args.variant,
                   seed=args.seed, start=args.start or "00:00", breaks=_breaks(args),
                   first_board=args.first_board, max_boards=args.max_boards, **_overrides(args))
    view = evaluate(state)
    names: dict[int, str] = {}  # a dry run's players are the seeds its stage line names
    print(render_text(state, view, timetable(state, view), names, relative=args.start is None), end="")
    return 0


def _change(args: argparse.Namespace, desk: Any, key: str) -> Any:
    """Run the playoff change asked for (its :class:`~core.app.base.Outcome`), or ``None`` to
    only show the playoff: the arguments as typed, the change itself is the desk's."""
    if args.players:
        from core.playoff.lots import seed_from

        players = _pnos(args.players)
        seed = args.seed if args.seed is not None else seed_from(desk.id, key, *players)
        return desk.create_playoff(key, players, args.places, force=args.force, variant=args.variant, seed=seed,
                                   start=args.start or "00:00", breaks=_breaks(args), first_board=args.first_board,
                                   max_boards=args.max_boards, overrides=_overrides(args))
    if args.lot:
        return desk.playoff_lot(key, args.lot[0], args.lot[1])
    if args.bids:
        return desk.playoff_bids(key, args.bids[0], _bids(args.bids[1], _bid_players(desk, key, args.bids[0])))
    if args.choice:
        return desk.playoff_choice(key, args.choice[0], args.choice[1])
    if args.start:
        return desk.playoff_start(key, args.start)
    return None


def _stored_key(t: Tournament, creating: bool) -> str:
    """The playoff meant when no ``--key`` is given: the only one stored (the F7 dialog names
    its playoffs by the players, ``tie-1-6-7``), else ``1`` (a new playoff's key); with several
    stored and none ``1``, a refusal listing each key with the places it decides."""
    from core.playoff.state import playoffs_of

    keys = sorted(playoffs_of(t))
    if creating or "1" in keys or not keys:
        return "1"
    if len(keys) == 1:
        return keys[0]
    from core.i18n.format import join_list
    from core.reports.playoffs import playoff_names
    from core.reports.view import View

    titles, stored, names = playoff_names(View(t)), playoffs_of(t), {p.pno: p.name for p in t.players}

    def said(key: str) -> str:  # the players, and the places when they hold places in a row
        who = ", ".join(names.get(p, str(p)) for p in stored[key].get("players") or ())
        part, title = titles[key]
        return f"{key} ({who}; {title})" if part != key else f"{key} ({who})"

    raise CliError(_("“{name}” has {count} playoffs; give one with --key: {keys}.").format(
        name=t.name, count=len(keys), keys=join_list([said(key) for key in keys])))


def _bids(text: str, players: tuple[int, int]) -> dict[int, int]:
    """``4=3:20,9=3:30``: pairing number → seconds accepted as Black, each time typed as the
    clock shows it (``3:20``, ``3 dk 20 sn``) or in seconds (``200``).  ``players``: the
    game's two players, for the example a refusal gives."""
    from core.i18n.clock import duration_seconds, duration_text

    bids = {}
    for part in text.split(","):
        pno, _sep, typed = part.partition("=")
        seconds = duration_seconds(typed)
        if not pno.strip().isdigit() or seconds is None:
            a, b = players
            raise CliError(_("bids {text!r} must look like {example}: each player's number = the time they "
                             "accept on Black's clock ({clock} or {seconds} seconds).").format(
                text=text, example=f"{a}=3:20,{b}=3:30", clock=duration_text(200), seconds=200)) from None
        bids[int(pno)] = seconds
    return bids


def _bid_players(desk: Any, key: str, game: str) -> tuple[int, int]:
    """The two players of the Armageddon ``game`` names (else the playoff's first two): the
    numbers an example of bids uses, so it can be typed as it stands."""

    state = stored_playoff(desk.snapshot().tournament, key)
    view = evaluate(state)
    gid = resolve_game([g.id for g in view.games], game.split(":")[0])
    found = next((g for g in view.games if g.id == gid and isinstance(g.white, int) and isinstance(g.black, int)),
                 None)
    if found is not None:
        return int(found.white), int(found.black)
    first, second = (int(p) for p in state["players"][:2])
    return first, second


def run(args: argparse.Namespace) -> int:
    for given, name in ((args.flag_later, "--flag-later"), (args.end, "--end"), (args.correct, "--correct")):
        if given and not args.result:
            raise CliError(_("{option} goes with --result GAME RESULT: it belongs to a game's result.").format(option=name))
    if args.id is None:
        return _dry_run(args)
    from core.cli.common import open_desk, show_warnings

    desk = open_desk(args.id)
    key = args.key if args.key is not None else _stored_key(desk.snapshot().tournament, creating=bool(args.players))
    if args.propose is not None:
        return _propose(desk.snapshot().tournament, args.propose, args.format)
    if args.result:
        typed, res = args.result
        before = stored_playoff(desk.snapshot().tournament, key)
        gid = resolve_game([s.game.id for s in timetable(before, evaluate(before))], typed)
        t = show_warnings(desk.playoff_result(key, gid, res, correct=args.correct, flag_later=args.flag_later,
                                              end=args.end)).tournament
    elif args.remove:  # removing is the command's own word: no --correct
        before = stored_playoff(desk.snapshot().tournament, key)  # the id the table shows, as --result takes it
        gid = resolve_game([s.game.id for s in timetable(before, evaluate(before))], args.remove)
        t = show_warnings(desk.playoff_result(key, gid, None, correct=True)).tournament
    elif (outcome := _change(args, desk, key)) is not None:
        t = show_warnings(outcome).tournament
    else:
        t = desk.snapshot().tournament
    state = stored_playoff(t, key)
    view = evaluate(state)
    slots = timetable(state, view)
    if args.format == "json":
        print(json.dumps(render_json(key, state, view, slots)))
    else:
        from core.standings_ties import playoff_first_place

        names = {p.pno: p.name for p in t.players}
        print(render_text(state, view, slots, names, first_place=playoff_first_place(t, state)), end="")
    return 0


def _propose(t: Tournament, prizes: int, fmt: str) -> int:
    """The groups core lists for a playoff (:func:`core.app.playoff_groups.tied_groups`, the
    TUI's playoff pane shows the same): the command to schedule one, or its playoff's state."""
    from core.app.playoff_groups import GroupState, tied_groups
    from core.i18n.format import place_span

    found = tied_groups(t, prize_places=prizes)
    if fmt == "json":
        print(json.dumps({"ties": [{"players": list(g.players), "first_place": g.first_place, "places": g.places,
                                    "key": g.key, "state": g.state.value} for g in found]}))
        return 0
    if not any(g.first_place is not None and g.places for g in found):
        print(_("No tie on points touches the first {prizes} place(s).").format(prizes=prizes))
    for g in found:
        pnos = ",".join(str(x) for x in g.players)
        span = place_span(range(g.first_place, (g.last_place or g.first_place) + 1)) if g.first_place is not None else ""
        if g.playoff is None:
            named = "; ".join(f"{p} {t.player(p).name}" for p in g.players)
            if g.places >= len(g.players):  # every one of them in the prize places: only their order is at stake
                print(_("Places {span}: {players} are tied; the playoff decides their order: "
                        "hakem playoff {id} --players {pnos} --places {places}").format(
                    span=span, players=named, pnos=pnos, places=g.places, id=t.id))
                continue
            print(_("Places {span}: {players} are tied; the playoff selects {places} of them: "
                    "hakem playoff {id} --players {pnos} --places {places}").format(span=span,
                                                                 players=named, pnos=pnos, places=g.places, id=t.id))
            continue
        done = g.state is GroupState.DECIDED
        if g.first_place is None:
            line = (_("Players {pnos}, no longer on equal points: playoff {key} has decided their places (hakem playoff {id} --key {key})") if done
                    else _("Players {pnos}, no longer on equal points: playoff {key} is running (hakem playoff {id} --key {key})"))
        else:
            line = (_("Places {span}: players {pnos}: playoff {key} has decided their places (hakem playoff {id} --key {key})") if done
                    else _("Places {span}: players {pnos}: playoff {key} is running (hakem playoff {id} --key {key})"))
        print(line.format(span=span, pnos=pnos, key=g.key, id=t.id))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("playoff", help=_("tie-break playoff: format, boards, colours, timetable"))
    p.add_argument("id", nargs="?", help=_("tournament id (omit with --tied for a dry run)"))
    p.add_argument("--tied", type=int, help=_("dry run: K tied players, numbered 1..K in tie-break order"))
    p.add_argument("--players", help=_("pairing numbers of the tied players, in tie-break order"))
    p.add_argument("--places", type=int, default=1,
                   help=_("how many of the tied players the playoff selects for the places at stake "
                          "(default 1: the winner)"))
    p.add_argument("--start", help=_("HH:MM when the event's last game ended (breaks are added)"))
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--force", action="store_true",
                   help=_("take players not tied on points, a second playoff for the same players, or a break "
                          "after the event under 30 minutes"))
    p.add_argument("--key", help=_("name of this playoff in the tournament (default: the only one stored, "
                                   "else 1)"))
    p.add_argument("--variant", help=_("format variant for the tied-group size (e.g. armageddon, round_robin)"))
    p.add_argument("--seed", type=int, help=_("seed of the recorded lots (default: derived from the tie)"))
    p.add_argument("--first-board", type=int, default=1, help=_("number of the first playoff board"))
    p.add_argument("--preset", help=_("rules for every match: seed, seed-rapid, seed-rapid-increment, "
                   "fide-2015, fide-2023, fide-2025"))
    p.add_argument("--max-boards", type=int, help=_("boards available for the playoff (default: as needed)"))
    p.add_argument("--break-after-event", type=int, help=_("minutes after the event's last game (default 30)"))
    p.add_argument("--break-games", type=int, help=_("minutes between games (default 5)"))
    p.add_argument("--break-stages", type=int, help=_("minutes between stages (default 10)"))
    p.add_argument("--games", type=int, help=_("regular games per match (even, at least 2)"))
    p.add_argument("--time-control", help=_("time control of the regular games, e.g. {example} or 3+2 (minutes + seconds)").format(
        example=_("{minutes} min + {seconds} s").format(minutes=3, seconds=2)))
    p.add_argument("--extensions", type=int, help=_("number of two-game extensions (0: none)"))
    p.add_argument("--extension-time-control", help=_("time control of the extension games"))
    p.add_argument("--ladder", help=_("FIDE-style ladder: games × minutes + seconds, in playing order, e.g. "
                                      "2x25+10,2x10+10,2x5+3"))
    p.add_argument("--third-place", action="store_true",
                   help=_("knockouts: the semi-final losers play for 3rd place (default: they share)"))
    p.add_argument("--no-armageddon", action="store_true", help=_("decide level matches by sudden death"))
    p.add_argument("--armageddon-time-control", help=_("Armageddon times, e.g. {example} (or W300-B240)").format(
        example=armageddon_example()))
    from core.cli.worded import armageddon_colour_words, colour_words, decider_words

    deciders, drawn, sides = decider_words(), armageddon_colour_words(), colour_words()
    p.add_argument("--decider", type=deciders, metavar=deciders.metavar,
                   help=_("how a match still level is decided: {choices} (one Armageddon game, games until the "
                          "first win, or a drawing of lots)").format(choices=deciders.listed()))
    p.add_argument("--armageddon-colours", type=drawn, metavar=drawn.metavar,
                   help=_("the Armageddon game's colours: {choices} (drawn by lot, or each player bids the time "
                          "they accept as Black; the lower bid plays Black)").format(choices=drawn.listed()))
    p.add_argument("--propose", type=int, metavar="PRIZES",
                   help=_("list the groups tied on points within the first PRIZES places"))
    p.add_argument("--show", action="store_true", help=_("show the stored playoff (the default action)"))
    p.add_argument("--result", nargs=2, metavar=("GAME", "RESULT"), help=_("enter or correct a result"))
    p.add_argument("--correct", action="store_true",
                   help=_("replace a result the game already has (without it such a result is kept)"))
    p.add_argument("--flag-later", type=sides, metavar=sides.metavar,
                   help=_("Armageddon 0-0: whose flag fell later (that player wins): {choices}").format(
                       choices=sides.listed()))
    p.add_argument("--end", help=_("HH:MM the game actually ended (re-estimates the timetable)"))
    p.add_argument("--remove", metavar="GAME", help=_("remove a wrongly entered result"))
    p.add_argument("--lot", nargs=2, metavar=("KEY", "VALUE"), help=_("a lot drawn over the board"))
    p.add_argument("--bids", nargs=2, metavar=("KEY", "BIDS"), help=_("Armageddon bids: GAME and each player's time as Black, "
                                                                         "e.g. arm 4=3:20,9=3:30 (or seconds: 4=200)"))
    p.add_argument("--choice", nargs=2, metavar=("KEY", "COLOUR"), help=_("Armageddon lot winner's colour"))
    p.set_defaults(func=run)
