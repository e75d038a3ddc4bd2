"""``hakem roles ID [--grant ROLE WHO…] [--revoke WHO…]`` — who may do what in a tournament;
``hakem results-only`` — the forced command of an SSH key that may only enter results.

Heavy modules are imported inside the run functions (the parser is built on every start)."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys

from core.i18n import _

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}(\.[A-Za-z0-9_-]+)*")
_NUMBER = re.compile(r"[1-9][0-9]{0,3}")
_RESULT = re.compile(r"[-+=/.:\u2212½0-9]{1,9}|[^\W\d_]{1,16}")
"""A result as :meth:`core.model.GameResult.parse` reads it: the codes and the shown forms
(``+:-``), or one word of letters (``remis``, ``ничья``) — never a path."""
_WORDS = {"id": _ID, "number": _NUMBER, "result": _RESULT, "show": re.compile("show")}
_FORMS: dict[str, tuple[tuple[str, ...], int, dict[str, tuple[str, ...] | str | None]]] = {
    "result": (("id", "number", "number", "result"), 4, {"--unrated": None, "--correct": None}),
    "list": ((), 0, {"--all": None, "--format": ("text", "json")}),
    "standings": (("id",), 1, {"--format": ("text", "json", "csv", "html"), "--round": "number",
                               "--regime": ("legacy", "2024", "2026"), "--team": None, "--individual": None}),
    "round": (("show", "id", "number"), 2, {"--format": ("text", "json")}),
}
"""What ``results-only`` passes on, word by word: entering a result and the reads needed to
find the board — (the positional words, how many are required, the options and their values).
Nothing here names a file: no ``-o``, no path, no ``--data``, no ``FILE.trf`` as a tournament."""


def allowed_words(words: list[str]) -> bool:
    """Whether ``words`` is one of :data:`_FORMS` exactly (every word checked, none passed on
    unread), and no tournament id is also a file name (``standings passwd.txt``)."""
    if not words or words[0] not in _FORMS:
        return False
    kinds, required, options = _FORMS[words[0]]
    positional: list[str] = []
    rest = iter(words[1:])
    for word in rest:
        if word in options:
            value = options[word]
            given = "" if value is None else next(rest, None)
            if value is not None and (given is None or not (
                    given in value if isinstance(value, tuple) else _WORDS[value].fullmatch(given))):
                return False
            continue
        if len(positional) >= len(kinds) or not _WORDS[kinds[len(positional)]].fullmatch(word):
            return False  # an unknown option, a path, a word too many
        positional.append(word)
    ids = [w for w, kind in zip(positional, kinds) if kind == "id"]
    return len(positional) >= required and not any(w.lower().endswith((".trf", ".txt", ".json")) for w in ids)


def _roles(args: argparse.Namespace) -> int:
    from core import roles
    from core.cli.common import open_desk, print_json, show_warnings

    desk = open_desk(args.id)
    if args.grant or args.revoke:
        show_warnings(desk.change_roles(args.grant or [], args.revoke or []))
    entries, mine_value = desk.roles()
    mine = roles.Role(mine_value)
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
    """Run the command the SSH client asked for, if it is a result entry or a read: the words
    must match :data:`_FORMS`, and the process is capped twice before anything runs — at the
    results role (the core's check) and at no user files at all (nothing read or written by a
    path, :func:`core.user_files.forbid_user_files`)."""
    from core import roles
    from core.user_files import forbid_user_files
    from core.cli import main
    from core.cli.errors import CliError

    roles.limit(roles.Role.RESULTS)
    forbid_user_files()
    try:
        words = shlex.split(os.environ.get("SSH_ORIGINAL_COMMAND", "")) or list(args.words)
    except ValueError:
        words = []
    if words[:1] == ["hakem"]:
        words = words[1:]
    if not allowed_words(words):
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
