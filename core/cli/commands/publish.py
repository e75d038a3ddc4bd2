"""``hakem publish ID DIR [--watch]`` — write the HTML pages of a tournament into a directory
(e.g. a web root), once or after every round; ``hakem report ID|FILE.trf KIND [...]`` — one
report on the terminal (text) or as CSV/JSON/HTML.

Heavy modules (reports, tie-breaks) are imported inside the run functions: every module here
is imported to build the parser, and start-up time matters over SSH.
"""

from __future__ import annotations

import argparse

from core.i18n import _

REPORTS = ("standings", "crosstable", "pairings", "alphabetical", "results", "card", "checkin",
           "team-standings", "team-crosstable", "teams", "bracket", "timetable", "go-cards", "go-table")
"""Kept equal to ``core.reports.catalog.KINDS`` (a test checks) without importing it here."""


def _language(args: argparse.Namespace, t) -> None:
    """Reports come out in ``--lang``, else the tournament's language, else $LANG (machine
    formats never change with it)."""
    from core.i18n import set_language
    from core.i18n.format import resolve_language

    set_language(resolve_language(getattr(args, "lang", None), t.language or None))


def _publish(args: argparse.Namespace) -> int:
    from core.cli.common import open_store
    from core.reports.export import publish

    store = open_store()
    if args.remember or args.forget:
        _remember(store, args.id, None if args.forget else args.directory)
    if not args.watch:
        t = store.load(args.id).tournament
        _language(args, t)
        for path in publish(t, args.directory):
            print(path)
        return 0
    return _watch(store, args.id, args.directory, args.interval, lambda t: _language(args, t))


def _remember(store, tid: str, directory: str | None) -> None:
    """Store (or clear) the web directory in the tournament, so that ``auto_publish`` — and
    commands that call it after a round — keep the pages current without a watcher."""
    import os

    from core.reports.export import PUBLISH_OPTION

    def change(t):
        options = dict(t.options)
        if directory is None:
            options.pop(PUBLISH_OPTION, None)
        else:
            options[PUBLISH_OPTION] = os.path.abspath(directory)
        return t.with_changes(options=options)

    store.update(tid, "publish settings", change)


def _watch(store, tid: str, directory: str, interval: float, before=None) -> int:
    """Publish now, then again whenever a round is paired or its last result comes in.

    Polls the store's revision (cheap: a stat and a small read) and republishes only when
    the pair (rounds paired, last round complete) changes, so the web pages follow the event
    round by round without rewriting them after every single result.
    """
    import time

    from core.cli import CliError
    from core.reports.export import publish

    if interval <= 0:
        raise CliError(_("--interval must be a positive number of seconds."))
    last_rev, last_key = None, None
    try:
        while True:
            rev = store.revision(tid)
            if rev != last_rev:
                last_rev = rev
                t = store.load(tid).tournament
                key = (t.current_round, bool(t.rounds) and t.rounds[-1].complete)
                if key != last_key:
                    last_key = key
                    if before is not None:
                        before(t)
                    written = publish(t, directory)
                    state = "complete" if key[1] else "paired"
                    print(_("round {value} {state}: {value2} pages written to {directory}").format(value=key[0], state=state, value2=len(written), directory=directory), flush=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        return 0


def _report(args: argparse.Namespace) -> int:
    import json

    from core.cli.common import load_tournament, write_output
    from core.reports.catalog import build
    from core.reports.render import LANDSCAPE_WIDTH, PRINT_WIDTH, to_csv, to_html, to_json, to_text
    from core.reports.view import View

    t = load_tournament(args.id)
    _language(args, t)
    view = View(t)
    report = build(view, args.kind, round_no=args.round, pno=args.player, key=args.key)
    if args.format == "csv":
        text = to_csv(report)
    elif args.format == "json":
        text = json.dumps(to_json(report), ensure_ascii=False, indent=1) + "\n"
    elif args.format == "html":
        text = to_html(report)
    else:
        if args.width is not None and args.width < 40:
            from core.cli import CliError

            raise CliError(_("--width must be at least 40 columns."))
        text = to_text(report, args.width or (LANDSCAPE_WIDTH if args.landscape else PRINT_WIDTH))
    write_output(text, args.output)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("publish", help=_("write the HTML pages into a directory (e.g. a web root)"))
    p.add_argument("id")
    p.add_argument("directory")
    p.add_argument("--watch", action="store_true",
                   help=_("keep running and publish again after every round (Ctrl-C stops)"))
    p.add_argument("--interval", type=float, default=5.0, help=_("seconds between checks with --watch"))
    p.add_argument("--remember", action="store_true",
                   help=_("store the directory with the tournament (see core.reports.export.auto_publish)"))
    p.add_argument("--forget", action="store_true", help=_("remove a stored publish directory"))
    p.set_defaults(func=_publish)
    r = sub.add_parser("report", help=_("print one report: {kinds}").format(kinds=", ".join(REPORTS)))
    r.add_argument("id", help=_("tournament id or TRF file"))
    r.add_argument("kind", choices=REPORTS)
    r.add_argument("--round", type=int)
    r.add_argument("--player", type=int)
    r.add_argument("--key", help=_("playoff key (bracket, timetable)"))
    r.add_argument("--format", choices=["text", "csv", "json", "html"], default="text")
    r.add_argument("--landscape", action="store_true", help=_("132 columns (A4 landscape)"))
    r.add_argument("--width", type=int, help=_("text width in columns (e.g. the terminal's)"))
    r.add_argument("-o", "--output")
    r.set_defaults(func=_report)
