"""``hakem publish ID DIR`` — write the HTML pages of a tournament into a directory;
``hakem report ID KIND [...]`` — one report on the terminal (text) or as CSV/JSON/HTML."""

from __future__ import annotations

import argparse


def _publish(args: argparse.Namespace) -> int:
    from core.cli.common import open_store
    from core.reports.export import publish

    t = open_store().load(args.id).tournament
    for path in publish(t, args.directory):
        print(path)
    return 0


REPORTS = ("standings", "crosstable", "pairings", "alphabetical", "results", "card", "checkin", "teams")


def _report(args: argparse.Namespace) -> int:
    import json

    from core.cli.common import load_tournament, write_output
    from core.errors import TournamentError
    from core.reports import tables
    from core.reports.render import LANDSCAPE_WIDTH, PRINT_WIDTH, to_csv, to_html, to_json, to_text
    from core.reports.view import View

    t = load_tournament(args.id)
    view = View(t)
    rnd = args.round or t.current_round
    if args.kind in ("pairings", "alphabetical", "results") and not rnd:
        raise TournamentError("no round is paired yet")
    if args.kind == "card" and args.player is None:
        raise TournamentError("give the player's number with --player")
    build = {
        "standings": lambda: tables.standings_report(view),
        "crosstable": lambda: tables.crosstable(view),
        "pairings": lambda: tables.pairing_list(view, rnd),
        "alphabetical": lambda: tables.alphabetical_pairings(view, rnd),
        "results": lambda: tables.result_sheet(view, rnd),
        "card": lambda: tables.player_card(view, args.player),
        "checkin": lambda: tables.checkin_list(view),
        "teams": lambda: tables.team_sheets(view),
    }[args.kind]
    report = build()
    if args.format == "csv":
        text = to_csv(report)
    elif args.format == "json":
        text = json.dumps(to_json(report), ensure_ascii=False, indent=1) + "\n"
    elif args.format == "html":
        text = to_html(report)
    else:
        text = to_text(report, LANDSCAPE_WIDTH if args.landscape else PRINT_WIDTH)
    write_output(text, args.output)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("publish", help="write the HTML pages into a directory (e.g. a web root)")
    p.add_argument("id")
    p.add_argument("directory")
    p.set_defaults(func=_publish)
    r = sub.add_parser("report", help="print one report: " + ", ".join(REPORTS))
    r.add_argument("id", help="tournament id or TRF file")
    r.add_argument("kind", choices=REPORTS)
    r.add_argument("--round", type=int)
    r.add_argument("--player", type=int)
    r.add_argument("--format", choices=["text", "csv", "json", "html"], default="text")
    r.add_argument("--landscape", action="store_true", help="132 columns (A4 landscape)")
    r.add_argument("-o", "--output")
    r.set_defaults(func=_report)
