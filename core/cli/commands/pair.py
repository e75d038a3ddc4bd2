"""``hakem pair (--dutch | --dutch-2017 | --dubov | --burstein | --lim | --swiss-team) IN.trf -p [OUT.txt]``.

The engine interface of the public FIDE-endorsed programs (docs/cli.md): read a TRF holding
the rounds played so far, write the next round as "number of lines, then ``WHITE BLACK`` per
board in board order, then ``ID 0`` for the pairing-allocated bye".  Requested byes are not
listed (they are in the input already).  Exit 1 when no pairing satisfies the absolute
criteria.

The system flags are shared with ``check`` and ``generate`` (:func:`add_system_flags`).
"""

from __future__ import annotations

import argparse

from core.i18n import _
from core.model import ByeKind, Tournament
from core.pairing.base import RoundPairing

# flag -> registered system id
SYSTEM_FLAGS: dict[str, str] = {
    "--dutch": "dutch",
    "--dutch-2017": "dutch-2017",
    "--dubov": "dubov",
    "--burstein": "burstein",
    "--lim": "lim",
    "--double-swiss": "double-swiss",
    "--dubov-1997": "dubov-1997",
    "--burstein-legacy": "burstein-legacy",
    "--swiss-team": "swiss-team",
}


def add_system_flags(parser: argparse.ArgumentParser, required: bool = True) -> argparse._MutuallyExclusiveGroup:
    """One mutually exclusive group of ``--<system>`` flags storing ``args.system``."""
    group = parser.add_mutually_exclusive_group(required=required)
    for flag, system_id in SYSTEM_FLAGS.items():
        group.add_argument(flag, dest="system", action="store_const", const=system_id,
                           help=_("pair with the {system_id} system").format(system_id=system_id))
    return group


def read_trf_file(path: str, system_id: str | None = None) -> Tournament:
    """Parse a TRF file (any line ending; invalid input raises a TournamentError naming the
    file, line and column; warnings go to stderr).  ``system_id`` ``double-swiss`` (the flag)
    reads a file that does not say so itself (a TRF16 file without 192) as two round columns
    per match, as one that says ``192 FIDE_DOUBLESWISS`` is read."""
    from core.cli.common import read_trf_path

    t = read_trf_path(path)
    if system_id == "double-swiss" and t.system != "double-swiss":
        from core.errors import Problem, TrfError
        from core.trf.matches import fold_matches

        t, wrong = fold_matches(t.with_changes(system="double-swiss"))
        if wrong:
            raise TrfError([Problem(_("rounds"), text) for text in wrong], _("the TRF file has problems"), source=path)
    return t


def engine_output(pairing: RoundPairing) -> str:
    """The public engines' output format for one round; a team system lists its matches by
    team number (the team with White on board 1 first, ``TEAM 0`` for the bye)."""
    if pairing.matches:
        lines = [f"{m.home} {m.away}" for m in pairing.matches if not m.bye]
        lines += [f"{m.home} 0" for m in pairing.matches if m.bye]
        return "\n".join([str(len(lines))] + lines) + "\n"
    # a Double-Swiss match is one line: game 1's White first (its game 2 is the reverse)
    lines = [f"{b.white} {b.black}" for b in pairing.boards if b.game != "g2"]
    lines += [f"{y.pno} 0" for y in pairing.byes if y.kind is ByeKind.PAB]
    return "\n".join([str(len(lines))] + lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from core.pairing.registry import get_system

    system = get_system(args.system)
    t = read_trf_file(args.input, args.system)
    if t.current_round >= t.total_rounds:
        from core.errors import TrfError

        raise TrfError([], source=args.input, summary=_(
            '{path}: {played} of {total} rounds are played (record 142 / XXR gives the number of rounds): no round is left to pair').format(
            path=args.input, played=t.current_round, total=t.total_rounds))
    pairing = system.pair(t)
    from core.cli.common import write_output

    # the engine interface (bbpPairings, JaVaFo) rewrites its output file: replaced, never through a link
    write_output(engine_output(pairing), args.output, force=True)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("pair", help=_("pair the next round of a TRF file (engine interface)"))
    add_system_flags(p)
    p.add_argument("input", metavar="IN.trf", help=_("TRF file with the rounds played so far"))
    p.add_argument("-p", dest="output", nargs="?", const="-", default=None, metavar="OUT.txt",
                   help=_("write the pairing to this file (stdout if omitted)"))
    p.set_defaults(func=run)


__all__ = ["SYSTEM_FLAGS", "add_system_flags", "engine_output", "read_trf_file", "register"]
