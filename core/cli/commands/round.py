"""``hakem round pair|show|unpair ID [R]`` — pair the next round, show a round, undo a pairing."""

from __future__ import annotations

import argparse

from core import commands
from core.cli.common import open_store, print_json
from core.model import Tournament


def round_json(t: Tournament, number: int) -> dict:
    """The stable JSON of one round (spec/cli.md)."""
    rnd = t.round(number)
    boards = []
    for i, b in enumerate(rnd.boards, start=1):
        row = {"board": i, "white": b.white, "black": b.black,
               "result": b.result.value if b.result else ""}
        if b.handicap is not None:
            row["handicap"] = b.handicap
        if b.komi is not None:
            from core.model import format_points

            row["komi"] = format_points(b.komi)
        boards.append(row)
    return {"round": number, "boards": boards,
            "byes": [{"pno": y.pno, "kind": y.kind.label} for y in rnd.byes]}


def round_text(t: Tournament, number: int) -> str:
    rnd = t.round(number)
    names = {p.pno: p.name for p in t.players}
    lines = [f"{t.name} — round {number}"]
    for i, b in enumerate(rnd.boards, start=1):
        res = b.result.value if b.result else "   "
        lines.append(f"{i:>3}  {b.white:>4} {names.get(b.white, '?'):<28} {res:^5} "
                     f"{b.black:>4} {names.get(b.black, '?')}")
    for y in rnd.byes:
        lines.append(f"     {y.pno:>4} {names.get(y.pno, '?'):<28} bye ({y.kind.label})")
    return "\n".join(lines) + "\n"


def _pair(args: argparse.Namespace) -> int:
    snap = open_store().update(args.id, "pair next round", commands.pair_next_round)
    t = snap.tournament
    if args.format == "json":
        print_json(round_json(t, t.current_round))
    else:
        print(round_text(t, t.current_round), end="")
    return 0


def _show(args: argparse.Namespace) -> int:
    t = open_store().load(args.id).tournament
    number = args.round or t.current_round
    if args.format == "json":
        print_json(round_json(t, number))
    else:
        print(round_text(t, number), end="")
    return 0


def _unpair(args: argparse.Namespace) -> int:
    open_store().update(args.id, "unpair last round", lambda t: commands.unpair_last_round(t, args.force))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("round", help="pair and show rounds")
    rs = p.add_subparsers(dest="round_command", metavar="ACTION", parser_class=type(p))
    pa = rs.add_parser("pair", help="pair the next round")
    pa.add_argument("id")
    pa.add_argument("--format", choices=["text", "json"], default="text")
    pa.set_defaults(func=_pair)
    sh = rs.add_parser("show", help="show a round (default: the last)")
    sh.add_argument("id")
    sh.add_argument("round", nargs="?", type=int)
    sh.add_argument("--format", choices=["text", "json"], default="text")
    sh.set_defaults(func=_show)
    un = rs.add_parser("unpair", help="delete the last round's pairing")
    un.add_argument("id")
    un.add_argument("--force", action="store_true", help="also if results were entered")
    un.set_defaults(func=_unpair)
