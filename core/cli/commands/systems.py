"""``hakem systems`` — list the registered pairing systems: id, rule edition, name.

One line per system, the id first (what ``--system`` and the engine flags take), then the
edition of the rule text it follows (``System.ruleset``: a year for FIDE texts) and its name
in the user's language; ``--format json`` gives the same as a list of objects."""

from __future__ import annotations

import argparse
import json

from core.i18n import _
from core.i18n.terms import system_name
from core.pairing.registry import get_system, system_ids


def edition_text(ruleset: str) -> str:
    """A rule edition for people: a year as it is; ``standard`` and ``legacy`` (ids the
    engine flags take) in the reader's language."""
    from core.i18n import pgettext

    words = {"standard": pgettext("rule edition", "standard"), "legacy": pgettext("rule edition", "earlier rules")}
    return words.get(ruleset, ruleset)


def rows() -> list[dict[str, str]]:
    return [{"id": sid, "ruleset": get_system(sid).ruleset, "name": system_name(sid)} for sid in system_ids()]


def run(args: argparse.Namespace) -> int:
    listed = rows()
    if args.format == "json":
        print(json.dumps({"systems": listed}, ensure_ascii=False, indent=2))
        return 0
    shown = [(r["id"], edition_text(r["ruleset"]), r["name"]) for r in listed]
    width = max(len(sid) for sid, _e, _n in shown)
    edition = max(len(e) for _s, e, _n in shown)
    for sid, e, name in shown:
        print(f"{sid:<{width}}  {e:<{edition}}  {name}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("systems", help=_("list the pairing systems"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)
