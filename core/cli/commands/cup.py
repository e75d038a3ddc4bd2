"""``hakem cup bids ID PNO SECONDS PNO SECONDS`` — the two players' bids for an Armageddon of
a knockout cup; ``hakem cup flag ID ROUND BOARD white|black`` — an Armageddon scored 0-0
(both flags fell): whose flag fell later.  Both belong to the game's result (a results-only
user may enter them)."""

from __future__ import annotations

import argparse

from core.i18n import _


def _bids(args: argparse.Namespace) -> int:
    from core.cli.common import open_desk, show_warnings
    from core.errors import TournamentError
    from core.playoff.cup import board_games

    if args.first == args.second:
        raise TournamentError(_('give the bids of the two players of the match'))
    t = show_warnings(open_desk(args.id).cup_bids({args.first: args.first_bid, args.second: args.second_bid})).tournament
    n = t.current_round
    games = board_games(t, n)
    board = next((i for i, b in enumerate(t.round(n).boards, start=1)
                  if {b.white, b.black} == {args.first, args.second} and b.game.endswith(".arm")), None)
    if board is not None:
        b = t.round(n).boards[board - 1]
        print(_("round {n}, board {board}: {white} (White) v {black} (Black) — {game}").format(
            n=n, board=board, white=b.white, black=b.black, game=games.get(board, "")))
    return 0


def _flag(args: argparse.Namespace) -> int:
    from core.cli.common import open_desk, show_warnings

    from core.i18n.terms import colour_name

    show_warnings(open_desk(args.id).cup_flag_later(args.round, args.board, args.side))
    print(_("Round {round}, board {board}: the flag fell later — {side}").format(
        round=args.round, board=args.board, side=colour_name(args.side)))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("cup", help=_("a knockout cup's Armageddon: the players' bids, whose flag fell later"))
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    b = actions.add_parser("bids", help=_("the two players' bids: seconds each would take with Black"))
    b.add_argument("id")
    b.add_argument("first", type=int, metavar="PNO")
    b.add_argument("first_bid", type=int, metavar="SECONDS")
    b.add_argument("second", type=int, metavar="PNO")
    b.add_argument("second_bid", type=int, metavar="SECONDS")
    b.set_defaults(func=_bids)
    f = actions.add_parser("flag", help=_("an Armageddon scored 0-0: whose flag fell later"))
    f.add_argument("id")
    f.add_argument("round", type=int)
    f.add_argument("board", type=int)
    from core.cli.worded import colour_words

    sides = colour_words()
    f.add_argument("side", type=sides, help=_("whose flag fell later: {choices}").format(choices=sides.listed()))
    f.set_defaults(func=_flag)
