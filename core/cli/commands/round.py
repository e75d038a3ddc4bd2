"""``hakem round pair|show|schedule|unpair ID [R]`` — pair the next round, show a round, set a
round's date and start time, undo a pairing."""

from __future__ import annotations

from core.i18n import _

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
    out: dict = {"round": number, "boards": boards,
                 "byes": [{"pno": y.pno, "kind": y.kind.label} for y in rnd.byes]}
    if t.round_date(number):
        out["date"] = t.round_date(number)
    if t.round_time(number):
        out["time"] = t.round_time(number)
    return out


def round_text(t: Tournament, number: int) -> str:
    """The round for people: heading and bye names in the UI language (JSON is the machine form)."""
    from core.i18n.terms import bye_name

    rnd = t.round(number)
    names = {p.pno: p.name for p in t.players}
    when = commands.round_schedule_text(t, number)
    lines = [_("{name} — round {n}").format(name=t.name, n=number) + (f" — {when}" if when else "")]
    for i, b in enumerate(rnd.boards, start=1):
        res = b.result.value if b.result else "   "
        lines.append(f"{i:>3}  {b.white:>4} {names.get(b.white, '?'):<28} {res:^5} "
                     f"{b.black:>4} {names.get(b.black, '?')}")
    for y in rnd.byes:
        lines.append(f"     {y.pno:>4} {names.get(y.pno, '?'):<28} {bye_name(y.kind.label)}")
    return "\n".join(lines) + "\n"


def _pair(args: argparse.Namespace) -> int:
    snap = open_store().update(args.id, "pair next round", commands.pair_next_round)
    t = snap.tournament
    from core.cli.common import publish_if_remembered

    publish_if_remembered(t)
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


def parse_manual(boards: str, byes: str | None) -> tuple[list, list]:
    """``"1-5,2-6"`` and ``"7:pab,8:half"`` → boards and byes (white first on each board)."""
    from core.errors import TournamentError
    from core.model import Board, Bye, ByeKind

    out_boards, out_byes = [], []
    for item in (x.strip() for x in boards.split(",") if x.strip()):
        try:
            white, black = (int(v) for v in item.split("-"))
        except ValueError as error:
            raise TournamentError(_('--boards: {item!r} is not WHITE-BLACK (pairing numbers)').format(item=item)) from error
        out_boards.append(Board(white, black))
    kinds = {k.label: k for k in ByeKind}
    for item in (x.strip() for x in (byes or "").split(",") if x.strip()):
        pno, _sep, kind = item.partition(":")
        if not pno.isdigit() or (kind or "pab") not in kinds:
            raise TournamentError(_('--byes: {item!r} is not PNO[:pab|half|full|zero]').format(item=item))
        out_byes.append(Bye(int(pno), kinds[kind or "pab"]))
    return out_boards, out_byes


def _set(args: argparse.Namespace) -> int:
    """Pair the next round by hand (or replace the last round's pairing with --replace)."""
    from core.pairing.base import RoundPairing

    boards, byes = parse_manual(args.boards, args.byes)

    def change(t: Tournament) -> Tournament:
        if args.replace:
            return commands.set_manual_pairing(t, t.current_round, boards, byes)
        commands.check_can_pair(t)
        if t.current_round == 0:
            t = commands.number_for_round_one(t)
        return commands.apply_pairing(t, RoundPairing(t.current_round + 1, tuple(boards), tuple(byes)),
                                      manual=True)

    snap = open_store().update(args.id, "manual pairing", change)
    import sys

    from core.manual import manual_pairing_warnings

    for warning in manual_pairing_warnings(snap.tournament, snap.tournament.current_round):
        print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)
    print(round_text(snap.tournament, snap.tournament.current_round), end="")
    return 0


def _schedule(args: argparse.Namespace) -> int:
    """Date and start time of one round (rating reports need every round's date)."""
    if args.date is None and args.time is None:
        t = open_store().load(args.id).tournament
    else:
        t = open_store().update(args.id, f"schedule round {args.round}",
                                lambda t: commands.set_round_schedule(t, args.round, args.date, args.time)).tournament
    print(commands.round_schedule_text(t, args.round) or _("round {n}: no date or time set").format(n=args.round))
    return 0


def _unpair(args: argparse.Namespace) -> int:
    open_store().update(args.id, "unpair last round", lambda t: commands.unpair_last_round(t, args.force))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("round", help=_("pair and show rounds"))
    rs = p.add_subparsers(dest="round_command", metavar="ACTION", parser_class=type(p))
    pa = rs.add_parser("pair", help=_("pair the next round"))
    pa.add_argument("id")
    pa.add_argument("--format", choices=["text", "json"], default="text")
    pa.set_defaults(func=_pair)
    sh = rs.add_parser("show", help=_("show a round (default: the last)"))
    sh.add_argument("id")
    sh.add_argument("round", nargs="?", type=int)
    sh.add_argument("--format", choices=["text", "json"], default="text")
    sh.set_defaults(func=_show)
    st = rs.add_parser("set", help=_("pair the next round by hand (validated; marked as manual)"))
    st.add_argument("id")
    st.add_argument("--boards", required=True, help=_('boards in order, e.g. "1-5,6-2"'))
    st.add_argument("--byes", help=_('players without a game, e.g. "7:pab,8:half"'))
    st.add_argument("--replace", action="store_true", help=_("replace the last round's pairing"))
    st.set_defaults(func=_set)
    sc = rs.add_parser("schedule", help=_("set or show a round's date and start time"))
    sc.add_argument("id")
    sc.add_argument("round", type=int)
    sc.add_argument("--date", help=_("date YYYY-MM-DD (empty to clear)"))
    sc.add_argument("--time", help=_("start time HH:MM (empty to clear)"))
    sc.set_defaults(func=_schedule)
    un = rs.add_parser("unpair", help=_("delete the last round's pairing"))
    un.add_argument("id")
    un.add_argument("--force", action="store_true", help=_("also if results were entered"))
    un.set_defaults(func=_unpair)
