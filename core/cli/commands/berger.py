"""``hakem berger N [--double] [--no-swap] [--rutsch] [--format text|json]`` — print a table.

JSON (spec/cli.md): a list of rounds, each a list of ``[white, black]`` pairs in board order;
with an odd N the player without a game appears as ``[p, 0]`` in the place the phantom
number occupies in the table (board 1 of the FIDE table, since the phantom is the highest
number).  ``--double`` appends the second cycle with colours reversed and, as FIDE
recommends, swaps the last two rounds of the first cycle (``--no-swap`` keeps them).
"""

from __future__ import annotations

import argparse
import json

from core.cli import CliError
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
        raise CliError(f"a round robin needs at least 2 players, not {n}")
    if n > 1000:
        raise CliError(f"{n} players is more than this command prints (at most 1000)")
    count = 2 if double else 1
    if not use_rutsch:
        return cycles(n, count, swap)
    base = rutsch.schedule(n)
    second = tuple(reversed_round(r, len(base) + r.number) for r in base) if double else ()
    return base + second


def run(args: argparse.Namespace) -> int:
    rounds = build(args.players, args.double, not args.no_swap, args.rutsch)
    rows = table_rows(rounds)
    if args.format == "json":
        print(json.dumps(rows))
        return 0
    kind = "Rutschsystem" if args.rutsch else "Berger table"
    cycle = "double round robin" if args.double else "single round robin"
    print(f"{kind} for {args.players} players ({cycle})")
    for number, row in enumerate(rows, start=1):
        cells = [f"{w} bye" if b == 0 else f"{w}-{b}" for w, b in row]
        print(f"Rd {number}: " + ", ".join(cells))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("berger", help="print a round-robin (Berger) table for N players")
    p.add_argument("players", type=int, metavar="N", help="number of players")
    p.add_argument("--double", action="store_true", help="double round robin")
    p.add_argument("--no-swap", action="store_true",
                   help="double round robin: do not swap the last two rounds of the first cycle")
    p.add_argument("--rutsch", action="store_true", help="print the Rutschsystem schedule instead")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)
