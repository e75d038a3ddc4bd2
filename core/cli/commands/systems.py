"""``hakem systems`` — list the registered pairing systems."""

from __future__ import annotations

import argparse

from core.i18n import _
from core.pairing.registry import system_ids


def run(args: argparse.Namespace) -> int:
    for sid in system_ids():
        print(sid)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("systems", help=_("list the pairing systems")).set_defaults(func=run)
