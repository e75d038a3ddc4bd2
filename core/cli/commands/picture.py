"""``hakem picture ID|FILE.trf KIND [--width N]`` — the pictures in the terminal: bracket,
progress (standings with sparklines), wallchart (large type), levels (Go top group)."""

from __future__ import annotations

import argparse

from core.cli.commands import PICTURES, summary
from core.i18n import _


def run(args: argparse.Namespace) -> int:
    from core.cli.common import load_tournament
    from core.errors import TournamentError

    t = load_tournament(args.id)
    width = args.width
    if args.kind == "progress":
        from core.pictures.progress import standings_text

        picture = standings_text(t, width)
    elif args.kind == "wallchart":
        from core.reports.wallchart import large_text, wallchart

        picture = large_text(wallchart(t), width)
    elif args.kind == "levels":
        if t.system != "gamma":
            from core.i18n.terms import system_name

            raise TournamentError(_("the level chart belongs to the Gamma scheme (Go); this tournament uses "
                                    "the {system}").format(system=system_name(t.system)))
        from core.pictures.golevels import levels_text, top_group_levels

        picture = levels_text(top_group_levels(t), width)
    else:
        from core.pictures.bracket import brackets_text, cup_brackets, playoff_brackets

        brackets = list(cup_brackets(t)) if t.system == "knockout" else []
        names = {p.pno: p.name for p in t.players}
        for state in (t.options.get("playoffs") or {}).values():
            if isinstance(state, dict):
                brackets += playoff_brackets(state, names)
        if not brackets:
            raise TournamentError(_("this tournament has no knockout bracket or playoff"))
        picture = brackets_text(brackets, width)
    print("\n".join(picture.lines))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("picture", help=summary("picture"))
    p.add_argument("id", help=_("tournament id or TRF file"))
    p.add_argument("kind", choices=PICTURES)
    p.add_argument("--width", type=int, default=80)
    p.set_defaults(func=run)
