"""``hakem check --dutch FILE.trf`` — re-pair every round from its history and list the
differences (exit 1 if any).

Each round r is paired from rounds 1..r-1 plus the requested byes and absences of round r
(:mod:`core.pairing.replay`); the engine's boards (pairs, colours, board order) and PAB are
compared with the file's round r.
"""

from __future__ import annotations

import argparse

from core.cli.commands.pair import add_system_flags, read_trf_file
from core.errors import PairingImpossible
from core.i18n import _
from core.model import ByeKind, Tournament


def check_rounds(t: Tournament, system_id: str) -> tuple[int, list[str]]:
    """Compare every round with the engine; ``(rounds compared, difference lines)``."""
    from core.pairing.registry import get_system
    from core.pairing.replay import actual_round, input_for_round

    system = get_system(system_id)
    lines: list[str] = []
    for r in range(1, len(t.rounds) + 1):
        expected, pab = actual_round(t, r)
        try:
            got = system.pair(input_for_round(t, r))
        except PairingImpossible as error:
            lines.append(f"round {r}: the engine finds no pairing ({error})")
            continue
        mine = [(b.white, b.black) for b in got.boards]
        my_pab = next((y.pno for y in got.byes if y.kind is ByeKind.PAB), None)
        if mine == expected and my_pab == pab:
            continue
        lines.append(f"round {r}: differs from the engine")
        for i in range(max(len(mine), len(expected))):
            a = expected[i] if i < len(expected) else None
            b = mine[i] if i < len(mine) else None
            if a != b:
                fa = f"{a[0]}-{a[1]}" if a else "none"
                fb = f"{b[0]}-{b[1]}" if b else "none"
                lines.append(f"  board {i + 1}: file {fa}, engine {fb}")
        if my_pab != pab:
            lines.append(f"  pairing-allocated bye: file {pab or 'none'}, engine {my_pab or 'none'}")
    return len(t.rounds), lines


def run(args: argparse.Namespace) -> int:
    t = read_trf_file(args.input)
    count, lines = check_rounds(t, args.system)
    for line in lines:
        print(line)
    bad = sum(1 for line in lines if line.startswith("round "))
    print(_("{count} round(s) checked, {bad} differ").format(count=count, bad=bad))
    return 1 if bad else 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("check", help=_("re-pair every round of a TRF file and list differences"))
    add_system_flags(p)
    p.add_argument("input", metavar="FILE.trf", help=_("TRF file of a tournament"))
    p.set_defaults(func=run)
