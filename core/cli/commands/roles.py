"""``hakem roles ID [--grant ROLE WHO…] [--revoke WHO…]`` — who may do what in a tournament;
``hakem results-only`` — the forced command of an SSH key that may only enter results.

Heavy modules are imported inside the run functions (the parser is built on every start)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys

from core.i18n import _

_ALLOWED = {"result", "list", "standings", "round"}
"""What ``results-only`` passes on: entering a result and the reads needed to find the board."""


def _roles(args: argparse.Namespace) -> int:
    from core import roles
    from core.cli.common import open_store, print_json

    store = open_store()
    if args.grant or args.revoke:
        def change(t):
            entries = {k: list(v) for k, v in roles.table(t).items()}
            for who in args.revoke or []:
                entries = {k: [w for w in v if w != who] for k, v in entries.items()}
            if args.grant:
                role, *whos = args.grant
                entries.setdefault(role, []).extend(whos)
            return roles.set_roles(t, entries)

        store.update(args.id, "roles: " + " ".join([*(args.grant or []), *(f"-{w}" for w in args.revoke or [])]), change)
    t = store.load(args.id).tournament
    entries = roles.table(t)
    mine = roles.role_of(t)
    if args.format == "json":
        print_json({"roles": entries, "you": mine.value})
        return 0
    if not entries:
        print(_("no roles set: everyone who can write the data directory is chief arbiter"))
    for role in roles.Role:
        if entries.get(role.value):
            print(f"{role.label:<20} {' '.join(entries[role.value])}")
    print(_("your role: {role}").format(role=mine.label))
    return 0


def _results_only(args: argparse.Namespace) -> int:
    """Run the command the SSH client asked for, if it is a result entry or a read."""
    from core import roles
    from core.cli import CliError, main

    roles.limit(roles.Role.RESULTS)
    words = shlex.split(os.environ.get("SSH_ORIGINAL_COMMAND", "")) or list(args.words)
    if words[:1] == ["hakem"]:
        words = words[1:]
    if not words or words[0] not in _ALLOWED or (words[0] == "round" and words[1:2] != ["show"]) \
            or any(w.startswith("--data") for w in words):
        raise CliError(_("this key may only enter results: hakem result ID ROUND BOARD RESULT (also: list, standings ID, round show ID)"))
    sys.stdout.flush()
    return main(words)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("roles", help=_("show or change who may do what in a tournament"))
    p.add_argument("id")
    p.add_argument("--grant", nargs="+", metavar=("ROLE", "WHO"),
                   help=_("give ROLE (chief-arbiter, arbiter, results, viewer) to user:NAME, group:NAME or *"))
    p.add_argument("--revoke", nargs="+", metavar="WHO", help=_("remove user:NAME, group:NAME or * from every role"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=_roles)
    r = sub.add_parser("results-only", help=_("forced command of an SSH key that may only enter results"))
    r.add_argument("words", nargs=argparse.REMAINDER)
    r.set_defaults(func=_results_only)
