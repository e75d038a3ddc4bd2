"""``hakem result ID ROUND BOARD RESULT`` — enter or correct one result."""

from __future__ import annotations

import argparse

from core import commands
from core.cli.common import open_store
from core.i18n import _
from core.model import GameResult


def run(args: argparse.Namespace) -> int:
    result = GameResult.parse(args.result)
    snap = open_store().update(args.id, f"result round {args.round} board {args.board}: {result.value}",
                               lambda t: commands.set_result(t, args.round, args.board, result, args.unrated))
    if snap.tournament.rounds and snap.tournament.rounds[-1].complete:
        from core.cli.common import publish_if_remembered

        publish_if_remembered(snap.tournament)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("result", help=_("enter a result: 1-0, 0-1, 1/2 (=), +-, -+, --, 0-0"))
    p.add_argument("id")
    p.add_argument("round", type=int)
    p.add_argument("board", type=int)
    p.add_argument("result")
    p.add_argument("--unrated", action="store_true", help=_("game of less than one move"))
    p.set_defaults(func=run)
