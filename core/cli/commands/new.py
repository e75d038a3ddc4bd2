"""``hakem new NAME --system S --rounds R [...]`` — create a tournament, print its id."""

from __future__ import annotations

from core.i18n import _

import argparse

from core.app.workspace import check_new
from core.cli.common import open_workspace
from core.demo import demo_tournament
from core.errors import TournamentError
from core.model import Colour, PointSystem, Tournament, points


def parse_point_system(text: str) -> PointSystem:
    """``WIN,DRAW,LOSS[,PAB]`` e.g. ``3,1,0`` or ``1,0.5,0,0.5``."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) not in (3, 4):
        raise TournamentError(_('--points {text!r}: give WIN,DRAW,LOSS or WIN,DRAW,LOSS,PAB').format(text=text))
    try:
        win, draw, loss = (points(p) for p in parts[:3])
        pab = points(parts[3]) if len(parts) == 4 else win
    except (ValueError, ZeroDivisionError) as error:
        raise TournamentError(_('--points {text!r}: not numbers').format(text=text)) from error
    return PointSystem(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=loss, pab=pab,
                       full_bye=win, half_bye=draw, zero_bye=loss)


def run(args: argparse.Namespace) -> int:
    if args.demo:
        t = demo_tournament()
    else:
        from core.app.workspace import check_system

        check_system(args.system)
        rounds = args.rounds
        if rounds is None and args.system == "knockout":
            rounds = 1  # a cup counts its knockout rounds from the bracket when round 1 is paired
        if rounds is None:
            raise TournamentError(_('the number of rounds is missing: give it with --rounds, e.g. --rounds 7'))
        if rounds < 1:
            raise TournamentError(_('--rounds must be a whole number of at least 1'))
        t = Tournament(id="", name=(args.name or "").strip(), system=args.system, total_rounds=rounds)
    check_new(t)  # a name, a known system: refused before the options are looked at
    changes: dict = {}
    for attr in ("place", "federation", "start_date", "end_date", "chief_arbiter", "time_control"):
        value = getattr(args, attr)
        if value:
            changes[attr] = value
    if args.time_control_code:
        from core.trf.fields import is_time_control

        if not is_time_control(args.time_control_code):
            raise TournamentError(_('--time-control-code {code!r}: use the TRF-2026 encoding, e.g. 5400+30, 40/6000+30:900+30, W300-B240').format(
                code=args.time_control_code))
        changes["time_control_code"] = args.time_control_code
    if args.points:
        changes["points"] = parse_point_system(args.points)
    if t.system == "double-swiss":
        from core.pairing.doubleswiss.state import match_points
        from core.pairing.doubleswiss.system import refuse_acceleration

        refuse_acceleration(t.with_changes(acceleration=args.acceleration))

        changes["points"] = match_points(changes.get("points", t.points),
                                         explicit_pab=len((args.points or "").split(",")) == 4)
    if args.tiebreaks:
        from core.tiebreaks.codes import parse_list

        changes["tiebreaks"] = tuple(c.strip() for c in args.tiebreaks.split(",") if c.strip())
        parse_list(changes["tiebreaks"])  # an unknown or repeated criterion is refused before anything is created
    if args.regime:
        changes["tiebreak_regime"] = args.regime
    if args.initial_colour:
        changes["initial_colour"] = Colour.WHITE if args.initial_colour == "white" else Colour.BLACK
    if args.acceleration:
        changes["acceleration"] = args.acceleration
    knockout = _knockout_options(args, t.system)
    if knockout:
        changes["options"] = {**dict(t.options), "knockout": knockout}
    go = _go_options(args, t.system)
    if go:
        changes["options"] = {**dict(changes.get("options", t.options)), "go": go}
    keizer = _keizer_options(args, t.system)
    if keizer:
        changes["options"] = {**dict(changes.get("options", t.options)), "keizer": keizer}
    team = _team_swiss_options(args, t.system)
    if team:
        changes["options"] = {**dict(changes.get("options", t.options)), **team}
    from core.pairing.registry import SYSTEMS
    from core.pairing.swiss.restrictions import event_options

    apart = event_options(t.system, SYSTEMS.get(t.system), args.same_federation_rounds, args.same_federation_points,
                          args.club_mates_rounds)
    if apart:
        changes["options"] = {**dict(changes.get("options", t.options)), **apart}
    if not t.language:  # the creator's language (--lang, else the UI's), as the TUI's new event
        from core.i18n import current_language

        changes["language"] = current_language()
    if changes:
        t = t.with_changes(**changes)
    if args.rating_for_pairing not in (None, "auto"):
        from core.ratinglists.apply import with_rating_for_pairing

        t = with_rating_for_pairing(t, args.rating_for_pairing)
    if t.system == "mcmahon":
        from core.go.mcmahon_options import mcmahon_options

        mcmahon_options(t)  # a bad bar, floor, komi … is refused before anything is created
    elif t.system == "gamma" and args.komi is not None:
        from core.go.handicap import even_komi

        even_komi(t)
    tid = open_workspace().create(t)
    print(tid)
    return 0


def _knockout_options(args: argparse.Namespace, system: str) -> dict:
    """``options["knockout"]`` from the cup flags (only for ``--system knockout``)."""
    given = {key: value for key, value in (("rules", args.knockout_rules), ("start", args.start_time),
                                           ("third_place", args.third_place or None),
                                           ("places", args.places)) if value is not None}
    if given and system != "knockout":
        raise TournamentError(_('--knockout-rules, --start-time, --third-place and --places are for '
                                '--system knockout only'))
    if "start" in given:
        from core.playoff.cup import start_of_day

        given["start"] = start_of_day(given["start"])
    if "places" in given and given["places"] < 1:
        raise TournamentError(_('--places must be a whole number of at least 1'))
    return given


def _team_swiss_options(args: argparse.Namespace, system: str) -> dict:
    """The ``swiss-team`` settings (C.04.6 Arts. 1.2, 1.4, 1.7) from ``--team-colours``,
    ``--boards`` and ``--team-primary``."""
    given = {k: v for k, v in (("colour_preferences", args.team_colours), ("boards", args.boards),
                                ("primary", args.team_primary)) if v is not None}
    if given and system != "swiss-team" and set(given) != {"boards"}:
        raise TournamentError(_('--team-colours and --team-primary are for --system swiss-team only'))
    if args.boards is not None and args.boards < 1:
        raise TournamentError(_('--boards must be at least 1, not {boards}').format(boards=args.boards))
    if args.team_primary == "game" and args.acceleration:
        raise TournamentError(_("Baku acceleration cannot be used when game points are the primary "
                                "score of a team Swiss (C.04.7)."))
    return given


def _keizer_options(args: argparse.Namespace, system: str) -> dict:
    """``options["keizer"]`` from the ``--kz-*`` flags, checked before anything is created."""
    from core.cli.commands.keizer import keizer_updates
    from core.pairing.keizer.options import parse_options, stored

    given = keizer_updates(args)
    if given and system != "keizer":
        raise TournamentError(_('the --kz-… options are for --system keizer only'))
    parse_options(given)
    return stored(given)


def _go_options(args: argparse.Namespace, system: str) -> dict:
    """``options["go"]`` from ``--komi`` and the ``--mm-*`` flags (Go systems only)."""
    from core.cli.commands.go import mcmahon_updates

    given = mcmahon_updates(args)
    if given and system != "mcmahon":
        raise TournamentError(_('the --mm-… options are for --system mcmahon only'))
    if args.komi is not None:
        if system not in ("mcmahon", "gamma"):
            raise TournamentError(_('--komi is for Go systems (gamma, mcmahon)'))
        given["komi"] = args.komi
    from core.go.mcmahon_options import normalised

    return normalised(given)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help=_("create a tournament and print its id"))
    p.add_argument("name", nargs="?", default="")
    p.add_argument("--system", default="dutch", help=_("pairing system id (see `hakem systems`)"))
    p.add_argument("--rounds", type=int)
    p.add_argument("--place", default="")
    p.add_argument("--federation", default="")
    p.add_argument("--start", dest="start_date", default="", help=_("start date YYYY-MM-DD"))
    p.add_argument("--end", dest="end_date", default="", help=_("end date YYYY-MM-DD"))
    p.add_argument("--arbiter", dest="chief_arbiter", default="")
    p.add_argument("--time-control", default="", help=_('time control as text, e.g. "90 min + 30 s"'))
    p.add_argument("--time-control-code", default="", metavar="CODE",
                   help=_("time control in the TRF-2026 encoding (record 222), e.g. 5400+30"))
    p.add_argument("--points", help=_("WIN,DRAW,LOSS[,PAB], default 1,0.5,0"))
    p.add_argument("--tiebreaks", help=_("comma-separated tie-break codes, e.g. BH/C1,BH,SB"))
    p.add_argument("--regime", choices=["legacy", "2024", "2026"])
    p.add_argument("--initial-colour", choices=["white", "black"])
    p.add_argument("--acceleration", choices=["baku"])
    p.add_argument("--demo", action="store_true", help=_("create the 12-player demo tournament"))
    from core.cli.commands.players import RATING_FOR_PAIRING_CHOICES

    p.add_argument("--rating-for-pairing", choices=RATING_FOR_PAIRING_CHOICES,
                   help=_("which rating seeds the players from a rating list: kind (the event's kind "
                          "only), rapid-standard, blitz-rapid-standard; default auto: rapid events take "
                          "the standard rating when there is no rapid one, blitz events rapid, then standard"))
    from core.playoff.rules import PRESETS

    p.add_argument("--knockout-rules", choices=sorted(PRESETS),
                   help=_("knockout: games per match, extensions and decider (default seed-rapid)"))
    p.add_argument("--start-time", help=_("knockout: clock time of the first games, HH:MM (timetable)"))
    p.add_argument("--third-place", action="store_true",
                   help=_("knockout: the semi-final losers play for third place"))
    p.add_argument("--places", type=int, help=_("knockout: how many players go through (default 1)"))
    from core.cli.commands.go import add_mcmahon_flags

    p.add_argument("--komi", help=_("Go: komi of even games (McMahon default 7.5, Gamma 6.5)"))
    add_mcmahon_flags(p)
    from core.cli.commands.keizer import add_keizer_flags

    add_keizer_flags(p)
    p.add_argument("--boards", type=int, metavar="N", help=_("team events: boards per match"))
    p.add_argument("--team-colours", choices=["A", "B", "none"],
                   help=_("swiss-team: colour preferences of Type A (default), Type B, or none (C.04.6 Art. 1.7)"))
    p.add_argument("--team-primary", choices=["match", "game"],
                   help=_("swiss-team: the score teams are paired by, match points (default) or game points"))
    p.add_argument("--same-federation-rounds", type=int, metavar="N",
                   help=_("Swiss: players of one federation with more than P points are not paired "
                          "in the last N rounds (youth championships; N is usually 3)"))
    p.add_argument("--same-federation-points", metavar="P",
                   help=_("Swiss: the P of --same-federation-rounds (default: half the points "
                          "possible so far)"))
    p.add_argument("--club-mates-rounds", type=int, metavar="N",
                   help=_("Swiss: players of one club are not paired in the first N rounds"))
    p.set_defaults(func=run)
