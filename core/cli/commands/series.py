"""``hakem series new|add|remove|set|delete|show|list|publish`` — a season's series of events.

Every series lives in the club database of the data directory (reached through the
Workspace: in-process or through the data service); its table is computed from its events
each time it is shown.  Heavy modules are imported inside the run functions.
"""

from __future__ import annotations

import argparse

from core.i18n import _, ngettext, pgettext

FORMATS = ("text", "csv", "json", "html", "pdf")


def _settings(args: argparse.Namespace) -> dict[str, object]:
    """The scoring options given on the command line, checked."""
    from core.club.series import parse_table

    out: dict[str, object] = {}
    if args.scoring is not None:
        out["scoring"] = args.scoring
    if args.table is not None:
        out["table"] = parse_table(args.table)
    if args.best is not None:
        out["best"] = args.best
    if args.minimum is not None:
        out["minimum"] = args.minimum
    if args.place_by is not None:
        out["place_by"] = args.place_by
    return out


def _new(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace
    from core.club.series import Series

    organisers = tuple(w for w in (args.organisers or "").split(",") if w)
    series = Series(args.name, organisers=organisers).with_settings(**_settings(args))
    made = open_workspace().create_series(series)
    print(_("Series {name!r} created; add its events with: hakem series add {name!r} ID").format(name=made.name))
    return 0


def _add(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    _say_events(open_workspace().add_series_events(args.name, list(args.ids), mixed_time=args.mixed_time))
    return 0


def _say_events(series) -> None:
    print(ngettext("Series {name!r}: {count} event", "Series {name!r}: {count} events", len(series.events))
          .format(name=series.name, count=len(series.events)))


def _remove(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    series = open_workspace().remove_series_event(args.name, args.id)
    _say_events(series)
    return 0


def _set(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError
    from core.cli.common import open_workspace

    changes = _settings(args)
    if args.organisers is not None:
        changes["organisers"] = [w for w in args.organisers.split(",") if w]
    if not changes:
        raise CliError(_("series set: give a setting to change (--scoring, --table, --best, --minimum, --place-by, "
                         "--organisers)"))
    open_workspace().change_series(args.name, changes)
    return 0


def _delete(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    open_workspace().delete_series(args.name)
    return 0


def _list(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace, print_json
    from core.club.series import to_document
    from core.safe_text import terminal_safe

    found = open_workspace().series_list()
    if args.format == "json":
        print_json({"series": [to_document(s) for s in found]})
        return 0
    if not found:
        print(_("No series yet: create one with 'hakem series new NAME'."))
        return 0
    for s in found:
        scoring = _("points by place") if s.scoring == "places" else pgettext("series", "game points")
        print(terminal_safe(ngettext("{name}: {count} event, {scoring}", "{name}: {count} events, {scoring}",
                                     len(s.events)).format(name=s.name, count=len(s.events), scoring=scoring)))
    return 0


def _show(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace, write_output
    from core.cli.output import text_width
    from core.reports.render import PRINT_WIDTH, render
    from core.reports.series import series_report

    width = text_width(args.width, PRINT_WIDTH)
    report = series_report(open_workspace().series_table(args.name))
    if args.format == "pdf":
        return _pdf(args, report)
    write_output(render(report, args.format, width), args.output, args.force,
                 "json" if args.format == "json" else "text")
    return 0


def _pdf(args: argparse.Namespace, report) -> int:
    """A PDF needs a file (or a pipe): never bytes on a terminal."""
    import sys

    from core.cli.errors import CliError
    from core.cli.output import write_user_bytes
    from core.reports.pdf import PageSetup, to_pdf

    if not args.output or args.output == "-":
        if sys.stdout.isatty():
            raise CliError(_("a PDF is not for the terminal: give a file with -o FILE.pdf"))
        sys.stdout.buffer.write(to_pdf([report], PageSetup(args.paper), footer=report.title))
        return 0
    write_user_bytes(to_pdf([report], PageSetup(args.paper), footer=report.title), args.output, args.force)
    return 0


def _publish(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError
    from core.cli.common import open_workspace

    if args.service is not None or (args.forget and args.directory is None):
        if args.directory is not None or args.remember:
            raise CliError(_("series publish: --service FOLDER is the data service's place; give it without a "
                             "DIRECTORY and without --remember"))
        return _service_page(args, open_workspace())
    if args.directory is None:
        raise CliError(_("series publish: give a DIRECTORY, or --service FOLDER for the data service's pages"))
    return _own_page(args, open_workspace())


def _service_page(args: argparse.Namespace, workspace) -> int:
    """The data service keeps the page (``--service FOLDER``), or stops (``--forget``)."""
    where = workspace.keep_series_page(args.name, None if args.forget else args.service)
    if args.forget:
        print((_("The data service no longer keeps the page of series {name!r}; the last one stays in {path}.")
               if where else _("The data service no longer keeps the page of series {name!r}.")).format(
            name=args.name, path=where))
    else:
        print(_("The data service keeps the page of series {name!r} in {path}, after every change of its events "
                "by anyone.").format(name=args.name, path=where))
    return 0


def _own_page(args: argparse.Namespace, workspace) -> int:
    """The page written here, as the user, into her DIRECTORY (remembered: after her changes)."""
    from core.reports.series import publish_series

    table = workspace.series_table(args.name)
    if args.remember or args.forget:
        # the user's own configuration: every later change of one of the series' events that
        # this user makes (CLI or TUI) publishes the page again
        from core.app import publishing
        from core.app.exports import data_directory

        from core.i18n import current_language

        publishing.remember(data_directory(), table.series.name, None if args.forget else args.directory, "series",
                            lang=current_language())
        if args.forget:
            return 0
    for path in publish_series(table, args.directory, args.force):
        print(path)
    if args.remember and workspace.remote:
        # with the data service the other organisers' changes never reach this directory
        print(_("This page follows your own changes; for one that follows every organiser's: "
                "hakem series publish {name!r} --service FOLDER").format(name=table.series.name))
    return 0


def _scoring_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scoring", choices=["places", "points"],
                   help=_("series points by the place in each event (a table), or the event's game points"))
    p.add_argument("--table", help=_("points by place, e.g. 25,20,16,13,11,10,9,8,7,6,5,4,3,2,1 (the default)"))
    p.add_argument("--best", type=int, help=_("only the best N results count (default 0: all)"))
    p.add_argument("--minimum", type=int, help=_("events a member must play to be ranked (default 1)"))
    p.add_argument("--place-by", choices=["points", "standings"],
                   help=_("a place in an event: by points, equal points sharing (default), or by the event's "
                          "standings with its tie-breaks"))


def register(sub: argparse._SubParsersAction) -> None:
    from core.cli.output import add_output_options

    p = sub.add_parser("series", help=_("a season's series of events: best N of M, one table"))
    ss = p.add_subparsers(dest="series_command", metavar="ACTION", parser_class=type(p), required=True)
    new = ss.add_parser("new", help=_("create a series"))
    new.add_argument("name")
    _scoring_options(new)
    new.add_argument("--organisers", help=_("who else may change it: user:NAME,group:NAME"))
    new.set_defaults(func=_new)
    add = ss.add_parser("add", help=_("add events to a series (all or none)"))
    add.add_argument("name")
    add.add_argument("ids", nargs="+", metavar="ID")
    add.add_argument("--mixed-time", action="store_true",
                     help=_("allow events of another time control (standard, rapid, blitz) than the series' events"))
    add.set_defaults(func=_add)
    rm = ss.add_parser("remove", help=_("take an event out of a series"))
    rm.add_argument("name")
    rm.add_argument("id")
    rm.set_defaults(func=_remove)
    st = ss.add_parser("set", help=_("change how a series scores"))
    st.add_argument("name")
    _scoring_options(st)
    st.add_argument("--organisers", help=_("who may change it (you among them): user:NAME,group:NAME"))
    st.set_defaults(func=_set)
    de = ss.add_parser("delete", help=_("remove a series (its events stay)"))
    de.add_argument("name")
    de.set_defaults(func=_delete)
    sh = ss.add_parser("show", help=_("the series table"))
    sh.add_argument("name")
    sh.add_argument("--format", choices=FORMATS, default="text")
    sh.add_argument("--width", type=int, help=_("text width in columns (e.g. the terminal's)"))
    sh.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("paper size of a PDF (default a4)"))
    add_output_options(sh)
    sh.set_defaults(func=_show)
    ls = ss.add_parser("list", help=_("the series of this data directory"))
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
    pu = ss.add_parser("publish", help=_("write the series table as a web page into a directory"))
    pu.add_argument("name")
    pu.add_argument("directory", nargs="?")
    pu.add_argument("--service", metavar="FOLDER",
                    help=_("the data service keeps the page in FOLDER of its pages directory, after every change "
                           "of the series' events by anyone"))
    pu.add_argument("--force", action="store_true",
                    help=_("replace pages in DIRECTORY that an earlier publish did not write"))
    pu.add_argument("--remember", action="store_true",
                    help=_("remember the directory in your own settings: your later changes to its events publish there"))
    pu.add_argument("--forget", action="store_true",
                    help=_("forget the remembered publish directory (without DIRECTORY: the data service's page)"))
    pu.set_defaults(func=_publish)
