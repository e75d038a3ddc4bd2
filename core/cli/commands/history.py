"""``hakem undo ID``, ``hakem redo ID``, ``hakem log ID``, ``hakem list``, ``hakem archive ID``
— undo/redo, the audit trail and the list."""

from __future__ import annotations

import argparse

from core.cli.common import open_desk, open_workspace, print_json, show_warnings
from core.i18n import N_, _
from core.words import say


def _undo(args: argparse.Namespace) -> int:
    """Undo the newest change of the shared list — another organiser's only with ``--theirs``
    (it is not what this organiser did); says what was undone, and whose it was."""
    from core.app.desk import made_by_other
    from core.errors import TournamentError

    desk = open_desk(args.id)
    step = desk.next_step("undo")
    if step is None:
        raise TournamentError(_("nothing to undo in {tid}").format(tid=args.id))
    what, other = say(step, {p.pno: p.name for p in desk.snapshot().tournament.players}), made_by_other(step)
    if other and not args.theirs:
        raise TournamentError(_("undo: the last change, “{change}”, was made by {who}, not you; nothing was "
                                "undone (hakem undo {id} --theirs undoes it)").format(
            change=what, who=other, id=args.id))
    snap = show_warnings(desk.undo(expected=step["id"]))
    print((_("Undone: {change}, made by {who}; revision {revision}") if other else
           _("Undone: {change}; revision {revision}")).format(change=what, who=other, revision=snap.revision))
    return 0


def _redo(args: argparse.Namespace) -> int:
    """Redo the change undone last; says it in the log's words (not only the revision)."""
    from core.errors import TournamentError

    desk = open_desk(args.id)
    step = desk.next_step("redo")
    if step is None:
        raise TournamentError(_("nothing to redo in {tid}").format(tid=args.id))
    what = say(step, {p.pno: p.name for p in desk.snapshot().tournament.players})
    snap = show_warnings(desk.redo(expected=step["id"]))
    print(_("Redone: {change}; revision {revision}").format(change=what, revision=snap.revision))
    return 0


def _log(args: argparse.Namespace) -> int:
    desk = open_desk(args.id)
    history = desk.history()
    entries = history.entries
    if args.format == "json":
        print_json([{**{k: e.get(k) for k in ("rev", "time", "user", "action")}, "words": say(e),
                     "what": e.get("what"), "altered": bool(e.get("altered"))} for e in entries])
        return 0
    gaps = {before: after for after, before in history.gaps}
    from core.i18n.format import format_journal_time

    now = desk.snapshot().tournament
    names = {p.pno: p.name for p in now.players}
    for e in entries:
        rev = int(e.get("rev", 0))
        if rev in gaps:
            print(_("      … entries missing between revisions {after} and {before} (see hakem doctor)").format(after=gaps[rev], before=rev))
        print(f"{format_journal_time(e.get('time', ''))}  {e.get('user', ''):<12} {say(e, names)}")
        if e.get("altered"):
            print(_("      … this entry was changed after it was written: the entries after it do not build on it (see hakem doctor)"))
        if args.changes:
            from core.cli.change_words import change_lines

            for line in change_lines(e, now):
                print(f"{'':>7}{line}")
    return 0


def _list(args: argparse.Namespace) -> int:
    import sys

    rows, problems = open_workspace().list_with_problems(include_archived=args.all)
    for tid, message in problems:
        print(_("hakem: warning: {tid} cannot be listed: {message} (run hakem doctor {tid})").format(tid=tid, message=message), file=sys.stderr)
    if args.format == "json":
        print_json([{"id": r.id, "name": r.name, "system": r.system, "round": r.current_round,
                     "rounds": r.total_rounds, "players": r.players, "modified": r.modified,
                     "modified_by": r.modified_by, "revision": r.revision} for r in rows])
        return 0
    _print_table(rows)
    return 0


def _print_table(rows: list) -> None:
    """The list under a header, each system by its name in the reader's language (the ids
    ``dutch``, ``mcmahon`` are what ``--system`` takes, not what an organiser reads)."""
    from core.i18n import pgettext
    from core.i18n.terms import system_name
    from core.reports.render import width

    head = [pgettext("tournament", "Id"), pgettext("tournament", "Name"), _("System"), _("Round"), _("Players"), _("Last change"), _("By")]
    lines = [[r.id, r.name, system_name(r.system), f"{r.current_round}/{r.total_rounds}", str(r.players),
              _changed_at(str(r.modified)), r.modified_by or ""] for r in rows]
    if not lines:
        return
    widths = [max(width(line[i]) for line in [head, *lines]) for i in range(len(head))]
    right = (3, 4)
    for line in [head, *lines]:
        cells = [(" " * (w - width(c)) + c) if i in right else (c + " " * (w - width(c)))
                 for i, (c, w) in enumerate(zip(line, widths))]
        print("  ".join(cells).rstrip())


def _changed_at(iso: str) -> str:
    """When the event last changed, in the reader's date form (``29.11.2026 18:20`` in tr/de/ru,
    ISO in English) as the TUI's list shows it; text that is no time as it is."""
    from core.i18n.format import format_datetime

    try:
        return format_datetime(iso)
    except ValueError:
        return iso[:16].replace("T", " ")


def _archive(args: argparse.Namespace) -> int:
    """Archive a tournament (gone from everyone's list, kept on disk), or bring it back with
    ``--undo``; the chief arbiter's of that tournament to do."""
    open_workspace().archive(args.id, archived=not args.undo)
    print(_("{tid} brought back to the list").format(tid=args.id) if args.undo
          else _("{tid} archived (hakem list --all shows it; hakem archive {tid} --undo brings it back)").format(tid=args.id))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    ar = sub.add_parser("archive", help=_("archive a tournament (hidden from the list, kept)"))
    ar.add_argument("id")
    ar.add_argument("--undo", action="store_true", help=_("bring an archived tournament back to the list"))
    ar.set_defaults(func=_archive)
    for name, func, text in (("undo", _undo, N_("undo the last change")),
                             ("redo", _redo, N_("redo the last undone change"))):
        p = sub.add_parser(name, help=_(text))
        p.add_argument("id")
        if name == "undo":
            p.add_argument("--theirs", action="store_true",
                           help=_("undo it even when another organiser made the last change"))
        p.set_defaults(func=func)
    lg = sub.add_parser("log", help=_("the audit trail of a tournament"))
    lg.add_argument("id")
    lg.add_argument("--format", choices=["text", "json"], default="text")
    lg.add_argument("--changes", action="store_true", help=_("also show what each change did, in words (what, old → new); --format json keeps "
                           "the stored data"))
    lg.set_defaults(func=_log)
    ls = sub.add_parser("list", help=_("list tournaments in the data directory"))
    ls.add_argument("--all", action="store_true", help=_("include archived tournaments"))
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
