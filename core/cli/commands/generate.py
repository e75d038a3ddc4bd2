"""``hakem generate --dutch --players N --rounds R [--seed S] [--draws PCT] [--forfeits RATE]
[--byes RATE] [--withdrawals RATE] -o OUT.trf`` — a random tournament, every round paired by
our engine and reproducible from the seed (see :mod:`core.pairing.swiss.simulate`)."""

from __future__ import annotations

import argparse

from core.cli.errors import CliError
from core.cli.commands.pair import add_system_flags
from core.i18n import _


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError as error:
        raise CliError(_("{text!r} is not a number").format(text=text)) from error
    if not 0 <= value <= 1:
        raise CliError(_("a rate must be between 0 and 1, not {text}").format(text=text))
    return value


def _pct(text: str) -> float:
    try:
        value = float(text)
    except ValueError as error:
        raise CliError(_("{text!r} is not a number").format(text=text)) from error
    if not 0 <= value <= 100:
        raise CliError(_("a percentage must be between 0 and 100, not {text}").format(text=text))
    return value / 100


def run(args: argparse.Namespace) -> int:
    from core.cli.common import write_output
    from core.pairing.swiss.simulate import Settings, generate
    from core.trf import write_trf

    if args.rounds < 1:
        raise CliError(_("--rounds must be at least 1, not {rounds}").format(rounds=args.rounds))
    if args.system == "swiss-team":
        return _teams(args)
    if args.teams is not None:
        raise CliError(_("--teams is for --swiss-team; other systems take --players"))
    if args.players is None or args.players < 2:
        raise CliError(_("--players must be at least 2, not {players}").format(players=args.players))
    settings = Settings(players=args.players, rounds=args.rounds, seed=args.seed,
                        draws=args.draws, forfeits=args.forfeits, byes=args.byes,
                        withdrawals=args.withdrawals)
    t = generate(settings, args.system)
    write_output(write_trf(t, flavour=args.flavour), args.output, args.force, "trf")
    return 0


def _teams(args: argparse.Namespace) -> int:
    """A random team Swiss: ``--teams`` teams of ``--boards`` players."""
    from core.cli.common import write_output
    from core.pairing.swissteam.simulate import generate_teams
    from core.reports.export import trf_export  # 310 ranks as hakem standings gives them

    if args.teams is None or args.teams < 2:
        raise CliError(_("--swiss-team needs --teams, at least 2, not {teams}").format(teams=args.teams))
    if args.boards < 1:
        raise CliError(_("--boards must be at least 1, not {boards}").format(boards=args.boards))
    t = generate_teams(args.teams, args.boards, args.rounds, args.seed, args.draws, args.forfeits)
    write_output(trf_export(t, flavour=args.flavour), args.output, args.force, "trf")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("generate", help=_("generate a random tournament paired by our engine"))
    add_system_flags(p)
    p.add_argument("--players", type=int, help=_("number of players"))
    p.add_argument("--teams", type=int, help=_("--swiss-team: number of teams"))
    p.add_argument("--boards", type=int, default=4, help=_("--swiss-team: boards per match (default 4)"))
    p.add_argument("--rounds", type=int, required=True, help=_("number of rounds"))
    p.add_argument("--seed", type=int, default=1, help=_("random seed (default 1)"))
    p.add_argument("--draws", type=_pct, default=0.3, metavar="PCT",
                   help=_("percentage of played games drawn (default 30)"))
    p.add_argument("--forfeits", type=_rate, default=0.02, metavar="RATE",
                   help=_("chance that a game is forfeited (default 0.02)"))
    p.add_argument("--byes", type=_rate, default=0.03, metavar="RATE",
                   help=_("chance per player and round of a requested bye (default 0.03)"))
    p.add_argument("--withdrawals", type=_rate, default=0.01, metavar="RATE",
                   help=_("chance per player and round of withdrawing (default 0.01)"))
    p.add_argument("--flavour", choices=("2026", "16"), default="2026",
                   help=_("TRF flavour of the output (default 2026)"))
    from core.cli.output import add_output_options

    add_output_options(p, _("output file (default stdout)"), default="-", metavar="OUT.trf")
    p.set_defaults(func=run)
