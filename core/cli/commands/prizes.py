"""``hakem prizes list|add|remove|rules ID ...`` — the prize groups of an event.

Groups are event settings (``options["prizes"]``): who may win (``--kind``: overall, women,
age, seniors, rating, unrated, club, team), the amounts by place (``--amounts 500,300,200``)
and, for the whole event, whether players equal on points share (``rules --sharing
none|equal|hort``).  The list order is the rule for equal prizes (``--before KEY``).  The
allocation is ``hakem report ID prizes``; a group's own standings ``hakem report ID ranking
--key KEY``.
"""

from __future__ import annotations

import argparse

from core.cli.common import open_desk, print_json, show_warnings
from core.i18n import _


def _amounts(text: str) -> tuple:
    """``500,300,200`` (or spaces/semicolons between); ``75,50`` in tr/de/ru is one prize."""
    from core.prizes.settings import parse_amounts

    return parse_amounts(text)


def _list(args: argparse.Namespace) -> int:
    from core.prizes.settings import prize_settings, settings_to_json
    from core.reports.prizes import sharing_note

    s = prize_settings(open_desk(args.id).snapshot().tournament)
    if args.format == "json":
        print_json(settings_to_json(s))
        return 0
    if not s.groups:
        print(_("No prize groups yet."))
    for g in s.groups:
        print(f"{g.key:<12} {_group_text(g, s.currency)}")
    print(sharing_note(s.sharing, s.hort_percent))
    return 0


def _add(args: argparse.Namespace) -> int:
    from core.prizes.settings import PrizeGroup

    from core.prizes.settings import prize_settings

    group = PrizeGroup(key=args.key, name=args.name or args.key, kind=args.kind, amounts=_amounts(args.amounts),
                       born_from=args.born_from, born_to=args.born_to, rating_min=args.rating_min,
                       rating_max=args.rating_max, members=args.members)
    desk = open_desk(args.id)
    existed = any(g.key == group.key for g in prize_settings(desk.snapshot().tournament).groups)
    after = show_warnings(desk.add_prize_group(group, args.before)).tournament
    s = prize_settings(after)
    saved = next(g for g in s.groups if g.key == group.key)
    said = _("Prize group {key} replaced: {group}") if existed else _("Prize group {key} added: {group}")
    print(said.format(key=saved.key, group=_group_text(saved, s.currency)))
    return 0


def _group_text(g, currency: str) -> str:
    """``Overall (overall): 1.000 / 300 / 75,50 EUR``: the group as ``prizes list`` shows it, the
    amounts as the prize list prints them (:func:`core.i18n.format.format_money`)."""
    from core.i18n.format import format_money
    from core.reports.prizes import kind_name

    amounts = " / ".join(format_money(a) for a in g.amounts)
    extra = g.describe()
    return f"{g.name} ({kind_name(g.kind)}{', ' + extra if extra else ''}): {amounts} {currency}".rstrip()


def _remove(args: argparse.Namespace) -> int:
    from core.prizes.settings import prize_settings

    desk = open_desk(args.id)
    s = prize_settings(desk.snapshot().tournament)
    gone = next((g for g in s.groups if g.key == args.key), None)
    show_warnings(desk.remove_prize_group(args.key))
    if gone is not None:
        print(_("Prize group {key} removed: {group}").format(key=gone.key, group=_group_text(gone, s.currency)))
    return 0


def _rules(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).set_prize_rules(args.sharing, args.hort_percent, args.currency))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    from core.prizes.settings import KINDS

    p = sub.add_parser("prizes", help=_("prize groups: overall places, women, age groups, rating bands, clubs"))
    ps = p.add_subparsers(dest="prizes_command", metavar="ACTION", parser_class=type(p))
    ls = ps.add_parser("list", help=_("list the prize groups"))
    ls.add_argument("id")
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
    add = ps.add_parser("add", help=_("add a prize group (or replace the one with this key)"))
    add.add_argument("id")
    add.add_argument("key", help=_("short name of the group, e.g. open, women, u12"))
    from core.cli.worded import Worded
    from core.reports.prizes import kind_name

    kinds = Worded({kind: kind_name(kind) for kind in KINDS})
    add.add_argument("--kind", type=kinds, metavar=kinds.metavar, required=True,
                     help=_("whom the group's prizes are for: {choices}").format(choices=kinds.listed()))
    add.add_argument("--name", help=_("the group's title on the prize list"))
    add.add_argument("--amounts", required=True, help=_("prizes by place, e.g. 500,300,200"))
    add.add_argument("--born-from", type=int, help=_("born in this year or later (age groups)"))
    add.add_argument("--born-to", type=int, help=_("born in this year or earlier (seniors)"))
    add.add_argument("--rating-min", type=int)
    add.add_argument("--rating-max", type=int)
    add.add_argument("--members", type=int, default=3, help=_("club prizes: how many best players count"))
    add.add_argument("--before", help=_("put the new group before this one (order decides equal prizes)"))
    add.set_defaults(func=_add)
    rm = ps.add_parser("remove", help=_("remove a prize group"))
    rm.add_argument("id")
    rm.add_argument("key")
    rm.set_defaults(func=_remove)
    ru = ps.add_parser("rules", help=_("sharing between players equal on points; currency"))
    ru.add_argument("id")
    from core.cli.worded import sharing_words

    sharing = sharing_words()
    ru.add_argument("--sharing", type=sharing, metavar=sharing.metavar,
                    help=_("players equal on points: {choices}").format(choices=sharing.listed()))
    ru.add_argument("--hort-percent", type=int, help=_("Hort system: the share split equally (default 50)"))
    ru.add_argument("--currency")
    ru.set_defaults(func=_rules)
