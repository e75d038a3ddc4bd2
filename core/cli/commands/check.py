"""``hakem check --dutch FILE.trf`` — re-pair every round from its history and list the
differences (exit 1 if any).  ``hakem check --report FILE|ID`` — what a FIDE rating report
needs and is missing or inconsistent, one line each (:mod:`core.trf.report`); exit 0 when
there is nothing, 1 for warnings only, 3 for errors.

Each round r is paired from rounds 1..r-1 plus the requested byes and absences of round r,
in the pairing numbers of that day (:func:`core.pairing.replay.pair_as_paired`: a late
entry's renumbering undone for the rounds before he joined); the engine's boards (pairs, colours, board order) and PAB are
compared with the file's round r.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from core.cli.errors import CliError
from core.cli.commands.pair import add_system_flags, read_trf_file
from core.errors import PairingImpossible
from core.i18n import _
from core.model import ByeKind, Tournament

if TYPE_CHECKING:
    from core.pairing.base import PairingSystem


def check_rounds(t: Tournament, system_id: str) -> tuple[int, list[str]]:
    """Compare every round with the engine; ``(rounds compared, difference lines)``: one line
    per round that differs, in the reader's language, its details indented below it."""
    from core.pairing.registry import get_system
    from core.pairing.replay import actual_round, pair_as_paired

    system = get_system(system_id)
    lines: list[str] = []
    for r in range(1, len(t.rounds) + 1):
        expected, pab = actual_round(t, r)
        try:
            got = pair_as_paired(system, t, r)
        except PairingImpossible as error:
            lines.append(_("round {round}: the engine finds no pairing ({error})").format(round=r, error=error))
            continue
        if t.teams and got.matches:  # a team system: compare the matches and the team's bye;
            # a TRF does not say in which order the matches stand, so they are compared sorted
            expected = sorted((m.home, m.away) for m in t.rounds[r - 1].matches if not m.bye)
            pab = next((m.home for m in t.rounds[r - 1].matches if m.bye), None)
            mine = sorted((m.home, m.away) for m in got.matches if not m.bye)
            my_pab = next((m.home for m in got.matches if m.bye), None)
        else:
            mine = [(b.white, b.black) for b in got.boards]
            my_pab = next((y.pno for y in got.byes if y.kind is ByeKind.PAB), None)
        if mine == expected and my_pab == pab:
            continue
        lines.append(_("round {round}: differs from the engine").format(round=r))
        none = _("none")
        where = _("match {number}") if t.teams and got.matches else _("board {number}")
        for i in range(max(len(mine), len(expected))):
            a = expected[i] if i < len(expected) else None
            b = mine[i] if i < len(mine) else None
            if a != b:
                lines.append("  " + _("{where}: file {file}, engine {engine}").format(
                    where=where.format(number=i + 1), file=f"{a[0]}-{a[1]}" if a else none,
                    engine=f"{b[0]}-{b[1]}" if b else none))
        if my_pab != pab:
            lines.append("  " + _("pairing-allocated bye: file {file}, engine {engine}").format(
                file=pab or none, engine=my_pab or none))
    return len(t.rounds), lines + next_round_participation(t, system)


def next_round_participation(t: Tournament, system: PairingSystem) -> list[str]:
    """The round after the file's last one, where the file says who will not play it (a
    withdrawal, a late entry not arrived, a requested bye: TRF ``Z``/``H``/``F`` in its
    column or record 240): the engine must leave exactly those players off the boards and
    out of the pairing-allocated bye (C.04.2 Art. 3.2–3.3).  A file that lost a withdrawal
    shows here as a difference only if the engine pairs a player the file keeps out."""
    nxt = len(t.rounds) + 1
    out = {rb.pno for rb in t.requested_byes if rb.round == nxt}
    out |= {p.pno for p in t.players if not p.active_in(nxt)}
    if nxt > t.total_rounds or not out:
        return []
    try:
        got = system.pair(t)
    except PairingImpossible as error:
        return [_("round {round}: the engine finds no pairing ({error})").format(round=nxt, error=error)]
    paired = {pno for b in got.boards for pno in (b.white, b.black)}
    paired |= {y.pno for y in got.byes if y.kind is ByeKind.PAB}
    wrong = sorted(out & paired)
    if not wrong:
        return []
    return [_("round {round}: differs from the file").format(round=nxt),
            *("  " + _("player {pno}: absent in the file, paired by the engine").format(pno=pno) for pno in wrong)]


def report(ref: str) -> int:
    """The rating-report checklist of a TRF file or a stored tournament."""
    import sys

    from core.cli.common import load_tournament
    from core.errors import TrfError
    from core.trf.report import ERROR, rating_report_findings

    try:
        t = load_tournament(ref)
    except TrfError as error:  # points that do not add up, malformed records: all errors
        for problem in error.problems:
            print(_("error: {ref}: {problem}").format(ref=ref, problem=problem))
        return 3
    findings = rating_report_findings(t)
    for finding in findings:
        print(finding)
    errors = sum(1 for f in findings if f.severity == ERROR)
    print(_("{errors} error(s), {warnings} warning(s)").format(errors=errors, warnings=len(findings) - errors),
          file=sys.stderr)
    return 3 if errors else 1 if findings else 0


def run(args: argparse.Namespace) -> int:
    if args.report:
        if args.system or args.input:
            raise CliError(_("--report takes a file or id of its own, without a system or another file"))
        return report(args.report)
    if not args.system or not args.input:
        raise CliError(_("check: give a system (--dutch, …) and FILE.trf, or --report FILE|ID"))
    t = read_trf_file(args.input, args.system)
    count, lines = check_rounds(t, args.system)
    for line in lines:
        print(line)
    bad = sum(1 for line in lines if not line.startswith(" "))  # a round's line; its details are indented
    print(_("{count} round(s) checked, {bad} differ").format(count=count, bad=bad))
    return 1 if bad else 0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("check", help=_("re-pair every round of a TRF file and list differences"))
    group = add_system_flags(p, required=False)
    group.add_argument("--report", metavar="FILE|ID",
                       help=_("list what a FIDE rating report needs and is missing (exit 1 warnings, 3 errors)"))
    p.add_argument("input", metavar="FILE.trf", nargs="?", help=_("TRF file of a tournament"))
    p.set_defaults(func=run)
