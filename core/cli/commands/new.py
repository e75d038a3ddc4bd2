"""``hakem new NAME --system S --rounds R [...]`` — create a tournament, print its id.

The flags are read here; what they make and every check of it is the application layer's
(:func:`core.app.new_event.build_event`, the same as the TUI's new-event form)."""

from __future__ import annotations

from core.i18n import _

import argparse

from core.app.new_event import NewEvent
from core.cli.commands.keizer import keizer_updates
from core.cli.common import open_workspace
from core.errors import TournamentError
from core.i18n import current_language
from core.model import PointSystem, points


def parse_point_system(text: str) -> PointSystem:
    """``WIN,DRAW,LOSS[,PAB]`` e.g. ``3,1,0`` or ``1,0.5,0,0.5``; or as the settings show them,
    separated by semicolons with the language's decimals: ``1; ½; 0; 1``, ``1;0,5;0`` (what is
    shown can be typed back)."""
    parts = [p.strip() for p in text.split(";" if ";" in text else ",") if p.strip()]
    if len(parts) not in (3, 4):
        raise TournamentError(_('--points {text!r}: write the points of a win, a draw and a loss, and of a '
                                'pairing-allocated bye if it is not a win’s, e.g. {example} or {other}').format(
                                    text=text, example="1; ½; 0", other="3,1,0"))
    try:
        win, draw, loss = (points(p) for p in parts[:3])
        pab = points(parts[3]) if len(parts) == 4 else win
    except (ValueError, ZeroDivisionError) as error:
        raise TournamentError(_('--points {text!r}: not numbers').format(text=text)) from error
    return PointSystem(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=loss, pab=pab,
                       full_bye=win, half_bye=draw, zero_bye=loss)


def points_given(text: str) -> int:
    """How many values ``--points`` gives (3, or 4 with the PAB), whichever separator."""
    return len([p for p in text.split(";" if ";" in text else ",") if p.strip()])


def warn_seconds(code: str | None) -> None:
    """Say on stderr when a time-control code reads as under three minutes (``90+30`` is 90
    seconds: :func:`core.trf.fields.seconds_warning`); the code is kept as given."""
    import sys

    from core.trf.fields import seconds_warning

    warning = seconds_warning((code or "").strip())
    if warning:
        print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    warn_seconds(args.time_control_code)
    points = parse_point_system(args.points) if args.points else None
    print(open_workspace().create_event(NewEvent(
        name=args.name or "", system=args.system, rounds=args.rounds, place=args.place,
        federation=args.federation, start_date=args.start_date, end_date=args.end_date,
        chief_arbiter=args.chief_arbiter, time_control=args.time_control,
        time_control_code=args.time_control_code, points=points,
        pab_given=points_given(args.points or "") == 4,
        tiebreaks=tuple((args.tiebreaks or "").split(",")), regime=args.regime or "",
        initial_colour=args.initial_colour or "", acceleration=args.acceleration or "",
        language=current_language(),  # the creator's (--lang, else the UI's), as the TUI's form
        rating_for_pairing="" if args.rating_for_pairing in (None, "auto") else args.rating_for_pairing,
        knockout={"rules": args.knockout_rules, "start": args.start_time,
                  "third_place": args.third_place or None, "places": args.places},
        go=_go_given(args), keizer=keizer_updates(args),
        team={"colour_preferences": args.team_colours, "boards": args.boards, "primary": args.team_primary},
        federation_apart_rounds=args.same_federation_rounds,
        federation_apart_points=args.same_federation_points, club_apart_rounds=args.club_mates_rounds,
        demo=args.demo)))
    return 0


def _go_given(args: argparse.Namespace) -> dict[str, str]:
    """The Go settings given: ``--komi`` and the ``--mm-*`` flags."""
    from core.cli.commands.go import mcmahon_updates

    given = mcmahon_updates(args)
    if args.komi is not None:
        given["komi"] = args.komi
    return given


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new", help=_("create a tournament and print its id"))
    p.add_argument("name", nargs="?", default="")
    p.add_argument("--system", default="dutch", help=_("pairing system id (see `hakem systems`)"))
    p.add_argument("--rounds", type=int)
    p.add_argument("--place", default="")
    p.add_argument("--federation", default="")
    p.add_argument("--start", dest="start_date", default="", help=_("start date DD.MM.YYYY or YYYY-MM-DD"))
    p.add_argument("--end", dest="end_date", default="", help=_("end date DD.MM.YYYY or YYYY-MM-DD"))
    p.add_argument("--arbiter", dest="chief_arbiter", default="")
    p.add_argument("--time-control", default="", help=_('time control as text, e.g. "90 min + 30 s"'))
    p.add_argument("--time-control-code", default="", metavar="CODE",
                   help=_("time control in the TRF-2026 encoding (record 222), e.g. 5400+30"))
    p.add_argument("--points", metavar="W,D,L[,PAB]",
                   help=_("points of a win, draw, loss and pairing-allocated bye, e.g. {example} (default)").format(
                       example="1; ½; 0"))
    p.add_argument("--tiebreaks", help=_("comma-separated tie-break codes, e.g. BH/C1,BH,SB"))
    p.add_argument("--regime", choices=["legacy", "2024", "2026"])
    from core.cli.worded import colour_words

    colours = colour_words()
    p.add_argument("--initial-colour", type=colours, metavar=colours.metavar,
                   help=_("colour of the top player in round 1: {choices}").format(choices=colours.listed()))
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
