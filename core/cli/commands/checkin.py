"""``hakem checkin ID [PNO ...]`` and ``hakem fees ID ...``: who is present, who has paid."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from core.errors import TournamentError
from core.i18n import _

if TYPE_CHECKING:
    from decimal import Decimal

    from core.model import Tournament


def _money(value: Decimal, currency: str) -> str:
    from fractions import Fraction

    from core.i18n.format import format_decimal

    text = format_decimal(Fraction(value))
    return f"{text} {currency}".strip()


def _print_list(t: Tournament) -> None:
    from core.checkin import checkin_list, is_open, mark_sign, mark_word
    from core.safe_text import field_safe

    listing = checkin_list(t)
    cur = listing.currency
    width = 2 + max(len(mark_word(True)), len(mark_word(False)))
    for row in listing.rows:
        mark = f"{mark_sign(row.present)} {mark_word(row.present)}"
        fee = ""
        if row.due:
            fee = _("paid") if row.owed == 0 else _("owes {amount}").format(amount=_money(row.owed, cur))
        print(f"{mark:<{width}} {row.pno:>4}  {field_safe(row.name):<34} {fee}".rstrip())
    state = _("check-in open") if is_open(t) else _("check-in closed")
    print(_("{present} of {total} present ({state}); fees due {due}, paid {paid}, owed {owed}")
          .format(present=listing.present_count, total=len(listing.rows), state=state,
                  due=_money(listing.total_due, cur), paid=_money(listing.total_paid, cur),
                  owed=_money(listing.total_owed, cur)))


def _checkin(args: argparse.Namespace) -> int:
    """Marks are the organiser's intent (present, or absent with ``--absent``), checked
    against the marks as read when the command started: a mark another organiser changed
    meanwhile, or a check-in someone closed, is refused (exit 3) instead of flipped."""
    from core.app.conflicts import StaleChange, marks_seen
    from core.checkin import CheckinClosed
    from core.cli.errors import CliError
    from core.cli.common import open_desk, pairing_numbers, show_warnings

    if args.open and args.close:
        raise CliError(_("checkin: --open and --close together; give one of them"))
    pnos = [n for part in args.pnos for n in pairing_numbers(part, option=False)]
    if args.absent and not pnos:
        raise CliError(_("checkin: --absent needs the pairing numbers of the players to mark absent"))
    desk = open_desk(args.id)
    if args.open or args.close or pnos:
        seen = marks_seen(desk.snapshot().tournament, pnos)
        try:
            outcome = desk.check_in(pnos, present=not args.absent, open_checkin=args.open,
                                    close_checkin=args.close, seen=seen)
        except CheckinClosed as closed:  # one line, exit 3 (a refusal, not a file problem)
            mark = " ".join([*map(str, pnos), *(["--absent"] if args.absent else [])])
            raise TournamentError(str(closed.reopened_by(_("hakem checkin {id} {pnos} --open reopens it and "
                                                             "marks them").format(id=args.id, pnos=mark)))) from None
        except StaleChange as refused:
            raise TournamentError(_("{where} was changed meanwhile to {newer} by {who} ({when}); nothing was "
                                    "marked (run the command again)").format(
                where=refused.where, newer=refused.newer, who=refused.who or "?", when=refused.when or "?")) from None
        t = show_warnings(outcome).tournament
    else:
        t = desk.snapshot().tournament
    _print_list(t)
    return 0


def _fees(args: argparse.Namespace) -> int:
    from core.cli.common import open_desk, show_warnings

    desk = open_desk(args.id)
    if args.set is None and args.paid is None and args.due is None:
        _print_list(desk.snapshot().tournament)
        return 0
    outcome = desk.change_fees(fee=args.set, currency=args.currency or "", player=args.player,
                               due=args.due, paid=args.paid)
    _print_list(show_warnings(outcome).tournament)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    ci = sub.add_parser("checkin", help=_("check players in before a round (absent players are not paired)"))
    ci.add_argument("id")
    ci.add_argument("pnos", nargs="*", help=_("pairing numbers to mark present (e.g. 3 5 7 or 3,5,7)"))
    ci.add_argument("--absent", action="store_true", help=_("mark the players absent instead"))
    ci.add_argument("--open", action="store_true", help=_("start check-in (only present players are paired)"))
    ci.add_argument("--close", action="store_true", help=_("stop check-in (every active player is paired)"))
    ci.set_defaults(func=_checkin)
    fe = sub.add_parser("fees", help=_("entry fees: the event's fee, who has paid, the totals"))
    fe.add_argument("id")
    fe.add_argument("--set", metavar="AMOUNT", help=_("the event's entry fee"))
    fe.add_argument("--currency", default="", help=_("currency code, e.g. EUR or TRY"))
    fe.add_argument("--player", type=int, metavar="PNO")
    fe.add_argument("--paid", nargs="?", const="", metavar="AMOUNT",
                    help=_("record a payment (default: the full fee)"))
    fe.add_argument("--due", metavar="AMOUNT", help=_("this player's own fee (e.g. 0 for a titled player)"))
    fe.set_defaults(func=_fees)
