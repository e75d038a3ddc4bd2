"""``hakem members [list|add|show|edit|remove|import|update]``: the club's register of members."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from core.i18n import _

if TYPE_CHECKING:
    from core.club.members import Member, Rating

_TEXT = ("name", "fide_id", "national_id", "egd_pin", "federation", "title", "sex", "club", "go_rank", "email", "phone")


def _ratings(values: list[str]) -> dict[str, Rating]:
    """``--rating standard=2105@2026-12`` → the member's ratings (a rating typed by hand has
    no list)."""
    from core.club.members import RATING_KINDS, Rating
    from core.cli import CliError

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
    ratings = " ".join(f"{kind} {r.value}" for kind, r in sorted(m.ratings.items()))
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
    from core.cli import CliError
    from core.cli.common import open_workspace
    from core.club.members import Member

    fields = _fields(args)
    if not fields.get("name"):
        raise CliError(_("members add: --name is required"))
    added = open_workspace().add_member(Member(0, **fields))
    print(_("Member {number}: {name}").format(number=added.id, name=added.name))
    return 0


def _show(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from core.cli.common import open_workspace, print_json
    from core.safe_text import terminal_safe

    m = open_workspace().member(args.number)
    if args.format == "json":
        print_json({"member": asdict(m)})
        return 0
    for line in _card(m):
        print(terminal_safe(line))
    return 0


def _card(m: Member) -> list[str]:
    """A member's fields, one a line, as ``members show`` prints them."""
    rows = [(_("Member"), str(m.id)), (_("Name"), m.name), (_("FIDE id"), m.fide_id),
            (_("National id"), m.national_id), (_("EGD pin"), m.egd_pin), (_("Federation"), m.federation),
            (_("Title"), m.title), (_("Sex"), m.sex), (_("Club"), m.club),
            (_("Birth"), str(m.birth_year or "")), (_("Go rank"), m.go_rank)]
    for kind, r in sorted(m.ratings.items()):
        source = ", ".join(v for v in (r.date, r.list) if v)
        rows.append((_("Rating ({kind})").format(kind=kind), f"{r.value}" + (f" ({source})" if source else "")))
    if m.contact_hidden:
        rows.append((_("Contact"), _("(shown only to those who may edit the register)")))
    else:
        rows += [(_("E-mail"), m.email), (_("Phone"), m.phone)]
    return [f"{label + ':':<16} {value}" for label, value in rows if value]


def _edit(args: argparse.Namespace) -> int:
    from core.cli import CliError
    from core.cli.common import open_workspace

    fields = _fields(args)
    if not fields:
        raise CliError(_("members edit: name at least one field to change"))
    m = open_workspace().edit_member(args.number, fields)
    print(_("Member {number}: {name}").format(number=m.id, name=m.name))
    return 0


def _remove(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    gone = open_workspace().remove_member(args.number)
    print(_("Removed member {number}: {name}").format(number=gone.id, name=gone.name))
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
    ad.set_defaults(func=_add)
    sh = ms.add_parser("show", help=_("a member's fields and the events they played"))
    sh.add_argument("number", type=int)
    sh.add_argument("--format", choices=["text", "json"], default="text")
    sh.set_defaults(func=_show)
    ed = ms.add_parser("edit", help=_("change a member's fields (an empty value clears one)"))
    ed.add_argument("number", type=int)
    _member_options(ed)
    ed.set_defaults(func=_edit)
    rm = ms.add_parser("remove", help=_("remove a member from the register"))
    rm.add_argument("number", type=int)
    rm.set_defaults(func=_remove)
