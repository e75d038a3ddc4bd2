"""The headless command line: ``hakem SUBCOMMAND ...``.

Subcommands live one per module in :mod:`core.cli.commands`; each module defines
``register(subparsers)`` and sets ``func`` on its parser.  The table
:data:`core.cli.commands.COMMANDS` names them: only the module of the command used is imported
(start-up time), and ``hakem --help`` lists the commands from the table alone.

Output contract (docs/cli.md): data on stdout, messages on stderr, one clear line per error,
never a traceback.  Exit codes follow the public engines: 0 ok, 1 no valid pairing,
2 unexpected error, 3 invalid input, 5 file access error.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from core.errors import PairingImpossible, StoreError, TournamentError
from core.cli.errors import CliError
from core.i18n import _

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID = 3
EXIT_FILE = 5


def whole_number(text: str) -> int:
    """Every ``type=int`` option's reading: a whole number, else a hakem sentence in the
    reader's language (argparse said ``ungültiger int-Wert: 'abc'``, its own jargon)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_('"{value}" is not a whole number').format(value=text)) from None


def language_code(text: str) -> str:
    """``--lang``: one of the languages hakem speaks (``de``, ``de_DE.UTF-8``, ``DE`` alike), else
    a refusal naming them — an unknown code was silently read as "the saved setting or $LANG",
    and the organiser who typed ``--lang fr`` was left guessing why nothing changed."""
    from core.i18n import LANGUAGES, normalise_language
    from core.i18n.format import language_name

    if normalise_language(text) is None:
        spoken = ", ".join(f"{code} ({language_name(code)})" for code in LANGUAGES)
        raise argparse.ArgumentTypeError(_('hakem has no language "{value}"; it speaks {languages}').format(
            value=text, languages=spoken))
    return text


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as our one-line error with exit code 3."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, whole_number)  # type=int reads as whole_number

    def add_argument(self, *args, **kwargs) -> argparse.Action:
        """A positional argument is named in the reader's language (argparse's errors name it)."""
        from core.cli.argument_names import name_positional

        action = super().add_argument(*args, **kwargs)
        name_positional(action)
        return action

    def add_subparsers(self, **kwargs):
        """``ACTION``/``COMMAND``, the sub-command's slot, in the reader's language too."""
        from core.cli.argument_names import translated

        if isinstance(kwargs.get("metavar"), str):
            kwargs["metavar"] = translated(kwargs["metavar"])
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]  # argparse says `NoReturn`; ours exits too, through SystemExit raised below
        where = self.prog[len("hakem"):].strip() if self.prog.startswith("hakem") else self.prog
        raise CliError(f"{where}: {message}" if where else message)


def _command_word(argv: Sequence[str]) -> str | None:
    """The subcommand in ``argv`` (skipping ``--data DIR``/``--lang xx``), if any."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--data", "--lang", "--socket"):
            i += 2
            continue
        if arg.startswith("-"):
            i += 1
            continue
        return arg
    return None


_GLOBAL_AFTER = ("--data", "--lang")
"""The global options also taken after the command (``hakem systems --lang tr``); ``--socket``
is not: ``hakem serve --socket PATH`` is the service's own option."""


def globals_first(argv: Sequence[str], parser: argparse.ArgumentParser | None = None) -> list[str]:
    """``argv`` with ``--data DIR``/``--lang xx`` typed after the command moved before it, where
    argparse reads them: a user writes options in any order, and "unrecognised arguments:
    --lang tr" told him nothing he could act on.  Nothing after ``--`` moves, nor an option the
    command takes itself (``hakem settings ID --lang de`` is its ``--language``, abbreviated)."""
    word = _command_word(argv)
    if word is None:
        return list(argv)
    own = _own_options(parser, word)
    movable = tuple(o for o in _GLOBAL_AFTER if not any(name.startswith(o) for name in own))
    start = list(argv).index(word) + 1
    head, tail, moved = list(argv[:start]), list(argv[start:]), []
    rest: list[str] = []
    i = 0
    while i < len(tail):
        arg = tail[i]
        if arg == "--":
            rest.extend(tail[i:])
            break
        if arg in movable and i + 1 < len(tail):
            moved.extend(tail[i:i + 2])
            i += 2
            continue
        if arg.split("=", 1)[0] in movable and "=" in arg:
            moved.append(arg)
        else:
            rest.append(arg)
        i += 1
    return [*moved, *head, *rest]


def _own_options(parser: argparse.ArgumentParser | None, word: str) -> set[str]:
    """The option strings of the command ``word`` (those of its sub-commands too)."""
    if parser is None:
        return set()
    own: set[str] = set()
    todo = [action.choices[word] for action in parser._actions
            if isinstance(action, argparse._SubParsersAction) and word in action.choices]
    while todo:
        sub = todo.pop()
        own |= set(sub._option_string_actions)
        todo += [p for a in sub._actions if isinstance(a, argparse._SubParsersAction) for p in a.choices.values()]
    return own - {"-h", "--help"}


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser for ``argv``: the command it names is built by its own module; every other
    command is only named, with its summary from :data:`core.cli.commands.COMMANDS` (start-up
    time: no other command module is imported).  A word that is no command name (a typo, an
    abbreviated option before it) builds every command, so argparse reads ``argv`` exactly as
    before.  Without ``argv`` every command is built (the tests that walk all parsers)."""
    from core.cli.commands import COMMANDS, summary
    from core.i18n.argparse_words import install

    install()  # "usage:", "options", argparse's errors in the chosen language too
    parser = _Parser(prog="hakem", description=_("Tournament manager for chess and Go clubs."),
                     epilog=_("Without a COMMAND, hakem opens the terminal UI."))
    parser.add_argument("--data", help=_("data directory (default: $HAKEM_DATA or the user's data dir)"))
    parser.add_argument("--lang", type=language_code, help=_("language: en, tr, de, ru (default: setting or $LANG)"))
    parser.add_argument("--socket", help=_("the hakem service to use (default: $HAKEM_SOCKET, else /run/hakem/hakem.sock when a service runs)"))
    # the terminal UI's own options: with no COMMAND, hakem opens the UI (tui.launch)
    parser.add_argument("--view", action="store_true",
                        help=_("terminal UI, read-only: look at tournaments, change nothing"))
    parser.add_argument("--demo", action="store_true",
                        help=_("terminal UI with a 12-player demo tournament opened"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    word = _command_word(argv) if argv is not None else None
    if argv is None or (word is not None and word not in COMMANDS):
        built = {module for module, _summary in COMMANDS.values()}
    else:
        built = {COMMANDS[word][0]} if word is not None else set()
    for name, (module, _summary) in COMMANDS.items():
        if module in built:
            built.discard(module)  # the module registers all of its commands, in its own order
            importlib.import_module(f"core.cli.commands.{module}").register(sub)
        elif name not in sub.choices:
            sub.add_parser(name, help=summary(name), add_help=False)  # named only: never run
    return parser


def exit_code_for(error: BaseException) -> int:
    if isinstance(error, PairingImpossible):
        return EXIT_NO_PAIRING
    if isinstance(error, StoreError):
        return EXIT_FILE
    if isinstance(error, (OSError,)):
        return EXIT_FILE
    if isinstance(error, TournamentError):
        return EXIT_INVALID
    return EXIT_UNEXPECTED


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit code (never raises for user errors).

    Everything the command prints goes through :class:`core.safe_text.SafeStream`: a name
    carrying escape sequences reaches the terminal as visible replacement characters, whatever
    command printed it."""
    from core.safe_text import guarded_stdio

    with guarded_stdio():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if _command_word(args_list) == "result":
        from core.cli.commands.result import protect_result_codes

        args_list = protect_result_codes(args_list)
    try:
        from core.i18n.settings import setup_language

        setup_language(args_list)  # --lang, else the saved setting, else LANG: messages and reports
        parser = build_parser(args_list)
        args = parser.parse_args(globals_first(args_list, parser))
        if args.data:
            os.environ["HAKEM_DATA"] = args.data
        if args.socket:
            os.environ["HAKEM_SOCKET"] = args.socket
        func = getattr(args, "func", None)
        if func is None:
            parser.print_help(sys.stderr)
            return EXIT_INVALID
        result = func(args)
        return int(result or 0)
    except KeyboardInterrupt:
        print(_("hakem: interrupted"), file=sys.stderr)
        return EXIT_UNEXPECTED
    except BrokenPipeError:
        return EXIT_OK
    except (TournamentError, OSError) as error:
        print(_("hakem: {value}").format(value=_describe(error)), file=sys.stderr)
        return exit_code_for(error)
    except Exception as error:  # pragma: no cover - last line of defence, no tracebacks for users
        if os.environ.get("HAKEM_DEBUG"):
            raise
        print(_("hakem: unexpected error: {name__}: {error}").format(name__=type(error).__name__, error=error), file=sys.stderr)
        return EXIT_UNEXPECTED


def _describe(error: BaseException) -> str:
    if isinstance(error, OSError) and error.filename:
        from core.errors import os_reason

        return f"{error.filename}: {os_reason(error)}"
    return str(error)
