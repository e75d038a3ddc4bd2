"""``hakem members [list|add|show|edit|remove|import|update]``: the club's register of members."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from core.cli.output import add_output_options
from core.i18n import _

if TYPE_CHECKING:
    from core.club.history import Played
    from core.club.members import Member, Rating

_TEXT = ("name", "fide_id", "national_id", "egd_pin", "federation", "title", "sex", "club", "go_rank", "email", "phone")


def _ratings(values: list[str]) -> dict[str, Rating]:
    """``--rating standard=2105@2026-12`` → the member's ratings (a rating typed by hand has
    no list)."""
    from core.club.members import RATING_KINDS, Rating
    from core.cli.errors import CliError

    out = {}
    for value in values:
        kind, _sep, rest = value.partition("=")
        number, _at, date = rest.partition("@")
        if kind not in RATING_KINDS or not number.lstrip("-").isdigit():
            raise CliError(_("--rating {value!r}: write KIND=RATING[@DATE], KIND one of {kinds}").format(
                value=value, kinds=", ".join(RATING_KINDS)))
        out[kind] = Rating(int(number), date)
    return out


def _fields(args: argparse.Namespace) -> dict[str, Any]:
    """The fields given on the command line (an empty text clears a field in ``edit``)."""
    fields: dict[str, Any] = {k: getattr(args, k) for k in _TEXT if getattr(args, k) is not None}
    if args.birth_year is not None:
        fields["birth_year"] = args.birth_year or None
    if args.rating:
        fields["ratings"] = _ratings(args.rating)
    return fields


def _line(m: Member) -> str:
    from core.reports.members import rating_kind_name

    ratings = " ".join(f"{rating_kind_name(kind)} {r.value}" for kind, r in sorted(m.ratings.items()))
    return f"{m.id:>5}  {m.name:<32} {m.ids:<22} {m.club:<20} {ratings}".rstrip()


def _list(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.cli.common import open_workspace, print_json
    from core.safe_text import terminal_safe

    members = open_workspace().members()
    if args.format == "json":
        print_json({"members": [asdict(m) for m in members]})
        return 0
    if not members:
        print(_("The club's register is empty: add members with 'hakem members add --name NAME'."))
    for m in members:
        print(terminal_safe(_line(m)))
    return 0


def _add(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError
    from core.cli.common import open_workspace
    from core.club.members import Member

    fields = _fields(args)
    if args.name is None:
        raise CliError(_("members add: --name is required"))
    if not args.name.strip():
        raise CliError(_("members add: --name must not be empty"))
    from core.duplicates import ProbableMember

    try:
        added = open_workspace().add_member(Member(0, **fields), allow_duplicate=args.allow_duplicate)
    except ProbableMember as error:
        raise CliError(_("{refusal}; nothing was added (--allow-duplicate adds the member all the same)").format(
            refusal=error)) from None
    print(_("Member {number}: {name}").format(number=added.id, name=added.name))
    return 0


def _show(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.cli.common import open_workspace, print_json, write_output
    from core.model import format_points
    from core.reports.members import member_report
    from core.reports.render import to_html

    m, played = open_workspace().member_history(args.number)
    if args.format == "json":  # points as the other JSON outputs write them: exact decimals
        print_json({"member": asdict(m), "events": [
            {**asdict(e), "score": format_points(e.score),
             "rating_change": None if e.rating_change is None else format_points(e.rating_change)} for e in played]})
    elif args.format == "html":  # the public page: never the contact data
        write_output(to_html(member_report(m, played)), args.output, args.force)
    else:
        write_output("\n".join(_shown(m, played)) + "\n", args.output, args.force)
    return 0


def _shown(m: Member, played: list[Played]) -> list[str]:
    """``members show`` as text: the member's fields, one a line, then the events."""
    from core.reports.members import card_rows, history_table, rating_change_note
    from core.reports.render import table_text

    lines = [f"{label + ':':<16} {value}" for label, value in card_rows(m)]
    if not played:
        return [*lines, "", _("No events in this data directory.")]
    return [*lines, "", *table_text(history_table(played)), rating_change_note()]


def _edit(args: argparse.Namespace) -> int:
    from core.cli.errors import CliError
    from core.cli.common import open_workspace

    fields = _fields(args)
    if not fields:
        raise CliError(_("members edit: name at least one field to change"))
    m = open_workspace().edit_member(args.number, fields)
    print(_("Member {number}: {name}").format(number=m.id, name=m.name))
    return 0


def _remove(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    gone = open_workspace().remove_member(args.number, force=args.force)
    print(_("Removed member {number}: {name}").format(number=gone.id, name=gone.name))
    return 0


def _link(args: argparse.Namespace) -> int:
    """One player of an event linked to a member by hand (a removed member's events joined to
    the member added again; ``members import --event`` links by id)."""
    from core.cli.common import open_workspace
    from core.safe_text import terminal_safe

    workspace = open_workspace()
    m = workspace.member(args.member)
    workspace.open(args.event).link_members({args.pno: args.member}, force=args.force)
    print(terminal_safe(_("Player {pno} of {tid} is member {number} ({name})").format(
        pno=args.pno, tid=args.event, number=m.id, name=m.name)))
    return 0


def _import(args: argparse.Namespace) -> int:
    import sys

    from core.cli.errors import CliError
    from core.cli.common import open_workspace
    from core.errors import TournamentError
    from core.safe_text import terminal_safe

    if bool(args.file) == bool(args.event):
        raise CliError(_("members import: give a CSV file or --event ID"))
    workspace = open_workspace()
    from core.cli.common import all_or_nothing

    with all_or_nothing():
        done = workspace.members_from_event(args.event, as_new=args.as_new) if args.event else \
            workspace.import_members(args.file, rating_date=args.rating_date or "", as_new=args.as_new)
    print(_("{added} member(s) added, {known} already in the register").format(added=len(done.added), known=len(done.known)))
    updated = {m.id for m in done.updated}
    for new, held in done.known:
        line = _("  {name}: member {number} ({held}), newer ratings taken") if held.id in updated else \
            _("  {name}: member {number} ({held})")
        print(terminal_safe(line.format(name=new.name, number=held.id, held=held.name)))
    if done.near:
        print(_("{count} not added: a member of that name differs (check; --as-new adds them):").format(
            count=len(done.near)))
        for new, held in done.near:
            print(terminal_safe(_("  {name} ({read}): member {number} ({held})").format(
                name=new.name, read=_person_text(new), number=held.id, held=_person_text(held))))
    if done.skipped:
        print(_("{count} player(s) of the event are linked to members already").format(count=done.skipped))
    if done.links:
        try:
            workspace.open(args.event).link_members(dict(done.links))
            print(_("{count} player(s) of {tid} linked to their members").format(count=len(done.links), tid=args.event))
        except TournamentError as error:  # the event's role table decides; the register is done
            print(terminal_safe(_("hakem: warning: the players were not linked to their members: {error}").format(
                error=error)), file=sys.stderr)
    return 0


def _person_text(m: Member) -> str:
    """What tells two people of one name apart: birth year, club, ids."""
    return ", ".join(str(v) for v in (m.birth_year, m.club, m.ids) if v) or _("no birth year, club or id")


def _update(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace
    from core.reports.members import rating_kind_name
    from core.safe_text import terminal_safe

    workspace = open_workspace()
    update = workspace.preview_member_update(args.list) if args.dry_run else workspace.update_members_from_list(args.list)
    heading = _("Would change, from list {name} ({date}):") if args.dry_run else _("Changed, from list {name} ({date}):")
    print(heading.format(name=update.list_name, date=update.date or _("undated")))
    for change in update.changed:
        what = ", ".join(f"{rating_kind_name(kind)} {old or _('none')} → {new}" for kind, old, new in change.changes) \
            or _("date and source only")
        print(terminal_safe(f"{change.member.id:>5}  {change.member.name}: {what}"))
    if not update.changed:
        print(_("  nobody"))
    if update.kept:
        print((_("Kept, dated while the list is not ({count}):") if not update.date
               else _("Kept, newer than the list ({count}):")).format(count=len(update.kept)))
        for m, kind, held in update.kept:
            source = ", ".join(v for v in (held.date, held.list) if v)
            print(terminal_safe(f"{m.id:>5}  {m.name}: {rating_kind_name(kind)} {held.value} ({source})"))
    if update.missing:
        print(_("Not in the list ({count}):").format(count=len(update.missing)))
        for m in update.missing:
            print(terminal_safe(f"{m.id:>5}  {m.name} ({m.ids})"))
    return 0


def _log(args: argparse.Namespace) -> int:
    """The club database's chain: every change of the register, the series and the lists."""
    from core.cli.common import open_workspace, print_json
    from core.safe_text import terminal_safe

    log = open_workspace().club_log()
    if args.format == "json":
        print_json({"log": log})
        return 0
    for e in log:
        mark = "  " + _("(changed after it was written)") if e["altered"] else ""
        print(terminal_safe(f"{e['rev']:>5}  {str(e['time'])[:19].replace('T', ' '):<19}  {e['user']:<12} {e['action']}{mark}"))
    return 0


def _member_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", help=_("Surname, First name"))
    p.add_argument("--fide-id", dest="fide_id")
    p.add_argument("--national-id", dest="national_id", help=_("as the national list writes it, e.g. C0327-1086"))
    p.add_argument("--egd-pin", dest="egd_pin")
    p.add_argument("--federation", "--fed", dest="federation")
    p.add_argument("--title")
    p.add_argument("--sex", choices=["m", "w", ""])
    p.add_argument("--club")
    p.add_argument("--birth-year", dest="birth_year", type=int)
    p.add_argument("--go-rank", dest="go_rank")
    p.add_argument("--rating", action="append", default=[], metavar="KIND=RATING[@DATE]",
                   help=_("a rating by kind (standard, rapid, blitz, national, go), repeatable"))
    p.add_argument("--email")
    p.add_argument("--phone")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("members", help=_("the club's register of members"))
    p.set_defaults(func=_list, format="text")
    ms = p.add_subparsers(dest="members_command", metavar="ACTION", parser_class=type(p))
    ls = ms.add_parser("list", help=_("every member of the register"))
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
    ad = ms.add_parser("add", help=_("add a member to the register"))
    _member_options(ad)
    ad.add_argument("--allow-duplicate", action="store_true",
                    help=_("add a member who looks like one of the register (the same name, and birth year or rating)"))
    ad.set_defaults(func=_add)
    sh = ms.add_parser("show", help=_("a member's fields and the events they played"))
    sh.add_argument("number", type=int)
    sh.add_argument("--format", choices=["text", "json", "html"], default="text",
                    help=_("html: the member's page (without contact data)"))
    add_output_options(sh)
    sh.set_defaults(func=_show)
    ed = ms.add_parser("edit", help=_("change a member's fields (an empty value clears one)"))
    ed.add_argument("number", type=int)
    _member_options(ed)
    ed.set_defaults(func=_edit)
    im = ms.add_parser("import", help=_("add the members of a club's CSV, or of an event's players"))
    im.add_argument("file", nargs="?")
    im.add_argument("--event", metavar="ID", help=_("take the players of this event"))
    im.add_argument("--rating-date", help=_("the date of the file's ratings, e.g. 2026-12"))
    im.add_argument("--as-new", action="store_true",
                    help=_("add a person whose name a member has but who differs (birth year, club) as a new member"))
    im.set_defaults(func=_import)
    up = ms.add_parser("update", help=_("take the ratings of a newer rating list into the register"))
    up.add_argument("--list", default="", help=_("which list (default: the only one)"))
    up.add_argument("--dry-run", action="store_true", help=_("show the changes without making them"))
    up.set_defaults(func=_update)
    lg = ms.add_parser("log", help=_("who changed the club database (register, series, lists) and when"))
    lg.add_argument("--format", choices=["text", "json"], default="text")
    lg.set_defaults(func=_log)
    rm = ms.add_parser("remove", help=_("remove a member from the register"))
    rm.add_argument("number", type=int)
    rm.add_argument("--force", action="store_true", help=_("remove a member who has played events too"))
    rm.set_defaults(func=_remove)
    lk = ms.add_parser("link", help=_("link a player of an event to a member of the register"))
    lk.add_argument("event", metavar="ID")
    lk.add_argument("pno", type=int, metavar="NUMBER", help=_("the player's pairing number"))
    lk.add_argument("--member", type=int, required=True, metavar="N")
    lk.add_argument("--force", action="store_true",
                    help=_("link a player linked to another member, or one whose name or ids differ from the member's"))
    lk.set_defaults(func=_link)
