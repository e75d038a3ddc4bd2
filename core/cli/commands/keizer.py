"""``hakem keizer …`` — the settings of a Keizer competition (club nights).

Pairing is the generic ``hakem round pair ID`` and the ranking the generic
``hakem standings ID`` (Keizer score first, then the value; game points beside them):

    hakem keizer settings ID [--kz-top 40 --kz-step 1 --kz-excused 1/3 --kz-rematch-gap 3 ...]

``hakem new NAME --system keizer --rounds 30 --kz-…`` takes the same flags.  An evening's
absences: ``hakem players bye ID PNO --round R --kind zero`` (announced: excused), ``--kind
full`` (club duty); a player not checked in when the evening is paired is absent without
notice (``hakem checkin``).  Late entries: ``hakem players add`` after the first evening.
"""

from __future__ import annotations

import argparse

from core.cli.common import open_desk, print_json, show_warnings
from core.i18n import _


def keizer_updates(args: argparse.Namespace) -> dict[str, str]:
    """The ``--kz-*`` flags given (shared by ``hakem new`` and ``hakem keizer settings``)."""
    from core.pairing.keizer.options import OPTION_KEYS

    return {key: str(getattr(args, "kz_" + key)) for key in OPTION_KEYS
            if getattr(args, "kz_" + key, None) is not None}


def add_keizer_flags(p: argparse.ArgumentParser) -> None:
    """``--kz-top``, ``--kz-excused`` … (see :mod:`core.pairing.keizer.options`)."""
    from core.pairing.keizer.options import OPTION_HELP

    for key, text in OPTION_HELP.items():
        p.add_argument("--kz-" + key.replace("_", "-"), dest="kz_" + key, metavar="VALUE", help=_(text))


def _settings(args: argparse.Namespace) -> int:
    desk = open_desk(args.id)
    updates = keizer_updates(args)
    if updates:
        t = show_warnings(desk.change_keizer_settings(updates)).tournament
    else:
        t = desk.snapshot().tournament
        if t.system != "keizer":
            from core.errors import TournamentError

            raise TournamentError(_("tournament {tid!r} uses the {system!r} system, not {wanted}").format(
                tid=args.id, system=t.system, wanted="keizer"))
    print_json(dict(t.options.get("keizer") or {}))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("keizer", help=_("Keizer competitions (club nights): settings"))
    ks = p.add_subparsers(dest="keizer_command", metavar="ACTION", parser_class=type(p))
    se = ks.add_parser("settings", help=_("value numbers, fractions, absence limit, rematch gap"))
    se.add_argument("id")
    add_keizer_flags(se)
    se.set_defaults(func=_settings)
