"""``hakem doctor [ID ...] [--repair]`` — verify (and repair) tournament files."""

from __future__ import annotations

import argparse
from pathlib import Path

from core.i18n import _


def run(args: argparse.Namespace) -> int:
    from core.cli.common import open_store
    from core.store import doctor

    from core.service.trust import trust_statement

    store = open_store()
    statement = trust_statement(str(store.data_dir))
    if statement:
        print(_("warning: {line}").format(line=statement))
    ids = args.ids or doctor.tournament_ids(store)
    reports = [] if args.ids else [doctor.repair_directory(store) if args.repair else doctor.check_directory(store)]
    for tid in ids:
        reports.append(doctor.repair(store, tid) if args.repair else doctor.check(store, tid))
    if not args.ids:
        reports.append(doctor.check_club(store))  # verified, never repaired: its chain is its record
    bad = 0
    for report in reports:
        for line in report.repairs:
            print(_("repaired: {line}").format(line=line))
        for line in report.notes:
            print(_("note: {line}").format(line=line))
        if report.ok:
            if report.tid:
                print(_("ok: {tid}").format(tid=report.tid))
        else:
            bad += 1
            for problem in report.problems:
                print(_("problem: {problem}").format(problem=problem))
    if not ids:
        print(_("no tournaments in {data_dir}").format(data_dir=store.data_dir))
    if not args.ids:
        bad += _rating_lists(store.data_dir)
    return 1 if bad else 0


def _rating_lists(data_dir: Path) -> int:
    """The rating lists that cannot be read (a damaged index, a FIFO under a list's name):
    each named as a problem; 1 if there was any."""
    from core.errors import RatingListError
    from core.ratinglists.library import available

    try:
        problems = [info.problem for info in available(data_dir) if info.problem]
    except RatingListError as error:  # the lists folder itself (a link, writable by anybody)
        problems = [str(error)]
    for problem in problems:
        print(_("problem: {problem}").format(problem=problem))
    return 1 if problems else 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help=_("verify tournament files; --repair fixes what it can"))
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--repair", action="store_true")
    p.set_defaults(func=run)
