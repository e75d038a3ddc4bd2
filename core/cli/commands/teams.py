"""``hakem teams list|add|edit|roster|remove|from-clubs|bye|withdraw ID ...`` — the teams of a
team event.

A roster is given as pairing numbers in board order (``--players 3,1,7,5``: board 1 first).
Players are registered first (``hakem players add``), then put into teams; ``from-clubs``
makes one team per club with the players in ranking order.
"""

from __future__ import annotations

import argparse

from core.cli.common import open_desk, pairing_numbers, print_json, show_warnings
from core.i18n import _, ngettext
from core.model import Tournament


def team_rows(t: Tournament) -> list[dict]:
    """Each team with its roster, the round it is withdrawn from (``None``: it plays) and the
    rounds it has a bye in (a team Swiss's absence, :func:`core.teams.roster.team_absent`)."""
    from core.teams.roster import team_absent

    names = {p.pno: p.name for p in t.players}
    byes = sorted({b.round for b in t.requested_byes})
    rows = []
    for team in t.teams:
        left = [t.player(pno).withdrawn_round for pno in team.members if t.has_player(pno)]
        rounds = [r for r in left if r is not None]
        withdrawn = max(rounds) if rounds and len(rounds) == len(left) else None
        rows.append({"id": team.id, "name": team.name, "short": team.short, "rating": team.rating,
                     "withdrawn_from": withdrawn,
                     "byes": [r for r in byes if team_absent(t, team, r)],
                     "members": [{"board": i, "pno": pno, "name": names.get(pno, "?")}
                                 for i, pno in enumerate(team.members, start=1)]})
    return rows


def _list(args: argparse.Namespace) -> int:
    t = open_desk(args.id).snapshot().tournament
    rows = team_rows(t)
    if args.format == "json":
        print_json({"teams": rows})
        return 0
    if not rows:
        print(_("No teams yet."))
    for row in rows:
        short = f" ({row['short']})" if row["short"] else ""
        marks = ([_("withdrawn from round {round}").format(round=row["withdrawn_from"])]
                 if row["withdrawn_from"] is not None else [])
        if row["byes"]:
            marks.append(ngettext("bye in round {rounds}", "bye in rounds {rounds}", len(row["byes"])).format(
                rounds=", ".join(map(str, row["byes"]))))
        state = f"  ({'; '.join(marks)})" if marks else ""
        print(f"{row['id']:>3}  {row['name']}{short}{state}")
        for m in row["members"]:
            print(f"       {m['board']:>2}. {m['pno']:>4}  {m['name']}")
    return 0


def _add(args: argparse.Namespace) -> int:
    out = show_warnings(open_desk(args.id).add_team(args.name, pairing_numbers(args.players or ""),
                                                    args.short, args.rating))
    print(out.value)
    return 0


def _edit(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).edit_team(args.team, name=args.name, short=args.short, rating=args.rating))
    return 0


def _roster(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).set_roster(args.team, pairing_numbers(args.players)))
    return 0


def _remove(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).remove_team(args.team))
    return 0


def _bye(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).request_team_bye(args.team, args.round, cancel=args.cancel))
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).withdraw_team(args.team, args.from_round))
    return 0


def _from_clubs(args: argparse.Namespace) -> int:
    snap = show_warnings(open_desk(args.id).teams_from_clubs())
    count = len(snap.tournament.teams)
    print(ngettext("{count} team", "{count} teams", count).format(count=count))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("teams", help=_("register the teams of a team event and their board order"))
    ps = p.add_subparsers(dest="teams_command", metavar="ACTION", parser_class=type(p))
    ls = ps.add_parser("list", help=_("list the teams with their rosters"))
    ls.add_argument("id")
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
    add = ps.add_parser("add", help=_("register a team; prints its number"))
    add.add_argument("id")
    add.add_argument("--name", required=True)
    add.add_argument("--players", help=_("pairing numbers in board order, e.g. 3,1,7,5"))
    add.add_argument("--short", default="", help=_("short name (up to 5 letters)"))
    add.add_argument("--rating", type=int, default=0)
    add.set_defaults(func=_add)
    ed = ps.add_parser("edit", help=_("change a team's name, short name or rating"))
    ed.add_argument("id")
    ed.add_argument("team", type=int)
    ed.add_argument("--name")
    ed.add_argument("--short")
    ed.add_argument("--rating", type=int)
    ed.set_defaults(func=_edit)
    ro = ps.add_parser("roster", help=_("set a team's players in board order"))
    ro.add_argument("id")
    ro.add_argument("team", type=int)
    ro.add_argument("--players", required=True, help=_("pairing numbers in board order, e.g. 3,1,7,5"))
    ro.set_defaults(func=_roster)
    rm = ps.add_parser("remove", help=_("delete a team (before round 1)"))
    rm.add_argument("id")
    rm.add_argument("team", type=int)
    rm.set_defaults(func=_remove)
    by = ps.add_parser("bye", help=_("a team Swiss team absent from a round: not paired, zero points"))
    by.add_argument("id")
    by.add_argument("team", type=int)
    by.add_argument("--round", type=int, action="append", required=True, help=_("the round (repeat for several)"))
    by.add_argument("--cancel", action="store_true", help=_("cancel the team's bye"))
    by.set_defaults(func=_bye)
    wd = ps.add_parser("withdraw", help=_("a team Swiss team not paired again: its players withdrawn"))
    wd.add_argument("id")
    wd.add_argument("team", type=int)
    wd.add_argument("--from-round", type=int, help=_("the first round it misses (default: the next)"))
    wd.set_defaults(func=_withdraw)
    fc = ps.add_parser("from-clubs", help=_("one team per club, players in ranking order"))
    fc.add_argument("id")
    fc.set_defaults(func=_from_clubs)
