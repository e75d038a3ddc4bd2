"""``hakem delete ID --yes`` — delete a tournament (to the trash, kept 30 days);
``hakem delete --list`` — what the trash holds; ``hakem delete --restore ID|ENTRY`` — bring one back.

The chief arbiter's of that tournament (and the administrator's, through the data service);
without ``--yes`` nothing is deleted and the line says so.
"""

from __future__ import annotations

import argparse

from core.cli.errors import CliError
from core.cli.common import open_workspace, print_json
from core.i18n import _


def _delete(args: argparse.Namespace) -> int:
    from core.app.trash import KEEP_DAYS

    workspace = open_workspace()
    if args.list:
        return _list(workspace, args.format)
    if args.restore:
        tid = workspace.restore(args.restore)
        print(_("{tid} restored from the trash (it is back in the list)").format(tid=tid))
        return 0
    if not args.id:
        raise CliError(_("name the tournament to delete (hakem list shows the ids), or use --list or --restore"))
    name = workspace.open(args.id).snapshot().tournament.name
    if not args.yes:
        raise CliError(_("{tid} ({name}): nothing was deleted; add --yes to delete it (it is kept in the "
                         "trash for {days} days: hakem delete --restore {tid})").format(tid=args.id, name=name, days=KEEP_DAYS))
    entry = workspace.delete(args.id)
    print(_("{tid} ({name}) deleted: kept in the trash as {entry} for {days} days (hakem delete --restore {tid} brings "
            "it back)").format(tid=args.id, name=name, entry=entry, days=KEEP_DAYS))
    return 0


def _list(workspace: object, form: str) -> int:
    entries = workspace.trash()  # type: ignore[attr-defined]  # the workspace is opened lazily (start-up time): its class is not imported here
    if form == "json":
        print_json([{"entry": e.entry, "id": e.id, "name": e.name, "deleted": e.deleted, "by": e.deleted_by,
                     "until": e.until, "revision": e.revision} for e in entries])
        return 0
    if not entries:
        print(_("The trash is empty."))
    for e in entries:
        print(_("{entry}  {name}  deleted {when} by {user}, kept until {until}").format(
            entry=e.entry, name=e.name, when=e.deleted, user=e.deleted_by, until=e.until))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("delete", help=_("delete a tournament (kept in the trash for a month, --list, --restore)"))
    p.add_argument("id", nargs="?")
    p.add_argument("--yes", action="store_true", help=_("really delete it (without it nothing is deleted)"))
    p.add_argument("--list", action="store_true", help=_("list the deleted tournaments that can still be restored"))
    p.add_argument("--restore", metavar="ID", help=_("bring a deleted tournament back (its id, or an entry of --list)"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=_delete)
