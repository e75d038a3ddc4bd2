"""``hakem lists [import FILE|search QUERY|remove NAME]``: the rating lists of the data directory."""

from __future__ import annotations

import argparse

from core.i18n import _


def _show(args: argparse.Namespace) -> int:
    from core.cli.common import print_json
    from core.safe_text import terminal_safe

    from core.cli.common import open_workspace

    if args.log:
        return _log(args)
    infos = open_workspace().rating_lists()
    if args.format == "json":
        print_json({"lists": [i.as_dict() for i in infos]})
        return 0
    if not infos:
        print(_("No rating lists yet: import one with 'hakem lists import FILE'."))
        return 0
    for info in infos:
        if info.problem:
            print(terminal_safe(f"{info.name:<12} " + _("cannot be read: {problem}").format(problem=info.problem)))
            continue
        print(terminal_safe(_("{name:<12} {format:<8} {date:<10} {count:>9} players  "
                              "(imported {imported} by {user}, from {source})")
                            .format(name=info.name, format=info.format, date=info.date or "-",
                                    count=info.count, imported=info.imported[:16].replace("T", " "),
                                    user=info.imported_by or "?", source=info.source)))
    return 0


def _log(args: argparse.Namespace) -> int:
    """The lists' journal: each import and removal, who, when, which file."""
    from core.cli.common import open_workspace, print_json
    from core.safe_text import terminal_safe

    log = open_workspace().rating_list_log()
    if args.format == "json":
        print_json({"log": log})
        return 0
    for e in log:
        print(terminal_safe(f"{str(e.get('time', ''))[:19].replace('T', ' '):<19}  {e.get('user', ''):<12} "
                            f"{e.get('action', ''):<7} {e.get('list', ''):<12} {e.get('count') or '':>9}  "
                            f"{e.get('file', '')}  {str(e.get('sha256', ''))[:16]}").rstrip())
    return 0


def _import(args: argparse.Namespace) -> int:
    import sys

    from core.ratinglists.formats.csv_list import parse_mapping
    from core.cli.common import open_workspace
    from core.ratinglists.library import unread_columns
    from core.safe_text import terminal_safe

    layout = parse_mapping(args.map) if args.map else None
    info = open_workspace().import_rating_list(args.file, fmt=args.format, name=args.name, date=args.date,
                                               layout=layout, replace_smaller=args.replace_smaller,
                                               older=args.older)
    if info.date:
        print(_("Rating list {name!r}: {count} players ({format}, dated {date}).")
              .format(name=info.name, count=info.count, format=info.format, date=info.date))
    else:
        print(_("Rating list {name!r}: {count} players ({format}, undated).")
              .format(name=info.name, count=info.count, format=info.format))
    warnings = list(info.warnings)
    unread = unread_columns(args.file, info.format, layout)
    if unread:
        warnings.append(_("column(s) not read: {columns}").format(columns=", ".join(unread)))
    for warning in warnings:
        print(terminal_safe(_("hakem: warning: {warning}").format(warning=f"{info.source}: {warning}")),
              file=sys.stderr)
    return 0


def _search(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace, print_json
    from core.safe_text import terminal_safe

    import sys

    from core.ratinglists.library import skipped

    workspace = open_workspace()
    if not args.list:
        for warning in skipped(workspace.rating_lists()):
            print(terminal_safe(_("hakem: warning: {warning}").format(warning=warning)), file=sys.stderr)
    info, found = workspace.search_rating_list(args.query, args.limit, args.list)
    if args.format == "json":
        from dataclasses import asdict

        print_json({"list": info.name, "entries": [asdict(e) for e in found]})
        return 0
    if not found:
        print(terminal_safe(_("no match for '{query}' in the rating list '{name}'").format(
            query=args.query, name=info.name)))
        return 0
    for e in found:
        ident = e.fide_id or e.national_id or e.egd_pin
        ratings = " ".join(f"{label} {value}" for label, value in (
            ("Std", e.standard), ("Rpd", e.rapid), ("Blz", e.blitz), (_("Nat"), e.national_rating),
            ("GoR", e.go_rating)) if value)
        print(terminal_safe(f"{ident:>10}  {e.best_title:<3} {e.name:<34} {e.federation:<3} "
                            f"{e.birth_year:<4} {e.go_rank:<3} {ratings}").rstrip())
    return 0


def _remove(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    open_workspace().remove_rating_list(args.name)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lists", help=_("rating lists on this machine (FIDE, national, EGD)"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.add_argument("--log", action="store_true", help=_("who imported or removed which list, when, from which file"))
    p.set_defaults(func=_show)
    ls = p.add_subparsers(dest="lists_command", metavar="ACTION", parser_class=type(p))
    im = ls.add_parser("import", help=_("import a rating list file (zip, TXT, XML or CSV)"))
    im.add_argument("file")
    im.add_argument("--format", choices=["fide", "fide-xml", "dsb", "tsf", "egd", "csv"],
                    help=_("the list's layout (default: recognised from the file)"))
    im.add_argument("--name", help=_("name of the list on this machine (default: the layout)"))
    im.add_argument("--date", help=_("the list's date, e.g. 2026-12 (default: from the file)"))
    im.add_argument("--replace-smaller", action="store_true",
                    help=_("replace the list even by one of fewer than half its players"))
    im.add_argument("--older", action="store_true", help=_("replace the list even by an older edition"))
    im.add_argument("--map", help=_("CSV columns: field=Column,... (e.g. name=Name,national_rating=Elo)"))
    im.set_defaults(func=_import)
    se = ls.add_parser("search", help=_("find players in a rating list by name or id"))
    se.add_argument("query")
    se.add_argument("--list", default="", help=_("which list (default: the only one)"))
    se.add_argument("--limit", type=int, default=20)
    se.add_argument("--format", choices=["text", "json"], default="text")
    se.set_defaults(func=_search)
    rm = ls.add_parser("remove", help=_("remove a rating list from this machine"))
    rm.add_argument("name")
    rm.set_defaults(func=_remove)
