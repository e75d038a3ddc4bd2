"""``hakem result ID ROUND BOARD RESULT`` — enter or correct one result."""

from __future__ import annotations

import argparse

from typing import TYPE_CHECKING

from core.cli.common import open_desk, show_warnings
from core.errors import TournamentError
from core.i18n import _
from core.model import GameResult, Tournament

if TYPE_CHECKING:
    from collections.abc import Callable

    from core.app import BoardSeen, Outcome, StaleChange


def run(args: argparse.Namespace) -> int:
    """Enter the result on a board that has none (or has this one already); a different
    result there is replaced only with ``--correct``.

    Why: two organisers typing the same board at once both got exit 0, and the second result
    silently replaced the first.  The command passes what it read as what the organiser saw
    (:class:`~core.app.conflicts.BoardSeen`, as the TUI does): an empty board, or with
    ``--correct`` the board as it is.  The check runs inside the store's change, so of two
    simultaneous commands exactly one is saved and the other is refused naming who entered
    what, and when (from the journal)."""
    result = GameResult.parse(args.result)
    desk = open_desk(args.id)
    before = desk.snapshot().tournament
    entered = desk.result_entered(args.round, args.board) if args.correct else ("", "")
    outcome = without_overwrite(lambda seen: desk.enter_result(args.round, args.board, result, seen=seen,
                                                               unrated=args.unrated),
                                before, args.round, args.board, args.correct)
    show_warnings(outcome)
    if not args.correct or not _say_corrected(before, args.round, args.board, outcome.tournament, entered):
        from core.cli import said

        print(said.result(outcome.tournament, args.round, args.board))
    _say_cup_boards(before, outcome.tournament)
    return 0


def _say_corrected(before: Tournament, round_no: int, board_no: int, after: Tournament,
                   entered: tuple[str, str]) -> bool:
    """Say what a correction replaced and who had entered it, when (``--correct`` printed
    nothing: the old value was gone without a trace on the screen) — the TUI's words
    (:func:`~core.app.conflicts.replaced_result`).  ``entered``: who and when, read with the
    board the correction was made on.  False when the board's result did not change or the
    board had none (nothing was corrected: the command says the result as any entry does, not
    "no result (entered by …) corrected to 1-0" — nobody enters "no result")."""
    from core.app import BoardSeen
    from core.app.conflicts import replaced_result

    old, new = BoardSeen.of(before, round_no, board_no), BoardSeen.of(after, round_no, board_no)
    if old is None or new is None or old.result is None or old.result == new.result:
        return False  # nothing was there to correct: the result was entered, and said so
    where = _("Round {r}, board {b}").format(r=round_no, b=board_no)
    print(_("{where}: {old} corrected to {new}").format(
        where=where, old=replaced_result(_shown(old.result), *entered), new=_shown(new.result)))
    return True


def replace_newer(refused: StaleChange) -> StaleChange:
    """``refused`` naming the results as the boards show them (``½-½``, not ``1/2``)."""
    from core.app import StaleChange

    def shown(code: str) -> str:
        try:
            return GameResult(code).text
        except ValueError:
            return code  # "no result": words already

    return StaleChange(refused.where, shown(refused.newer), shown(refused.seen), refused.who, refused.path,
                       refused.when)


def _shown(result: GameResult | None) -> str:
    """A result as the boards show it (``½-½``, ``+:-``), not its stored code (``1/2``, ``+-``)."""
    return result.text if result is not None else _("no result")


def without_overwrite(enter: Callable[[BoardSeen | None], Outcome], read: Tournament, round_no: int,
                      board_no: int, correct: bool) -> Outcome:
    """Run ``enter(seen)`` with the board as read (``read``) for what the organiser saw: with no
    result, or as it is with ``--correct``; a refusal becomes the command's one line (exit 3).
    ``hakem result`` and ``hakem go result`` both enter through this."""
    from dataclasses import replace

    from core.app import BoardSeen, StaleChange

    shown = BoardSeen.of(read, round_no, board_no)
    try:
        return enter(shown if shown is None or correct else replace(shown, result=None))
    except StaleChange as refused:
        raise TournamentError(overwrite_refused(refused, correct)) from None


def overwrite_refused(refused: StaleChange, correct: bool = False) -> str:
    """The one line for a board that holds another result than the command may replace (with
    ``--correct``: the board changed between reading and saving, another correction); the
    result as the boards show it (the refusal keeps the stored code)."""
    refused = replace_newer(refused)
    if correct:
        return _("{where} was changed meanwhile to {newer} by {who} ({when}); nothing was saved "
                 "(run the command again to replace it)").format(
            where=refused.where, newer=refused.newer, who=refused.who or "?", when=refused.when or "?")
    if refused.who and refused.when:
        return _("{where} has {newer}, entered by {who} ({when}); nothing was saved (--correct "
                 "replaces it)").format(where=refused.where, newer=refused.newer, who=refused.who,
                                        when=refused.when)
    return _("{where} has {newer}; nothing was saved (--correct replaces it)").format(
        where=refused.where, newer=refused.newer)


def _say_cup_boards(before: Tournament, after: Tournament) -> None:
    """A cup: the tie-break games a result added to (or a correction removed from) the round,
    so the arbiter at the command line knows which boards to play next."""
    if after.system != "knockout" or not after.rounds or not before.rounds:
        return
    n = after.current_round
    old, new = len(before.round(n).boards) if n <= before.current_round else 0, len(after.round(n).boards)
    if new > old:
        from core.playoff.cup import board_games

        games = board_games(after, n)
        added = [" ".join((_("board {board}").format(board=b), games.get(b, ""))).rstrip()
                 for b in range(old + 1, new + 1)]
        print(_("round {n}: the match is level; added: {boards}").format(n=n, boards="; ".join(added)))
    elif new < old:
        print(_("round {n}: boards {first} to {last} removed (their match is decided)").format(
            n=n, first=new + 1, last=old))


_OPTIONS_WITH_VALUE = ("--data", "--lang")


def protect_result_codes(argv: list[str]) -> list[str]:
    """``hakem result ID 1 1 -+`` (or ``--``, ``-- --``, ``-- -+``): argparse reads a result
    code that begins with ``-`` as an option or as its ``--`` separator.  The words after
    ``result`` are reordered as *options, ``--``, positionals*, a ``--`` the user typed as a
    separator before the code dropped, so every code the help lists reaches the parser as the
    RESULT argument."""
    at = argv.index("result")
    options: list[str] = []
    positionals: list[str] = []
    rest = argv[at + 1:]
    i = 0
    separated = False
    while i < len(rest):
        word = rest[i]
        if (not separated and len(positionals) == 3 and word == "--" and i + 1 < len(rest)
                and not _is_option(rest[i + 1])):
            separated = True  # the user's own separator before the code
            i += 1
            continue
        if _is_option(word):
            options.append(word)
            if word in _OPTIONS_WITH_VALUE and i + 1 < len(rest):
                options.append(rest[i + 1])
                i += 1
        else:
            positionals.append(word)
        i += 1
    # argparse drops a value that is exactly "--" even after the separator: its alias instead
    positionals = [_SAME_AS.get(w, w) if n >= 3 else w for n, w in enumerate(positionals)]
    return [*argv[: at + 1], *options, "--", *positionals]


_SAME_AS = {"--": "-/-"}
"""Result spellings argparse cannot pass through, and the alias GameResult.parse reads alike."""


def _is_option(word: str) -> bool:
    """``--unrated``, ``--lang``, ``-h``: an option; ``-+``, ``--``, ``-`` are result codes."""
    return len(word) > 1 and word[0] == "-" and (word[1].isalpha() or (word[:2] == "--" and word[2:3].isalpha()))


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("result", help=_("enter a result: 1-0, 0-1, 1/2 (=), ½-0, 0-½, +-, -+, --, 0-0"))
    p.add_argument("id")
    p.add_argument("round", type=int)
    p.add_argument("board", type=int)
    p.add_argument("result")
    p.add_argument("--unrated", action="store_true", help=_("game of less than one move"))
    p.add_argument("--correct", action="store_true",
                   help=_("replace a different result already on the board (a correction)"))
    p.set_defaults(func=run)
