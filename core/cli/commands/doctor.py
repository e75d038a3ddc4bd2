"""``hakem doctor [ID ...] [--repair]`` — verify (and repair) tournament files, where the data
is: in-process, or in the data service of a club machine (anyone who may connect checks; the
administrator — root, or the service's account — repairs)."""

from __future__ import annotations

import argparse

from core.i18n import _


def run(args: argparse.Namespace) -> int:
    from core.cli.common import open_workspace

    workspace = open_workspace()
    if not workspace.remote:
        from core.app.trust import trust_statement

        statement = trust_statement(workspace.data_dir)
        if statement:
            print(_("warning: {line}").format(line=statement))
    for line in matcher_lines(workspace):
        print(_("note: {line}").format(line=line))
    reports = workspace.repair_store(args.ids) if args.repair else workspace.check_store(args.ids)
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
    if not args.ids and len(reports) == 2:  # the directory's and the club database's: no tournament
        print(_("no tournaments in {data_dir}").format(data_dir=workspace.data_dir))
    return 1 if bad else 0


def matcher_lines(workspace: object) -> list[str]:
    """Which matcher pairs and why: the service's when one serves the directory (events are
    paired there), and this process's too when it differs (it pairs what is given to it
    directly: ``hakem pair`` on a TRF file); without a service, that no service serves the
    directory, so the line is not read as the service's."""
    from core.pairing.matching.incremental import matcher_in_use, matcher_state
    from core.service.client import RemoteWorkspace

    here = matcher_state()
    if not isinstance(workspace, RemoteWorkspace):
        return [_("no hakem service serves {data_dir}: events are paired in this process").format(
                    data_dir=getattr(workspace, "data_dir", "")), matcher_in_use(here)]
    served = workspace.service_matcher()
    where = workspace.socket_path
    if served is None:
        return [_("the hakem service at {socket} does not say which matcher it pairs with (an older hakem: "
                  "restart it after the update)").format(socket=where),
                _("this process: {line}").format(line=matcher_in_use(here))]
    lines = [_("the hakem service at {socket}: {line}").format(socket=where, line=matcher_in_use(served))]
    if served != here:
        lines.append(_("this process (hakem pair on a TRF file): {line}").format(line=matcher_in_use(here)))
    return lines


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help=_("verify tournament files; --repair fixes what it can (the administrator, with a service)"))
    p.add_argument("ids", nargs="*", metavar="ID")
    p.add_argument("--repair", action="store_true")
    p.set_defaults(func=run)
