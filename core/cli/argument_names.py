"""The names of positional arguments and sub-command slots in the reader's language.

argparse names a missing or wrong positional argument by its metavar or ``dest``
(``report: the following arguments are required: id, kind``; ``teams: ACTION``): those are
words of the interface, so they are translated like the rest (context "argument").  Option
metavars (``--club CLUB``) are left alone: the option itself is English, and help texts name
them (``the first PRIZES places``).  A positional with choices keeps them visible in its help.
"""

from __future__ import annotations

import argparse
import re

from core.i18n import pgettext


def _names() -> dict[str, str]:
    """Word → its translation; built at call time (the language is set before the parser)."""
    return {
        "id": pgettext("argument", "id"), "ID": pgettext("argument", "ID"),
        "kind": pgettext("argument", "kind"), "board": pgettext("argument", "board"),
        "directory": pgettext("argument", "directory"), "document": pgettext("argument", "document"),
        "file": pgettext("argument", "file"), "FILE": pgettext("argument", "FILE"),
        "key": pgettext("argument", "key"), "name": pgettext("argument", "name"),
        "number": pgettext("argument", "number"), "NUMBER": pgettext("argument", "NUMBER"),
        "pno": pgettext("argument", "pno"), "PNO": pgettext("argument", "PNO"),
        "pnos": pgettext("argument", "pnos"), "query": pgettext("argument", "query"),
        "result": pgettext("argument", "result"), "round": pgettext("argument", "round"),
        "side": pgettext("argument", "side"), "team": pgettext("argument", "team"),
        "winner": pgettext("argument", "winner"), "words": pgettext("argument", "words"),
        "SECONDS": pgettext("argument", "SECONDS"), "IN": pgettext("argument", "IN"),
        "ACTION": pgettext("argument", "ACTION"), "COMMAND": pgettext("argument", "COMMAND"),
    }


_WORD = re.compile(r"[A-Za-z]+")


def translated(name: str) -> str:
    """``ID|FILE.trf`` → ``TURNUVA|DOSYA.trf``: each known word of a metavar replaced."""
    names = _names()
    return _WORD.sub(lambda m: names.get(m.group(0), m.group(0)), name)


def name_positional(action: argparse.Action) -> None:
    """Give a positional argument its translated name; a choice list moves into its help."""
    if action.option_strings or action.metavar == argparse.SUPPRESS:
        return
    shown = action.metavar if isinstance(action.metavar, str) else action.dest
    if action.choices is not None and action.metavar is None and not isinstance(action, argparse._SubParsersAction):
        listed = "{" + ",".join(map(str, action.choices)) + "}"
        action.help = f"{action.help} {listed}" if action.help else listed
    action.metavar = translated(shown)
