"""Entry point of the ``hakem`` console script.

With no subcommand it opens the terminal UI; otherwise it runs the headless CLI.  Textual is
imported only for the UI, so scripted commands start fast and never need a terminal.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

_UI_OPTIONS = {"--data", "--lang", "--view", "--demo", "--socket"}


def _wants_ui(argv: list[str]) -> bool:
    """True when argv holds only UI options (``--data DIR``, ``--lang xx``, ``--view``, ``--demo``)."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        name = arg.split("=", 1)[0]
        if name not in _UI_OPTIONS:
            return False
        if name in ("--data", "--lang", "--socket") and "=" not in arg:
            i += 1
        i += 1
    return True


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if _wants_ui(args):
        from tui.typeahead import keys_kept_from_start

        with keys_kept_from_start():  # first: keys typed while the UI loads arrive as typed
            from tui.app import run_ui

            return run_ui(args)
    from core.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
