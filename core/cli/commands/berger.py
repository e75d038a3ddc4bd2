"""``hakem berger N [--double] [--no-swap] [--rutsch] [--format text|json]`` — print a table;
``hakem lot ID [--seed S] [--varma] [--teams] [--format text|json]`` — draw the table numbers
of a stored round robin (recorded with the seed in the tournament; reproducible).

JSON (docs/cli.md): a list of rounds, each a list of ``[white, black]`` pairs in board order;
with an odd N the player without a game appears as ``[p, 0]`` in the place the phantom
number occupies in the table (board 1 of the FIDE table, since the phantom is the highest
number).  ``--double`` appends the second cycle with colours reversed and, as FIDE
recommends, swaps the last two rounds of the first cycle (``--no-swap`` keeps them).
"""

from __future__ import annotations

import argparse
import json

from core.cli.errors import CliError
from core.i18n import _
from core.model import Tournament
from core.pairing.roundrobin import rutsch
from core.pairing.roundrobin.berger import TableRound
from core.pairing.roundrobin.double import cycles, reversed_round


def table_rows(rounds: tuple[TableRound, ...]) -> list[list[list[int]]]:
    """Rounds as lists of ``[white, black]``; the free player as ``[p, 0]`` in table place."""
    out: list[list[list[int]]] = []
    for rnd in rounds:
        row = [[w, b] for w, b in rnd.games]
        if rnd.bye is not None:
            place = (rnd.board_of_bye or 1) - 1
            row.insert(min(place, len(row)), [rnd.bye, 0])
        out.append(row)
    return out


def build(n: int, double: bool, swap: bool, use_rutsch: bool) -> tuple[TableRound, ...]:
    if n < 2:
        raise CliError(_("a round robin needs at least 2 players, not {n}").format(n=n))
    if n > 1000:
        raise CliError(_("{n} players is more than this command prints (at most 1000)").format(n=n))
    count = 2 if double else 1
    if not use_rutsch:
        return cycles(n, count, swap)
    base = rutsch.schedule(n)
    second = tuple(reversed_round(r, len(base) + r.number) for r in base) if double else ()
    return base + second


def _league(args: argparse.Namespace) -> int:
    """Reisepartner season: pairs of [first, second] team numbers, free teams as [t, 0]."""
    from core.pairing.roundrobin.reisepartner import schedule

    if args.players < 2:
        raise CliError(_("a league needs at least 2 teams, not {players}").format(players=args.players))
    season = schedule(args.players, "spielfrei" if args.spielfrei else "first")
    rows = [[[m.first, m.second] for m in r.matches] + [[x, 0] for x in r.free] for r in season]
    if args.format == "json":
        print(json.dumps(rows))
        return 0
    print(_("Reisepartnersystem for {players} teams (first-named team: White on the boards shown, E = even, O = odd)").format(players=args.players))
    for r in season:
        day = _("partner round") if r.match_day == 0 else _("match day {n}").format(n=r.match_day)
        cells = [f"{m.first}-{m.second} {m.first_white_on[0].upper()} @{m.host}" for m in r.matches]
        cells += [_("{team} free").format(team=x) for x in r.free]
        print(_("Rd {number} ({day}):").format(number=r.number, day=day) + " " + ", ".join(cells))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.reisepartner:
        return _league(args)
    rounds = build(args.players, args.double, not args.no_swap, args.rutsch)
    rows = table_rows(rounds)
    if args.format == "json":
        print(json.dumps(rows))
        return 0
    # in the reader's words (glossary: Berger tables, round robin, bye); the numbers as the table's
    kind = _("Rutschsystem") if args.rutsch else _("Berger table")
    cycle = _("double round robin") if args.double else _("single round robin")
    print(_("{kind} for {players} players ({cycle})").format(kind=kind, players=args.players, cycle=cycle))
    for number, row in enumerate(rows, start=1):
        cells = [_("{player} bye").format(player=w) if b == 0 else f"{w}-{b}" for w, b in row]
        print(_("Rd {number}:").format(number=number) + " " + ", ".join(cells))
    return 0


def _lot(args: argparse.Namespace) -> int:
    from core.cli.common import open_desk, show_warnings

    t = show_warnings(open_desk(args.id).draw_lots(args.seed, varma=args.varma, teams=args.teams)).tournament
    print_table_numbers(t, "team" if args.teams else "player", args.format)
    return 0


def print_table_numbers(t: Tournament, unit: str, fmt: str) -> None:
    """The table numbers as drawn (the seed, then number, name and id a line; or JSON): what
    ``hakem lot`` prints, and ``hakem players remove`` when a player's leaving redrew them."""
    from core.cli.common import print_json
    from core.pairing.roundrobin.lot import table_order

    seed = t.options["lot"]["seed"]
    order = table_order(t, unit=unit)
    names = ({team.id: team.name for team in t.teams} if unit == "team"
             else {p.pno: p.name for p in t.players})
    if fmt == "json":
        print_json({"seed": seed, "method": t.options["lot"]["method"], "unit": unit,
                    "order": [{"number": k, "id": x, "name": names[x]}
                              for k, x in enumerate(order, start=1)]})
        return
    print(_("Table numbers drawn with seed {seed}:").format(seed=seed))
    for k, x in enumerate(order, start=1):
        print(f"{k:>3}  {names[x]} ({x})")


def register(sub: argparse._SubParsersAction) -> None:
    lot = sub.add_parser("lot", help=_("draw the table numbers of a round robin by lot"))
    lot.add_argument("id", help=_("tournament id"))
    lot.add_argument("--seed", type=int, help=_("seed of the draw (default: a random one, recorded)"))
    lot.add_argument("--varma", action="store_true", help=_("restricted draw by federation (Varma tables)"))
    lot.add_argument("--teams", action="store_true", help=_("draw numbers for the teams"))
    lot.add_argument("--format", choices=["text", "json"], default="text")
    lot.set_defaults(func=_lot)

    p = sub.add_parser("berger", help=_("print a round-robin (Berger) table for N players"))
    p.add_argument("players", type=int, metavar="N", help=_("number of players"))
    p.add_argument("--double", action="store_true", help=_("double round robin"))
    p.add_argument("--no-swap", action="store_true",
                   help=_("double round robin: do not swap the last two rounds of the first cycle"))
    p.add_argument("--rutsch", action="store_true", help=_("print the Rutschsystem schedule instead"))
    p.add_argument("--reisepartner", action="store_true",
                   help=_("print a Reisepartner league season for N teams (with venues)"))
    p.add_argument("--spielfrei", action="store_true",
                   help=_("Reisepartner: partners meet on the spielfrei weekend"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)
